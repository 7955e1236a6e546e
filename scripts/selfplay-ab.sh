#!/usr/bin/env bash
# Self-play A/B at equal clocks: the built engine with search parameter overrides (gtp --param)
# against itself without them, one thread each, two games at a time (one per core), colours
# alternating, GNU Go as referee. The tuning experiment of docs/BENCHMARKS.md:
#   scripts/selfplay-ab.sh SIZE CLOCK-SECONDS GAMES NAME=VALUE…
#   e.g. scripts/selfplay-ab.sh 19 60 40 priors.even=20 expandVisits=6
# A JSON line per game goes to $RESULTS if set (tengen tournament --report FILE rebuilds the table),
# the games as SGF files to $SGF_DIR if set.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 4 ]; then
  echo "usage: scripts/selfplay-ab.sh SIZE CLOCK-SECONDS GAMES NAME=VALUE…" >&2
  exit 1
fi
size=$1 clock=$2 games=$3
shift 3
engine="node $PWD/dist/cli/main.js gtp --threads 1 --quiet"
params=""
for p in "$@"; do params="$params --param $p"; done
komi=7.5
[ "$size" -le 9 ] && komi=7
exec node dist/cli/main.js match --engine "$engine$params" --opponent "$engine" \
  --size "$size" --komi "$komi" --clock "$clock" --games "$games" --concurrency 2 \
  ${RESULTS:+--results "$RESULTS"} ${SGF_DIR:+--sgf-dir "$SGF_DIR"}
