"""A balance study, notebook style (cells marked ``# %%``, as Jupyter, VS Code and jupytext read
them): in BANG!, does a role's chance to win depend on the table size? Four tournaments through
the library's runner (``meeple.play``, the CLI's ``meeple play``), one per player count, then one
figure with matplotlib.

    python python/examples/balance_study.py                 # 400 games per player count
    python python/examples/balance_study.py --games 40 --bots random --out /tmp/study

Writes the run folder (``summary.csv``, ``games.csv``, ...) and ``bang_roles.png`` into ``--out``
(default ``runs/example-balance-study``). Needs matplotlib; pandas is optional (the tables are
then lists of dicts).
"""

# %% Setup
import argparse
import os
from typing import Any, Dict, List, Optional

import matplotlib

matplotlib.use("Agg")  # write files, no window
import matplotlib.pyplot as plt  # noqa: E402

import meeple  # noqa: E402

ROLES = ["sheriff", "deputy", "outlaw", "renegade"]
PLAYERS = [4, 5, 6, 7]


def records(table: Any) -> List[Dict[str, Any]]:
    """A run table as a list of dicts, whether it came back as a DataFrame or not."""
    return table.to_dict("records") if hasattr(table, "to_dict") else list(table)


# %% Play: one run, every player count; seats rotate so that each deal is played from every seat.
def study(games: int, bots: str, out: str, threads: Optional[int] = None) -> meeple.RunResult:
    """``games`` games of BANG! per player count in ``PLAYERS``, ``bots`` in every seat."""
    return meeple.play("bang", bots=[bots], players=PLAYERS, games=games, seed=1, out=out, threads=threads)


# %% Tabulate: the summary has one row per player count x label x value; keep the roles.
def role_rates(summary: Any) -> Dict[str, List[Dict[str, float]]]:
    """Per role, one point per player count: win rate and its 95% Wilson interval (the runner's,
    clustered by deal), and the number of seats played."""
    rows = [r for r in records(summary) if r["label"] == "role"]
    rates: Dict[str, List[Dict[str, float]]] = {}
    for role in ROLES:
        points = sorted((r for r in rows if r["value"] == role), key=lambda r: r["players"])
        rates[role] = [{k: float(p[k]) for k in ("players", "win_rate", "win_rate_low", "win_rate_high", "games")}
                       for p in points]
    return rates


def game_lengths(summary: Any) -> List[Dict[str, float]]:
    """Per player count: mean, 10th and 90th percentile of the game length (actions)."""
    rows = [r for r in records(summary) if r["label"] == "all"]
    return [{k: float(r[k]) for k in ("players", "length_mean", "length_p10", "length_p90")}
            for r in sorted(rows, key=lambda r: r["players"])]


# %% Plot: win rate by role against the player count, with intervals; game length beside it.
def plot(summary: Any, path: str, title: str) -> None:
    """Writes the two-panel figure of ``summary`` to ``path`` (PNG)."""
    rates, lengths = role_rates(summary), game_lengths(summary)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), gridspec_kw={"width_ratios": [3, 2]})
    for k, role in enumerate(ROLES):
        pts = rates[role]
        x = [p["players"] + (k - 1.5) * 0.06 for p in pts]  # a small offset keeps the bars apart
        y = [p["win_rate"] for p in pts]
        err = [[p["win_rate"] - p["win_rate_low"] for p in pts], [p["win_rate_high"] - p["win_rate"] for p in pts]]
        left.errorbar(x, y, yerr=err, marker="o", capsize=3, label=role)
    left.set_xticks(PLAYERS)
    left.set_xlabel("players")
    left.set_ylabel("win rate (95% interval)")
    left.set_ylim(0, 1)
    left.set_title("win rate by role")
    left.grid(alpha=0.3)
    left.legend(loc="upper right", ncol=2)
    xs = [r["players"] for r in lengths]
    right.plot(xs, [r["length_mean"] for r in lengths], marker="o", color="black", label="mean")
    right.fill_between(xs, [r["length_p10"] for r in lengths], [r["length_p90"] for r in lengths],
                       color="grey", alpha=0.3, label="10th-90th percentile")
    right.set_xticks(PLAYERS)
    right.set_xlabel("players")
    right.set_ylabel("actions per game")
    right.set_title("game length")
    right.grid(alpha=0.3)
    right.legend(loc="upper left")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# %% Run it
def main(argv: Optional[List[str]] = None) -> str:
    """Plays, prints the role table, plots; returns the PNG's path."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per player count")
    parser.add_argument("--bots", default="greedy", help="the bot in every seat (a meeple bot spec)")
    parser.add_argument("--out", default=os.path.join("runs", "example-balance-study"))
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args(argv)
    result = study(args.games, args.bots, args.out, args.threads)
    for role, pts in role_rates(result.summary).items():
        cells = "  ".join(f"{int(p['players'])}p {p['win_rate']:.2f}" for p in pts)
        print(f"{role:9} {cells}")
    path = os.path.join(args.out, "bang_roles.png")
    plot(result.summary, path, f"BANG!, {args.bots} in every seat, {args.games} games per player count")
    print(f"figure: {path}")
    return path


if __name__ == "__main__":
    main()
