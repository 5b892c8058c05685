#!/usr/bin/env bash
# 7 Wonders Duel: the search options of issue 44 against plain ISMCTS, with paired deals
# (`--seats rotate`, one thread, nice). Part 1 compares one option at a time at equal iterations
# (reproducible); part 2 compares the candidate profile bots/best-sevenwondersduel.toml (100 ms of
# thread CPU time a move) with plain ISMCTS at the same CPU time (`cpu_ms`: a loaded machine does
# not shorten either search, but these runs are not reproducible; ismcts:iterations=10000 used
# about 66 ms a move in the outside comparison of issue 44). Each run writes its directory under
# results/sevenwondersduel-search/ and one line to summary.txt (A's score with its 95% interval
# over deals). Run from the repository root after `cargo build --release`:
#   experiments/sevenwondersduel-search.sh [GAMES]
# GAMES per match (default 200, i.e. 100 deals).
set -euo pipefail
GAMES=${1:-200}
BIN=${MEEPLE:-target/release/meeple}
OUT=results/sevenwondersduel-search
mkdir -p "$OUT"
match() { # match NAME A B
    nice -n 19 "$BIN" play --game sevenwondersduel --bots "$2;$3" --seats rotate --games "$GAMES" --seed 1 \
        --threads 1 --quiet --out "$OUT/$1" 2>&1 | grep 'seats rotate' | tee -a "$OUT/summary.txt"
}
plain=ismcts:iterations=1000
# Part 1: one option at a time against plain ISMCTS, 1,000 iterations each side.
match leaf-d0-c0.03 ismcts:iterations=1000,depth=0,c=0.03 "$plain"
match leaf-d10-c0.3 ismcts:iterations=1000,depth=10,c=0.3 "$plain"
match mast ismcts:iterations=1000,rollout=mast "$plain"
match mast-t0.2 ismcts:iterations=1000,rollout=mast,temperature=0.2 "$plain"
match bias1 ismcts:iterations=1000,bias=1 "$plain"
match egreedy-d20 ismcts:iterations=1000,rollout=egreedy,depth=20 "$plain"
# Part 2: the candidate profile against plain ISMCTS at equal CPU time per move.
match best-vs-plain-cpu best-sevenwondersduel ismcts:cpu_ms=100
