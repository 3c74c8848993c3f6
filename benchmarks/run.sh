#!/usr/bin/env bash
# The benchmark suite (issue workloads a-e and start-up), release build, next to the Python baseline.
# Usage: benchmarks/run.sh [--runs N]    Needs ../shared/corpus/styles and /usr/bin/python3 with PyYAML.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product mc-style >/dev/null
echo "# $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m); Swift release build; Python: /usr/bin/python3 $(/usr/bin/python3 -c 'import sys; print(sys.version.split()[0])')"
/usr/bin/python3 benchmarks/run.py "$@"
