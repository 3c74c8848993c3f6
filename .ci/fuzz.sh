#!/usr/bin/env bash
# Builds the libFuzzer targets in Tests/Fuzz against the library modules (compiled with coverage
# instrumentation and AddressSanitizer) and runs them.
#
#   .ci/fuzz.sh build                 build every target into .build/fuzz-bin/
#   .ci/fuzz.sh run SECONDS [TARGET]  fuzz each target (or one) for SECONDS, corpus in .build/fuzz-corpus/
#                                     (FUZZ_SEED=N fixes libFuzzer's random seed; 0 or unset: a new one each run)
#   .ci/fuzz.sh replay                run every target once over fixtures/fuzz-regressions/<target>/ (no fuzzing)
#
# Targets: json, yaml, declarations, compile, expression, evaluate, resolve, host, http. Seeds come from fixtures/ and styles/ (and the real-style
# corpus in ../shared when it is there). A crash leaves crash-* files in .build/fuzz-artifacts/<target>/;
# keep each as a regression fixture under fixtures/fuzz-regressions/<target>/. Leak detection is off:
# LeakSanitizer reports the one-time boxes of Swift global `static let`s holding indirect enums (their
# references carry tag bits it cannot follow); those are not leaks.
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build/fuzz
bin=.build/fuzz-bin
triple=$(uname -m)-unknown-linux-gnu
objects=$build/$triple/debug
targets=(json yaml declarations compile expression evaluate resolve host http lsp)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

