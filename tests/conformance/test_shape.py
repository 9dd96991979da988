"""One shape for every game: each game package has the same files for the same jobs, so a
reader who knows one game finds their way in the others. A game may add modules of its own
(Arriala's `movement.py`, Mapped Out's `walk.py`) beside these."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import towpath

GAMES = Path(towpath.__file__).parent / "games"
JOBS = {  # each file of a game package, and its job
    "__init__.py": "the game class the registry knows: the engine's decisions in its docstring",
    "table.py": "the game as set up at the table: players, options, components, limits",
    "components.py": "the components, loaded from data/*.toml",
    "position.py": "the position as data, read by the rules (state.py) and the view (view.py)",
    "state.py": "the rules: legal actions, transitions, the end",
    "actions.py": "the action types and their notation",
    "words.py": "the actions in words, for the log and the list of legal actions",
    "view.py": "what a seat may see of a position (view.DISPLAY), the text and SVG boards",
    "evaluate.py": "how a bot judges a position",
    "playout.py": "the playout bot's rule of thumb",
    "encoding.py": "action ids and observation tensors for the research adapters",
    "data/guide.md": "the rules for players, served at /rules/GAME",
}


@pytest.mark.parametrize("game", towpath.game_ids())
def test_every_game_package_has_a_file_for_every_job(game: str) -> None:
    package = GAMES / game
    missing = [name for name in JOBS if not (package / name).is_file()]
    assert missing == [], f"{game} lacks {', '.join(missing)}"


@pytest.mark.parametrize("game", towpath.game_ids())
def test_each_file_says_what_it_is_for(game: str) -> None:
    """Every module of the shape opens with a docstring: its job, in the game's words."""
    for name in (n for n in JOBS if n.endswith(".py")):
        text = (GAMES / game / name).read_text()
        assert text.startswith('"""'), f"{game}/{name} opens with no docstring"


def test_the_games_are_the_packages() -> None:
    packages = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())
    assert packages == sorted(towpath.game_ids())


@pytest.mark.parametrize("game", towpath.game_ids())
def test_what_a_seat_sees_is_decided_in_view_py(game: str) -> None:
    """Redaction lives in one place in every game: the state shows itself by its view.py."""
    view = importlib.import_module(f"towpath.games.{game}.view")
    assert towpath.load(game).state_class.display is view.DISPLAY
