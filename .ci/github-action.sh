#!/usr/bin/env bash
# The shell steps of action.yml (the GitHub Action), run by the runner with GitHub's environment
# (GITHUB_ACTION_PATH, GITHUB_WORKSPACE, RUNNER_TEMP, GITHUB_PATH, GITHUB_STEP_SUMMARY) and the inputs as
# MC_STYLE_* variables:
# 1. installs mc-style: MC_STYLE_ARCHIVE (a path or an https URL), else the MC_STYLE_VERSION release of
#    MC_STYLE_REPOSITORY, verified against its SHA256SUMS; or, with MC_STYLE_BUILD=true, builds the action's source;
# 2. validates MC_STYLE_DECLARATIONS with --format github, so findings become annotations (MC_STYLE_STRICT=true
#    fails on warnings), and writes MC_STYLE_SARIF when given;
# 3. runs compile --check --diff against MC_STYLE_OUT when given;
# 4. writes a summary of all three to the step summary. Exits 1 when a check failed, 2 on a bad input.
set -euo pipefail

fail_input() { echo "::error title=mc-style action::$1"; exit 2; }
temp=${RUNNER_TEMP:?RUNNER_TEMP is not set: run this as the action step}
summary=${GITHUB_STEP_SUMMARY:-/dev/null}
arch=$(uname -m)
prefix=$temp/mc-style

# 1. Install.
if [ "${MC_STYLE_BUILD:-false}" = true ]; then
  swift build -c release --package-path "$GITHUB_ACTION_PATH" --product mc-style
  mkdir -p "$prefix/bin"
  cp "$GITHUB_ACTION_PATH/.build/release/mc-style" "$prefix/bin/"
else
  version=${MC_STYLE_VERSION:-}
  archive=${MC_STYLE_ARCHIVE:-}
  download=$temp/mc-style-download
  mkdir -p "$download"
  if [ -z "$archive" ]; then
    [ -n "$version" ] || fail_input "give 'version' or 'archive'"
    repository=${MC_STYLE_REPOSITORY:-}
    [[ "$repository" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || fail_input "'repository' is not owner/name: '$repository'"
    [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail_input "'version' is not a release version: '$version'"
    archive="https://github.com/$repository/releases/download/v$version/mc-style-$version-linux-$arch.tar.gz"
  fi
  name=$(basename "$archive")
  [[ "$name" =~ ^mc-style-[0-9.]+-linux-[a-z0-9_]+\.tar\.gz$ ]] || fail_input "'$name' is not a release archive's name"
  case "$archive" in
    https://*)
      command -v curl >/dev/null || fail_input "curl is needed to download $archive"
      curl -fsSL --retry 3 -o "$download/$name" "$archive"
      curl -fsSL --retry 3 -o "$download/SHA256SUMS" "${archive%/*}/SHA256SUMS"
      ;;
    *://*) fail_input "'archive' must be an https URL or a path: $archive" ;;
    *)
      source_path=$archive
      [ "${source_path#/}" != "$source_path" ] || source_path=${GITHUB_WORKSPACE:-.}/$archive
      [ -f "$source_path" ] || fail_input "no release archive at $archive"
      cp "$source_path" "$download/$name"
      sums=$(dirname "$source_path")/SHA256SUMS
      [ -f "$sums" ] || fail_input "no SHA256SUMS beside $archive"
      cp "$sums" "$download/SHA256SUMS"
      ;;
  esac
  (cd "$download" && grep -E "  $name\$" SHA256SUMS | sha256sum -c --quiet -) \
    || { echo "::error title=mc-style action::$name does not match its SHA256SUMS"; exit 1; }
  tar xzf "$download/$name" -C "$download"
  "$download/${name%.tar.gz}/install.sh" --prefix "$prefix" > /dev/null
fi
echo "$prefix/bin" >> "${GITHUB_PATH:-/dev/null}"
tool=$prefix/bin/mc-style
version_line=$("$tool" --version | head -n 1)
commit_line=$("$tool" --version | sed -n 2p)
{
  echo "## mc-style"
  echo
  echo "$version_line (${commit_line})"
} >> "$summary"

cd "${GITHUB_WORKSPACE:-.}"
cd "${MC_STYLE_WORKING_DIRECTORY:-.}"
declarations=${MC_STYLE_DECLARATIONS:-}
if [ -z "$declarations" ]; then
  echo "mc-style installed: $version_line"
  exit 0
fi

# 2. Validate: annotations on standard output, the counts from the text form for the summary.
failed=0
strict=()
[ "${MC_STYLE_STRICT:-false}" = true ] && strict=(--strict)
"$tool" validate "$declarations" "${strict[@]}" --format github || failed=1
# The count line ("N errors, M warnings"), not a line after it ("K notes not shown: ...").
counts=$("$tool" validate "$declarations" "${strict[@]}" --max-findings 1 2>&1 | grep -E '^[0-9]+ errors?, [0-9]+ warnings?' | tail -n 1 || true)
{
  echo
  echo "| check | result |"
  echo "|---|---|"
  if [ "$failed" = 0 ]; then
    echo "| \`validate $declarations\` | passed: $counts |"
  else
    echo "| \`validate $declarations\` | **failed**: $counts (see the annotations) |"
  fi
} >> "$summary"
if [ -n "${MC_STYLE_SARIF:-}" ]; then
  "$tool" validate "$declarations" --format sarif > "$MC_STYLE_SARIF" || true
  echo "| SARIF | written to \`$MC_STYLE_SARIF\` |" >> "$summary"
fi

# 3. The committed output is current.
if [ -n "${MC_STYLE_OUT:-}" ]; then
  if "$tool" compile "$declarations" --out "$MC_STYLE_OUT" --check --diff > "$temp/mc-style-check.txt" 2>&1; then
    echo "| \`compile --check\` \`$MC_STYLE_OUT\` | current |" >> "$summary"
  else
    failed=1
    cat "$temp/mc-style-check.txt"
    changed=$(grep -cE '^(added|changed|removed|would)' "$temp/mc-style-check.txt" || true)
    echo "| \`compile --check\` \`$MC_STYLE_OUT\` | **not current** ($changed lines; recompile and commit) |" >> "$summary"
  fi
fi
exit "$failed"
