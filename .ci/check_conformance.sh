#!/usr/bin/env bash
# Runs MapLibre's validator cases through `mc-style validate` with the workplace's scorer, and fails when the
# result falls below what mc-style reached when it was last improved (no regressions).
# Usage: .ci/check_conformance.sh MC_STYLE SHARED_DIR
set -euo pipefail
tool=$1
shared=$2
minimum_found=136
maximum_extra=0
summary=$(python3 "$shared/conformance/score-validate.py" --tool "$tool" | tail -1 || true)
echo "$summary"
found=$(sed -E 's/.*found ([0-9]+)\/.*/\1/' <<<"$summary")
extra=$(sed -E 's/.*, ([0-9]+) extra.*/\1/' <<<"$summary")
if [ "$found" -lt "$minimum_found" ] || [ "$extra" -gt "$maximum_extra" ]; then
  echo "conformance regressed: need at least $minimum_found found and at most $maximum_extra extra" >&2
  exit 1
fi
