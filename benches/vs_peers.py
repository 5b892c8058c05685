#!/usr/bin/env python3
"""Connect Four speed of meeple against its peers, as ratios measured side by side in one run.

Measures, each on one thread from the empty board:
- random playouts/s: meeple (`meeple bench --game connect4 --threads 1`) against the Rust crate
  `board-game` 0.8.2 (`Board::play_random_available_move` until the game ends);
- MCTS iterations/s: meeple's `mcts:iterations=N,c=1.4` (UCT, one uniformly random rollout per
  leaf, rewards in [0, 1]) against `board-game`'s `mcts_build_tree` (MCTS-Solver, one random
  rollout per leaf, exploration weight 1.4 on values in [0, 1]) and against OpenSpiel's C++
  `MCTSBot` (pip `open_spiel`; one random rollout per leaf, solve=False, uct_c = 2.8 on its
  returns in [-1, 1], which is the same exploration as c = 1.4 on [0, 1]: a value v in [-1, 1]
  is (v + 1) / 2 in [0, 1], so mean' + c' * e = (mean + 1) / 2 + (c / 2) * e).

Each round runs every contender once per measure, in alternating order (meeple first in even
rounds, last in odd ones), each for about --seconds of CPU time; a rate is the work done divided
by the CPU time (user + system) the process used, read with getrusage(RUSAGE_CHILDREN) around
each process (microsecond resolution), so the load of a shared machine does not bias it. The
OpenSpiel side times its own loop with time.process_time() (Python's start-up and the
import of pyspiel are left out; one warm-up decision first). The meeple and board-game sides are
whole processes (their start-up, a few milliseconds, counts against them). Prints the peers'
versions, then per measure the median ratio over the rounds and its range (lowest, highest),
then the median rates as an example for this machine.

Usage (paths here are from the repository root; --meeple is relative to the current directory):
    python3 benches/vs_peers.py                    # builds meeple and the board-game program
    python3 benches/vs_peers.py --rounds 9 --seconds 3 --meeple target/release/meeple

Needs `cargo` on PATH. meeple is built with `cargo build --release --locked` unless --meeple is
given. The board-game program (benches/vs_peers/board_game/, a small Cargo project depending on
the crate from crates.io, with its own committed Cargo.lock) is always built, with --locked, into
target/vs_peers/. Without `pip install open_spiel`, the OpenSpiel measure is skipped with a note.
"""

import argparse
import importlib.metadata
import math
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARD_GAME_DIR = os.path.join(ROOT, "benches", "vs_peers", "board_game")

OPENSPIEL_CHILD = r"""
import sys, time
import pyspiel
iterations, decisions, seed = map(int, sys.argv[1:])
game = pyspiel.load_game("connect_four")
evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
# (game, evaluator, uct_c, max_simulations, max_memory_mb, solve, seed, verbose)
bot = pyspiel.MCTSBot(game, evaluator, 2.8, iterations, 1000, False, seed, False)
state = game.new_initial_state()
bot.step(state)  # warm-up
start = time.process_time()
for _ in range(decisions):
    bot.step(state)
print(decisions * iterations, time.process_time() - start)
"""


def run(cmd):
    """Runs `cmd` to its end and returns its stdout; exits with its stderr if it fails."""
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr}")
    return proc.stdout


