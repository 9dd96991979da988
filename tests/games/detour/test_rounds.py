"""Setup, rounds, the first-player marker, hands, the 2-player order and the default data."""

from __future__ import annotations

import pytest

import towpath
from tests.games.detour.helpers import ALL, act, position
from towpath.core.errors import GameError, IllegalAction
from towpath.games.detour import Detour
from towpath.games.detour.components import builtin_cards, builtin_map, default_beside
from towpath.games.detour.state import DetourState


def new(players: int, **options: object) -> DetourState:
    state = towpath.load("detour", players, **options).new_state(0)
    assert isinstance(state, DetourState)
    return state


def play_turns(state: DetourState, count: int) -> list[int]:
    """Pass with the first card in hand `count` times; the colours that played."""
    colours = []
    for _ in range(count):
        colours.append(state.colour)
        act(state, f"pass {state.hands[state.colour][0]}")
    return colours


def test_default_map_follows_the_spec() -> None:
    board = builtin_map()
    assert board.length == 36
    assert board.costs[0] == ("Balloon", "Train"), "finishing costs Balloon + Train"
    assert board.costs[1:7] == (
        ("Train",),
        ("Train",),
        ("Boat",),
        ("Boat",),
        ("Train",),
        ("Balloon",),
    )
    assert board.costs[34] == ("Train", "Boat") and board.costs[35] == ("Balloon",)
    assert sorted(board.blue) == [4, 11, 22, 29, 33]
    assert [(d.name, d.branch, d.merge, len(d.costs)) for d in board.detours] == [
        ("D1", 5, 10, 6),
        ("D2", 16, 20, 5),
        ("D3", 26, 31, 6),
    ]
    assert board.last_tile == 33


def test_detour_map_positions_follow_the_formula() -> None:
    for detour in builtin_map().detours:
        assert detour.beside == default_beside(detour.branch, detour.merge, len(detour.costs))
    assert default_beside(5, 10, 6) == (6, 7, 8, 8, 9, 9)
    assert default_beside(16, 20, 5) == (17, 18, 18, 19, 19)


def test_default_cards_follow_the_spec() -> None:
    cards = builtin_cards()
    assert [(c.name, c.move, c.rank, c.action) for c in cards.cards] == [
        ("Detour", ("Train", "Boat"), 1, "detour"),
        ("Backward", ("Train", "Boat", "Balloon"), 2, "backward"),
        ("Block", ("Train", "Train", "Boat", "Boat"), 3, "block"),
        ("Voyage", ("Train", "Boat", "Balloon", "Balloon", "Train"), 4, "none"),
    ]
    assert cards.backward_spaces == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_markers_on_space_0_and_four_cards_in_hand(players: int) -> None:
    view = new(players).view(None)
    colours = 4 if players == 2 else players
    assert [m["space"] for m in view["markers"]] == [0] * colours
    assert view["hands"] == [["Detour", "Backward", "Block", "Voyage"]] * colours
    assert view["first_player"] == 0 and view["round"] == 1
    assert not view["blocked"] and not view["block_next"] and view["finished"] == []


@pytest.mark.parametrize("players", [3, 4])
def test_a_round_goes_clockwise_from_the_first_player_who_then_passes_left(players: int) -> None:
    state = new(players, first_player=1)
    assert play_turns(state, players) == [(1 + i) % players for i in range(players)]
    assert state.first == 2 % players and state.round == 2
    assert play_turns(state, players) == [(2 + i) % players for i in range(players)]


def test_two_players_each_play_two_colours_in_the_order_a_a_b_b() -> None:
    state = new(2)
    game = state.game
    assert game.colours == ("yellow", "red", "green", "blue")
    assert game.owner == (0, 1, 0, 1), "seat 0: yellow and green; seat 1: red and blue"
    seats = []
    for _ in range(4):
        seats.append(state.current_player)
        play_turns(state, 1)
    assert seats == [0, 1, 0, 1]
    assert state.first == 1, "the first-player marker passes to the other player"
    assert play_turns(state, 4) == [1, 0, 3, 2]
    assert play_turns(state, 4) == [0, 1, 2, 3]


def test_two_player_first_player_option_names_a_seat() -> None:
    state = new(2, first_player=1)
    assert play_turns(state, 4) == [1, 0, 3, 2]


def test_each_colour_plays_from_its_own_hand() -> None:
    # "Do not mix the two sets of action cards between the colors."
    state = new(2)
    act(state, "pass voyage")  # yellow
    act(state, "pass voyage")  # red
    assert state.colour == 2
    assert "pass voyage" in [str(a) for a in state.legal_actions()], "green still holds one"
    assert state.hands[0] == ["detour", "backward", "block"]
    assert state.hands[2] == ALL


def test_a_played_card_cannot_be_played_again_until_the_hand_is_collected() -> None:
    state = new(3)
    play_turns(state, 3)  # everyone passes with Detour
    assert state.round == 2
    with pytest.raises(IllegalAction) as refused:
        act(state, "pass detour")
    assert refused.value.rule == "hand"


def test_all_four_cards_return_to_hand_after_four_rounds() -> None:
    state = new(3)
    hands = []
    for _ in range(4):
        play_turns(state, 3)
        hands.append(list(state.hands[0]))
    assert hands == [
        ["backward", "block", "voyage"],
        ["block", "voyage"],
        ["voyage"],
        ALL,
    ]
    assert state.round == 5


def test_the_game_ends_after_max_rounds() -> None:
    state = new(3, max_rounds=2)
    play_turns(state, 6)
    assert state.is_terminal() and state.round == 2
    assert state.legal_actions() == []


@pytest.mark.parametrize(
    ("players", "options", "fragment"),
    [
        (3, {"first_player": 3}, "first_player: expected a seat from 0 to 2"),
        (2, {"first_player": 2}, "first_player: expected a seat from 0 to 1"),
        (3, {"max_rounds": 0}, "max_rounds"),
        (3, {"map": "/no/such/map.toml"}, "cannot read map"),
        (3, {"cards": "/no/such/cards.toml"}, "cannot read cards"),
        (3, {"colour": "red"}, "valid options: first_player, max_rounds, map, cards"),
    ],
)
def test_bad_options_give_one_line_errors(
    players: int, options: dict[str, object], fragment: str
) -> None:
    with pytest.raises(GameError) as error:
        towpath.load("detour", players, **options)
    assert fragment in str(error.value) and "\n" not in str(error.value)


def test_game_metadata() -> None:
    game = towpath.load("detour")
    assert isinstance(game, Detour)
    assert (game.min_players, game.max_players, game.players) == (2, 4, 4)
    assert game.title == "Detour"


def test_helper_positions_put_the_chosen_colour_to_play() -> None:
    state = position(["0", "0", "0", "0"], players=2, to_play=3, first=1)
    assert state.colour == 3 and state.current_player == 1
