#!/usr/bin/env bash
# Runs MapLibre's validator cases through `mc-style validate`, and MapLibre's expression cases through
# `mc-style expression` (type-checking, and evaluation over each case's inputs) with the workplace's scorers;
# fails unless every case agrees (each scorer exits 0 only then).
# Usage: .ci/check_conformance.sh MC_STYLE SHARED_DIR
set -euo pipefail
tool=$1
shared=$2
status=0
python3 "$shared/conformance/score-validate.py" --tool "$tool" || status=1
python3 "$shared/conformance/score-expressions.py" --tool "$tool" || status=1
python3 "$shared/conformance/score-evaluation.py" --tool "$tool" || status=1
if [ "$status" -ne 0 ]; then
  echo "conformance regressed: every validator case must be exact, every expression case must agree and evaluate alike" >&2
fi
exit "$status"
