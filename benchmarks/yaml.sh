#!/usr/bin/env bash
# Reading and decoding a 200-source declarations file: mc-style (libyaml + typed decoding + validation of
# the declarations) next to PyYAML's C loader (parse only), in the same run.
# Usage: benchmarks/yaml.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-21}
work=benchmarks/.work
mkdir -p "$work"
swift build -c release --product mc-style-bench >/dev/null
/usr/bin/python3 benchmarks/generate_declarations.py 200 ../../styles/tomtom-demo-base.json "$work/declarations-200.yaml"
echo "# mc-style: read + parse + decode + check (DeclarationsLoader), $runs runs after a warm-up"
.build/release/mc-style-bench yaml --runs "$runs" "$work/declarations-200.yaml" | column -t -s $'\t'
echo
echo "# PyYAML $(/usr/bin/python3 -c 'import yaml; print(yaml.__version__)') yaml.load(Loader=CSafeLoader), same file"
/usr/bin/python3 benchmarks/yaml_baseline.py --runs "$runs" "$work/declarations-200.yaml" | column -t -s $'\t'
