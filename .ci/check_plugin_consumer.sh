#!/usr/bin/env bash
# Builds and tests fixtures/plugin-consumer, an app-side package that uses the MCStylePlugin build-tool plugin
# and loads the compiled styles from Bundle.module through StyleRuntime. Also checks what a build system must
# get right: no warnings, a no-op rebuild runs no compile, touching a base the declarations name (not in the
# target's folder) compiles again, and a mistake in the declarations fails the build at file:line:column.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
consumer="$root/fixtures/plugin-consumer"
declarations="$consumer/Sources/MapStyles/mc-style.yaml"
log=$(mktemp)
kept=$(mktemp)
cp "$declarations" "$kept"
# The broken-anchor check below edits the fixture's declarations in place: they are put back however this ends.
trap 'cp "$kept" "$declarations"; rm -f "$log" "$kept"' EXIT

# From a clean .build every time, as on a fresh clone: a kept one hid the settling build below from local runs.
rm -rf "$consumer/.build"
swift build --build-tests --package-path "$consumer" 2>&1 | tee "$log" | tail -1
if grep -q "warning:" "$log"; then grep "warning:" "$log"; echo "FAIL the plugin consumer builds with warnings"; exit 1; fi

# The first build after a clean .build is followed by one that settles: SwiftPM builds the plugin's tool in two
# build databases (plugin tools, then the destination), and in the second clang compiles the tool's C targets
# again (Swift's incremental driver does not), which relinks the tool and so runs the plugin once more. Seen
# with SwiftPM 6.3 on a fresh clone; from then on a build with nothing changed runs nothing.
swift build --build-tests --package-path "$consumer" > "$log" 2>&1
no_op() { # $1: what the build follows
  swift build --build-tests --package-path "$consumer" > "$log" 2>&1
  # ("Compiling plugin MCStylePlugin" is SwiftPM loading the plugin, which it prints on every build)
  if grep -v "Compiling plugin" "$log" | grep -qE "mc-style.yaml|Compiling|Linking"; then cat "$log"; echo "FAIL a build with nothing changed since $1 compiled or linked again"; exit 1; fi
}
no_op "the settling build"
touch "$root/styles/tomtom-demo-dark.json"
swift build --build-tests --package-path "$consumer" > "$log" 2>&1
if ! grep -q "mc-style.yaml" "$log"; then cat "$log"; echo "FAIL touching the dark base did not compile the styles again"; exit 1; fi
no_op "the base was compiled again"
echo "ok   incremental: a no-op build compiles nothing; a changed base compiles again, once"
cache_files=$(find "$consumer/.build" -path "*MCStylePlugin*/validation-cache*" | wc -l)
if [ "$cache_files" -ne 0 ]; then echo "FAIL the plugin still passes --cache-dir (the validation cache was removed)"; exit 1; fi
echo "ok   the plugin passes no --cache-dir (deprecated, a no-op)"
# (after the incremental checks: 'swift test' relinks the tools on the next build, a SwiftPM quirk)
swift test --skip-build --package-path "$consumer" 2>&1 | tail -1

# A wrong anchor, in the same package: its .build already holds the tool, so only the plugin runs again (a copy
# elsewhere would build the whole tool a second time, the slowest part of this check).
sed -i 's/placement: { below: Motorway label }/placement: { below: Motorway labl }/' "$declarations"
if ! grep -q "Motorway labl" "$declarations"; then echo "FAIL the fixture no longer has the anchor this check breaks"; exit 1; fi
if swift build --package-path "$consumer" > "$log" 2>&1; then echo "FAIL a build with a wrong placement anchor succeeded"; exit 1; fi
expected="Sources/MapStyles/mc-style.yaml:17:16: error: placement of 'heatmap' names layer 'Motorway labl', which no variant's base style has, so it is most likely misspelt; did you mean 'Motorway label'?"
if ! grep -qF "$expected" "$log"; then tail -20 "$log"; echo "FAIL the build log lacks: $expected"; exit 1; fi
cp "$kept" "$declarations"
echo "ok   a wrong anchor fails the build at the declarations' line and column"
echo "plugin consumer: built and tested"
