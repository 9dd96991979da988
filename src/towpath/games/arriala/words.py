"""Arriala's actions in words, for the log and the list of legal actions: the worker by its
colour and number, places by space number and town, vineyards and masterworks by name, and what
the action costs. A card is named only once played (it is public then); a draw names no card.

The words are marked for translation (towpath.core.i18n): whole phrases, each a msgid of the
game's catalogue (data/de.po). The names the data files give (colours, masterworks) are marked
here too, and translated where they are shown; towns and vineyards are names, the same in every
language."""

from __future__ import annotations

from towpath.core.actions import Action, Words
from towpath.core.game import EndReason
from towpath.core.i18n import N_, translator
from towpath.games.arriala.actions import (
    BuildMasterwork,
    Draw,
    Lock,
    Move,
    Place,
    River,
    ToCanal,
    ToVineyard,
)
from towpath.games.arriala.components import CardType, Layout, Rules
from towpath.games.arriala.position import Position

_, n_ = translator(__name__)

# The colours of data/components.toml and the masterworks of data/board.toml, as people read
# them: translated where shown with `_(name)` (a board file's own names stay as written).
COLOURS = (N_("red"), N_("yellow"), N_("green"), N_("violet"))
MASTERWORKS = (N_("Montech water slope"), N_("Cacor canal bridge"))

# A card's title by its effect, and for a card that moves a worker of any colour.
CARD_TITLES = {
    "teleport": N_("Teleport"),
    "lock": N_("Lock"),
    "masterwork": N_("Masterwork"),
    "to-vineyard": N_("To a vineyard"),
    "to-canal": N_("Back to the canal"),
}
ANY_COLOUR_TITLES = {
    "to-vineyard": N_("To a vineyard (any colour)"),
    "to-canal": N_("Back to the canal (any colour)"),
}


def card_title(card: CardType) -> str:
    """A card as a player reads it: "Move 3", "Teleport", "To a vineyard (any colour)"."""
    if card.effect == "move":
        title = _("Move {reach}", reach=card.reach)
    else:
        title = _(CARD_TITLES[card.effect])
    if not card.any_colour:
        return title
    if card.effect in ANY_COLOUR_TITLES:
        return _(ANY_COLOUR_TITLES[card.effect])
    return _("{card} (any colour)", card=title)


def colour_name(colour: str) -> str:
    """A colour as people read it: "red" (German "Rot")."""
    return _(colour)


def space_name(layout: Layout, space: int) -> str:
    """A canal space from 0: `space 12`, or the town: `Moissac (23)`."""
    town = layout.town_name[space]
    return f"{town} ({space + 1})" if town else _("space {space}", space=space + 1)


def vineyard_name(layout: Layout, vineyard: str) -> str:
    """A vineyard's name (by its id), which is the same in every language."""
    return layout.board.vineyards[layout.vineyard_index[vineyard]].name


def worker(rules: Rules, colour: int, number: int) -> str:
    return _("{colour} worker {number}", colour=colour_name(rules.colours[colour]), number=number)


def words(layout: Layout, rules: Rules, action: Action, cost: int) -> Words:
    """`action`, which costs `cost` action points."""
    name = getattr(action, "card", None)
    card = rules.cards[name] if name else None
    kind, did, what = _said(layout, rules, action)
    if card is not None:
        kind, did = _("play a card"), _("played")
        what = f"{card_title(card)}: {what}"
    # AP: the German rulebook's abbreviation of its Aktionspunkte too.
    return Words(kind, did, _("{what} ({cost} AP)", what=what, cost=cost) if cost else what)


