#!/usr/bin/env bash
# The release archive as a new user meets it: .ci/release builds it (twice: the two must be byte-identical),
# SHA256SUMS verifies it, it is extracted into an empty folder and install.sh puts it under a prefix; then, with a
# PATH that holds no Swift toolchain, the installed mc-style names its commit, compiles the shipped example to the
# committed golden style, validates it, shows its manual pages and loads its bash completion.
#   .ci/check_release.sh [--configuration debug|release]     (CI: debug, to stay within its time)
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=debug
if [ "${1:-}" = "--configuration" ]; then configuration=${2:?--configuration needs debug or release}; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The first stays in .build/release-archive for .ci/check_github_action.sh.
first=.build/release-archive
rm -rf "$first"
bash .ci/release --configuration "$configuration" --out "$first"
bash .ci/release --configuration "$configuration" --out "$work/second"
archive=$(cd "$first" && ls mc-style-*.tar.gz)
cmp "$first/$archive" "$work/second/$archive"
cmp "$first/SHA256SUMS" "$work/second/SHA256SUMS"
echo "release: built twice from $(git rev-parse --short HEAD), byte-identical ($archive)"

mkdir "$work/user" "$work/user/home"
cp "$first/$archive" "$first/SHA256SUMS" "$work/user/"
started=$(date +%s%N)
(
  cd "$work/user"
  sha256sum -c SHA256SUMS
  tar xzf "$archive"
  "./${archive%.tar.gz}/install.sh" --prefix "$work/user/prefix"
)
echo "release: verified, extracted and installed in $(( ($(date +%s%N) - started) / 1000000 )) ms"
prefix=$work/user/prefix
folder=$work/user/${archive%.tar.gz}

# A machine without Swift: only the prefix and the base system on PATH.
minimal() { env -i HOME="$work/user/home" LANG=C.UTF-8 PATH="$prefix/bin:/usr/bin:/bin" "$@"; }
if minimal sh -c 'command -v swift' >/dev/null; then
  echo "release check: swift is on the minimal PATH" >&2
  exit 1
fi
if ldd "$prefix/bin/mc-style" >/dev/null 2>&1; then
  echo "release check: the installed mc-style is dynamically linked: $(ldd "$prefix/bin/mc-style")" >&2
  exit 1
fi
minimal mc-style --version | tee "$work/version.txt"
grep -qx "commit: $(git rev-parse HEAD)\(-modified\)\{0,1\}" "$work/version.txt"
(cd "$folder" && minimal mc-style compile example/mc-style.yaml --out "$work/user/out/demo")
# The same style, layer mapping and TileJSON as the golden; the manifest differs only in naming the example's
# own base path and declarations hash.
diff -r -x manifest.json "$work/user/out/demo" fixtures/demo/expected/tomtom
(cd "$folder" && minimal mc-style validate example/mc-style.yaml)
page=$(minimal env MANPATH="$prefix/share/man" MANPAGER=cat man mc-style-compile 2>/dev/null | col -b)
grep -q -- "--out <folder>" <<<"$page" || { echo "release check: man mc-style-compile did not show --out" >&2; exit 1; }
for page in "$prefix"/share/man/man1/*.1; do mandoc -T lint -W all "$page"; done
minimal bash --noprofile --norc -c "source '$prefix/share/bash-completion/completions/mc-style' && complete -p mc-style" >/dev/null
echo "release: the installed mc-style compiled the example, validated it and showed man mc-style-compile"