def children_cpu():
    """User + system CPU seconds of all waited-for children so far (microsecond resolution)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_of(cmd):
    """Runs `cmd` and returns (stdout, CPU seconds, user + system, of that process)."""
    before = children_cpu()
    out = run(cmd)
    # The children's usage grows by exactly the usage of the child just waited for.
    return out, children_cpu() - before


def number(pattern, text, cmd):
    m = re.search(pattern, text)
    if not m:
        sys.exit(f"unexpected output of {' '.join(cmd)}:\n{text}")
    return float(m.group(1))


class Meeple:
    def __init__(self, binary, seconds):
        self.binary, self.seconds = binary, seconds

    def playouts(self):
        cmd = [self.binary, "bench", "--game", "connect4", "--threads", "1", "--seconds", str(self.seconds)]
        out, cpu = cpu_of(cmd)
        return number(r"\((\d+) games in", out, cmd) / cpu

    def mcts(self, iterations):
        bot = f"mcts:iterations={iterations},c=1.4"
        cmd = [self.binary, "bench", "--game", "connect4", "--bot", bot, "--seconds", str(self.seconds)]
        out, cpu = cpu_of(cmd)
        return number(r"\((\d+) decisions in", out, cmd) * iterations / cpu


class BoardGame:
    """The board-game program; sizes its work to about `seconds` from the previous sample."""

    def __init__(self, binary, seconds):
        self.binary, self.seconds = binary, seconds
        self.rate = {"playouts": 200_000.0, "mcts": 20_000.0}

    def sample(self, what, args, work):
        cmd = [self.binary, what, *map(str, args)]
        _, cpu = cpu_of(cmd)
        self.rate[what] = work / max(cpu, 1e-3)
        return self.rate[what]

    def playouts(self):
        n = max(1000, int(self.rate["playouts"] * self.seconds))
        return self.sample("playouts", [n], n)

    def mcts(self, iterations):
        d = max(1, int(self.rate["mcts"] * self.seconds / iterations))
        return self.sample("mcts", [iterations, d], iterations * d)


class OpenSpiel:
    def __init__(self, seconds):
        self.seconds, self.rate = seconds, 5_000.0

    def mcts(self, iterations):
        d = max(1, int(self.rate * self.seconds / iterations))
        cmd = [sys.executable, "-c", OPENSPIEL_CHILD, str(iterations), str(d), "1"]
        work, cpu = run(cmd).split()
        self.rate = float(work) / max(float(cpu), 1e-3)
        return self.rate


def check_args(p, a, need_cargo):
    """Exits through `p.error` (code 2) on a bad argument of `a` or a missing cargo."""
    if a.rounds < 1:
        p.error(f"--rounds must be at least 1, not {a.rounds}")
    if getattr(a, "iterations", 1) < 1:
        p.error(f"--iterations must be at least 1, not {a.iterations}")
    if not (math.isfinite(a.seconds) and a.seconds > 0):
        p.error(f"--seconds must be a finite number above 0, not {a.seconds:g}")
    if a.meeple is not None and not os.path.exists(a.meeple):
        p.error(f"--meeple: no such file: {a.meeple}")
    if a.meeple is not None and not (os.path.isfile(a.meeple) and os.access(a.meeple, os.X_OK)):
        p.error(f"--meeple: not an executable file: {a.meeple}")
    if need_cargo and shutil.which("cargo") is None:
        p.error(f"cargo not found on PATH: it is needed to build {need_cargo}")


def cargo_build(what, args):
    """Runs `cargo build --release --locked --quiet` with `args`, saying so first."""
    cmd = ["cargo", "build", "--release", "--locked", "--quiet", *args]
    print(f"building {what} ({' '.join(cmd[:4])}) ...", file=sys.stderr)
    if subprocess.run(cmd, cwd=ROOT).returncode != 0:
        sys.exit(f"building {what} failed: {' '.join(cmd)}")


def build_meeple():
    """Builds meeple and returns the path of its release binary."""
    cargo_build("meeple", [])
    return os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "meeple")


def board_game_version():
    """The version of the crate board-game in the board-game program's Cargo.lock."""
    with open(os.path.join(BOARD_GAME_DIR, "Cargo.lock")) as f:
        m = re.search(r'name = "board-game"\nversion = "([^"]+)"', f.read())
    return m.group(1) if m else "unknown"


def openspiel_version():
    try:
        import open_spiel
        version = getattr(open_spiel, "__version__", None)
    except ImportError:
        version = None
    if version is None:
        try:
            version = importlib.metadata.version("open_spiel")
        except importlib.metadata.PackageNotFoundError:
            version = "unknown"
    return version


def build(args, bg_version):
    binary = args.meeple if args.meeple is not None else build_meeple()
    target = os.path.join(ROOT, "target", "vs_peers")
    # The board-game program has its own committed Cargo.lock, so --locked applies to it too.
    cargo_build(f"the board-game program with board-game {bg_version} from crates.io",
                ["--manifest-path", os.path.join(BOARD_GAME_DIR, "Cargo.toml"), "--target-dir", target])
    return binary, os.path.join(target, "release", "board-game-bench")


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            m = re.search(r"model name\s*:\s*(.*)", f.read())
            return m.group(1).strip() if m else platform.processor()
    except OSError:
        return platform.processor() or platform.machine()


