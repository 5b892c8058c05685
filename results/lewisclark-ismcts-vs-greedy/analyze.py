"""Win share of the ISMCTS seat per complete deal, from the games.csv of every shard folder here
(`Np-kofn/`, interrupted runs included; the second 5-player run `5p-s5757-kof4/` on its own), with a 95% t-interval over deals; mean final camps and
fort endings. Usage: `cd results/lewisclark-ismcts-vs-greedy && python3 analyze.py`."""
import csv
import glob
import math
from statistics import mean, stdev

# Two-sided 95% quantiles of Student's t by degrees of freedom (1.96 from 30 on).
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
       10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110,
       18: 2.101, 19: 2.093, 20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060,
       26: 2.056, 27: 2.052, 28: 2.048, 29: 2.045}

RUNS = [(2, "2p-?of?"), (3, "3p-?of?"), (4, "4p-?of?"), (5, "5p-?of?"), (5, "5p-s5757-?of4")]

for p, pattern in RUNS:
    rows = [r for f in sorted(glob.glob(f"{pattern}/games.csv")) for r in csv.DictReader(open(f))]
    deals, camps, fort, won_fort = {}, ([], []), 0, 0
    for r in rows:
        a = [s for s in range(p) if r[f"seat{s}_bot"].startswith("ismcts")]
        assert len(a) == 1, r["index"]
        deals.setdefault(int(r["index"]) // p, []).append(r)
    full = {d: g for d, g in deals.items() if len(g) == p}
    shares = []
    for games in full.values():
        share = []
        for r in games:
            a = next(s for s in range(p) if r[f"seat{s}_bot"].startswith("ismcts"))
            share.append(float(r[f"seat{a}_reward"]))
            camps[0].append(int(r[f"seat{a}_camp"]))
            camps[1].extend(int(r[f"seat{s}_camp"]) for s in range(p) if s != a)
            fort += r["end"] == "fort"
            won_fort += r["end"] == "fort" and r[f"seat{a}_result"] == "win"
        shares.append(mean(share))
    n = len(shares)
    if n == 0:
        print(f"{pattern}: no complete deal")
        continue
    m = mean(shares)
    half = T95.get(n - 1, 1.96) * stdev(shares) / math.sqrt(n) if n > 1 else float("nan")
    print(f"{pattern}: {p}p, {n} complete deals ({n * p} games), ISMCTS win share {m:.3f} "
          f"[{m - half:.3f}, {m + half:.3f}] (fair {1 / p:.3f}); mean final camp ISMCTS "
          f"{mean(camps[0]):.1f}, greedy {mean(camps[1]):.1f}; fort {fort}/{n * p} ({won_fort} won by ISMCTS)")