build_all() {
  # Objects of renamed or deleted sources would otherwise be linked in beside their successors.
  rm -f "$objects"/*.build/*.o
  for module in StylePreview StyleLanguageServer; do
    swift build -c debug --build-path "$build" --target "$module" \
      -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address >/dev/null
  done
  mkdir -p "$bin"
  local swift_objects
  swift_objects=$(ls "$objects"/StyleMath.build/*.o "$objects"/LocatedJSON.build/*.o "$objects"/YAMLReader.build/*.o "$objects"/StyleSpec.build/*.o \
    "$objects"/StyleCompiler.build/*.o "$objects"/StylePreview.build/*.o "$objects"/StyleLanguageServer.build/*.o "$objects"/StyleRuntime.build/*.o "$objects"/CAtomicSwap.build/*.o "$objects"/CSHA256.build/*.o)
  for target in "${targets[@]}"; do
    local source
    case $target in
      json) source=Tests/Fuzz/FuzzJSON.swift ;;
      yaml) source=Tests/Fuzz/FuzzYAML.swift ;;
      declarations) source=Tests/Fuzz/FuzzDeclarations.swift ;;
      compile) source=Tests/Fuzz/FuzzCompile.swift ;;
      expression) source=Tests/Fuzz/FuzzExpression.swift ;;
      evaluate) source=Tests/Fuzz/FuzzEvaluate.swift ;;
      resolve) source=Tests/Fuzz/FuzzResolve.swift ;;
      host) source=Tests/Fuzz/FuzzURLHost.swift ;;
      http) source=Tests/Fuzz/FuzzHTTP.swift ;;
      lsp) source=Tests/Fuzz/FuzzLSP.swift ;;
    esac
    # shellcheck disable=SC2086
    swiftc -sanitize=fuzzer,address -parse-as-library -use-ld=lld -g -I "$objects/Modules" -I Sources/CYAML \
      -I Sources/CAtomicSwap/include -I "$objects/CAtomicSwap.build" -I Sources/CSHA256/include -I "$objects/CSHA256.build" "$source" $swift_objects -lyaml -o "$bin/fuzz-$target"
  done
}

seed() {
  local target=$1 corpus=$2
  mkdir -p "$corpus"
  case $target in
    json|compile) find styles fixtures -name '*.json' -size -200k -exec cp {} "$corpus/" \; ;;
    expression|evaluate) find fixtures/fuzz-regressions/expression fixtures/fuzz-regressions/evaluate -type f -exec cp {} "$corpus/" \; 2>/dev/null || true ;;
    yaml|declarations) find fixtures -name '*.yaml' -exec cp {} "$corpus/" \; ;;
    resolve)
      # The demo's compiled output with a full set of settings, and with a few missing.
      find fixtures/fuzz-regressions/resolve -type f -exec cp {} "$corpus/" \; 2>/dev/null || true
      for folder in fixtures/demo/expected/tomtom fixtures/demo/expected/maplibre; do
        for settings in $'platform=android\nkey=\nlocal=http://127.0.0.1:8080\nroute:heatmap=abc\ncache:heatmap=v1\nopacity:contours=0.5\nhide:esri-imagery' \
                        $'platform=ios\nlocal=http://localhost\nshow:contours'; do
          { cat "$folder/manifest.json"; printf '\0'; cat "$folder/style.json"; printf '\0%s' "$settings"; } \
            > "$corpus/$(basename "$folder")-$(printf '%s' "$settings" | cksum | cut -d' ' -f1)"
        done
      done ;;
    host) node .ci/check_url_hosts.mjs seeds "$corpus" >/dev/null ;;
    http)
      printf 'GET /style.json?variant=dark&opacity=a%%3A0.5 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\r\n' > "$corpus/get"
      printf 'GET /events HTTP/1.0\nConnection: keep-alive\n\n' > "$corpus/events"
      printf 'POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc' > "$corpus/post"
      ;;
    lsp)
      # The first byte picks the kind (0 declarations, 1 style, 2 configuration, 3 part; 8 a rules document in JSON,
      # 9 in YAML; +4 for UTF-8 positions; +16 for the folder with a fetch-base lock beside style.json).
      for file in fixtures/demo/mc-style.yaml fixtures/variants/mc-style.yaml; do
        { printf '\0'; cat "$file"; } > "$corpus/declarations-$(basename "$(dirname "$file")")"
        { printf '\4'; cat "$file"; } > "$corpus/declarations-utf8-$(basename "$(dirname "$file")")"
      done
      { printf '\1'; cat styles/tomtom-demo-base.json; } > "$corpus/style"
      { printf '\21'; cat styles/tomtom-demo-base.json; } > "$corpus/style-locked"
      printf '\21%s' '{"version": 8, "sources": {"v": {"type": "vector", "tiles": ["https://api.tomtom.com/t/{z}/{x}/{y}.pbf?key={key}"]}}, "layers": [{"id": "w", "type": "symbol", "source": "v", "source-layer": "Water", "filter": ["==", ["get", "class"], "lake"], "layout": {"icon-image": "pn", "text-field": "Lake", "text-font": ["Noto-Bold", "Noto-Regular"]}}]}' > "$corpus/style-locked-assets"
      { printf '\2'; cat fixtures/config/example.mc-style.yaml; } > "$corpus/configuration"
      { printf '\3'; cat fixtures/demo/parts/contours.yaml; } > "$corpus/part"
      { printf '\10'; cat fixtures/stylerules/rules/dark.rules.json; } > "$corpus/rules-json"
      { printf '\11'; cat fixtures/stylerules/rules/road-emphasis.rules.yaml; } > "$corpus/rules-yaml"
      # Half-typed texts, as an editor sends them keystroke by keystroke: the demo, a style and rules cut mid-token.
      for cut in 37 211 509 1013; do
        { printf '\0'; head -c "$cut" fixtures/demo/mc-style.yaml; } > "$corpus/declarations-typed-$cut"
        { printf '\1'; head -c "$cut" styles/tomtom-demo-base.json; } > "$corpus/style-typed-$cut"
        { printf '\21'; head -c "$((cut / 4))" "$corpus/style-locked-assets" | tail -c +2; } > "$corpus/style-locked-typed-$cut"
        { printf '\10'; head -c "$cut" fixtures/stylerules/rules/dark.rules.json; } > "$corpus/rules-json-typed-$cut"
        { printf '\11'; head -c "$cut" fixtures/stylerules/rules/road-emphasis.rules.yaml; } > "$corpus/rules-yaml-typed-$cut"
      done
      cp fixtures/fuzz-regressions/lsp/* "$corpus/" 2>/dev/null || true
      ;;
  esac
  local shared=${MC_STYLE_SHARED:-../shared}
  if [ "$target" = json ] && [ -d "$shared/corpus/styles" ]; then
    find "$shared/corpus/styles" -name '*.json' -size -120k -exec cp {} "$corpus/" \;
  fi
  if { [ "$target" = expression ] || [ "$target" = evaluate ]; } && [ -d "$shared/conformance/maplibre/expression" ]; then
    # One seed per MapLibre expression case: its expression alone.
    python3 -c 'import json, pathlib, sys
for n, p in enumerate(sorted(pathlib.Path(sys.argv[1]).rglob("test.json"))):
    (pathlib.Path(sys.argv[2]) / f"case-{n}.json").write_text(json.dumps(json.load(open(p))["expression"]))' \
      "$shared/conformance/maplibre/expression" "$corpus"
  fi
}

case ${1:-} in
  build) build_all ;;
  run)
    seconds=${2:?seconds}
    [ -x "$bin/fuzz-json" ] || build_all
    for target in "${targets[@]}"; do
      if [ -n "${3:-}" ] && [ "$3" != "$target" ]; then continue; fi
      corpus=.build/fuzz-corpus/$target
      artifacts=.build/fuzz-artifacts/$target/
      [ -d "$corpus" ] || seed "$target" "$corpus"
      mkdir -p "$artifacts"
      echo "== fuzz-$target for ${seconds}s"
      "$bin/fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=65536 -detect_leaks=0 \
        -seed="${FUZZ_SEED:-0}" -artifact_prefix="$artifacts" -print_final_stats=1 "$corpus" 2>&1 | grep -E "^(#|stat::number_of_executed_units|stat::peak_rss|==|SUMMARY)" | tail -4
    done
    ;;
  replay)
    [ -x "$bin/fuzz-json" ] || build_all
    for target in "${targets[@]}"; do
      folder=fixtures/fuzz-regressions/$target
      [ -d "$folder" ] || continue
      files=$(find "$folder" -type f | sort)
      [ -n "$files" ] || continue
      # shellcheck disable=SC2086
      "$bin/fuzz-$target" -runs=1 -detect_leaks=0 $files >/dev/null 2>&1 || { echo "fuzz regression in $target" >&2; exit 1; }
      echo "replayed $(echo "$files" | wc -l) $target regression inputs"
    done
    ;;
  *) sed -n 2,12p "$0"; exit 2 ;;
esac
