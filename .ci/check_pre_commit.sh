#!/usr/bin/env bash
# The pre-commit hooks (.pre-commit-hooks.yaml) through the real pre-commit, as a team meets them: `pre-commit
# try-repo` this repository in a fresh git repository holding the demo project in docs/ci.md's layout
# (mc-style.yaml at the root, the compiled folder committed as map-style/). A good commit passes every hook; a
# broken declaration fails mc-style-validate with its located message; a declarations change whose output was not
# recompiled fails mc-style-compile-check, naming the file.
#   .ci/check_pre_commit.sh MC_STYLE PRE_COMMIT
set -euo pipefail
cd "$(dirname "$0")/.."
tool=$(realpath "$1")
pre_commit=$(realpath "$2")
hooks=$PWD

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/project/styles" "$work/project/parts" "$work/project/vector"
ln -s "$tool" "$work/bin/mc-style"
export PATH="$work/bin:$PATH" PRE_COMMIT_HOME="$work/cache" GIT_CONFIG_GLOBAL="$work/gitconfig"
git config --global user.email ci@example.invalid
git config --global user.name CI
git config --global init.defaultBranch main

cd "$work/project"
sed 's|^base: \.\./\.\./styles/tomtom-demo-base\.json$|base: styles/tomtom-demo-base.json|' \
  "$hooks/fixtures/demo/mc-style.yaml" > mc-style.yaml
cp "$hooks"/fixtures/demo/parts/*.yaml parts/
cp "$hooks"/fixtures/demo/vector/* vector/
cp "$hooks/styles/tomtom-demo-base.json" styles/
git init -q
mc-style compile mc-style.yaml --out map-style --quiet
git add -A
git commit -qm "the demo project"

expect() { # expect STATUS LOG-PATTERN DESCRIPTION -- COMMAND...
  local status=$1 pattern=$2 what=$3
  shift 4
  set +e
  "$@" > "$work/log" 2>&1
  local actual=$?
  set -e
  if [ "$actual" != "$status" ] || ! grep -qE -- "$pattern" "$work/log"; then
    echo "pre-commit check failed: $what (exit $actual, expected $status; looked for /$pattern/):" >&2
    cat "$work/log" >&2
    exit 1
  fi
  echo "pre-commit: $what"
}

expect 0 "mc-style validate \(declarations\)\.+Passed" "a good commit passes every hook" -- \
  "$pre_commit" try-repo "$hooks" --all-files
grep -E "^mc-style" "$work/log"

# A broken declaration: the source's opacity out of range, at its line and column.
sed -i '0,/opacity: /s/opacity: [0-9.]*/opacity: 7/' mc-style.yaml
git add mc-style.yaml
line=$(grep -n "opacity: 7" mc-style.yaml | head -n 1 | cut -d: -f1)
expect 1 "mc-style\.yaml:$line:[0-9]+: error: " "a broken declaration fails mc-style-validate at its line" -- \
  "$pre_commit" try-repo "$hooks" mc-style-validate --all-files
git checkout -q mc-style.yaml

# A valid change whose compiled output was not brought up to date.
sed -i '0,/opacity: /s/opacity: \([0-9.]*\)/opacity: 0.25/' mc-style.yaml
git add mc-style.yaml
expect 1 "map-style/style\.json" "stale committed output fails mc-style-compile-check, naming the file" -- \
  "$pre_commit" try-repo "$hooks" mc-style-compile-check --all-files
grep -qF "map-style is not current: run 'mc-style compile mc-style.yaml --out map-style' to write it" "$work/log" || {
  echo "pre-commit check failed: the failing compile-check does not name the command that regenerates" >&2
  exit 1
}
expect 0 "Passed" "the declarations change itself still validates" -- \
  "$pre_commit" try-repo "$hooks" mc-style-validate --all-files
