#!/usr/bin/env bash
# The benchmark suite (issue workloads a-e and start-up), release build, next to the Python baseline.
# Usage: benchmarks/run.sh [--runs N]    Needs ../shared/corpus/styles, /usr/bin/python3 with PyYAML and GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."
# The binary as the README installs it: release, a fully static executable (-static-executable).
swift build -c release -Xswiftc -static-executable --build-path .build/static --product mc-style >/dev/null
echo "# $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m); Swift release build, fully static executable; Python: /usr/bin/python3 $(/usr/bin/python3 -c 'import sys; print(sys.version.split()[0])')"
MC_STYLE_TOOL=.build/static/release/mc-style /usr/bin/python3 benchmarks/run.py "$@"
