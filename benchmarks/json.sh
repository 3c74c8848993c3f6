#!/usr/bin/env bash
# JSON parse and write throughput: mc-style's LocatedJSON next to Python's json.loads / json.dumps on the
# three largest corpus styles, in the same run, plus peak memory of a whole `mc-style format --compact`.
# Usage: benchmarks/json.sh [RUNS]   (release build; needs ../shared/corpus/styles)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-21}
corpus=${MC_STYLE_SHARED:-../shared}/corpus/styles
if [ ! -d "$corpus" ]; then echo "benchmarks/json.sh: $corpus is absent; nothing to measure" >&2; exit 0; fi
swift build -c release --product mc-style-bench >/dev/null
swift build -c release --product mc-style >/dev/null
files=$(ls -S "$corpus"/*.json | head -3)
echo "# mc-style (LocatedJSON), $runs runs after a warm-up; MB = 10^6 bytes"
# shellcheck disable=SC2086
.build/release/mc-style-bench json --runs "$runs" $files | column -t -s $'\t'
echo
echo "# Python $(/usr/bin/python3 -c 'import sys; print(sys.version.split()[0])') json (C accelerated), same files, same method"
# shellcheck disable=SC2086
/usr/bin/python3 benchmarks/json_baseline.py --runs "$runs" $files | column -t -s $'\t'
echo
echo "# peak resident memory of 'mc-style format --compact FILE', least of 5 runs, above two baselines:"
echo "#   start-up ('mc-style --version') and the same command on an empty document (its code path's fixed cost)"
empty=$(mktemp)
echo '{}' > "$empty"
least_peak() { local best=0 value; for _ in 1 2 3 4 5; do value=$(/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1); if [ "$best" -eq 0 ] || [ "$value" -lt "$best" ]; then best=$value; fi; done; echo "$best"; }
start=$(least_peak .build/release/mc-style --version)
fixed=$(least_peak .build/release/mc-style format --compact "$empty")
rm -f "$empty"
for file in $files; do
  peak=$(least_peak .build/release/mc-style format --compact "$file")
  size=$(stat -c %s "$file")
  awk -v n="$(basename "$file")" -v p="$peak" -v b="$start" -v f="$fixed" -v s="$size" \
    'BEGIN { printf "%-28s peak %6d KB  %.1fx the input above start-up, %.1fx above an empty document (%d KB)\n", n, p, (p - b) * 1024 / s, (p - f) * 1024 / s, s / 1024 }'
done
