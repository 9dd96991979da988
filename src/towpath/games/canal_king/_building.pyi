from towpath.core.actions import Action

def building(
    tables: object,  # the ActionTables
    types: list[int],
    board: list[int],
    found: list[tuple[int, tuple[tuple[int, ...], ...]]],
) -> list[Action]: ...
