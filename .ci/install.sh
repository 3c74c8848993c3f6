#!/bin/sh
# Installs mc-style from its release archive: run it from the extracted folder.
#   ./install.sh                  into /usr/local
#   ./install.sh --prefix DIR     into DIR (for example --prefix ~/.local; no root needed)
# Each file goes where its kind belongs: bin/mc-style, share/man/man1/*.1, the bash, zsh and fish completions
# where those shells look, and README, CHANGELOG, LICENSE and the rule and editor docs in share/doc/mc-style.
# The archive's files are checked against its SHA256SUMS first, and the new binary must run before it replaces
# an installed one: on any failure the installed mc-style is left as it was.
set -eu
# An exported CDPATH makes `cd` print the folder it finds, which would end up in $here.
unset CDPATH

prefix=/usr/local
while [ "$#" -gt 0 ]; do
  case "$1" in
    --prefix) [ "$#" -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1' (usage: install.sh [--prefix DIR])" >&2; exit 2 ;;
  esac
done
[ -n "$prefix" ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }

here=$(cd -- "$(dirname -- "$0")" && pwd)
[ -x "$here/bin/mc-style" ] || { echo "install.sh: $here/bin/mc-style is missing: run it from the extracted archive" >&2; exit 1; }

# Every file of the archive against the sums it was built with (a damaged download, a truncated copy).
if [ -f "$here/SHA256SUMS" ]; then
  if ! command -v sha256sum >/dev/null 2>&1; then
    echo "install.sh: sha256sum is not installed, so the archive's files are not checked against SHA256SUMS" >&2
  elif ! (cd "$here" && sha256sum --quiet -c SHA256SUMS) >&2; then
    echo "install.sh: the archive's files do not match its SHA256SUMS (damaged?): nothing was installed" >&2
    exit 1
  fi
fi

# The new binary must run here before anything is replaced; its output is read whole, so a failure is not lost
# in a pipe.
if ! version=$("$here/bin/mc-style" --version 2>&1); then
  echo "install.sh: $here/bin/mc-style does not run on this machine: nothing was installed" >&2
  printf '%s\n' "$version" | sed -n '1,5p' >&2
  exit 1
fi

put() { # put MODE SOURCE TARGET-FOLDER [NAME]: written beside the target, then renamed over it
  target="$3/${4:-$(basename "$2")}"
  mkdir -p "$3"
  install -m "$1" "$2" "$target.new.$$"
  mv -f "$target.new.$$" "$target"
}
trap 'rm -f "$prefix/bin/mc-style.new.$$"' EXIT

# The binary first, checked where it lands (a full disk or a noexec mount) before it takes the old one's place.
mkdir -p "$prefix/bin"
install -m 0755 "$here/bin/mc-style" "$prefix/bin/mc-style.new.$$"
if ! "$prefix/bin/mc-style.new.$$" --version >/dev/null 2>&1; then
  echo "install.sh: the copy in $prefix/bin does not run: the installed mc-style is unchanged" >&2
  exit 1
fi
mv -f "$prefix/bin/mc-style.new.$$" "$prefix/bin/mc-style"

for page in "$here"/share/man/man1/*.1; do put 0644 "$page" "$prefix/share/man/man1"; done
put 0644 "$here/share/bash-completion/completions/mc-style" "$prefix/share/bash-completion/completions"
put 0644 "$here/share/zsh/site-functions/_mc-style" "$prefix/share/zsh/site-functions"
put 0644 "$here/share/fish/vendor_completions.d/mc-style.fish" "$prefix/share/fish/vendor_completions.d"
for document in README.md CHANGELOG.md LICENSE rules.md editors.md; do put 0644 "$here/$document" "$prefix/share/doc/mc-style"; done

echo "installed $(printf '%s\n' "$version" | sed -n 1p) into $prefix"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "add $prefix/bin to PATH to run it as mc-style" ;;
esac
# zsh reads completions only from the folders on its fpath, which holds /usr/local and /usr but no home folder.
zsh_folder="$prefix/share/zsh/site-functions"
if command -v zsh >/dev/null 2>&1; then
  if ! zsh -fc 'print -rl -- $fpath' 2>/dev/null | grep -qx "$zsh_folder"; then
    echo "zsh: add this line to ~/.zshrc before compinit to complete mc-style: fpath=($zsh_folder \$fpath)"
  fi
else
  case "$prefix" in
    /usr|/usr/local) ;;
    *) echo "zsh: add this line to ~/.zshrc before compinit to complete mc-style: fpath=($zsh_folder \$fpath)" ;;
  esac
fi
