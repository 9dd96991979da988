"""Every game draws its views as well-formed SVG whose clickable parts reach every legal action."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import towpath
from towpath.core.errors import GameError
from towpath.core.game import State

PICK = re.compile(r'data-pick="([^"]*)"')


def runs(notation: str, pick: str) -> bool:
    """The web client's rule: the pick's words appear together in the notation's words."""
    words, part = notation.split(), pick.split()
    return any(words[i : i + len(part)] == part for i in range(len(words) - len(part) + 1))


@pytest.mark.parametrize("game_id", towpath.game_ids())
def test_views_draw_as_svg_and_every_legal_action_can_be_clicked(game_id: str) -> None:
    try:
        towpath.load(game_id).new_state(0).render_svg(None)
    except GameError:
        pytest.fail(f"{game_id} has no SVG rendering")
    cls = towpath.load(game_id)
    for seed, players in enumerate(range(cls.min_players, cls.max_players + 1)):
        game = towpath.load(game_id, players)
        state = game.new_state(seed)
        bot = towpath.agent("random", seed=seed)
        for _ in range(60):
            if state.is_terminal():
                break
            seat = state.current_player
            drawing = state.render_svg(seat)
            ET.fromstring(drawing)  # well-formed, escaped
            picks = PICK.findall(drawing)
            for action in state.legal_actions():
                assert any(runs(str(action), pick) for pick in picks), (game_id, str(action))
            state.apply(bot.choose(state))
        ET.fromstring(state.render_svg(None))


def test_a_game_without_svg_rendering_says_so_and_seats_are_checked() -> None:
    state = towpath.load("mississippi").new_state(0)
    with pytest.raises(GameError, match="mississippi has no SVG rendering"):
        State._render_svg(state, state.view(None))  # the base hook, before a game fills it in
    with pytest.raises(GameError, match="seat must be"):
        state.render_svg(9)
