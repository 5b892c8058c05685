#!/usr/bin/env bash
# The 7 Wonders Duel bot ladder of issue 44 (results/bots-ladder/sevenwondersduel/), on paired deals
# (`--seats rotate`: each deal played once with each bot in seat 0), seed 1. The lower rungs
# (greedy against random, ismcts-1k against greedy) are the reproducible runs of
# results/sevenwondersduel-bots/; this script plays the strongest profile's search (ISMCTS with
# MAST rollouts, bots/best-sevenwondersduel.toml) at two budgets against the rungs below it:
#   part 1: at 10 ms of thread CPU time a move against plain ISMCTS at 10 ms (equal CPU),
#           ismcts-1k, greedy and random (a gauntlet);
#   part 2: best-sevenwondersduel (100 ms a move) against plain ISMCTS at 100 ms (equal CPU),
#           ismcts-1k and greedy (played 2026-12-04 with the profile of that day, Gibbs MAST,
#           `rollout = "mast"`; the profile is now ε-greedy MAST, so part 2 now plays that).
# Games with a `cpu_ms` bot are not reproducible (the iterations done in 100 ms depend on the
# machine), but a loaded machine does not shorten them: the budget is the searching thread's own
# CPU time. Sized for the shared 2-core machine (about 16 CPU-minutes in all: 112 s for part 1,
# about 830 s for part 2). Run from the repository root after `cargo build --release`:
#   experiments/bots-ladder-sevenwondersduel.sh [GAMES] [THREADS]
# GAMES per match (default 60, 30 deals), THREADS (default 2); PART=1 or PART=2 plays one part.
# The fourth session (2026-12-05) replayed the profile's rungs with the current profile
# (ε-greedy MAST) and played it against `ismcts:iterations=10000` at about equal CPU:
#   part 3: ε-greedy MAST at 10 ms against ismcts-1k and greedy (100 games each, one thread);
#   part 4: best-sevenwondersduel against ismcts-1k and greedy (60 games; the session stopped the
#           gauntlet after its first match and played greedy's 20 games alone,
#           `--bots 'best-sevenwondersduel;greedy' --seats rotate --games 20`);
#   part 5: `ismcts:cpu_ms=55,rollout=mast-egreedy` against `ismcts:iterations=10000` (55 ms: below
#           the 57.6 ms of CPU a move that 10,000 plain iterations took on the machine), seed 6,
#           and ε = 0.2 on seed 7. See results/bots-ladder/sevenwondersduel/README.md.
set -euo pipefail
GAMES=${1:-60}
THREADS=${2:-2}
BIN=${MEEPLE:-target/release/meeple}
OUT=${OUT:-results/bots-ladder/sevenwondersduel}
mkdir -p "$OUT"
play() { # play DIR BOTS [ARGS...]
    local dir=$1 bots=$2; shift 2
    "$BIN" play --game sevenwondersduel --players 2 --bots "$bots" --games "$GAMES" --seed "${SEED:-1}" \
        --threads "$THREADS" --quiet --out "$OUT/$dir" "$@"
}
case ${PART:-all} in
    all | 1) play best-10ms 'ismcts:cpu_ms=10,rollout=mast;ismcts:cpu_ms=10;ismcts-1k;greedy;random' --tournament gauntlet ;;&
    all | 2) play best-100ms 'best-sevenwondersduel;ismcts:cpu_ms=100;ismcts-1k;greedy' --tournament gauntlet ;;&
    all | 3) GAMES=100 play best-10ms-mast-egreedy 'ismcts:cpu_ms=10,rollout=mast-egreedy,epsilon=0.4;ismcts-1k;greedy' --tournament gauntlet ;;&
    all | 4) play best-100ms-mast-egreedy 'best-sevenwondersduel;ismcts-1k;greedy' --tournament gauntlet ;;&
    all | 5) SEED=6 GAMES=100 play equal-cpu-10k-seed6 'ismcts:cpu_ms=55,rollout=mast-egreedy,epsilon=0.4;ismcts:iterations=10000' --seats rotate
             SEED=7 GAMES=80 play equal-cpu-10k-eps0.2-seed7 'ismcts:cpu_ms=55,rollout=mast-egreedy,epsilon=0.2;ismcts:iterations=10000' --seats rotate ;;
esac
