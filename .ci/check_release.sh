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
) | tee "$work/install.log"
echo "release: verified, extracted and installed in $(( ($(date +%s%N) - started) / 1000000 )) ms"
prefix=$work/user/prefix
folder=$work/user/${archive%.tar.gz}

# zsh does not look under a home prefix: install.sh prints the one line to add.
if command -v zsh >/dev/null 2>&1; then
  grep -qF "fpath=($work/user/prefix/share/zsh/site-functions \$fpath)" "$work/install.log"
  zsh -fc "fpath=($work/user/prefix/share/zsh/site-functions \$fpath); autoload -Uz compinit; compinit -u -D; (( \$+_comps[mc-style] ))"
fi
# install.sh under an exported CDPATH (cd prints the folder it finds) installs as before.
(cd "$work/user" && CDPATH="$work/user" "./${archive%.tar.gz}/install.sh" --prefix "$work/user/cdpath-prefix") >/dev/null
cmp "$prefix/bin/mc-style" "$work/user/cdpath-prefix/bin/mc-style"
# A damaged binary (one byte changed) is refused by the archive's SHA256SUMS, and the installed one is kept.
cp -a "$folder" "$work/user/damaged"
printf 'X' | dd of="$work/user/damaged/bin/mc-style" bs=1 seek=4096 conv=notrunc status=none
before=$(sha256sum < "$prefix/bin/mc-style")
if "$work/user/damaged/install.sh" --prefix "$prefix" > "$work/damaged.log" 2>&1; then
  echo "release check: install.sh installed a damaged binary and exited 0" >&2
  exit 1
fi
grep -q "do not match its SHA256SUMS" "$work/damaged.log"
# Without sums, a binary that does not run is refused before it replaces the working one.
rm "$work/user/damaged/SHA256SUMS"
printf '#!/bin/sh\nexit 3\n' > "$work/user/damaged/bin/mc-style"
if "$work/user/damaged/install.sh" --prefix "$prefix" > "$work/damaged.log" 2>&1; then
  echo "release check: install.sh installed a binary that does not run and exited 0" >&2
  exit 1
fi
grep -q "does not run on this machine" "$work/damaged.log"
[ "$(sha256sum < "$prefix/bin/mc-style")" = "$before" ] || { echo "release check: the working mc-style was replaced" >&2; exit 1; }
for left in "$prefix"/bin/*; do
  [ "$left" = "$prefix/bin/mc-style" ] || { echo "release check: install.sh left $left behind" >&2; exit 1; }
done
echo "release: install.sh works under CDPATH, refuses a damaged or broken binary and keeps the installed one"

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
# The installed language server links its findings to the installed rule documentation.
python3 - "$prefix/bin/mc-style" "$folder/example/mc-style.yaml" "$prefix/share/doc/mc-style/rules.md" <<'PY'
import json, subprocess, sys
server = subprocess.Popen([sys.argv[1], "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={"PATH": "/usr/bin:/bin"})
text = open(sys.argv[2], encoding="utf-8").read().replace("opacity: 0.6", "opacity: 1.6")
messages = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}},
    {"jsonrpc": "2.0", "method": "initialized", "params": {}},
    {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file://" + sys.argv[2], "languageId": "yaml", "version": 1, "text": text}}},
]
for message in messages:
    body = json.dumps(message).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
server.stdin.flush()
while True:
    length = 0
    while (line := server.stdout.readline()) not in (b"\r\n", b""):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    answer = json.loads(server.stdout.read(length))
    if answer.get("method") == "textDocument/publishDiagnostics":
        break
server.stdin.close()
server.wait(timeout=10)
found = answer["params"]["diagnostics"]
assert [d["code"] for d in found] == ["decl.range"], found
assert found[0]["codeDescription"]["href"] == "file://" + sys.argv[3] + "#declrange", found[0]
PY
echo "release: the installed mc-style compiled the example, validated it, showed man mc-style-compile and served LSP"
