"""How bots judge Mapped Out positions."""

from __future__ import annotations

from tests.games.mapped_out.helpers import act, notations, position


def test_a_last_cards_special_is_judged_by_the_walks_to_come() -> None:
    rows = [["nothing", "nothing"], ["up+change_start", "+nothing"]]
    board = {(0, 0): 3, (0, -1): 14, (0, 1): 13}  # fish 2; 2 2 above; 2 2 below
    state = position(rows=rows, board=board, hands=[[2], [20]], pile=[9], unclear_instructions=True)
    act(state, "place 2 1,0", "reveal 1.1")  # tile 2: reveal 1; seat 1's row is revealed
    assert state.phase == "walk" and notations(state)[0].startswith("start")
    game = state.game
    assert game.evaluate(state, 1) > 0.5 > game.evaluate(state, 0), "seat 1 will walk onto 2 2"
