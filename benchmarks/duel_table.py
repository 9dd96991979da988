"""A table of the duels a record keeps (`towpath bench --duels FILE`): per game and pairing, the
bot's wins (a shared win counts its share), by seat, and the games the length limit cut off
(lines kept before records told endings: their games with no winner, limit or not, apart).

    .venv/bin/python benchmarks/duel_table.py benchmarks/strength/levels-hard-normal.jsonl
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

TITLES = {
    "arriala": "Arriala",
    "canal_king": "Canal King",
    "detour": "Detour",
    "mapped_out": "Mapped Out",
    "mississippi": "Mississippi",
}


def table(path: Path) -> str:
    games: dict[tuple[str, str, str], list[dict[str, object]]] = defaultdict(list)
    for line in path.read_text().splitlines():
        duel = json.loads(line)
        bot = str(duel["bot"]) + (f" ({duel['bot_preset']})" if "bot_preset" in duel else "")
        games[(str(duel["game"]), bot, str(duel["opponent"]))].append(duel)
    rows = ["| game | pairing | the bot's wins | in seat 0 | in seat 1 | cut off by the limit |"]
    rows.append("|---|---|---|---|---|---|")
    for (game, bot, opponent), duels in sorted(games.items()):
        won = {
            seat: sum(float(str(d["mine"])) for d in duels if d["seat"] == seat) for seat in (0, 1)
        }
        played = {seat: sum(1 for d in duels if d["seat"] == seat) for seat in (0, 1)}
        cut = str(sum(1 for d in duels if d.get("ending") == "limit"))
        untold = sum(1 for d in duels if "ending" not in d and d["mine"] == d["theirs"] == 0)
        cut += f" (and {untold} with no winner, the ending not kept)" if untold else ""
        total, count = won[0] + won[1], len(duels)
        rows.append(
            f"| {TITLES.get(game, game)} | {bot} against {opponent} | {total:g} of {count} "
            f"({100 * total / count:.1f}%) | {won[0]:g} of {played[0]} | {won[1]:g} of "
            f"{played[1]} | {cut} |"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    print(table(Path(sys.argv[1])))
