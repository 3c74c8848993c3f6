#!/bin/sh
# Installs mc-style from its release archive: run it from the extracted folder.
#   ./install.sh                  into /usr/local
#   ./install.sh --prefix DIR     into DIR (for example --prefix ~/.local; no root needed)
# Each file goes where its kind belongs: bin/mc-style, share/man/man1/*.1, the bash, zsh and fish completions
# where those shells look, and README, CHANGELOG, LICENSE and the rule and editor docs in share/doc/mc-style.
set -eu

prefix=/usr/local
while [ "$#" -gt 0 ]; do
  case "$1" in
    --prefix) [ "$#" -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1' (usage: install.sh [--prefix DIR])" >&2; exit 2 ;;
  esac
done
[ -n "$prefix" ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }

here=$(cd "$(dirname "$0")" && pwd)
[ -x "$here/bin/mc-style" ] || { echo "install.sh: $here/bin/mc-style is missing: run it from the extracted archive" >&2; exit 1; }

put() { # put MODE SOURCE TARGET-FOLDER [NAME]
  mkdir -p "$3"
  install -m "$1" "$2" "$3/${4:-$(basename "$2")}"
}

put 0755 "$here/bin/mc-style" "$prefix/bin"
for page in "$here"/share/man/man1/*.1; do put 0644 "$page" "$prefix/share/man/man1"; done
put 0644 "$here/share/bash-completion/completions/mc-style" "$prefix/share/bash-completion/completions"
put 0644 "$here/share/zsh/site-functions/_mc-style" "$prefix/share/zsh/site-functions"
put 0644 "$here/share/fish/vendor_completions.d/mc-style.fish" "$prefix/share/fish/vendor_completions.d"
for document in README.md CHANGELOG.md LICENSE rules.md editors.md; do put 0644 "$here/$document" "$prefix/share/doc/mc-style"; done

echo "installed $("$prefix/bin/mc-style" --version | head -n 1) into $prefix"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "add $prefix/bin to PATH to run it as mc-style" ;;
esac
