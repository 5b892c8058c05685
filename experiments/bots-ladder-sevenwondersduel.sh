#!/usr/bin/env bash
# The 7 Wonders Duel bot ladder of issue 44 (results/bots-ladder/sevenwondersduel/): a round-robin
# of random, greedy, ismcts-1k (1,000 iterations a move) and the strongest profile
# best-sevenwondersduel (ISMCTS with MAST rollouts) at 10 ms and at 100 ms of thread CPU time a move,
# every pair on the same paired deals (`--seats rotate`: each deal played once with each bot in
# seat 0), then the equal-CPU matches: the profile against plain ISMCTS given the same CPU time.
# Games with a `cpu_ms` bot are not reproducible (the iterations done in 100 ms depend on the
# machine), but a loaded machine does not shorten them: the budget is the searching thread's own
# CPU time. Run from the repository root after `cargo build --release`:
#   experiments/bots-ladder-sevenwondersduel.sh [GAMES] [THREADS]
# GAMES per match (default 100, i.e. 50 deals), THREADS (default 2).
set -euo pipefail
GAMES=${1:-100}
THREADS=${2:-2}
BIN=${MEEPLE:-target/release/meeple}
OUT=${OUT:-results/bots-ladder/sevenwondersduel}
mkdir -p "$OUT"
play() { # play DIR BOTS [ARGS...]
    local dir=$1 bots=$2; shift 2
    nice -n 19 "$BIN" play --game sevenwondersduel --players 2 --bots "$bots" --games "$GAMES" --seed 1 \
        --threads "$THREADS" --quiet --out "$OUT/$dir" "$@"
}
play round-robin 'random;greedy;ismcts-1k;ismcts:cpu_ms=10,rollout=mast;best-sevenwondersduel' --tournament round-robin
play equal-cpu-100ms 'best-sevenwondersduel;ismcts:cpu_ms=100' --seats rotate
play equal-cpu-10ms 'ismcts:cpu_ms=10,rollout=mast;ismcts:cpu_ms=10' --seats rotate
