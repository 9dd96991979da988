"""Every game's lesson (towpath.core.lesson) plays through, explains each of the learner's moves,
and is played by the guide bot, which goes on as a normal bot once the lesson is over or left."""

from __future__ import annotations

import pytest

import towpath
from towpath.core import registry
from towpath.core.lesson import LEARNER, has_lesson, read_lesson

GAMES = towpath.game_ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_lesson_plays_through_and_explains_every_move_of_the_learner(game_id: str) -> None:
    cls = registry.game_class(game_id)
    assert has_lesson(cls)
    lesson = read_lesson(cls)
    learner = [step for step in lesson.steps if step.seat == LEARNER]
    assert len(learner) >= 3
    assert all(step.say for step in learner)
    assert lesson.steps[-1].say, "the last step closes the lesson"
    assert {step.seat for step in lesson.steps} == set(range(lesson.players))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_guide_plays_its_seats_moves_of_the_lesson(game_id: str) -> None:
    lesson = read_lesson(registry.game_class(game_id))
    game = towpath.load(game_id, lesson.players, **lesson.options)
    state = game.new_state(lesson.seed)
    guide = towpath.agent("guide", seed=3)
    for step in lesson.steps:
        assert state.current_player == step.seat
        if step.seat == LEARNER:
            state.apply(game.parse_action(step.play, state))
        else:
            action = guide.choose(state)
            assert str(action) == step.play
            state.apply(action)
    while state.current_player == LEARNER and not state.is_terminal():
        state.apply(state.legal_actions()[0])
    if not state.is_terminal():  # a lesson may play its game to the end
        assert guide.choose(state) in state.legal_actions()  # after the lesson: a normal bot


def test_the_guide_off_the_lesson_plays_a_legal_move() -> None:
    game = towpath.load("mississippi", 2)
    lesson = read_lesson(type(game))
    state = game.new_state(lesson.seed)
    state.apply(game.parse_action("f5", state))  # not the lesson's f3
    action = towpath.agent("guide", seed=3).choose(state)
    assert action in state.legal_actions()
