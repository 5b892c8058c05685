#!/usr/bin/env bash
# Laser Reflection race: solve rate and effort by bot kind (each bot in every seat, so the
# `failed_rounds` and `edits_total` labels are that bot's), then the strength ladder with paired
# deals (A in one seat, B in the others, seats rotated). Default options (8x8, 10 items, 3 rounds,
# max_edits 200). Run from the repository root after `cargo build --release`:
#   experiments/laserreflection-race.sh [DEALS]
set -euo pipefail
DEALS=${1:-100}
BIN=${MEEPLE:-target/release/meeple}
OUT=results/laserreflection-race
play() { nice -n 10 "$BIN" play --game laserreflection --seed 1 --quiet "$@"; }
# The lineup A,B,B,... for N players.
lineup() { local s="$1"; for _ in $(seq 2 "$2"); do s="$s,$3"; done; echo "$s"; }
for bot in random greedy solver:strategy=backtrack solver:strategy=propagate; do
    play --players 2 --bots "$bot" --games "$DEALS" --out "$OUT/alone-${bot//[:=]/-}"
done
for n in 2 3 4 5 6; do
    play --players "$n" --bots "$(lineup greedy "$n" random)" --seats rotate --games $((DEALS * n)) --out "$OUT/greedy-vs-random-$n"
    play --players "$n" --bots "$(lineup solver "$n" greedy)" --seats rotate --games $((DEALS * n)) --out "$OUT/solver-vs-greedy-$n"
done
# ISMCTS against greedy on small puzzles (5x5, 5 items, 30 edits, 1 round): its random rollouts
# are capped at 20 actions and scored by the heuristic.
small=(--option grid_size=5 --option items=5 --option max_edits=30 --option rounds=1)
for n in 2 3; do
    play --players "$n" --bots "$(lineup ismcts:iterations=1000,depth=20 "$n" greedy)" --seats rotate \
        --games $((DEALS / 5 * n)) "${small[@]}" --out "$OUT/ismcts-vs-greedy-5x5-$n"
done
