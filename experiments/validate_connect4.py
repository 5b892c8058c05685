#!/usr/bin/env python3
"""Validate meeple's Connect Four random-play statistics against OpenSpiel.

What it validates
-----------------
Uniformly random play by both seats on the standard 7x6 board (seat 0 moves
first) gives a particular distribution of outcomes and game lengths. meeple
measures it with its own Connect Four rules, random bot and seeded runner.
This script plays the same experiment with an independent, published
implementation of the game: DeepMind's OpenSpiel
(``pyspiel.load_game("connect_four")``: 7 columns x 6 rows, 4 in a row,
player 0 moves first). It prints the reference figures next to meeple's, so
a rules bug (a missed diagonal, wrong draw detection, the wrong first mover,
a biased random bot, ...) would show up as a significant difference.

meeple's figures (``meeple play --game connect4 --bots random --games 1000000
--seed 1``; the script has them built in, including the length histogram):

    seat 0 (first) wins  55.4811%   Wilson 95% [55.3837%, 55.5785%]
    seat 1 wins          44.2548%
    draws                 0.2641%
    game length (moves)  mean 21.326875, sd 7.373442, min 7, median 21, max 42

Tests printed: whether each meeple rate lies in the reference's Wilson 95%
interval and whether the two intervals overlap; a pooled two-proportion
z-test for each rate; a z-test on mean length; a chi-square homogeneity test
on the joint (outcome, length) distribution: 36 lengths 7..42, with length 42
split into seat-1 win and draw. Lengths decide the winner (odd = seat 0,
even = seat 1), so this one test covers both outcome and length.

Install the dependency (Python >= 3.9; a virtualenv is recommended)
------------------------------------------------------------------
    python3 -m venv /tmp/c4venv
    /tmp/c4venv/bin/pip install open_spiel     # tested with open_spiel 2.0.2
                                               # (brings numpy and scipy)

Run
---
    /tmp/c4venv/bin/python experiments/validate_connect4.py            # 1,000,000 games
    /tmp/c4venv/bin/python experiments/validate_connect4.py 200000 --seed 7 --workers 2
    # compare against another meeple run instead of the built-in seed-1 figures:
    /tmp/c4venv/bin/python experiments/validate_connect4.py --meeple-counts runs/X/counts.json

Games are split into fixed chunks of ``--chunk`` games; chunk i draws its
moves from ``random.Random(f"{seed}-{i}")``. Results therefore depend only on
N, the seed and the chunk size, not on the number of worker processes.
OpenSpiel plays about 2,000-3,000 games/s per core here: 1,000,000 games took
3-5 minutes on the 2-core machine (177-298 s depending on other load).
The sd is the population sd, as in meeple. ``--hist-out PATH`` saves the
reference's counts and length histogram as JSON for further comparisons.
"""

import argparse
import json
import math
import multiprocessing as mp
import random
import sys
import time

Z95 = 1.959963984540054
MAX_LEN = 42

# meeple, seed 1, 1,000,000 games: seat 0 wins / draws and the game-length
# histogram (index = number of moves), from runs/connect4-seed1/counts.json.
MEEPLE_SEED1 = {
    "label": "meeple seed 1",
    "games": 1_000_000,
    "wins0": 554_811,
    "draws": 2_641,
    "hist": {7: 15880, 8: 7797, 9: 26591, 10: 15059, 11: 34227, 12: 22310,
             13: 39772, 14: 29986, 15: 46363, 16: 37252, 17: 51414,
             18: 43528, 19: 54403, 20: 46824, 21: 54661, 22: 47140,
             23: 51846, 24: 44272, 25: 45490, 26: 38941, 27: 38529,
             28: 32677, 29: 30809, 30: 25912, 31: 23485, 32: 19094,
             33: 17127, 34: 13467, 35: 11318, 36: 9035, 37: 7080, 38: 5381,
             39: 4203, 40: 3042, 41: 1613, 42: 3472},
}


