#!/usr/bin/env bash
# Laser Reflection puzzle difficulty without play (`meeple puzzles`): the spec's reference solver
# on generated puzzles, by grid size and item count, with and without black holes and warps.
# Run from the repository root after `cargo build --release`:
#   experiments/laserreflection-difficulty.sh [COUNT] [BIG_COUNT] [DENSE_COUNT]
# COUNT puzzles per setting for 4-8 grids (full scale: 10000), BIG_COUNT for 10-12 grids, whose
# solver is capped at 10^6 nodes here (capped puzzles are censored; full scale: 10000 puzzles at the
# spec's default cap of 10^8, hours of CPU). Outputs: results/laserreflection-difficulty/*/.
set -euo pipefail
COUNT=${1:-10000}
BIG_COUNT=${2:-300}
DENSE_COUNT=${3:-1000}
BIN=${MEEPLE:-target/release/meeple}
# meeple puzzles never overwrites a study: to rerun, set OUT to a fresh directory (or delete the old ones).
OUT=${OUT:-results/laserreflection-difficulty}
run() { nice -n 10 "$BIN" puzzles --game laserreflection --seed 1 --quiet "$@"; }
run --grid 4,6,8 --items 3,6,10 --count "$COUNT" --out "$OUT/base"
run --grid 4,6,8 --items 3,6,10 --count "$COUNT" --option warps=true --out "$OUT/warps"
run --grid 4,6,8 --items 3,6,10 --count "$COUNT" --option black_holes=false --out "$OUT/no-black-holes"
run --grid 10,12 --items 10,15,20 --count "$BIG_COUNT" --option ref_node_cap=1000000 --out "$OUT/large"
# Every grid size 4-12 with 3, 6 and 10 items at the spec's cap of 10^8 nodes, under the three
# option sets (COUNT puzzles per setting; full scale 10000, about 1-2 CPU-minutes per option set).
run --grid 4,5,6,7,8,9,10,11,12 --items 3,6,10 --count "$COUNT" --out "$OUT/grids-base"
run --grid 4,5,6,7,8,9,10,11,12 --items 3,6,10 --count "$COUNT" --option warps=true --out "$OUT/grids-warps"
run --grid 4,5,6,7,8,9,10,11,12 --items 3,6,10 --count "$COUNT" --option black_holes=false --out "$OUT/grids-no-black-holes"
# Denser puzzles at the 10^8 cap: 10x10 with 15 items (COUNT), 11x11 and 12x12 with 15 items and
# 10x10 with 20 items (DENSE_COUNT: 0.2-0.6 CPU-s per puzzle, hours at 10000).
run --grid 10 --items 15 --count "$COUNT" --out "$OUT/dense-10x10-k15"
run --grid 11,12 --items 15 --count "$DENSE_COUNT" --out "$OUT/dense-11-12-k15"
run --grid 10 --items 20 --count "$DENSE_COUNT" --out "$OUT/dense-10x10-k20"
