"""Detour's action ids and observation tensor, as games/detour/encoding.py lays them out."""

from __future__ import annotations

import numpy as np

from .helpers import position


def test_ids_run_moves_by_card_then_passes_detours_backward_block_done() -> None:
    game = position(["1", "2", "3"]).game  # 3 players: colours red, blue, yellow
    expected = [
        *[f"move detour {n}" for n in (1, 2)],
        *[f"move backward {n}" for n in (1, 2, 3)],
        *[f"move block {n}" for n in (1, 2, 3, 4)],
        *[f"move voyage {n}" for n in (1, 2, 3, 4, 5)],
        *[f"pass {card}" for card in ("detour", "backward", "block", "voyage")],
        *[f"detour {colour}" for colour in game.colours],
        *[f"backward {n}" for n in (0, 1, 2)],
        *[f"block {n}" for n in (0, 1)],
        "done",
    ]
    assert [str(action) for action in game.encoding.keys] == expected
    assert game.encoding.blocks["detour"] == range(18, 21)


def test_two_players_list_four_colours_own_first() -> None:
    state = position(
        ["3", "D1:2", "F", "7"],
        players=2,
        to_play=1,
        hands=[["voyage"], ["detour", "block"], [], ["backward"]],
    )
    state.finished = [2]
    game = state.game
    parts = game.observation_layout.parts(game.observation_tensor(state.view(1), 1))
    # Seat 1 sees its colours 1 and 3 first: rows are colours 1, 0, 3, 2.
    assert [int(np.argmax(row)) for row in parts["space"]][:3] == [2, 3, 7]
    assert parts["detour"][0][1] == 1 and parts["detour"][1][0] == 1  # D1, the main path
    assert parts["finished"][3][0] == 1 and not parts["finished"][:3].any()
    assert parts["hand"][0].tolist() == [1, 0, 1, 0] and parts["hand"][2].tolist() == [0, 1, 0, 0]
    assert parts["mine"].tolist() == [1, 0, 1, 0] and parts["to_play"].tolist() == [1, 0, 0, 0]
    assert parts["first_player"].tolist() == [0, 1] and not parts["winners"].any()


def test_pending_second_part_and_block_marks() -> None:
    state = position(["4", "9", "12"], hands=[["block", "voyage"], ["voyage"], ["voyage"]])
    state.apply(state.game.parse_action("block 0"))  # colour 0 on a blue area: the move may follow
    state.block_next = True
    game = state.game
    parts = game.observation_layout.parts(game.observation_tensor(state.view(0), 0))
    assert parts["pending"][2].tolist() == [1, 0]  # the Block card's move part
    assert parts["block_next"].tolist() == [1] and parts["blocked"].tolist() == [0]
