#!/usr/bin/env bash
# tengen against GNU Go 3.8 at level 10, alternating colours, chinese rules:
# the strength figure of docs/BENCHMARKS.md. Runs the built engine (npm run build first).
#   scripts/match-gnugo.sh [size=9] [games=40] [seconds-per-move=1] [threads=2] [concurrency=1]
# Games at once (concurrency) each have their own engines: keep threads × concurrency within the
# cores (GNU Go thinks while tengen waits). A JSON line per game goes to $RESULTS if set.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-9}
games=${2:-40}
seconds=${3:-1}
threads=${4:-2}
concurrency=${5:-1}
komi=7
out=${SGF_DIR:-games/gnugo-${size}x${size}}
mkdir -p "$out"
exec node dist/cli/main.js match \
  --engine "node $PWD/dist/cli/main.js gtp --time $seconds --threads $threads" \
  --opponent "/usr/games/gnugo --mode gtp --level 10" \
  --size "$size" --komi "$komi" --rules chinese --games "$games" --sgf-dir "$out" \
  --concurrency "$concurrency" ${RESULTS:+--results "$RESULTS"}
