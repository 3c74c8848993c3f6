#!/usr/bin/env bash
# The asset checks' cost: `validate` of tomtom-basic-nolabels.json with a sprite index, a font list and the
# vector source's TileJSON (every check runs in full) against `validate` without them; whole-process wall
# time, median of RUNS runs after a warm-up. Target: with assets at most 1.3x without.
# Usage: benchmarks/assets.sh [RUNS]   (release build; needs ../shared/corpus/styles)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-31}
corpus=${MC_STYLE_SHARED:-../shared}/corpus/styles
if [ ! -d "$corpus" ]; then echo "benchmarks/assets.sh: $corpus is absent; nothing to measure" >&2; exit 0; fi
work=benchmarks/.work/assets
mkdir -p "$work"
swift build -c release --product mc-style >/dev/null
style=$corpus/tomtom-basic-nolabels.json
vector=()
while read -r pair; do vector+=(--vector-layers "$pair"); done < <(/usr/bin/python3 benchmarks/generate_assets.py "$style" "$work")
with=(.build/release/mc-style validate "$style" --sprite "$work/sprite.json" --fonts "$work/fonts.json" "${vector[@]}")
without=(.build/release/mc-style validate "$style")
# Both must run clean: a finding would mean the assets do not match and the checks stopped early somewhere.
"${with[@]}" --quiet >/dev/null
/usr/bin/python3 - "$runs" "${#with[@]}" "${with[@]}" "${without[@]}" <<'PY'
import statistics, subprocess, sys, time
runs, count = int(sys.argv[1]), int(sys.argv[2])
with_assets, without = sys.argv[3:3 + count], sys.argv[3 + count:]
def median(command):
    subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000
# Interleaved pairs would be fairer on a drifting machine; alternate whole series twice and keep the lower.
a = min(median(without), median(without))
b = min(median(with_assets), median(with_assets))
print(f"validate tomtom-basic-nolabels.json without assets: {a:.1f} ms")
print(f"validate tomtom-basic-nolabels.json with sprite, fonts and vector layers: {b:.1f} ms")
ratio = b / a
print(f"target (with assets <= 1.3x without): {'met' if ratio <= 1.3 else 'MISSED'}, {ratio:.2f}x")
sys.exit(0 if ratio <= 1.3 else 1)
PY
