"""`towpath`: list the games, play one at the terminal, replay a record, measure speed,
simulate many games and report on them."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

import towpath
from towpath.agents.mcts import CLOCKS
from towpath.cli.play import COMMAND_WORDS, LineReader, Session, plain_reader
from towpath.cli.progress import GamesProgress, games_bar
from towpath.cli.replay import Replay, all_positions
from towpath.cli.seats import parse_seats, seat_list
from towpath.core import registry
from towpath.core.errors import GameError
from towpath.core.options import parse_assignments
from towpath.core.record import check_record, read_json_file
from towpath.sim.bench import PlayoutSpeed, playout_table
from towpath.sim.strength import (
    OPPONENTS,
    DuelRecord,
    Pairing,
    mcts_iterations_per_second,
    pairing,
)

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="towpath: play, replay, measure and simulate five waterway board games.",
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
        typer.Option(
            help="SEAT=BOT: a level (easy, normal, hard), a bot by name with its settings "
            "(random, playout, greedy, mcts:seconds=1), or human; such as 1=hard; repeatable"
        ),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE; repeatable")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the game (default: random)")] = None,
    delay: Annotated[
        float, typer.Option(min=0.0, help="seconds of pause before a bot's move")
    ] = 0.6,
) -> None:
    """Play a game at the terminal: you in seat 0, normal bots elsewhere, unless --seat says."""
    loaded = towpath.load(game, players, **parse_assignments(option or []))
    seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
    controllers = parse_seats(seat or [], loaded.players, seed)
    console = Console()
    console.print(f"{loaded.title}, {loaded.players} players, seed {seed}. Type help for help.")
    console.print(seat_list(controllers), highlight=False)
    at_terminal = sys.stdin.isatty() and sys.stdout.isatty()
    read = terminal_reader() if at_terminal else plain_reader(console)
    state = loaded.new_state(seed)
    session = Session(state, controllers, console, read, delay, page=at_terminal)
    if not session.run():
        raise typer.Exit(1)


def terminal_reader() -> LineReader:
    from towpath.cli.prompt import TerminalReader  # noqa: PLC0415 (only at a terminal)

    return TerminalReader(COMMAND_WORDS)


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


LOG_LEVELS = ("critical", "error", "warning", "info", "debug")
LEVEL_DUELS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("normal", "easy", {}),
    ("hard", "normal", {}),
)  # each level against the one below it


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(help="SQLAlchemy URL (default: $TOWPATH_DATABASE_URL, else a SQLite file)"),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(min=0, help="seconds of pause before a bot's move")
    ] = 0.8,
    archive_after: Annotated[
        str, typer.Option(help="archive rooms with no action for this long: 7d, 12h, 30m, 45s")
    ] = "7d",
    bot_workers: Annotated[
        int | None, typer.Option(min=1, help="bot search processes (default: cores - 1, 1 to 4)")
    ] = None,
    rooms_per_hour: Annotated[
        float, typer.Option(min=0.01, help="rooms one address may create per hour (burst 10)")
    ] = 60.0,
    joins_per_hour: Annotated[
        float, typer.Option(min=0.01, help="seats one address may join per hour (burst 10)")
    ] = 240.0,
    connections: Annotated[
        int, typer.Option(min=1, help="connections open at once, per server process")
    ] = 10_000,
    connections_per_address: Annotated[
        int, typer.Option(min=1, help="connections open at once from one client address")
    ] = 256,
    request_seconds: Annotated[
        float, typer.Option(min=0.1, help="seconds for a request's head and body to arrive")
    ] = 10.0,
    log_level: Annotated[
        str, typer.Option(help="uvicorn's log level; info shows the access log")
    ] = "warning",
    workers: Annotated[
        int, typer.Option(min=1, help="server processes on this port (PostgreSQL only)")
    ] = 1,
) -> None:
    """Serve the web client and its API: rooms with friends, bots and spectators."""
    from towpath.server import duration  # noqa: PLC0415 (keeps the CLI quick)
    from towpath.server import serve as run_server  # noqa: PLC0415
    from towpath.server.limits import Limits  # noqa: PLC0415

    if log_level not in LOG_LEVELS:
        raise GameError(f"--log-level: expected one of {', '.join(LOG_LEVELS)}, got {log_level!r}")
    archive = duration(archive_after)
    limits = Limits(
        rooms_per_hour=rooms_per_hour,
        joins_per_hour=joins_per_hour,
        connections=connections,
        connections_per_address=connections_per_address,
        request_seconds=request_seconds,
    )
    run_server(host, port, database, bot_delay, archive, bot_workers, limits, log_level, workers)


@app.command()
def bench(
    game: Annotated[
        list[str] | None, typer.Option("--game", "-g", help="game id; repeatable (default: all)")
    ] = None,
    players: Annotated[int | None, typer.Option(help="player count (default: each game's)")] = None,
    seconds: Annotated[float, typer.Option(help="seconds of play per game")] = 2.0,
    strength: Annotated[
        bool, typer.Option("--strength", help="also play mcts against random and greedy")
    ] = False,
    levels: Annotated[
        bool,
        typer.Option(
            "--levels", help="also play the levels: normal against easy, hard against normal"
        ),
    ] = False,
    strength_games: Annotated[int, typer.Option(min=1, help="2-player games per pairing")] = 40,
    opponent: Annotated[
        list[str] | None,
        typer.Option(help="mcts's opponent: random or greedy; repeatable (default: both)"),
    ] = None,
    mcts_seconds: Annotated[float, typer.Option(help="MCTS budget per move")] = 1.0,
    mcts_clock: Annotated[
        str,
        typer.Option(help="what the MCTS budget is timed by: wall, or cpu (load-proof)"),
    ] = "wall",
    workers: Annotated[int, typer.Option(min=1, help="processes for the strength games")] = 1,
    duels: Annotated[
        Path | None,
        typer.Option(
            help="keep each strength game in this file as it ends (JSON lines); given again,"
            " a stopped run plays only the games the file lacks"
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON instead of tables")] = False,
) -> None:
    """Speed of each game on one core (random playouts, MCTS iterations) and bot strength."""
    if seconds <= 0 or mcts_seconds <= 0:
        raise GameError("bench: expected --seconds and --mcts-seconds above 0")
    if mcts_clock not in CLOCKS:
        raise GameError(f"bench --mcts-clock {mcts_clock}: expected wall or cpu")
    ids = game or towpath.game_ids()
    for game_id in ids:
        towpath.load(game_id, players)  # refuse a bad id or player count before playing
    opponents = opponent or list(OPPONENTS)
    unknown = sorted(set(opponents) - set(OPPONENTS))
    if unknown:
        raise GameError(f"bench --opponent {unknown[0]}: expected {' or '.join(OPPONENTS)}")
    record = DuelRecord(duels) if duels else None
    note = Console(stderr=True)
    speeds = playout_table(ids, players, seconds, lambda g: note.print(f"playing {g}..."))
    rates = {g: mcts_iterations_per_second(g, seconds) for g in ids}
    budget = {"seconds": mcts_seconds, "clock": mcts_clock}
    matches = [("mcts", against, budget) for against in opponents] if strength else []
    matches += list(LEVEL_DUELS) if levels else []
    pairings = []
    with games_bar(note) as bar:
        for game_id in ids if matches else ():
            for bot, against, params in matches:
                heard = GamesProgress(bar, f"{game_id}: {bot} against {against}")
                played = pairing(
                    game_id, bot, against, strength_games, params, None, workers, heard, record
                )
                bar.console.print(
                    f"{game_id}: {bot} against {against}: {told(played)}", highlight=False
                )
                pairings.append(played)
    if as_json:
        speed_rows = [
            {**r.as_dict(), "mcts_iterations_per_second": round(rates[r.game], 1)} for r in speeds
        ]
        print(
            json.dumps({"speed": speed_rows, "strength": [p.as_dict() for p in pairings]}, indent=1)
        )
        return
    console = Console()
    console.print(speed_table(speeds, rates))
    if pairings:
        console.print(strength_table(pairings))


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="the game id (see `towpath games`)")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="player count")] = None,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help="bots by seat, repeated around the table: mcts:iterations=200,greedy,playout",
        ),
    ] = "playout",
    games: Annotated[int, typer.Option("--games", "-n", help="games per variant")] = 100,
    seed: Annotated[int, typer.Option(help="seed of the run; game i's seeds derive from it")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE; repeatable")
    ] = None,
    grid: Annotated[
        list[str] | None,
        typer.Option(help="NAME=V1,V2,...: one variant per value (and combination); repeatable"),
    ] = None,
    rotate: Annotated[
        bool, typer.Option("--rotate", help="turn the bots one seat further each game")
    ] = False,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", help="processes (default 1; Ray: every CPU it has)"),
    ] = None,
    backend: Annotated[str, typer.Option(help="local (processes here) or ray")] = "local",
    address: Annotated[
        str | None, typer.Option(help="address of a Ray cluster (default: start a local Ray)")
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="Parquet file of results, one row a game")
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="complete the run stored in --out")
    ] = False,
    report: Annotated[Path | None, typer.Option(help="write the HTML report here")] = None,
) -> None:
    """Play many games with bots, in parallel; store, summarize and report the results."""
    # The lab's modules load pandas and Matplotlib: only for the commands that use them.
    from towpath.cli.simulate import run_simulation  # noqa: PLC0415
    from towpath.sim.plan import parse_grid  # noqa: PLC0415

    settings = {
        "game": game,
        "players": players,
        "agents": agents,
        "games": games,
        "seed": seed,
        "options": parse_assignments(option or []),
        "grid": parse_grid(grid or []),
        "rotate": rotate,
        "workers": workers,
        "backend": backend,
        "address": address,
        "out": out,
        "resume": resume,
        "report": report,
    }
    run_simulation(settings)


@app.command()
def report(
    files: Annotated[list[Path], typer.Argument(help="Parquet results of `towpath simulate`")],
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="the HTML file (default: beside the data)")
    ] = None,
) -> None:
    """Rebuild the HTML balance report from stored results."""
    from towpath.cli.simulate import run_report  # noqa: PLC0415

    Console().print(
        f"report: {run_report(files, out)}", highlight=False, soft_wrap=True, markup=False
    )


def speed_table(speeds: list[PlayoutSpeed], rates: dict[str, float]) -> Table:
    table = Table("game", "players", "games", "actions", "games/s", "actions/s", "mcts it/s (2p)")
    for r in speeds:
        table.add_row(
            r.game,
            str(r.players),
            str(r.games),
            str(r.actions),
            f"{r.games_per_second:,.1f}",
            f"{r.actions_per_second:,.0f}",
            f"{rates[r.game]:,.0f}",
        )
    return table


def told(duels: Pairing) -> str:
    """A pairing's wins, losses and draws, in all and from each seat."""
    total = duels.total
    seats = "; ".join(
        f"seat {n}: {seat.wins:g} of {seat.games}" for n, seat in enumerate(duels.seats)
    )
    cut = f", {total.cut_off} cut off by the length limit" if total.cut_off else ""
    return f"{total.wins:g} wins, {total.losses:g} losses, {total.draws:g} draws{cut} ({seats})"