def play_chunk(task):
    """Play ``n`` random games with RNG stream ``seed-chunk``.

    Returns (seat0 wins, seat1 wins, draws, length histogram as dict).
    """
    seed, chunk, n = task
    import pyspiel  # imported in the worker

    game = pyspiel.load_game("connect_four")
    rng = random.Random(f"{seed}-{chunk}")
    wins0 = wins1 = draws = 0
    hist = {}
    for _ in range(n):
        state = game.new_initial_state()
        assert state.current_player() == 0
        moves = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        r0 = state.returns()[0]
        if r0 > 0:
            wins0 += 1
        elif r0 < 0:
            wins1 += 1
        else:
            draws += 1
        hist[moves] = hist.get(moves, 0) + 1
    return wins0, wins1, draws, hist


def load_meeple_counts(path):
    """Seat-0 figures and length histogram from a meeple counts.json."""
    with open(path) as f:
        data = json.load(f)
    for key, val in data["groups"]:
        if key["label"] == "seat" and key["value"] == "0":
            counts = val["length"]["counts"]
            return {
                "label": f"meeple {path}",
                "games": val["games"],
                "wins0": val["wins"],
                "draws": val["draws"],
                "hist": {i: c for i, c in enumerate(counts) if c},
            }
    raise SystemExit(f"{path}: no seat 0 group")


def wilson(k, n, z=Z95):
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def two_prop_z(k1, n1, k2, n2):
    """Pooled two-proportion z-test; returns (z, two-sided p)."""
    p1, p2 = k1 / n1, k2 / n2
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    z = (p1 - p2) / se if se > 0 else 0.0
    return z, math.erfc(abs(z) / math.sqrt(2))


def hist_stats(hist):
    """mean, population sd, min, median (lower), max of a length histogram."""
    n = sum(hist.values())
    mean = sum(k * c for k, c in hist.items()) / n
    var = sum(c * (k - mean) ** 2 for k, c in hist.items()) / n
    keys = sorted(hist)
    target, acc, median = (n - 1) // 2, 0, None
    for k in keys:
        acc += hist[k]
        if acc > target:
            median = k
            break
    return mean, math.sqrt(var), keys[0], median, keys[-1]


def joint_cells(hist, draws):
    """(outcome, length) cells: lengths 7..42, with 42 split into win/draw."""
    cells = {k: c for k, c in hist.items()}
    if draws > cells.get(MAX_LEN, 0):
        raise ValueError("more draws than 42-move games")
    cells[MAX_LEN] = cells.get(MAX_LEN, 0) - draws  # seat-1 wins at 42
    cells["draw"] = draws
    return cells


def chi2_homogeneity(a, b):
    """Chi-square test that two count dicts come from one distribution."""
    from scipy.stats import chi2

    na, nb = sum(a.values()), sum(b.values())
    stat, df = 0.0, -1
    for k in set(a) | set(b):
        ca, cb = a.get(k, 0), b.get(k, 0)
        tot = ca + cb
        if tot == 0:
            continue
        ea, eb = tot * na / (na + nb), tot * nb / (na + nb)
        stat += (ca - ea) ** 2 / ea + (cb - eb) ** 2 / eb
        df += 1
    return stat, df, chi2.sf(stat, df)


