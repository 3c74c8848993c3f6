#!/usr/bin/env bash
# The one way to update every golden output after a change that is meant to change them:
#   .ci/update_goldens.sh          rewrite them all, then review `git diff` before committing
#   .ci/update_goldens.sh --check  write nothing; fail when any is stale (what .ci/run does)
# The goldens: the variant base styles (made from the shipped base by fixtures/variants/make_variants.py), the
# shipped JSON Schema, the compiled demo (tomtom and maplibre) and variants, and the test goldens that
# MC_STYLE_UPDATE_GOLDEN=1 rewrites (printer outputs, declaration fixtures' findings, the manual's generated parts: the
# subcommand table, command options, declarations reference and rule reference).
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
[ "${1:-}" = "--check" ] && check=true
swift build --product mc-style 2>&1 | tail -1
tool=.build/debug/mc-style
if $check; then
  python3 fixtures/variants/make_variants.py --check --tool "$tool"
  "$tool" schema | cmp - fixtures/mc-style.schema.json
  "$tool" compile fixtures/demo/mc-style.yaml --out fixtures/demo/expected/tomtom --check
  "$tool" compile fixtures/demo/mc-style.yaml --target maplibre --out fixtures/demo/expected/maplibre --check
  "$tool" compile fixtures/variants/mc-style.yaml --out fixtures/variants/expected --check
  echo "goldens: all fresh (the test goldens are checked by swift test)"
  exit 0
fi
python3 fixtures/variants/make_variants.py --tool "$tool"
"$tool" schema > fixtures/mc-style.schema.json
"$tool" compile fixtures/demo/mc-style.yaml --out fixtures/demo/expected/tomtom --quiet
"$tool" compile fixtures/demo/mc-style.yaml --target maplibre --out fixtures/demo/expected/maplibre --quiet
"$tool" compile fixtures/variants/mc-style.yaml --out fixtures/variants/expected --quiet
MC_STYLE_UPDATE_GOLDEN=1 swift test --filter 'PrinterTests|DeclarationFixtureTests|DocumentationTests/generatedPartsAreFresh' 2>&1 | tail -1
echo "goldens: rewritten; review them with git diff"
