#!/usr/bin/env bash
# Many findings on one long line: the cost of each finding must not grow with the line (a minified style is
# one line). Two documents, made here: 20,000 small objects each with a key written twice (one line, 280 KB;
# `format` warns 20,000 times), and tomtom-basic-nolabels.json minified with an unknown paint property in
# every layer (one line, ~800 KB; `validate` finds 869). Whole-process wall time, text output to /dev/null.
# Usage: benchmarks/findings.sh [RUNS]   (release build as installed; needs ../shared/corpus/styles for the second)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
corpus=${MC_STYLE_SHARED:-../shared}/corpus/styles
swift build -c release -Xswiftc -static-executable --build-path .build/static --product mc-style >/dev/null
tool=.build/static/release/mc-style
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 -c 'import sys; sys.stdout.write("[" + ",".join("{\"a\":1,\"a\":2}" for _ in range(20000)) + "]")' > "$work/duplicates.json"
# The median of RUNS runs of a command, in milliseconds (its exit status does not matter: findings are the point).
time_runs() {
  /usr/bin/python3 -c 'import statistics, subprocess, sys, time
samples = []
for _ in range(int(sys.argv[1])):
    start = time.perf_counter()
    subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    samples.append(time.perf_counter() - start)
print(f"{statistics.median(samples) * 1000:.0f} ms")' "$runs" "$@"
}
echo "format, 20,000 duplicate-key warnings on one 280 KB line: $(time_runs "$tool" format --compact "$work/duplicates.json") (median of $runs)"
if [ -d "$corpus" ]; then
  /usr/bin/python3 -c 'import json, sys
style = json.load(open(sys.argv[1]))
for layer in style["layers"]:
    layer["paint"] = dict(layer.get("paint", {}), **{"bogus-property": 1})
sys.stdout.write(json.dumps(style, separators=(",", ":")))' "$corpus/tomtom-basic-nolabels.json" > "$work/findings.json"
  echo "validate, 869 findings on one 800 KB line: $(time_runs "$tool" validate --target maplibre "$work/findings.json") (median of $runs)"
else
  echo "benchmarks/findings.sh: $corpus is absent; the validate case is skipped" >&2
fi
