#!/usr/bin/env bash
# Builds and tests fixtures/plugin-consumer, an app-side package that uses the MCStylePlugin build-tool plugin
# and loads the compiled styles from Bundle.module through StyleRuntime. Also checks what a build system must
# get right: no warnings, a no-op rebuild runs no compile, touching a base the declarations name (not in the
# target's folder) compiles again, and a mistake in the declarations fails the build at file:line:column.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
consumer="$root/fixtures/plugin-consumer"
broken="$root/out/plugin-consumer-broken"
log=$(mktemp)
trap 'rm -f "$log"; rm -rf "$broken"' EXIT

swift build --build-tests --package-path "$consumer" 2>&1 | tee "$log" | tail -1
if grep -q "warning:" "$log"; then grep "warning:" "$log"; echo "FAIL the plugin consumer builds with warnings"; exit 1; fi

swift build --build-tests --package-path "$consumer" > "$log" 2>&1
if grep -q "mc-style.yaml" "$log"; then cat "$log"; echo "FAIL a build with nothing changed compiled the styles again"; exit 1; fi
touch "$root/styles/tomtom-demo-dark.json"
swift build --build-tests --package-path "$consumer" > "$log" 2>&1
if ! grep -q "mc-style.yaml" "$log"; then cat "$log"; echo "FAIL touching the dark base did not compile the styles again"; exit 1; fi
echo "ok   incremental: a no-op build compiles nothing; a changed base compiles again"
# (after the incremental checks: 'swift test' relinks the tools on the next build, a SwiftPM quirk)
swift test --skip-build --package-path "$consumer" 2>&1 | tail -1

# The same package at the same depth, with an anchor the dark design lacks.
rm -rf "$broken"
mkdir -p "$root/out"
cp -r "$consumer" "$broken"
rm -rf "$broken/.build"
sed -i 's/placement: { below: Motorway label }/placement: { below: Motorway labl }/' "$broken/Sources/MapStyles/mc-style.yaml"
if swift build --package-path "$broken" > "$log" 2>&1; then echo "FAIL a build with a wrong placement anchor succeeded"; exit 1; fi
expected="Sources/MapStyles/mc-style.yaml:17:16: error: placement of 'heatmap' names layer 'Motorway labl', which the base style of variant 'light' does not have"
if ! grep -qF "$expected" "$log"; then tail -20 "$log"; echo "FAIL the build log lacks: $expected"; exit 1; fi
echo "ok   a wrong anchor fails the build at the declarations' line and column"
echo "plugin consumer: built and tested"
