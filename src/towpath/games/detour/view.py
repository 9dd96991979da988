"""Detour seen from a seat: the circuit, its detours, the markers and the hands, as text drawn
from a view alone, at most 76 columns wide (an 80-column terminal with a frame)."""

from __future__ import annotations

from towpath.core.game import JSON

ROW_SPACES = 6
ORDINALS = ("1st", "2nd", "3rd", "4th")


def render_text(view: dict[str, JSON]) -> str:
    return "\n".join(
        [
            *_headline(view),
            "",
            *_main_path(view),
            *_detours(view),
            "",
            *_marker_table(view),
        ]
    )


def _headline(view: dict[str, JSON]) -> list[str]:
    lines = [
        f"Round {view['round']} of at most {view['max_rounds']} · "
        f"first player: seat {view['first_player']}"
    ]
    if view["blocked"]:
        lines.append("Blocked round: no move parts; action parts (and their moves) still work.")
    if view["block_next"]:
        lines.append("A Block was played: the next round is blocked.")
    lines.append(_status(view))
    return lines


def _status(view: dict[str, JSON]) -> str:
    colours: list[str] = view["colours"]
    if view["winners"] is not None:
        seats = " and ".join(f"seat {seat}" for seat in view["winners"])
        verb = "win" if len(view["winners"]) > 1 else "wins"
        if view["finished"]:
            first = colours[view["finished"][0]]
            return f"Game over: {seats} {verb} ({first} finished first)."
        return f"Game over at the round limit: {seats} {verb} (farthest marker)."
    colour = colours[view["to_play"]]
    line = f"To play: seat {view['current_player']} with {colour}"
    pending = view["pending"]
    if pending is not None:
        line += f", the {pending['part']} part of the {pending['card']} card too (or done)"
    return line + "."


def _initials(view: dict[str, JSON]) -> list[str]:
    return [name[0].upper() for name in view["colours"]]


def _cost(cost: list[str], symbols: dict[str, str]) -> str:
    return "".join(symbols[transport] for transport in cost)


def _main_path(view: dict[str, JSON]) -> list[str]:
    board = view["map"]
    symbols: dict[str, str] = board["symbols"]
    legend = ", ".join(f"{symbol} {name}" for name, symbol in symbols.items())
    branches = {d["branch"]: ">" for d in board["detours"]}
    merges = {d["merge"]: "<" for d in board["detours"]}
    initials = _initials(view)
    here: dict[int, str] = {}
    for colour, marker in enumerate(view["markers"]):
        if marker["detour"] is None and not marker["finished"]:
            here[marker["space"]] = here.get(marker["space"], "") + initials[colour]
    cells = []
    for space, cost in enumerate(board["costs"]):
        flags = ("*" if space in board["blue"] else "") + branches.get(space, merges.get(space, ""))
        text = "go" if space == 0 else _cost(cost, symbols)
        cells.append(f"{space:>2} {text:<2}{flags:<2}{here.get(space, ''):<4}")
    rows = [" ".join(cells[i : i + ROW_SPACES]).rstrip() for i in range(0, len(cells), ROW_SPACES)]
    finish = _cost(board["costs"][0], symbols)
    return [
        f"Costs: {legend} · * blue area · > detour leaves, < merges",
        f"Main path: space 0 is the start (go); finishing into it costs {finish}",
        *rows,
    ]


def _detours(view: dict[str, JSON]) -> list[str]:
    board = view["map"]
    symbols: dict[str, str] = board["symbols"]
    initials = _initials(view)
    lines = []
    for detour in board["detours"]:
        here: dict[int, str] = {}
        for colour, marker in enumerate(view["markers"]):
            if marker["detour"] == detour["name"]:
                here[marker["space"]] = here.get(marker["space"], "") + initials[colour]
        spaces = [
            f"{k}:{_cost(cost, symbols)}{'[' + here[k] + ']' if k in here else ''}"
            for k, cost in enumerate(detour["costs"], start=1)
        ]
        beside = ",".join(str(p) for p in detour["beside"])
        lines.append(
            f"{detour['name']} {detour['branch']}>{detour['merge']}: {' '.join(spaces)}"
            f"  (beside {beside})"
        )
    return lines


def _marker_table(view: dict[str, JSON]) -> list[str]:
    lines = ["colour   seat  where            hand (rank)"]
    ranks = {card["name"]: card["rank"] for card in view["cards"]}
    for colour, (name, marker, hand) in enumerate(
        zip(view["colours"], view["markers"], view["hands"], strict=True)
    ):
        if marker["finished"]:
            where = f"finished {ORDINALS[view['finished'].index(colour)]}"
        elif marker["detour"] is not None:
            where = f"{marker['detour']} space {marker['space']}"
        else:
            where = f"space {marker['space']}"
        cards = " ".join(f"{card}({ranks[card]})" for card in hand) or "-"
        mark = "  ◀" if view["to_play"] == colour else ""
        lines.append(f"{name:<8} {marker['owner']:>4}  {where:<16} {cards}{mark}")
    return lines
