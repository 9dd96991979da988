# cython: language_level=3, boundscheck=False, wraparound=False
"""Canal King's building moves listed in C: `ActionTables.building` step for step (the same
actions in the same order), the hand's types and kinds in C arrays. `fitting.py` uses it where
it was built and `towpath.core.compiled` allows it."""

# The Python function this kernel mirrors, and its digest when they last matched
# (towpath.core.compiled: a changed twin is run instead of this kernel until both agree).
# twin: fitting.ActionTables.building_in_python 2ce7061d673b05db

cdef enum:
    MOST_TYPES = 64  # more types than a hand of the largest tile set can hold


def building(object tables, list types, list board, list found):
    """`ActionTables.building(types, board, found)`."""
    cdef tuple kind_of = tables.parts.tiles.kind_of
    cdef object docks = tables.parts.board.dock_cells
    cdef int special = tables.special
    cdef list rows = tables.rows
    cdef int size = tables.size
    cdef int count = len(types)
    cdef int tile_of[MOST_TYPES]
    cdef int kind_at[MOST_TYPES]
    cdef long long kinds = 0
    cdef int index, cell, old, tile, replacing
    cdef tuple fit, per_kind, rotations, row
    cdef object known
    cdef list actions = []
    if count > MOST_TYPES:
        raise ValueError(f"at most {MOST_TYPES} tile types, got {count}")
    for index in range(count):
        tile_of[index] = types[index]
        kind_at[index] = kind_of[tile_of[index]]
        kinds |= 1LL << kind_at[index]
    for cell in range(size):
        fit = <tuple>found[cell]
        if not (<long long>fit[0] & kinds):
            continue
        per_kind = <tuple>fit[1]
        old = board[cell]
        replacing = old >= 0
        for index in range(count):
            rotations = <tuple>per_kind[kind_at[index]]
            if not rotations:
                continue
            tile = tile_of[index]
            # A tile keeping every line of one of its own type is the very same tile.
            if (replacing and tile == old // 6) or (tile == special and cell in docks):
                continue
            known = (<list>rows[tile])[cell + size * replacing]
            row = <tuple>(tables._row(tile, cell, replacing) if known is None else known)
            for rotation in rotations:
                actions.append(row[rotation])
    return actions
