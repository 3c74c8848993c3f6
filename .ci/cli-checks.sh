#!/usr/bin/env bash
# End-to-end checks of the built binary from the command line: the README's commands as a user types them.
# Usage: .ci/cli-checks.sh PATH-TO-mc-style
set -euo pipefail
tool=$1
failures=0
check() {
  local name=$1; shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}

check "--version exits 0" "$tool" --version
check "zoom at Tokyo prints 10.54" bash -c "'$tool' zoom --unified 12 --lat 35.6812 | grep -qx 'TomTom zoom: 10.54'"
check "misuse exits 2" bash -c "'$tool' frobnicate 2>/dev/null; test \$? -eq 2"
check "validate of the demo exits 0" "$tool" validate fixtures/demo/mc-style.yaml styles/tomtom-demo-base.json
check "validate of a broken fixture exits 1" bash -c "'$tool' validate fixtures/declarations/invalid/two-kinds.yaml >/dev/null; test \$? -eq 1"
check "schema prints JSON" bash -c "'$tool' schema | python3 -c 'import json,sys; json.load(sys.stdin)'"
check "format --check of the shipped base style" "$tool" format --check styles/tomtom-demo-base.json
check "the shipped base style validates on tomtom with no warnings" "$tool" validate --strict --target tomtom styles/tomtom-demo-base.json
check "a literal key fails validate" bash -c "printf '{\"version\":8,\"sources\":{},\"layers\":[],\"sprite\":\"https://api.tomtom.com/s?key=abcd1234\"}' | '$tool' validate - >/dev/null; test \$? -eq 1"
# Locale data through Foundation: a binary linked with the static runtime once printed every number-format
# unformatted ("123457"), while the debug build's tests passed.
check "number-format writes a currency with its symbol and grouping" bash -c "'$tool' expression --property text-field --inputs '[[{},{}]]' '[\"number-format\",123456.789,{\"locale\":\"en-US\",\"currency\":\"JPY\"}]' | grep -qF '\"text\":\"¥123,457\"'"
check "number-format follows the locale's separators" bash -c "'$tool' expression --property text-field --inputs '[[{},{}]]' '[\"number-format\",1234.5,{\"locale\":\"de-DE\"}]' | grep -qF '\"text\":\"1.234,5\"'"
check "a collator that ignores case and accents finds ä equal to A" bash -c "'$tool' expression --spec '{\"type\":\"boolean\"}' --inputs '[[{},{}]]' '[\"==\",\"ä\",\"A\",[\"collator\",{\"diacritic-sensitive\":false,\"case-sensitive\":false}]]' | grep -qx 'output 1: true'"

passed=$(( $(grep -c '^check "' "$0") - failures ))
echo "cli checks: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
