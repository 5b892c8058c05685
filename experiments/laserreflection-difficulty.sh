#!/usr/bin/env bash
# Laser Reflection puzzle difficulty without play (`meeple puzzles`): the spec's reference solver
# on generated puzzles, by grid size and item count, with and without black holes and warps.
# Run from the repository root after `cargo build --release`:
#   experiments/laserreflection-difficulty.sh [COUNT] [BIG_COUNT]
# COUNT puzzles per setting for 4-8 grids (full scale: 10000), BIG_COUNT for 10-12 grids, whose
# solver is capped at 10^6 nodes here (capped puzzles are censored; full scale: 10000 puzzles at the
# spec's default cap of 10^8, hours of CPU). Outputs: results/laserreflection-difficulty/*/.
set -euo pipefail
COUNT=${1:-10000}
BIG_COUNT=${2:-300}
BIN=${MEEPLE:-target/release/meeple}
OUT=results/laserreflection-difficulty
run() { nice -n 10 "$BIN" puzzles --game laserreflection --seed 1 --quiet "$@"; }
run --grid 4,6,8 --items 3,6,10 --count "$COUNT" --out "$OUT/base"
run --grid 4,6,8 --items 3,6,10 --count "$COUNT" --option warps=true --out "$OUT/warps"
run --grid 4,6,8 --items 3,6,10 --count "$COUNT" --option black_holes=false --out "$OUT/no-black-holes"
run --grid 10,12 --items 10,15,20 --count "$BIG_COUNT" --option ref_node_cap=1000000 --out "$OUT/large"
