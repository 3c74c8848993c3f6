#!/usr/bin/env bash
# The libraries' reference documentation, built with the toolchain's own DocC and checked:
#   1. symbol graphs of the library products, extracted from the package's debug build (swift package
#      dump-symbol-graph: after `swift test` nothing is compiled again);
#   2. every public symbol has a doc comment (.ci/check_doc_comments.py, which first shows it finds a planted one);
#   3. docc convert --warnings-as-errors of each catalog, transformed for static hosting, into .build/docs/site;
#   4. the StyleRuntime landing page, served on 127.0.0.1, rendered in headless Chromium: it must list the
#      module's symbols; a screenshot is kept in .build/ci-artifacts/docs-styleruntime.png.
# Usage:
#   .ci/docs.sh check    all four steps (what .ci/run does)
#   .ci/docs.sh build    steps 1-3: the site in .build/docs/site
#   .ci/docs.sh serve    steps 1-3, then serve the site on http://127.0.0.1:8000/ until interrupted
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-check}
case "$mode" in check|build|serve) ;; *) echo "usage: .ci/docs.sh check|build|serve" >&2; exit 2 ;; esac
modules=(StyleRuntime StyleCompiler StyleSpec StyleMath LocatedJSON)
rm -rf .build/docs/graphs .build/docs/site
mkdir -p .build/docs/site .build/ci-artifacts
dumped=$(swift package dump-symbol-graph 2>&1) || { printf '%s\n' "$dumped" >&2; exit 1; }
graphs=$(printf '%s\n' "$dumped" | sed -n 's/^Files written to //p' | tail -1)
if [ -z "$graphs" ] || [ ! -f "$graphs/StyleRuntime.symbols.json" ]; then
  printf '%s\n' "$dumped" >&2
  echo "docs: swift package dump-symbol-graph wrote no StyleRuntime graph" >&2
  exit 1
fi
echo "symbol graphs: $graphs"
python3 .ci/check_doc_comments.py --self-test
python3 .ci/check_doc_comments.py "$graphs" "${modules[@]}" YAMLReader
for module in "${modules[@]}"; do
  mkdir -p ".build/docs/graphs/$module"
  cp "$graphs/$module.symbols.json" ".build/docs/graphs/$module/"
  for extension in "$graphs/$module"@*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" ".build/docs/graphs/$module/"
  done
  lower=$(printf '%s' "$module" | tr '[:upper:]' '[:lower:]')
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir ".build/docs/graphs/$module" \
    --output-path ".build/docs/site/$module" --warnings-as-errors \
    --transform-for-static-hosting --hosting-base-path "$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "com.mapconductor.mc-style.$lower" >/dev/null
  echo "docc: $module built without warnings (.build/docs/site/$module, served under /$module/)"
done
[ "$mode" = build ] && exit 0
if [ "$mode" = serve ]; then
  for module in "${modules[@]}"; do
    lower=$(printf '%s' "$module" | tr '[:upper:]' '[:lower:]')
    echo "http://127.0.0.1:8000/$module/documentation/$lower/"
  done
  exec python3 .ci/harness.py serve .build/docs/site 8000
fi

browser=""
for candidate in "${CHROME:-}" chromium chromium-browser google-chrome; do
  if [ -n "$candidate" ] && command -v "$candidate" >/dev/null 2>&1; then browser=$(command -v "$candidate"); break; fi
done
if [ -z "$browser" ]; then
  echo "check_docs: no Chromium (apt-get install chromium, or set CHROME): the rendered page cannot be checked" >&2
  exit 1
fi
python3 .ci/check_docs_page.py "$browser" .build/docs/site StyleRuntime/documentation/styleruntime \
  .build/ci-artifacts/docs-styleruntime.png CompiledStyle RuntimeSettings ResolvedStyle RuntimeError \
  "Loading a compiled style in an iOS app"
