#!/usr/bin/env python3
"""Solve rate, effort percentiles when solved and items used, per bot, from the games.csv of
Laser Reflection runs played with `--per-game` (spec "Statistics to report", for play).

    experiments/laserreflection-solve-rates.py DIR/games.csv [...]

Reads the per-round seat labels `seat{s}_round{k}_effort` (the effort if solved, `gave_up` or
`timed_out` if failed, `-` if not played) and `seat{s}_round{k}_items_used`, for rounds 1-5
(every round of a race; a solo challenge's first five). Percentiles are nearest-rank, as in
`meeple puzzles`. Prints one Markdown row per (file, bot)."""
import csv
import math
import sys


def percentile(sorted_values, p):
    """Nearest-rank percentile p (0-100) of a sorted non-empty list."""
    return sorted_values[max(0, math.ceil(p / 100 * len(sorted_values)) - 1)]


def main(paths):
    print("| run | bot | rounds | solved | gave up | timed out | effort when solved: mean, p10 / p50 / p90 / p99, max | mean items used |")
    print("|---|---|---|---|---|---|---|---|")
    for path in paths:
        by_bot = {}
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                for s in range(int(row["players"])):
                    bot = by_bot.setdefault(row[f"seat{s}_bot"], {"rounds": 0, "gave_up": 0, "timed_out": 0, "efforts": [], "items": []})
                    for k in range(1, 6):
                        effort = row[f"seat{s}_round{k}_effort"]
                        if effort == "-":
                            continue
                        bot["rounds"] += 1
                        if effort in ("gave_up", "timed_out"):
                            bot[effort] += 1
                        else:
                            bot["efforts"].append(int(effort))
                            bot["items"].append(int(row[f"seat{s}_round{k}_items_used"]))
        run = path.rsplit("/", 2)[-2] if "/" in path else path
        for name, b in sorted(by_bot.items()):
            e = sorted(b["efforts"])
            solved = len(e)
            share = f"{solved} ({100 * solved / b['rounds']:.1f}%)" if b["rounds"] else "0"
            pct = f"{sum(e) / solved:.2f}, " + " / ".join(str(percentile(e, p)) for p in (10, 50, 90, 99)) + f", {e[-1]}" if e else "-"
            items = f"{sum(b['items']) / solved:.2f}" if solved else "-"
            print(f"| {run} | {name} | {b['rounds']} | {share} | {b['gave_up']} | {b['timed_out']} | {pct} | {items} |")


if __name__ == "__main__":
    main(sys.argv[1:])