def summary(rows):
    """One line per (label, ratios) row: the median ratio and its range, labels padded alike."""
    width = max(len(name) for name, _ in rows)
    return [f"  {name:<{width}} {statistics.median(r):6.2f}x   (range {min(r):.2f}-{max(r):.2f} over {len(r)} round{'s' if len(r) != 1 else ''})"
            for name, r in rows]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=7, help="paired rounds (default 7)")
    p.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per sample (default 2)")
    p.add_argument("--iterations", type=int, default=1000, help="MCTS iterations per decision (default 1000)")
    p.add_argument("--meeple", type=os.path.abspath,
                   help="meeple binary, relative to the current directory [default: build target/release/meeple]")
    a = p.parse_args()
    check_args(p, a, need_cargo="the board-game program" if a.meeple else "meeple and the board-game program")
    bg_version = board_game_version()
    meeple_bin, bg_bin = build(a, bg_version)
    meeple, bg = Meeple(meeple_bin, a.seconds), BoardGame(bg_bin, a.seconds)
    try:
        import pyspiel  # noqa: F401
        spiel = OpenSpiel(a.seconds)
        spiel_version = openspiel_version()
    except ImportError:
        spiel = None
        print("OpenSpiel: skipped (no module pyspiel; `pip install open_spiel` to include it)", file=sys.stderr)
    # Calibrate the peers' work sizes once (not counted).
    bg.playouts()
    bg.mcts(a.iterations)
    if spiel:
        spiel.mcts(a.iterations)
    rates = {k: [] for k in ["meeple playouts", "board-game playouts", "meeple mcts", "board-game mcts", "OpenSpiel mcts"]}
    ratios = {k: [] for k in ["playouts", "mcts-bg", "mcts-spiel"]}
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    for r in range(a.rounds):
        first = r % 2 == 0
        pair = [("meeple playouts", meeple.playouts), ("board-game playouts", bg.playouts)]
        for name, f in pair if first else pair[::-1]:
            rates[name].append(f())
        trio = [("meeple mcts", lambda: meeple.mcts(a.iterations)), ("board-game mcts", lambda: bg.mcts(a.iterations))]
        if spiel:
            trio.append(("OpenSpiel mcts", lambda: spiel.mcts(a.iterations)))
        for name, f in trio if first else trio[::-1]:
            rates[name].append(f())
        ratios["playouts"].append(rates["meeple playouts"][-1] / rates["board-game playouts"][-1])
        ratios["mcts-bg"].append(rates["meeple mcts"][-1] / rates["board-game mcts"][-1])
        if spiel:
            ratios["mcts-spiel"].append(rates["meeple mcts"][-1] / rates["OpenSpiel mcts"][-1])
        print(f"round {r + 1}/{a.rounds} done", file=sys.stderr)
    print(f"Connect Four, empty board, 1 thread, {a.rounds} paired rounds of about {a.seconds:g} CPU-s per sample")
    spiel_note = f"open_spiel {spiel_version}" if spiel else "open_spiel not installed"
    print(f"peers: board-game {bg_version} (crates.io), {spiel_note}")
    print("meeple's rate / the peer's (median, per-process CPU time):")
    rows = [(f"random playouts/s vs board-game {bg_version}", ratios["playouts"]),
            (f"MCTS iterations/s vs board-game {bg_version} ({a.iterations}/decision)", ratios["mcts-bg"])]
    if spiel:
        rows.append((f"MCTS iterations/s vs OpenSpiel MCTSBot ({a.iterations}/decision)", ratios["mcts-spiel"]))
    for line in summary(rows):
        print(line)
    if not spiel:
        print("  MCTS iterations/s vs OpenSpiel MCTSBot: skipped (pip install open_spiel)")
    print(f"example rates (medians), {started}, {cpu_model()}, {os.cpu_count()} logical CPUs:")
    width = max(len(name) for name in rates)
    for name, v in rates.items():
        if v:
            unit = "playouts/s" if "playouts" in name else "iterations/s"
            print(f"  {name:<{width}} {statistics.median(v):>14,.0f} {unit}")


if __name__ == "__main__":
    main()
