#!/usr/bin/env bash
# Laser Reflection race: solve rate and effort by bot kind (each bot in every seat, so the
# `failed_rounds` and `edits_total` labels are that bot's), then the strength ladder with paired
# deals (A in one seat, B in the others, seats rotated). Default options (8x8, 10 items, 3 rounds,
# max_edits 200). Every run writes games.csv (--per-game), whose per-round labels give the solve
# rate and effort per bot in any lineup: experiments/laserreflection-solve-rates.py DIR/games.csv.
# Run from the repository root after `cargo build --release`:
#   experiments/laserreflection-race.sh [DEALS]
set -euo pipefail
DEALS=${1:-100}
BIN=${MEEPLE:-target/release/meeple}
OUT=results/laserreflection-race
play() { nice -n 10 "$BIN" play --game laserreflection --seed 1 --per-game --quiet "$@"; }
# The lineup A,B,B,... for N players.
lineup() { local s="$1"; for _ in $(seq 2 "$2"); do s="$s,$3"; done; echo "$s"; }
for bot in random greedy solver:strategy=backtrack solver:strategy=propagate; do
    play --players 2 --bots "$bot" --games "$DEALS" --out "$OUT/alone-${bot//[:=]/-}"
done
for n in 2 3 4 5 6; do
    play --players "$n" --bots "$(lineup greedy "$n" random)" --seats rotate --games $((DEALS * n)) --out "$OUT/greedy-vs-random-$n"
    play --players "$n" --bots "$(lineup solver "$n" greedy)" --seats rotate --games $((DEALS * n)) --out "$OUT/solver-vs-greedy-$n"
done
# ISMCTS against greedy on the default board (bots/ismcts-1k-race.toml: 1,000 iterations, leaves
# scored by the heuristic, the other seats' moves drawn at random, c = 0.001), with these deal
# counts: 100, 60, 50, 40, 40 at 2-6 players (the DEALS argument does not change them).
for nd in 2:100 3:60 4:50 5:40 6:40; do
    n=${nd%:*}
    play --players "$n" --bots "$(lineup ismcts-1k-race "$n" greedy)" --seats rotate --threads 1 \
        --games $((${nd#*:} * n)) --out "$OUT/ismcts-vs-greedy-$n"
done
