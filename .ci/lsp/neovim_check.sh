#!/usr/bin/env bash
# Headless Neovim, configured with the very block docs/editors.md gives (the `lua file=mc-style-lsp.lua` block),
# opens a declarations file with a broken opacity and must receive its diagnostic from `mc-style lsp`.
#   .ci/lsp/neovim_check.sh MC_STYLE_BINARY
set -euo pipefail
cd "$(dirname "$0")/../.."
tool=$(realpath "$1")
command -v nvim >/dev/null || { echo "neovim_check: nvim is not installed (apt-get install neovim)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - docs/editors.md "$work/init.lua" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"```lua file=mc-style-lsp\.lua\n(.*?)```", text, re.S)
assert len(blocks) == 1, "docs/editors.md must hold exactly one `lua file=mc-style-lsp.lua` block"
open(sys.argv[2], "w", encoding="utf-8").write("vim.cmd('filetype on')\n" + blocks[0])
PY
mkdir -p "$work/bin" "$work/project/.git"
ln -s "$tool" "$work/bin/mc-style"
cp -R fixtures/demo/parts "$work/project/parts"
cp -R fixtures/demo/vector "$work/project/vector"
cp styles/tomtom-demo-base.json "$work/project/base.json"
sed -e 's#base: ../../styles/tomtom-demo-base.json#base: base.json#' -e 's#opacity: 0.6#opacity: 1.6#' \
  fixtures/demo/mc-style.yaml > "$work/project/mc-style.yaml"
expected_line=$(grep -n 'opacity: 1.6' "$work/project/mc-style.yaml" | cut -d: -f1)
cd "$work/project"
PATH="$work/bin:$PATH" timeout 60 nvim --headless -u "$work/init.lua" \
  -c 'lua vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)' \
  -c 'lua local out = {} for _, d in ipairs(vim.diagnostic.get(0)) do local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "" table.insert(out, (d.lnum + 1) .. ":" .. (d.col + 1) .. " " .. code .. " " .. d.message) end vim.fn.writefile(out, "diagnostics.txt")' \
  -c 'lua vim.fn.writefile({vim.bo.omnifunc}, "omnifunc.txt")' \
  -c 'qa!' mc-style.yaml
grep -qx "v:lua.vim.lsp.omnifunc" omnifunc.txt || {
  echo "neovim_check: docs/editors.md's block does not set omnifunc, so <C-x><C-o> offers nothing" >&2
  exit 1
}
cat diagnostics.txt
grep -q "^${expected_line}:14 decl.range 1.6 is outside 0..1$" diagnostics.txt || {
  echo "neovim_check: Neovim did not receive the decl.range diagnostic at line $expected_line, column 14" >&2
  exit 1
}
echo "neovim_check: headless Neovim $(nvim --version | head -1 | cut -d' ' -f2) received the diagnostic of the broken file"
