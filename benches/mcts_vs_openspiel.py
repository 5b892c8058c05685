#!/usr/bin/env python3
"""MCTS iterations per second on Connect Four from the initial position: meeple against
OpenSpiel's C++ MCTSBot, measured side by side in one run, on one thread each.

Both searches are plain UCT with one uniformly random rollout per leaf, the same exploration
constant (c = 1.4) and the same iteration count per decision; OpenSpiel runs with solve=False
(no MCTS-Solver), so neither search proves wins. Each side decides repeatedly from the empty
board for about --seconds; iterations/s = decisions x iterations / seconds.

Usage (from the repository root):
    pip install open_spiel                  # once
    python3 benches/mcts_vs_openspiel.py    # builds meeple with `cargo build --release`
    python3 benches/mcts_vs_openspiel.py --iterations 10000 --seconds 10 --meeple target/release/meeple

The meeple side is `meeple bench --game connect4 --bot mcts:iterations=N,c=1.4 --seconds S`.
"""

import argparse
import os
import re
import subprocess
import sys
import time


def meeple_rate(binary, iterations, c, seconds):
    """Iterations/s of meeple's MCTS bot, read from `meeple bench --bot`."""
    bot = f"mcts:iterations={iterations},c={c}"
    cmd = [binary, "bench", "--game", "connect4", "--bot", bot, "--seconds", str(seconds)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    m = re.search(r"([\d.]+) iterations/s", out)
    if not m:
        sys.exit(f"unexpected output of {' '.join(cmd)}:\n{out}")
    return float(m.group(1)), " ".join(cmd)


def openspiel_rate(iterations, c, seconds, seed):
    """Iterations/s of OpenSpiel's C++ MCTSBot (pyspiel) with one random rollout per leaf."""
    import pyspiel

    game = pyspiel.load_game("connect_four")
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, c, iterations, 1000, False, seed, False)
    state = game.new_initial_state()
    bot.step(state)  # warm-up
    decisions, start = 0, time.perf_counter()
    while True:
        bot.step(state)
        decisions += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions * iterations / elapsed


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--iterations", type=int, default=1000, help="MCTS iterations per decision")
    p.add_argument("--c", type=float, default=1.4, help="UCT exploration constant")
    p.add_argument("--seconds", type=float, default=5.0, help="measurement time per side")
    p.add_argument("--meeple", help="meeple binary [default: build target/release/meeple]")
    p.add_argument("--seed", type=int, default=1, help="OpenSpiel seed")
    a = p.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = a.meeple
    if binary is None:
        subprocess.run(["cargo", "build", "--release", "--quiet"], check=True, cwd=root)
        target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
        binary = os.path.join(target, "release", "meeple")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        sys.exit("OpenSpiel is missing: pip install open_spiel")
    ours, cmd = meeple_rate(binary, a.iterations, a.c, a.seconds)
    theirs = openspiel_rate(a.iterations, a.c, a.seconds, a.seed)
    print(f"Connect Four, initial position, UCT c={a.c}, 1 random rollout/leaf, "
          f"{a.iterations} iterations/decision, 1 thread")
    print(f"  meeple mcts          {ours:>12,.0f} iterations/s   ({cmd})")
    print(f"  OpenSpiel MCTSBot    {theirs:>12,.0f} iterations/s   (pyspiel.MCTSBot, solve=False)")
    print(f"  ratio                {ours / theirs:>12.2f}x")


if __name__ == "__main__":
    main()
