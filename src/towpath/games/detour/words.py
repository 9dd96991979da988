"""Detour's actions in words, for the log and the list of legal actions: the card played, for
which colour, and where the marker ends. Nothing in Detour is hidden. Also the names of the
default cards, colours and transports as a reader reads them, and how a game ended."""

from __future__ import annotations

from towpath.core.actions import Action, Words
from towpath.core.game import EndReason
from towpath.core.i18n import N_, translator
from towpath.games.detour.actions import Backward, Block, Move, Pass, SendOnDetour
from towpath.games.detour.table import DetourTable

_, n_ = translator(__name__)

# The names of the built-in cards, colours and transports (data/*.toml), translated where they
# are shown; a name from a user's data file is shown as it is written.
NAMES = frozenset(
    {
        N_("Detour"),
        N_("Backward"),
        N_("Block"),
        N_("Voyage"),
        N_("yellow"),
        N_("red"),
        N_("green"),
        N_("blue"),
        N_("Train"),
        N_("Boat"),
        N_("Balloon"),
    }
)


def named(name: str) -> str:
    """A card's, colour's or transport's name as the reader reads it."""
    return _(name) if name in NAMES else name


def to_place(game: DetourTable, node: int) -> str:
    """Where a move ends: "to space 14", "to space D1.3" or "to the finish"."""
    if node == game.map.finish:
        return _("to the finish")
    return _("to space {space}", space=space_name(game, node))


def on_place(game: DetourTable, node: int) -> str:
    """Where a marker stays: "on space 14", "on space D1.3", "on go" (the start, as the board
    labels it) or "on the finish"."""
    if node == game.map.finish:
        return _("on the finish")
    if node == 0:
        return _("on go")
    return _("on space {space}", space=space_name(game, node))


def space_name(game: DetourTable, node: int) -> str:
    """A space as the board names it: "14" on the main path, "D1.3" on a detour."""
    space, detour = game.map.space_on_path(node)
    return str(space) if detour < 0 else detour_space(game.map.detours[detour].name, space)


def detour_space(detour: str, space: int) -> str:
    """The `space`th space along detour `detour` (from 1), as the board labels it: "D1.3"."""
    return f"{detour}.{space}"


def words(game: DetourTable, nodes: list[int], colour: int, action: Action) -> Words:
    """`action` of the colour `colour`, the markers standing on `nodes` (before it)."""
    name = named(game.colours[colour])
    node = nodes[colour]
    if isinstance(action, Move):
        card = named(game.cards[action.card].name)
        end = to_place(game, game.map.advance(node, action.steps))
        what = n_(
            "{card}: {colour} goes {count} space on, {end}",
            "{card}: {colour} goes {count} spaces on, {end}",
            action.steps,
            card=card,
            colour=name,
            end=end,
        )
        return Words(_("move"), _("played"), what)
    if isinstance(action, Pass):
        card = named(game.cards[action.card].name)
        return Words(
            _("play a card for no effect"),
            _("played"),
            _(
                "{card}: no effect, {colour} stays {place}",
                card=card,
                colour=name,
                place=on_place(game, node),
            ),
        )
    if isinstance(action, SendOnDetour):
        target = game.colours.index(action.colour)
        detour = game.map.detour_of[game.map.branch_to[nodes[target]]]
        on = game.map.detours[detour].name
        card = named(game.cards[game.action_card["detour"]].name)
        return Words(
            _("send a marker on a detour"),
            _("played"),
            _(
                "{card}: {colour} is sent onto {detour}",
                card=card,
                colour=named(action.colour),
                detour=on,
            ),
        )
    if isinstance(action, Backward):
        return _backward(game, node, name, action.steps)
    if isinstance(action, Block):
        return _block(game, node, name, action.steps)
    return Words(
        _("end the turn"),
        _("ended"),
        _("{colour}'s turn without the card's second part", colour=name),
    )


def _backward(game: DetourTable, node: int, name: str, steps: int) -> Words:
    card = named(game.cards[game.action_card["backward"]].name)
    back = n_("{count} space", "{count} spaces", game.card_set.backward_spaces)
    start = game.pushed_back[node]
    end = game.map.advance(start, steps)
    if steps == 0:
        what = _(
            "{card}: every marker goes {back} back, then {colour} stays {place}",
            card=card,
            back=back,
            colour=name,
            place=on_place(game, end),
        )
    else:
        what = n_(
            "{card}: every marker goes {back} back, then {colour} goes {count} space on, {end}",
            "{card}: every marker goes {back} back, then {colour} goes {count} spaces on, {end}",
            steps,
            card=card,
            back=back,
            colour=name,
            end=to_place(game, end),
        )
    return Words(_("play {card}", card=card), _("played"), what)


def _block(game: DetourTable, node: int, name: str, steps: int) -> Words:
    card = named(game.cards[game.action_card["block"]].name)
    end = game.map.advance(node, steps)
    if steps == 0:
        what = _(
            "{card}: the next round is blocked; {colour} stays {place}",
            card=card,
            colour=name,
            place=on_place(game, end),
        )
    else:
        what = n_(
            "{card}: the next round is blocked; {colour} goes {count} space on, {end}",
            "{card}: the next round is blocked; {colour} goes {count} spaces on, {end}",
            steps,
            card=card,
            colour=name,
            end=to_place(game, end),
        )
    return Words(_("play {card}", card=card), _("played"), what)


def ending_words(game: DetourTable, reason: EndReason) -> str:
    """How the game ended, naming no seat."""
    if reason == "limit":
        return n_(
            "The {count}-round limit ended the game: the farthest marker wins.",
            "The {count}-round limit ended the game: the farthest marker wins.",
            game.max_rounds,
        )
    if game.players == 2:
        return _(
            "A marker finished the circuit and the round was played out: its player wins if "
            "their other colour is on the last map tile, else the player not last wins."
        )
    return _(
        "A marker finished the circuit and the round was played out: of the markers that "
        "finished, the one with the most rank left in hand wins."
    )
