"""Random Connect Four games stepped from Python: meeple against pyspiel (open_spiel) and
PettingZoo's connect_four_v3, in CPU time (time.process_time), one process, one thread; plus
7 Wonders Duel and BANG! steps per second from Python against the CLI's own playouts
(`meeple bench`, if a binary is given with --cli).

    python benches/python_speed.py [--seconds 3] [--cli target/release/meeple]

Every loop does the same work per step: list the legal actions, draw one uniformly with Python's
`random`, apply it; a game is reset when it ends. A library that is not installed is skipped.
"""

import argparse
import random
import re
import subprocess
import time


def measure(step_game, seconds):
    """Steps and games per CPU second of `step_game()`, which plays one game and returns its steps."""
    start = time.process_time()
    steps = games = 0
    while time.process_time() - start < seconds:
        steps += step_game()
        games += 1
    elapsed = time.process_time() - start
    return steps / elapsed, games / elapsed


def meeple_loop(game="connect4", players=2):
    import meeple

    rng = random.Random(1)
    seed = [0]

    def play():
        seed[0] += 1
        state = meeple.new_game(game, players, seed=seed[0])
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play


def pyspiel_loop():
    import pyspiel

    game = pyspiel.load_game("connect_four")
    rng = random.Random(1)

    def play():
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play


def pettingzoo_loop():
    from pettingzoo.classic import connect_four_v3

    env = connect_four_v3.env()
    rng = random.Random(1)

    def play():
        env.reset(seed=rng.randrange(2**31))
        steps = 0
        for _agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
            steps += 1
        return steps

    return play


def cli_steps(cli, game, players, seconds):
    """Actions per CPU second of the CLI's random playouts on one thread (`meeple bench`)."""
    out = subprocess.run([cli, "bench", "--game", game, "--players", str(players), "--seconds", str(seconds),
                          "--threads", "1"], capture_output=True, text=True, check=True).stdout
    match = re.search(r"per CPU-second: [\d,]+ games, ([\d,]+) actions", out)
    return float(match.group(1).replace(",", "")) if match else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--cli", help="a meeple binary, for the CLI's own playout speed")
    args = parser.parse_args()
    rows = []
    for name, make in (("meeple", meeple_loop), ("pyspiel", pyspiel_loop), ("pettingzoo connect_four_v3", pettingzoo_loop)):
        try:
            loop = make()
        except ImportError as e:
            print(f"{name}: skipped ({e})")
            continue
        rows.append((name, *measure(loop, args.seconds)))
    base = rows[0][1]
    print(f"{'Connect Four, random games':<30} {'steps/s':>10} {'games/s':>9} {'meeple is':>10}")
    for name, steps, games in rows:
        print(f"{name:<30} {steps:>10,.0f} {games:>9,.0f} {base / steps:>9.1f}x")
    for game, players in (("sevenwondersduel", 2), ("bang", 4)):
        steps, _ = measure(meeple_loop(game, players), args.seconds)
        cli = cli_steps(args.cli, game, players, args.seconds) if args.cli else None
        ratio = f"  CLI playouts {cli:,.0f}/s, {cli / steps:.1f}x the Python loop" if cli else ""
        print(f"{game} ({players} players) from Python: {steps:,.0f} steps/s{ratio}")


if __name__ == "__main__":
    main()
