"""What one action costs the server, step by step, at a position in the middle of a game.

    python benchmarks/action_path.py [--game mississippi] [--players 4] [--actions 60]

The steps of `Lobby.act` and of the state message each watched seat gets: the engine's check
(notation read, told in words, the state cloned and the action applied), the view, the log, the
seat to move's legal actions in words, the board's SVG, the spectator's whole message made
(`Room._settled`, once per seat and version: all of the above and its JSON), and the message
sent to one socket (`Room.state_text`: the board's parts that socket lacks, after it had the
previous state). Each figure is the best of 5 rounds of 200 calls, in milliseconds of CPU.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import towpath
from towpath.server.clients import Client
from towpath.server.replays import drawing
from towpath.server.room import Room
from towpath.server.rows import RoomRow, SeatRow
from towpath.server.telling import told

ROUNDS, CALLS = 5, 200


def best_ms(step: Callable[[], object]) -> float:
    rounds = []
    for _ in range(ROUNDS):
        started = time.process_time()
        for _ in range(CALLS):
            step()
        rounds.append((time.process_time() - started) / CALLS * 1000)
    return min(rounds)


def room_of(game: str, players: int, actions: list[str]) -> Room:
    seats = [SeatRow(n, "human", f"P{n}", None, "invited", 0, True) for n in range(players)]
    flags = (True, False, False, False)  # seed chosen, listed, over, archived
    row = RoomRow("bench", game, players, {}, 7, *flags, 0.0, 0.0, None, None, seats, actions)
    return Room(row, b"secret")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mississippi")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--actions", type=int, default=60, help="random actions played first")
    args = parser.parse_args()
    state = towpath.load(args.game, args.players).new_state(7)
    chance = random.Random(1)
    for _ in range(args.actions):
        state.apply(chance.choice(state.legal_actions()))
    notation = str(chance.choice(state.legal_actions()))
    played = [str(a) for a in state.history]

    def check() -> None:
        action, _ = told(state, notation)
        state.clone().apply(action)

    def legal() -> object:
        return [{"action": str(a), **state.words(a).to_json()} for a in state.legal_actions()]

    watcher = Client(None)
    room_of(args.game, args.players, played[:-1]).state_text(watcher)
    had = set(watcher.board)  # the parts a socket kept from the state before
    room = room_of(args.game, args.players, played)

    def made() -> object:
        room._cache.clear()
        return room._settled(None, "en", False)

    kept = (len(room.moves) - 1, room.moves[-2])  # and every move but the newest

    def sent() -> str:
        watcher.board, watcher.moves = had, kept
        return room.state_text(watcher)

    steps = {
        "engine check": check,
        "view": lambda: state.view(None),
        "log": lambda: state.log(None),
        "legal actions in words": legal,
        "board (SVG)": lambda: drawing(state, None),
        "message made": made,
        "message sent": sent,
    }
    print(f"{args.game}, {args.players} players, after {args.actions} actions:")
    for name, step in steps.items():
        print(f"  {name:24} {best_ms(step):7.3f} ms")
    whole = room.state_text(Client(None))
    svg = drawing(state, None)[0] or ""
    print(
        f"  (message: {len(sent()):,} bytes after the state before, {len(whole):,} with every "
        f"part; the board {len(svg):,})"
    )


if __name__ == "__main__":
    main()