def pct(x):
    return f"{100 * x:.4f}%"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="?", type=int, default=1_000_000,
                    help="number of games (default 1,000,000)")
    ap.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    ap.add_argument("--workers", type=int, default=2,
                    help="worker processes (default 2)")
    ap.add_argument("--chunk", type=int, default=10_000,
                    help="games per chunk / RNG stream (default 10,000)")
    ap.add_argument("--meeple-counts", metavar="PATH",
                    help="compare against this meeple counts.json instead of "
                         "the built-in seed-1 figures")
    ap.add_argument("--hist-out", metavar="PATH",
                    help="write the reference's counts and length histogram "
                         "as JSON to PATH")
    args = ap.parse_args(argv)
    if args.games < 1 or args.chunk < 1 or args.workers < 1:
        ap.error("games, chunk and workers must be positive")
    ref_m = (load_meeple_counts(args.meeple_counts) if args.meeple_counts
             else MEEPLE_SEED1)

    import pyspiel
    try:
        from importlib.metadata import version
        osv = version("open_spiel")
    except Exception:  # pragma: no cover
        osv = "unknown"
    game = pyspiel.load_game("connect_four")
    print(f"reference: OpenSpiel {osv}, game {game} "
          f"params {game.get_parameters()}")

    tasks, left, i = [], args.games, 0
    while left > 0:
        n = min(args.chunk, left)
        tasks.append((args.seed, i, n))
        left -= n
        i += 1

    t0 = time.perf_counter()
    with mp.Pool(args.workers) as pool:
        results = pool.map(play_chunk, tasks, chunksize=1)
    elapsed = time.perf_counter() - t0

    w0 = sum(r[0] for r in results)
    w1 = sum(r[1] for r in results)
    dr = sum(r[2] for r in results)
    hist = {}
    for r in results:
        for k, c in r[3].items():
            hist[k] = hist.get(k, 0) + c
    n = w0 + w1 + dr
    assert n == args.games

    mean, sd, lo, med, hi = hist_stats(hist)
    if args.hist_out:
        with open(args.hist_out, "w") as f:
            json.dump({"games": n, "seed": args.seed, "wins0": w0,
                       "wins1": w1, "draws": dr,
                       "hist": {str(k): hist[k] for k in sorted(hist)}}, f)
    ci0, ci1, cid = wilson(w0, n), wilson(w1, n), wilson(dr, n)

    print(f"games: {n}  seed: {args.seed}  workers: {args.workers}  "
          f"time: {elapsed:.1f} s ({n / elapsed:,.0f} games/s)")
    print(f"seat 0 (first) wins: {w0:>9}  {pct(w0 / n)}  "
          f"Wilson 95% [{pct(ci0[0])}, {pct(ci0[1])}]")
    print(f"seat 1 wins:         {w1:>9}  {pct(w1 / n)}  "
          f"Wilson 95% [{pct(ci1[0])}, {pct(ci1[1])}]")
    print(f"draws:               {dr:>9}  {pct(dr / n)}  "
          f"Wilson 95% [{pct(cid[0])}, {pct(cid[1])}]")
    print(f"game length (moves): mean {mean:.6f}  sd {sd:.6f}  "
          f"min {lo}  median {med}  max {hi}")

    # ---- comparison with meeple ----
    mn = ref_m["games"]
    mw0, mdr = ref_m["wins0"], ref_m["draws"]
    mw1 = mn - mw0 - mdr
    mmean, msd, mlo, mmed, mhi = hist_stats(ref_m["hist"])
    # Seat 0 makes the odd-numbered moves, so it can only win after an odd
    # number of moves: the joint test below relies on that.
    for who, h, k in [("reference", hist, w0), ("meeple", ref_m["hist"], mw0)]:
        odd = sum(c for m, c in h.items() if m % 2)
        if odd != k:
            print(f"WARNING: {who}: {odd} odd-length games but {k} seat-0 wins")
    print(f"\ncomparison with {ref_m['label']} ({mn:,} games):")
    for name, mk, rk, rci in [("seat 0 wins", mw0, w0, ci0),
                              ("seat 1 wins", mw1, w1, ci1),
                              ("draws", mdr, dr, cid)]:
        mp_ = mk / mn
        mci = wilson(mk, mn)
        inside = rci[0] <= mp_ <= rci[1]
        overlap = mci[0] <= rci[1] and rci[0] <= mci[1]
        z, p = two_prop_z(mk, mn, rk, n)
        print(f"  {name:<12} meeple {pct(mp_)} [{pct(mci[0])}, {pct(mci[1])}]"
              f"  in reference CI: {'yes' if inside else 'NO'}"
              f"  CIs overlap: {'yes' if overlap else 'NO'}"
              f"  z = {z:+.3f}, p = {p:.4f}")
    se = math.sqrt(msd ** 2 / mn + sd ** 2 / n)
    zl = (mmean - mean) / se
    pl = math.erfc(abs(zl) / math.sqrt(2))
    print(f"  mean length  meeple {mmean:.6f} vs {mean:.6f}  "
          f"diff {mmean - mean:+.6f}  z = {zl:+.3f}, p = {pl:.4f}")
    print(f"  sd length    meeple {msd:.6f} vs {sd:.6f}")
    print(f"  min/median/max meeple {mlo}/{mmed}/{mhi} vs {lo}/{med}/{hi}")
    stat, df, p = chi2_homogeneity(joint_cells(ref_m["hist"], mdr),
                                   joint_cells(hist, dr))
    print(f"  joint (outcome, length) distribution: chi-square = {stat:.2f}, "
          f"df = {df}, p = {p:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
