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
import subprocess
import sys
import tempfile
import time

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

        def run(words):
            start = time.perf_counter()
            done = subprocess.run(words, cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            elapsed = time.perf_counter() - start
            if done.returncode not in (0, 1):
                sys.exit(f"vector_style: {' '.join(words[1:])} failed: {done.stderr.decode()}")
            return elapsed

        run(compile_words)
        run(floor_words)
        compiles, floors = [], []
        for _ in range(arguments.runs):
            compiles.append(run(compile_words))
            floors.append(run(floor_words))
        median = lambda samples: sorted(samples)[len(samples) // 2]
        ratio = median(compiles) / median(floors)
        print(f"base {base.name}, vector style versatiles-colorful (280 layers), {arguments.runs} rounds")
        print(f"compile        {median(compiles) * 1000:8.1f} ms (median)")
        print(f"validate floor {median(floors) * 1000:8.1f} ms (median)")
        print(f"ratio          {ratio:8.2f}x (target: at most 1.3x)")
        return 0 if ratio <= 1.3 else 1


if __name__ == "__main__":
    sys.exit(main())
