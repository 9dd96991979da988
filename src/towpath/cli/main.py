"""`towpath`: list the games, play one at the terminal, replay a record, measure speed."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

import towpath
from towpath.cli.play import Session
from towpath.cli.replay import Replay, all_positions
from towpath.cli.seats import parse_seats
from towpath.core import registry
from towpath.core.errors import GameError
from towpath.core.options import parse_assignments
from towpath.core.record import check_record, read_json_file
from towpath.sim.bench import playout_table

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="towpath: play, replay and measure five waterway board games.",
)


@app.command()
def games() -> None:
    """List the games with their player counts and options."""
    table = Table("id", "title", "players", "options (default)")
    for game_id in towpath.game_ids():
        cls = registry.game_class(game_id)
        options = "\n".join(
            f"{spec.name} ({json.dumps(spec.default)}): {spec.help}" for spec in cls.option_specs
        )
        players = f"{cls.min_players}-{cls.max_players}"
        table.add_row(game_id, cls.title, players, options or "-")
    Console().print(table)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="the game id (see `towpath games`)")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="player count")] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(help="SEAT=AGENT[:k=v,...] such as 1=random or 0=human; repeatable"),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE; repeatable")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the game (default: random)")] = None,
    delay: Annotated[float, typer.Option(help="seconds of pause before a bot's move")] = 0.6,
) -> None:
    """Play a game at the terminal: you in seat 0, random bots elsewhere, unless --seat says."""
    loaded = towpath.load(game, players, **parse_assignments(option or []))
    seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
    controllers = parse_seats(seat or [], loaded.players, seed)
    console = Console()
    console.print(f"{loaded.title}, {loaded.players} players, seed {seed}. Type help for help.")
    session = Session(loaded.new_state(seed), controllers, console, console.input, delay)
    if not session.run():
        raise typer.Exit(1)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a game record saved with `save FILE`")],
    seat: Annotated[int | None, typer.Option(help="show the board as this seat sees it")] = None,
    to_end: Annotated[bool, typer.Option("--to-end", help="show only the final position")] = False,
) -> None:
    """Step through a saved game record."""
    record = check_record(read_json_file(file, "record"))
    positions = all_positions(record)
    positions[0].view(seat)  # a bad seat fails here, before any output
    console = Console()
    viewer = Replay(positions, seat, console)
    if to_end:
        viewer.show(len(positions) - 1)
        return
    viewer.run(console.input)


@app.command()
def bench(
    game: Annotated[
        list[str] | None, typer.Option("--game", "-g", help="game id; repeatable (default: all)")
    ] = None,
    players: Annotated[int | None, typer.Option(help="player count (default: each game's)")] = None,
    seconds: Annotated[float, typer.Option(help="seconds of play per game")] = 2.0,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON instead of a table")] = False,
) -> None:
    """Random-playout speed of each game on one core: games/s and actions/s."""
    ids = game or towpath.game_ids()
    for game_id in ids:
        towpath.load(game_id, players)  # refuse a bad id or player count before playing
    console = Console(stderr=True)
    results = playout_table(ids, players, seconds, lambda g: console.print(f"playing {g}..."))
    if as_json:
        print(json.dumps([result.as_dict() for result in results], indent=1))
        return
    table = Table("game", "players", "games", "actions", "games/s", "actions/s")
    for r in results:
        table.add_row(
            r.game,
            str(r.players),
            str(r.games),
            str(r.actions),
            f"{r.games_per_second:,.1f}",
            f"{r.actions_per_second:,.0f}",
        )
    Console().print(table)


def main() -> None:
    try:
        app()
    except GameError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
