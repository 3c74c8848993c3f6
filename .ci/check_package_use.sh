#!/usr/bin/env bash
# Builds and runs a separate package that depends on mc-style by path, as docs/app-integration.md tells app teams to
# (.package(path:) and .product(name:package:)), using the public API only. The repository is linked in as
# "mc-style" beside a copy of .ci/package-use, so the package identity is the one docs/app-integration.md names.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$root" "$work/mc-style"
cp -r "$root/.ci/package-use" "$work/package-use"
rm -rf "$work/package-use/.build"
swift build --package-path "$work/package-use" 2>&1 | tail -1
"$work/package-use/.build/debug/PackageUse" "$root"