def _said(layout: Layout, rules: Rules, action: Action) -> tuple[str, str, str]:
    if isinstance(action, Move):
        return (
            _("move a worker"),
            _("moved"),
            _(
                "{worker} from {source} to {target}",
                worker=worker(rules, action.colour, action.number),
                source=space_name(layout, action.source),
                target=space_name(layout, action.target),
            ),
        )
    if isinstance(action, ToVineyard):
        return (
            _("send a worker to a vineyard"),
            _("sent"),
            _(
                "{worker} from {source} to the {vineyard} vineyard",
                worker=worker(rules, action.colour, action.number),
                source=space_name(layout, action.source),
                vineyard=vineyard_name(layout, action.vineyard),
            ),
        )
    if isinstance(action, ToCanal):
        return (
            _("bring a worker back to the canal"),
            _("brought"),
            _(
                "{worker} from the {vineyard} vineyard to {target}",
                worker=worker(rules, action.colour, action.number),
                vineyard=vineyard_name(layout, action.vineyard),
                target=space_name(layout, action.target),
            ),
        )
    if isinstance(action, Place):
        return (
            _("place a new worker"),
            _("placed"),
            _("a new worker on {place}", place=space_name(layout, action.target)),
        )
    if isinstance(action, River):
        return (
            _("build a river structure"),
            _("built"),
            n_(
                "a river structure on {blue} with {worker} from {source} (+{count} point)",
                "a river structure on {blue} with {worker} from {source} (+{count} points)",
                rules.points.river,
                blue=action.blue,
                worker=worker(rules, action.colour, action.number),
                source=space_name(layout, action.source),
            ),
        )
    if isinstance(action, Lock):
        return (
            _("build a lock"),
            _("built"),
            n_(
                "a lock on {place} (+{count} point)",
                "a lock on {place} (+{count} points)",
                rules.points.lock,
                place=space_name(layout, action.target),
            ),
        )
    if isinstance(action, BuildMasterwork):
        work = layout.board.masterworks[layout.masterwork_index[action.masterwork]].name
        return (
            _("play a card"),
            _("built"),
            n_(
                "the {masterwork} (+{count} point)",
                "the {masterwork} (+{count} points)",
                rules.points.masterwork,
                masterwork=_(work),
            ),
        )
    if isinstance(action, Draw):
        return _("draw a card"), _("drew"), _("a card")
    return _("end the turn"), _("ended their turn"), ""


def scoring(rules: Rules, before: Position, after: Position, direct: int) -> str:
    """What the rules scored after an action, said after it: each section it completed and who
    gained what (`direct`: the action's own points, not told again), and the end it brought."""
    layout = before.game.layout
    newly = [p for p in layout.open_spaces if after.scored[p] and not before.scored[p]]
    if not newly:
        return ""
    runs: list[list[int]] = []
    for p in newly:
        if runs and runs[-1][-1] == p - 1:
            runs[-1].append(p)
        else:
            runs.append([p])
    names = [f"{run[0] + 1}–{run[-1] + 1}" if len(run) > 1 else f"{run[0] + 1}" for run in runs]
    sections = names[0]
    for name in names[1:]:
        sections = _("{sections} and {section}", sections=sections, section=name)
    gains = [now - was for now, was in zip(after.points, before.points, strict=True)]
    gains[before.player] -= direct
    told = ", ".join(
        f"{colour_name(rules.colours[c])} +{gain}" for c, gain in enumerate(gains) if gain
    )
    said = n_(
        "; section {sections} scored: {gains}",
        "; sections {sections} scored: {gains}",
        len(runs),
        sections=sections,
        gains=told or _("a tie, nobody scores"),
    )
    if after.over:
        said += _("; the canal is complete and the vineyards are scored")
    return said


def ending(reason: EndReason, max_turns: int) -> str:
    """How the game ended (`State.ending`): by the turn limit, or by the canal's completion with
    or without a winner."""
    if reason == "limit":
        return n_(
            "The {count}-turn limit ended the game; the vineyards were scored by majority.",
            "The {count}-turn limit ended the game; the vineyards were scored by majority.",
            max_turns,
        )
    if reason == "nobody":
        return _(
            "Every open space of the canal is locked or scored; the vineyards were scored by "
            "majority. The virtual player has the most points, so nobody wins."
        )
    return _(
        "Every open space of the canal is locked or scored; the vineyards were scored by "
        "majority: the most points win (ties: the most workers on the canal)."
    )
