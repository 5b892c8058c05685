#!/usr/bin/env python3
"""Tournament speed against playout speed, as ratios measured side by side in one run.

Three measures, each printed as the median ratio over rounds with its range:

- `play` against `bench` (default): `meeple play --bots random --threads 1` games per CPU-second
  against `meeple bench --threads 1` playouts per CPU-second, same game and player count
  (default BANG! at 5 players). The two alternate (bench first in even rounds, play first in odd
  ones); a rate is the games divided by the CPU time (user + system) of that process, read with
  getrusage(RUSAGE_CHILDREN) around it, so the load of a shared machine does not bias it. `play`
  writes its results to a temporary directory.
  Its default, 400,000 games, is about 4 CPU-seconds at BANG! 5 players, as long as the 3 s of
  a bench run: each process also pays a fixed cost (start-up, the first small windows, writing
  the outputs; about 10 ms), which a real tournament of a million games pays once. With the
  earlier default of 60,000 games (0.6 CPU-s) that cost weighed 1-2% on `play` against 0.3% on
  `bench`, and `play` read about 4% slower than at 400,000.
- `--scaling`: `meeple play --per-game` (games.csv written) at `--threads 2` against
  `--threads 1`, the ratio of their wall times (default 1,000,000 BANG! 5-player games). Wall
  time is what scaling is about, so this needs an otherwise idle machine with at least 2 cores:
  the script warns before it starts if the 1-minute load average is above 0.5, and prints it
  before and after every run next to the ratio; a load above about 0.5 (the runs themselves
  excluded) makes the figure meaningless.
- `--all-games`: `meeple bench --threads 1` of every game (at the player counts of GAMES below)
  against BANG! at 5 players in the same round: the ratio of their actions per CPU-second, and
  the games per CPU-second of each as an example for this machine. It sets the games itself, so
  it refuses --game and --players; it cannot be combined with --scaling.

Needs `cargo` on PATH unless --meeple is given; meeple is built with
`cargo build --release --locked`.

Usage (paths here are from the repository root; --meeple is relative to the current directory):
    python3 benches/tournament_speed.py                       # builds meeple; play vs bench
    python3 benches/tournament_speed.py --rounds 7 --meeple target/release/meeple
    python3 benches/tournament_speed.py --scaling --games 1000000 --rounds 1
    python3 benches/tournament_speed.py --all-games --rounds 3 --seconds 2
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vs_peers import build_meeple, check_args, cpu_model, cpu_of, number, run, summary  # noqa: E402


# (game, players) for --all-games; BANG! at 5 players is the reference.
GAMES = [("bang", 5), ("connect4", 2), ("mow", 4), ("president", 5), ("sevenwondersarchitects", 4),
         ("ekonos", 4), ("sevenwondersduel", 2), ("locomomo", 2), ("catcafe", 4), ("laserreflection", 3)]


def load():
    """The 1-minute load average."""
    return os.getloadavg()[0]


def play_cmd(a, out, threads, per_game):
    cmd = [a.meeple, "play", "--game", a.game, "--players", str(a.players), "--bots", "random",
           "--games", str(a.games), "--threads", str(threads), "--quiet", "--out", out]
    return cmd + (["--per-game"] if per_game else [])


def play_vs_bench(a):
    """Paired rounds of `bench` and `play`; returns the play/bench ratios and both rates."""
    ratios, rates = [], {"bench": [], "play": []}
    with tempfile.TemporaryDirectory() as tmp:

        def bench():
            cmd = [a.meeple, "bench", "--game", a.game, "--players", str(a.players), "--threads", "1",
                   "--seconds", str(a.seconds)]
            out, cpu = cpu_of(cmd)
            return number(r"\((\d+) games in", out, cmd) / cpu

        def play():
            out = os.path.join(tmp, f"run{len(rates['play'])}")
            _, cpu = cpu_of(play_cmd(a, out, 1, False))
            return a.games / cpu

        for r in range(a.rounds):
            pair = [("bench", bench), ("play", play)]
            for name, f in pair if r % 2 == 0 else pair[::-1]:
                rates[name].append(f())
            ratios.append(rates["play"][-1] / rates["bench"][-1])
            print(f"round {r + 1}/{a.rounds}: play/bench {ratios[-1]:.3f}", file=sys.stderr)
    return ratios, rates


def bench_rates(a, game, players):
    """`meeple bench --threads 1` of `game`: (games, actions) per CPU-second of the process."""
    cmd = [a.meeple, "bench", "--game", game, "--players", str(players), "--threads", "1", "--seconds", str(a.seconds)]
    out, cpu = cpu_of(cmd)
    games = number(r"\((\d+) games in", out, cmd)
    actions_per_game = number(r"([\d.]+) actions/s", out, cmd) / number(r"([\d.]+) games/s", out, cmd)
    return games / cpu, games * actions_per_game / cpu


def all_games(a):
    """Rounds of every game's bench; returns per game the ratios of actions/CPU-s to BANG!'s and
    the games/CPU-s."""
    ratios, games = {g: [] for g in GAMES}, {g: [] for g in GAMES}
    for r in range(a.rounds):
        order = GAMES if r % 2 == 0 else GAMES[::-1]
        rates = {g: bench_rates(a, *g) for g in order}
        for g in GAMES:
            ratios[g].append(rates[g][1] / rates[GAMES[0]][1])
            games[g].append(rates[g][0])
        print(f"round {r + 1}/{a.rounds} done", file=sys.stderr)
    return ratios, games


def scaling(a):
    """Rounds of `play --per-game` at 1 and 2 threads; returns the wall-time ratios and loads."""
    ratios, notes = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(a.rounds):
            wall = {}
            order = [1, 2] if r % 2 == 0 else [2, 1]
            for threads in order:
                out = os.path.join(tmp, f"t{threads}-{r}")
                before = load()
                start = time.perf_counter()
                run(play_cmd(a, out, threads, True))
                wall[threads] = time.perf_counter() - start
                notes.append(f"{threads} thread(s): {wall[threads]:.1f} s wall, load average {before:.2f} before, "
                             f"{load():.2f} after")
                print(notes[-1], file=sys.stderr)
            ratios.append(wall[1] / wall[2])
    return ratios, notes


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", help="game to measure, as meeple names it (default bang; not with --all-games)")
    p.add_argument("--players", type=int, help="player count of --game (default 5; not with --all-games)")
    p.add_argument("--rounds", type=int, default=5, help="paired rounds (default 5)")
    p.add_argument("--games", type=int, help="games per `play` run [default: 400000; 1000000 with --scaling; unused by --all-games]")
    p.add_argument("--seconds", type=float, default=3.0, help="seconds per `bench` run (default 3)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--scaling", action="store_true", help="measure --per-game at 2 threads against 1 instead")
    mode.add_argument("--all-games", action="store_true",
                      help="measure every game's bench against BANG!'s instead (its own games and player counts)")
    p.add_argument("--meeple", type=os.path.abspath,
                   help="meeple binary, relative to the current directory [default: build target/release/meeple]")
    a = p.parse_args()
    if a.all_games and (a.game is not None or a.players is not None):
        p.error("--all-games measures its own list of games: leave out --game and --players")
    a.game = "bang" if a.game is None else a.game
    a.players = 5 if a.players is None else a.players
    if a.games is None:
        a.games = 1_000_000 if a.scaling else 400_000
    if a.players < 1:
        p.error(f"--players must be at least 1, not {a.players}")
    if a.games < 1 and not a.all_games:
        p.error(f"--games must be at least 1, not {a.games}")
    check_args(p, a, need_cargo="meeple (or pass --meeple PATH)" if a.meeple is None else None)
    if a.scaling and load() > 0.5:
        print(f"warning: the 1-minute load average is {load():.2f}, above 0.5: --scaling measures wall time "
              "and needs an otherwise idle machine, so this figure will not mean much", file=sys.stderr)
    if a.meeple is None:
        a.meeple = build_meeple()
    if not a.all_games:
        # A game or player count meeple refuses stops here, with meeple's own message.
        check = subprocess.run([a.meeple, "bench", "--game", a.game, "--players", str(a.players),
                                "--threads", "1", "--seconds", "0.01"], capture_output=True, text=True)
        if check.returncode != 0:
            p.error(f"meeple refuses --game {a.game} --players {a.players}: {check.stderr.strip()}")
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    where = f"{started}, {cpu_model()}, {os.cpu_count()} logical CPUs"
    if a.all_games:
        ratios, games = all_games(a)
        print(f"meeple bench --threads 1, {a.rounds} rounds of about {a.seconds:g} s per game")
        print("actions per CPU-second / BANG!'s at 5 players in the same round (median, range); "
              f"games per CPU-second (median), {where}:")
        lines = summary([(f"{g[0]} {g[1]}p", ratios[g]) for g in GAMES])
        for g, line in zip(GAMES, lines):
            print(f"{line}   {statistics.median(games[g]):>12,.0f} games/CPU-s")
    elif a.scaling:
        ratios, notes = scaling(a)
        print(f"{a.game} at {a.players} players, random bots, {a.games} games with --per-game, {a.rounds} rounds")
        print(summary([("wall time, 1 thread / 2 threads", ratios)])[0])
        print(f"runs ({where}):")
        for n in notes:
            print(f"  {n}")
    else:
        ratios, rates = play_vs_bench(a)
        print(f"{a.game} at {a.players} players, random bots, 1 thread, {a.rounds} paired rounds "
              f"({a.games} games per play run, {a.seconds:g} s per bench run)")
        print(summary([("play games/s / bench games/s (CPU time)", ratios)])[0])
        print(f"example rates (medians), {where}:")
        for name, v in rates.items():
            print(f"  {name:<6} {statistics.median(v):>12,.0f} games per CPU-second")


if __name__ == "__main__":
    main()
