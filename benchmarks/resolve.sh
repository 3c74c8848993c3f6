#!/usr/bin/env bash
# StyleRuntime in-process: loading a compiled folder and resolving it (every placeholder filled, every
# declared source's opacity changed), on tomtom-basic-nolabels.json + 200 sources, as an app does on every
# opacity change. Target: resolving within 2 ms.
# Usage: benchmarks/resolve.sh [RUNS]   (release build; needs ../shared/corpus/styles)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-51}
corpus=${MC_STYLE_SHARED:-../shared}/corpus/styles
if [ ! -d "$corpus" ]; then echo "benchmarks/resolve.sh: $corpus is absent; nothing to measure" >&2; exit 0; fi
work=benchmarks/.work
mkdir -p "$work"
swift build -c release --product mc-style-bench >/dev/null
swift build -c release --product mc-style >/dev/null
base=$(cd "$corpus" && pwd)/tomtom-basic-nolabels.json
/usr/bin/python3 benchmarks/generate_declarations.py 200 "$base" "$work/resolve-200.yaml"
.build/release/mc-style compile "$work/resolve-200.yaml" --out "$work/resolve-200" 2>/dev/null
echo "# StyleRuntime: $runs runs after a warm-up"
.build/release/mc-style-bench resolve --runs "$runs" "$work/resolve-200" | tee "$work/resolve.tsv" | column -t -s $'\t'
median=$(awk -F'\t' '$2 ~ /^resolve/ { print $4 }' "$work/resolve.tsv")
awk -v m="$median" 'BEGIN { if (m + 0 <= 2.0) print "target (resolve <= 2 ms): met, " m " ms"; else { print "target (resolve <= 2 ms): MISSED, " m " ms"; exit 1 } }'