def strength_table(pairings: list[Pairing]) -> Table:
    table = Table(
        "game",
        "bot",
        "opponent",
        "seat",
        "games",
        "wins",
        "draws",
        "cut off",
        "win rate",
        "95% interval",
    )
    for p in pairings:
        rows = [("both", p.total), *((str(n), seat) for n, seat in enumerate(p.seats))]
        for seat_name, seat in rows:
            row = seat.as_dict()
            named = (p.game, p.bot, p.opponent) if seat_name == "both" else ("", "", "")
            table.add_row(
                *named,
                seat_name,
                str(seat.games),
                f"{seat.wins:g}",
                f"{seat.draws:g}",
                str(seat.cut_off),
                f"{seat.win_rate:.0%}",
                f"{row['wilson_low']:.0%}-{row['wilson_high']:.0%}",
            )
    return table


def main() -> None:
    """Run a command; a mistake on the command line is one line on stderr and a non-zero exit."""
    try:
        status = app(standalone_mode=False)
    except typer.TyperException as error:  # Typer's own usage errors (bad or missing options)
        if type(error).__name__ == "NoArgsIsHelpError":  # bare `towpath`: the help text
            print(error.format_message(), file=sys.stderr)
            sys.exit(error.exit_code)
        context = getattr(error, "ctx", None)
        hint = f" (see {context.command_path} --help)" if context is not None else ""
        fail(f"{error.format_message()}{hint}", error.exit_code)
    except typer.Abort:
        fail("aborted", 1)
    except GameError as error:
        fail(str(error), 2)
    except ModuleNotFoundError as missing:  # a lean install without a command's extra
        extra = EXTRAS.get((missing.name or "").partition(".")[0])
        if extra is None:
            raise
        fail(f"this command needs pip install 'towpath[{extra}]' ({missing.name} is missing)", 2)
    sys.exit(status if isinstance(status, int) else 0)


# The packages of each optional part of towpath (pyproject's extras), by the module they import.
EXTRAS = {
    **dict.fromkeys(
        ("fastapi", "uvicorn", "sqlalchemy", "alembic", "psycopg", "markdown_it"), "server"
    ),
    **dict.fromkeys(("pandas", "pyarrow", "matplotlib", "jinja2", "ray"), "lab"),
    **dict.fromkeys(("pettingzoo", "gymnasium", "pyspiel", "open_spiel", "resvg_py"), "rl"),
}


def fail(message: str, status: int) -> NoReturn:
    print(f"error: {message}", file=sys.stderr)
    sys.exit(status)
