#!/usr/bin/env bash
# The benchmark suite (workloads a-e, memory and start-up), release build, next to the Python baseline.
# Usage: benchmarks/run.sh [--runs N] [--write]
#   --write  also puts the figures and verdicts into benchmarks/README.md, between its generated-region markers.
# Needs ../shared/corpus/styles, /usr/bin/python3 with PyYAML and GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."
write=false
args=()
for arg in "$@"; do
  if [ "$arg" = "--write" ]; then write=true; else args+=("$arg"); fi
done
# The binary as the README installs it: release, a fully static executable (-static-executable).
swift build -c release -Xswiftc -static-executable --build-path .build/static --product mc-style >/dev/null
header="$(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m); Swift release build, fully static executable; Python: /usr/bin/python3 $(/usr/bin/python3 -c 'import sys; print(sys.version.split()[0])')"
echo "# $header"
output=$(mktemp)
trap 'rm -f "$output"' EXIT
MC_STYLE_TOOL=.build/static/release/mc-style /usr/bin/python3 benchmarks/run.py "${args[@]}" | tee "$output"
if $write; then
  /usr/bin/python3 - "$output" "$header" <<'PY'
import pathlib, sys
output = pathlib.Path(sys.argv[1]).read_text(encoding="utf-8")
header = sys.argv[2]
table = [line for line in output.splitlines() if line.startswith("|")]
verdicts = [line for line in output.splitlines() if line.startswith(("met", "MISSED", "info"))]
if not table:
    sys.exit("benchmarks/run.sh: run.py printed no table; nothing written")
region = (f"Written by `benchmarks/run.sh --write`: {header}.\n\n" + "\n".join(table) + "\n\n```text\n"
          + "\n".join(verdicts) + "\n```\n")
readme = pathlib.Path("benchmarks/README.md")
text = readme.read_text(encoding="utf-8")
start, end = "<!-- generated: benchmark table -->\n", "<!-- generated: end -->"
a = text.index(start) + len(start)
b = text.index(end, a)
readme.write_text(text[:a] + region + text[b:], encoding="utf-8")
print("wrote the figures into benchmarks/README.md")
PY
fi
