#!/usr/bin/env python3
"""Compile time of a project whose dark design is derived from its light one by rules (the shipped
fixtures/stylerules/rules/dark.rules.json: a lightness inversion of every colour, then four role rules) against the
same project composing the dark design from the same base without rules. Issue target: at most 1.5x.

    python3 benchmarks/style_rules.py [--runs N] [--tool PATH]

The base is `tomtom-basic-main.json` from ../shared/corpus/styles (906 layers) when it is there, else the
shipped demo base. Both compiles run in alternation, one of each per round, after a warm-up of each; the
figures are medians of wall time (whole processes)."""
import argparse
import os
import pathlib
import shutil
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from timing import alternate, tool_run  # noqa: E402

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
SHARED = pathlib.Path(os.environ.get("MC_STYLE_SHARED", REPOSITORY.parent / "shared"))
TARGET = 1.5


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--tool", default=str(REPOSITORY / ".build" / "release" / "mc-style"))
    arguments = parser.parse_args()
    base = SHARED / "corpus" / "styles" / "tomtom-basic-main.json"
    if not base.exists():
        print(f"style_rules: {base} is absent; using the shipped demo base", file=sys.stderr)
        base = REPOSITORY / "styles" / "tomtom-demo-base.json"
    with tempfile.TemporaryDirectory(prefix="mc-style-rules-") as folder:
        project = pathlib.Path(folder)
        (project / ".git").mkdir()
        shutil.copy(base, project / "base.json")
        shutil.copy(REPOSITORY / "fixtures" / "stylerules" / "rules" / "dark.rules.json", project / "dark.json")
        sources = "sources:\n  - id: hillshade\n    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png\n"
        (project / "derived.yaml").write_text(
            "version: 1\nbases:\n  light: base.json\n  dark: {from: light, rules: dark.json}\n" + sources,
            encoding="utf-8")
        (project / "plain.yaml").write_text(
            "version: 1\nbases:\n  light: base.json\n  dark: base.json\n" + sources, encoding="utf-8")
        derived_words = [arguments.tool, "compile", "derived.yaml", "--out", "out-derived", "--quiet"]
        plain_words = [arguments.tool, "compile", "plain.yaml", "--out", "out-plain", "--quiet"]

        derived, plain = alternate(
            arguments.runs, tool_run("style_rules", derived_words, project), tool_run("style_rules", plain_words, project))
        ratio = derived / plain
        print(f"base {base.name}, two designs (light, dark), {arguments.runs} rounds")
        print(f"dark derived by rules  {derived * 1000:8.1f} ms (median)")
        print(f"dark composed as is    {plain * 1000:8.1f} ms (median)")
        print(f"ratio                  {ratio:8.2f}x (target: at most {TARGET}x)")
        return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
