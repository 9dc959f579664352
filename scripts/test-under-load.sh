#!/usr/bin/env bash
# Runs `npm test` several times in a row while scripts/stress.mjs keeps every core busy, and says how
# each run went and how long it took: the suite must not fail because the machine is slow.
#   bash scripts/test-under-load.sh [runs]   (default 3; TEST_DATABASE_URL etc. are passed through)
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
mkdir -p test-results
node scripts/stress.mjs &
stress=$!
trap 'kill "$stress" 2>/dev/null' EXIT
failed=0
for run in $(seq 1 "$runs"); do
  started=$(date +%s)
  if npm test >"test-results/under-load-${run}.log" 2>&1; then result=passed; else result=FAILED; failed=$((failed + 1)); fi
  echo "run ${run}/${runs}: ${result} in $(( $(date +%s) - started )) s (log: test-results/under-load-${run}.log)"
done
echo "${failed} of ${runs} runs failed under load"
[ "$failed" -eq 0 ]
