"""Sections, locks and scoring (rulebook, "Prestigepunkte gewinnen" and "Ende des Spiels").

A section is the run of non-town spaces between two towns, a town and a lock, or two locks. A
section is scored the moment every space of it holds a worker; a lock that splits a section
scores each part already full. The game ends the moment every non-town space in play is a lock
or lies in a scored section; then the vineyards score.
"""

from __future__ import annotations

from towpath.core.actions import Action
from towpath.core.errors import IllegalAction
from towpath.games.arriala.actions import Lock
from towpath.games.arriala.position import Position, row


def majority(counts: list[int]) -> int | None:
    """Who wins a majority: the single highest count; if that is tied, the single next-highest;
    if that is tied too (or there is none), nobody (rulebook, "Prestigepunkte gewinnen")."""
    for level in sorted({n for n in counts if n > 0}, reverse=True)[:2]:
        holders = [colour for colour, n in enumerate(counts) if n == level]
        if len(holders) == 1:
            return holders[0]
    return None


def section(state: Position, space: int) -> tuple[int, int]:
    """The first and last space of the section around `space` (a non-town, non-lock space)."""
    is_town, locks = state.game.layout.is_town, state.locks
    first, last = space, space
    while not is_town[first - 1] and not locks[first - 1]:
        first -= 1
    while not is_town[last + 1] and not locks[last + 1]:
        last += 1
    return first, last


def section_ids(state: Position) -> list[str | None]:
    """Per canal space, the id ("first-last", counted from 1) of the section it lies in."""
    layout = state.game.layout
    ids: list[str | None] = [None] * layout.length
    for p in layout.open_spaces:
        if not state.locks[p] and ids[p] is None:
            first, last = section(state, p)
            for q in range(first, last + 1):
                ids[q] = f"{first + 1}-{last + 1}"
    return ids


def open_sections(state: Position) -> tuple[list[int], list[list[int]]]:
    """The sections still open (neither locked nor scored): per canal space, the index of its
    section (-1 outside any), and each section's spaces in order."""
    layout = state.game.layout
    section_of = [-1] * layout.length
    sections: list[list[int]] = []
    previous = -2
    for space in layout.open_spaces:
        if state.locks[space] or state.scored[space]:
            previous = -2
            continue
        if space != previous + 1:
            sections.append([])
        sections[-1].append(space)
        section_of[space] = len(sections) - 1
        previous = space
    return section_of, sections


def lock_counts(state: Position) -> list[int]:
    """Locks built per stretch between towns."""
    layout = state.game.layout
    counts = [0] * len(layout.board.stretches)
    for p in layout.open_spaces:
        if state.locks[p]:
            counts[layout.stretch_of[p]] += 1
    return counts


# -- locks -----------------------------------------------------------------------------------------


def locks(state: Position, free: list[bool], card: str | None) -> list[Action]:
    """Locks on free spaces of unscored sections, as the stretch and the supply allow."""
    layout, rules = state.game.layout, state.game.rules
    counts = lock_counts(state)
    if sum(counts) >= rules.locks_total:
        return []
    stretches = layout.board.stretches
    targets = row(Lock, (), card, layout.length)
    return [
        targets[p]
        for p in layout.open_spaces
        if free[p]
        and not state.scored[p]
        and counts[layout.stretch_of[p]] < stretches[layout.stretch_of[p]].max_locks
    ]


def check_lock(state: Position, action: Lock) -> None:
    layout, rules = state.game.layout, state.game.rules
    target = action.target
    if not (0 <= target < layout.length and layout.in_play[target]):
        raise IllegalAction(f"space {target + 1} is not in play", rule="in play")
    if layout.is_town[target]:
        raise IllegalAction("a lock is built between towns, not in one", rule="lock space")
    state.refuse_target(target)
    if state.scored[target]:
        raise IllegalAction(f"space {target + 1} lies in a scored section", rule="scored section")
    counts = lock_counts(state)
    if sum(counts) >= rules.locks_total:
        raise IllegalAction(f"all {rules.locks_total} locks are built", rule="lock supply")
    stretch = layout.stretch_of[target]
    limit = layout.board.stretches[stretch].max_locks
    if counts[stretch] >= limit:
        raise IllegalAction(
            f"this stretch between towns holds at most {limit} locks", rule="lock limit"
        )


def build_lock(state: Position, target: int) -> None:
    """A lock splits its section; each part already full is scored at once."""
    first, last = section(state, target)
    state.locks[target] = True
    state.points[state.player] += state.game.rules.points.lock
    occupant = state.occupant()
    for part in ((first, target - 1), (target + 1, last)):
        if part[0] <= part[1] and all(occupant[p] >= 0 for p in range(part[0], part[1] + 1)):
            score_section(state, *part, occupant)
    end_if_complete(state)


# -- scoring -----------------------------------------------------------------------------------


def arrive(state: Position, space: int) -> None:
    """A worker reached `space`: a section it completes is scored at once."""
    if state.game.layout.is_town[space] or state.scored[space]:
        return
    first, last = section(state, space)
    occupant = state.occupant()
    if all(occupant[p] >= 0 for p in range(first, last + 1)):
        score_section(state, first, last, occupant)
        end_if_complete(state)


def score_section(state: Position, first: int, last: int, occupant: list[int]) -> None:
    layout = state.game.layout
    workers = [occupant[p] for p in range(first, last + 1)]
    counts = [0] * layout.colours
    for worker in workers:
        counts[state.colour_of(worker)] += 1
    winner = majority(counts)
    if winner is not None:
        state.points[winner] += layout.board.score_table[last - first]
    for p in range(first, last + 1):
        state.scored[p] = True
    for worker in workers:
        state.moved[worker] = False  # the scored workers may be moved again


def end_if_complete(state: Position) -> None:
    """The game ends the moment every non-town space in play is a lock or scored."""
    if all(state.locks[p] or state.scored[p] for p in state.game.layout.open_spaces):
        finish(state)


def finish(state: Position) -> None:
    """The end: each vineyard in play scores its points for its majority."""
    layout = state.game.layout
    for v, vineyard in enumerate(layout.board.vineyards):
        if layout.vineyard_in_play[v]:
            code = layout.vineyard_code(v)
            counts = [0] * layout.colours
            for worker, place in enumerate(state.where):
                if place == code:
                    counts[state.colour_of(worker)] += 1
            winner = majority(counts)
            if winner is not None:
                state.points[winner] += vineyard.points
    state.over = True


def winners(state: Position) -> list[int]:
    """The colours ahead: most points, then most workers on the canal (towns included)."""
    layout = state.game.layout
    on_canal = [0] * layout.colours
    for worker, place in enumerate(state.where):
        if 0 <= place < layout.length:
            on_canal[state.colour_of(worker)] += 1
    ranks = [(state.points[c], on_canal[c]) for c in range(layout.colours)]
    return [c for c, rank in enumerate(ranks) if rank == max(ranks)]
