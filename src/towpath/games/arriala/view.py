"""Arriala seen from a seat: the view (only what that seat may know) and its text rendering."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from towpath.core.game import JSON
from towpath.games.arriala.components import blue_id

if TYPE_CHECKING:
    from towpath.games.arriala.state import ArrialaState

WIDTH = 80
LEGEND = "Canal: . free  L lock  x closed  * scored section  (spaces count from 1)"


def build_view(state: ArrialaState, seat: int | None) -> dict[str, JSON]:
    game = state.game
    layout, rules, board = game.layout, game.rules, game.layout.board
    colours = list(rules.colours[: layout.colours])
    on_space: list[list[str]] = [[] for _ in range(layout.length)]
    vineyards: dict[str, list[str]] = {
        v.name: [] for i, v in enumerate(board.vineyards) if layout.vineyard_in_play[i]
    }
    blue: list[str | None] = [None] * len(layout.blue_in_play)
    reserve = [0] * layout.colours
    for worker, place in enumerate(state.where):
        colour = colours[state.colour_of(worker)]
        if place < 0:
            reserve[state.colour_of(worker)] += 1
        elif place < layout.length:
            on_space[place].append(colour)
        elif place < layout.blue_code(0):
            vineyards[board.vineyards[place - layout.length].name].append(colour)
        else:
            blue[place - layout.blue_code(0)] = colour
    sections = section_ids(state)
    scored = [s for p, s in enumerate(sections) if s is not None and state.scored[p]]
    lock_counts = state.lock_counts()
    return {
        "game": game.id,
        "players": game.players,
        "colours": colours,
        "virtual": None if layout.virtual is None else colours[layout.virtual],
        "current_player": state.current_player,
        "turn": state.turn,
        "max_turns": game.max_turns,
        "ap_left": state.ap,
        "scores": list(state.points),
        "spaces": [
            {
                "number": p + 1,
                "town": layout.town_name[p],
                "workers": on_space[p],
                "lock": state.locks[p],
                "section": sections[p],
                "in_play": layout.in_play[p],
            }
            for p in range(layout.length)
        ],
        "scored_sections": list(dict.fromkeys(scored)),
        "stretches": [
            {
                "from": board.towns[i],
                "to": board.towns[i + 1],
                "first": stretch.first + 1,
                "spaces": stretch.spaces,
                "locks": lock_counts[i],
                "max_locks": stretch.max_locks,
                "in_play": layout.in_play[stretch.first],
            }
            for i, stretch in enumerate(board.stretches)
        ],
        "locks_left": rules.locks_total - sum(lock_counts),
        "vineyards": vineyards,
        "vineyard_info": [
            {"id": v.id, "name": v.name, "places": v.places, "points": v.points}
            for i, v in enumerate(board.vineyards)
            if layout.vineyard_in_play[i]
        ],
        "blue": blue,
        "blue_info": [
            {
                "id": blue_id(b),
                "beside": f"{board.towns[s]}–{board.towns[s + 1]}",
                "in_play": layout.blue_in_play[b],
            }
            for b, s in enumerate(board.blue_stretches)
        ],
        "masterworks": [
            {
                "id": m.id,
                "name": m.name,
                "builder": None if builder is None else colours[builder],
            }
            for m, builder in zip(board.masterworks, state.masterworks, strict=True)
        ],
        "reserve": reserve,
        "hands": [
            list(hand) if other == seat else len(hand) for other, hand in enumerate(state.hands)
        ],
        "pile": len(state.pile),
        "discards": list(state.discards),
        "reshuffled": None if state.reshuffled is None else list(state.reshuffled),
        "marks": _marks(state, colours),
        "over": state.over,
        "winners": [colours[c] for c in state.winners()] if state.over else [],
    }


def section_ids(state: ArrialaState) -> list[str | None]:
    """Per canal space, the id ("first-last", counted from 1) of the section it lies in."""
    layout = state.game.layout
    ids: list[str | None] = [None] * layout.length
    for p in layout.open_spaces:
        if not state.locks[p] and ids[p] is None:
            first, last = state.section(p)
            for q in range(first, last + 1):
                ids[q] = f"{first + 1}-{last + 1}"
    return ids


def _marks(state: ArrialaState, colours: list[str]) -> list[JSON]:
    """What each worker may no longer do this turn (workers without restrictions are left out)."""
    layout = state.game.layout

    def place(code: int) -> str:
        if code >= layout.blue_code(0):
            return blue_id(code - layout.blue_code(0))
        return layout.place_name(code)

    marks = [
        {
            "colour": colours[state.colour_of(worker)],
            "at": place(state.where[worker]),
            "moved": state.moved[worker],
            "from_canal": state.from_canal[worker],
            "barred": sorted(place(code) for code in state.barred[worker]),
            "left": sorted(place(code) for code in state.left[worker]),
        }
        for worker in range(len(state.where))
        if state.where[worker] >= 0
        and (
            state.moved[worker]
            or state.from_canal[worker]
            or state.barred[worker]
            or state.left[worker]
        )
    ]
    return sorted(
        marks,
        key=lambda m: (m["at"], m["colour"], m["barred"], m["left"], m["moved"], m["from_canal"]),
    )


# -- text -----------------------------------------------------------------------------------------


def render_text(view: dict[str, JSON]) -> str:
    return "\n".join(
        [
            _headline(view),
            _score_track(view),
            LEGEND,
            *_canal_lines(view),
            *_vineyard_lines(view),
            _blue_line(view),
            _masterwork_line(view),
            _reserve_line(view),
            *_cards_lines(view),
            *([] if view["over"] else _marks_lines(view)),
        ]
    )


def _letter(colour: str) -> str:
    return colour[0]


def _headline(view: dict[str, JSON]) -> str:
    turn = f"Arriala · turn {min(view['turn'] + 1, view['max_turns'])} of {view['max_turns']}"
    if view["over"]:
        winners = view["winners"]
        if not winners:
            return f"{turn} · game over"
        if view["virtual"] in winners:
            return f"{turn} · game over: the virtual player leads, nobody wins"
        return f"{turn} · game over: {' and '.join(winners)} won"
    colour = view["colours"][view["current_player"]]
    return f"{turn} · {colour} (seat {view['current_player']}) to play, {view['ap_left']} AP left"


def _score_track(view: dict[str, JSON]) -> str:
    entries = []
    for colour, points in zip(view["colours"], view["scores"], strict=True):
        virtual = " (virtual)" if colour == view["virtual"] else ""
        entries.append(f"{colour}{virtual} {points}")
    return "Score track: " + " · ".join(entries)


def _canal_lines(view: dict[str, JSON]) -> list[str]:
    spaces = view["spaces"]
    scored = set(view["scored_sections"])
    blue_beside = {info["beside"]: info["id"] for info in view["blue_info"] if info["in_play"]}
    lines = [_town_line(spaces[0])]
    for stretch in view["stretches"]:
        cells = spaces[stretch["first"] - 1 : stretch["first"] - 1 + stretch["spaces"]]
        numbers = "".join(f"{cell['number']:>3} " for cell in cells)
        marks = "".join(_cell(cell, scored) for cell in cells)
        if stretch["in_play"]:
            info = f"locks {stretch['locks']}/{stretch['max_locks']}"
            beside = f"{stretch['from']}–{stretch['to']}"
            if beside in blue_beside:
                index = [b["id"] for b in view["blue_info"]].index(blue_beside[beside])
                holder = view["blue"][index]
                info += f" · {blue_beside[beside]} " + (holder or "free")
        else:
            info = "closed"
        lines += [f"    {numbers}", f"    {marks}   {info}"]
        lines.append(_town_line(spaces[stretch["first"] - 1 + stretch["spaces"]]))
    return lines


def _town_line(space: dict[str, JSON]) -> str:
    if not space["in_play"]:
        return f"{space['number']:>3} {space['town']} (out of play)"
    workers = " ".join(_letter(colour) for colour in space["workers"]) or "-"
    return f"{space['number']:>3} {space['town']}: {workers}"


def _cell(space: dict[str, JSON], scored: set[str]) -> str:
    if not space["in_play"]:
        mark = "x"
    elif space["lock"]:
        mark = "L"
    elif space["workers"]:
        mark = _letter(space["workers"][0])
    else:
        mark = "."
    star = "*" if space["section"] in scored else " "
    return f"{mark:>3}{star}"


def _vineyard_lines(view: dict[str, JSON]) -> list[str]:
    lines = []
    for info in view["vineyard_info"]:
        workers = view["vineyards"][info["name"]]
        places = [_letter(colour) for colour in workers] + ["."] * (info["places"] - len(workers))
        lines.append(
            f"Vineyard {info['name']} ({info['id']}, {info['points']} points): {' '.join(places)}"
        )
    return lines


def _blue_line(view: dict[str, JSON]) -> str:
    entries = [
        f"{info['id']} {holder or 'free'}"
        for info, holder in zip(view["blue_info"], view["blue"], strict=True)
        if info["in_play"]
    ]
    return "River structures (3 points): " + " · ".join(entries)


def _masterwork_line(view: dict[str, JSON]) -> str:
    entries = [f"{m['id']} {m['builder'] or 'unbuilt'}" for m in view["masterworks"]]
    return "Masterworks: " + " · ".join(entries) + f" · locks left {view['locks_left']}"


def _reserve_line(view: dict[str, JSON]) -> str:
    entries = [f"{c} {n}" for c, n in zip(view["colours"], view["reserve"], strict=True)]
    return "Reserve: " + " · ".join(entries)


def _cards_lines(view: dict[str, JSON]) -> list[str]:
    hands = []
    for seat, hand in enumerate(view["hands"]):
        colour = view["colours"][seat]
        held = ", ".join(hand) or "no cards" if isinstance(hand, list) else f"{hand} cards"
        hands.append(f"{colour}: {held}")
    cards = f"Cards: pile {view['pile']}, discards {len(view['discards'])} · " + " · ".join(hands)
    return textwrap.wrap(cards, WIDTH, subsequent_indent="  ")


def _marks_lines(view: dict[str, JSON]) -> list[str]:
    notes = []
    for mark in view["marks"]:
        said = []
        if mark["moved"]:
            said.append("moved")
        if mark["from_canal"]:
            said.append("came from the canal")
        if mark["barred"]:
            said.append("not back to " + ", ".join(mark["barred"]))
        if said:
            notes.append(f"{_letter(mark['colour'])}@{mark['at']} {' and '.join(said)}")
    if not notes:
        return []
    return textwrap.wrap("This turn: " + "; ".join(notes), WIDTH, subsequent_indent="  ")
