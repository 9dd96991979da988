"""Arriala's action ids and observation tensor, as its encoding module lays them out."""

from __future__ import annotations

import numpy as np
import pytest

from towpath.core.errors import GameError

from .helpers import MOISSAC, position

MOVE_CARDS = 5  # no card, move2, move3, move4, teleport
SPACES = 42


def test_a_move_id_names_the_worker_and_target_not_where_it_stands() -> None:
    state = position(canal={12: "r", 20: "y"}, player=0)
    game = state.game
    move = game.parse_action("move r1@12 15", state)
    number = game.action_id(move, state)
    assert number == ((0 * 5 + 0) * SPACES + 14) * MOVE_CARDS + 0  # red 1 to space 15, no card
    assert game.action_from_id(number, state) == move
    assert game.action_id(game.parse_action("play move3 y1@20 22", state), state) == (
        ((1 * 5 + 0) * SPACES + 21) * MOVE_CARDS + 2
    )
    state.apply(move)  # red 1's move to 16 (no longer legal: its canal move is spent) reads from 15
    later = game.encoding.action(((0 * 5 + 0) * SPACES + 15) * MOVE_CARDS, state)
    assert str(later) == "move r1@15 16"


def test_a_worker_elsewhere_than_the_id_needs_is_refused() -> None:
    state = position(canal={12: "r"}, vineyards={"ch": "y"}, player=0)
    game = state.game
    start = game.encoding.blocks["to canal"].start
    assert str(game.encoding.action(start + (1 * 5 + 0) * SPACES * 3, state)) == "to-canal y1@ch 1"
    with pytest.raises(GameError, match="r1 is in no vineyard"):
        game.action_from_id(start, state)
    with pytest.raises(GameError, match="y1 is not on the canal"):
        game.action_from_id(game.encoding.blocks["move"].start + 5 * SPACES * MOVE_CARDS, state)
    with pytest.raises(GameError, match="give a state"):
        game.action_from_id(0)


def test_every_id_block_is_laid_out_in_order() -> None:
    game = position(players=4).game
    blocks = game.encoding.blocks
    assert list(blocks) == [
        "move", "to vineyard", "to canal", "place", "river", "lock", "masterwork", "draw", "end",
    ]  # fmt: skip
    assert len(blocks["move"]) == 4 * 5 * SPACES * MOVE_CARDS
    assert game.action_id(game.parse_action("place 3")) == blocks["place"].start + 2
    assert game.action_id(game.parse_action("end")) == game.num_distinct_actions - 1


def test_observation_places_every_worker_and_keeps_hands_private() -> None:
    state = position(
        3,
        canal={MOISSAC: "rry", 30: "g"},
        vineyards={"ch": "y"},
        hands={0: ["lock", "lock"], 1: ["teleport"]},
        points=[4, 0, 9],
        player=1,
    )
    game = state.game
    parts = game.observation_layout.parts(game.observation_tensor(state.view(1), 1))
    workers = parts["workers"]  # rows: yellow (seat 1), green, red
    assert np.argmax(workers[2][0]) == np.argmax(workers[2][1]) == MOISSAC - 1
    assert np.argmax(workers[0][1]) == SPACES + 1  # yellow 2 in Chasselas, the second vineyard
    assert workers[1][1][-1] == 1  # green 2 is in the reserve
    cards = list(dict.fromkeys(game.rules.deck))  # card kinds in the deck's order
    assert parts["hand"][cards.index("teleport")] == pytest.approx(1 / 7)
    assert not parts["hand"][cards.index("lock")]  # red's locks are red's secret
    assert parts["hand_sizes"].tolist() == pytest.approx([1 / 55, 0, 2 / 55])
    assert parts["scores"].tolist() == pytest.approx([0, 0.09, 0.04])
    assert parts["to_move"].tolist() == [1, 0, 0]
