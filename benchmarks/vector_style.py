#!/usr/bin/env python3
"""Compile time of a project with a real 280-layer vector style (VersaTiles colorful, the demo's) against its
process floor: one `validate` of the same base and the same vector style. Issue target: at most 1.3x.

    python3 benchmarks/vector_style.py [--runs N] [--tool PATH]

The base is `tomtom-basic-main.json` from ../shared/corpus/styles (906 layers) when it is there, else the
shipped demo base. Both commands run in alternation, one of each per round, after a warm-up of each; the
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--tool", default=str(REPOSITORY / ".build" / "release" / "mc-style"))
    arguments = parser.parse_args()
    base = SHARED / "corpus" / "styles" / "tomtom-basic-main.json"
    if not base.exists():
        print(f"vector_style: {base} is absent; using the shipped demo base", file=sys.stderr)
        base = REPOSITORY / "styles" / "tomtom-demo-base.json"
    with tempfile.TemporaryDirectory(prefix="mc-style-vector-") as folder:
        project = pathlib.Path(folder)
        (project / ".git").mkdir()
        (project / "vector").mkdir()
        shutil.copy(base, project / "base.json")
        shutil.copy(REPOSITORY / "fixtures" / "demo" / "vector" / "versatiles-colorful.json", project / "vector")
        (project / "mc-style.yaml").write_text(
            "version: 1\nbase: base.json\nsources:\n"
            "  - id: company-map\n"
            "    vectorStyle: {style: vector/versatiles-colorful.json, route: company-map}\n"
            "    placement: belowLabels\n", encoding="utf-8")
        compile_words = [arguments.tool, "compile", "mc-style.yaml", "--out", "out", "--quiet"]
        floor_words = [arguments.tool, "validate", "base.json", "vector/versatiles-colorful.json", "--quiet"]

        compiled, floor = alternate(
            arguments.runs, tool_run("vector_style", compile_words, project, accepted=(0, 1)),
            tool_run("vector_style", floor_words, project, accepted=(0, 1)))
        ratio = compiled / floor
        print(f"base {base.name}, vector style versatiles-colorful (280 layers), {arguments.runs} rounds")
        print(f"compile        {compiled * 1000:8.1f} ms (median)")
        print(f"validate floor {floor * 1000:8.1f} ms (median)")
        print(f"ratio          {ratio:8.2f}x (target: at most 1.3x)")
        return 0 if ratio <= 1.3 else 1


if __name__ == "__main__":
    sys.exit(main())
