#!/usr/bin/env python3
"""`mc-style cost` as a build step runs it: a whole process, from reading the declarations to the printed report.

    python3 benchmarks/cost.py [--tool .build/release/mc-style] [--shared ../shared] [--runs 15]

Two projects: the demo (fixtures/demo, the shipped 50-layer base, one variant) and, where ../shared is present,
a project on TomTom's real bases (basic-main 906 layers, hybrid-main, basic-nolabels: three variants) with ten
anchored sources. Each declares four views (a phone over Tokyo, a tablet over Osaka, a laptop window over Japan,
a phone at street level), so that the report has 4 views x variants, each with its curve over 23 zooms. Prints the
median and the slowest wall time of N runs after a warm-up, per format; benchmarks/README.md keeps the figures.
"""
import argparse
import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPOSITORY = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "benchmarks"))
from lsp import demo, tomtom  # noqa: E402  the same two projects as the language server's benchmark

VIEWS = """views:
  - {name: tokyo-phone, center: [139.7671, 35.6812], zoom: 14, size: [390, 844]}
  - {name: osaka-tablet, center: [135.5023, 34.6937], zoom: 12, size: [820, 1180]}
  - {name: japan, center: [137.0, 37.0], zoom: 6, size: [1440, 900]}
  - {name: street, center: [139.7005, 35.6595], zoom: 18, size: [390, 844]}
"""


def timed(command, runs):
    subprocess.run(command, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000, max(times) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", default=str(REPOSITORY / ".build/release/mc-style"))
    parser.add_argument("--shared", default=str(REPOSITORY.parent / "shared"))
    parser.add_argument("--runs", type=int, default=15)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        work = pathlib.Path(name)
        projects = [("demo (50 layers), 1 variant", demo(work))]
        big = tomtom(work, pathlib.Path(arguments.shared))
        if big is None:
            print(f"skipped the TomTom project: {arguments.shared}/corpus/styles is absent", file=sys.stderr)
        else:
            projects.append(("TomTom basic-main (906 layers), 3 variants, 10 sources", big))
        print("| project | views x variants | text (median / slowest) | json | html |")
        print("|---|---|---|---|---|")
        for label, folder in projects:
            declarations = folder / "mc-style.yaml"
            declarations.write_text(declarations.read_text(encoding="utf-8") + VIEWS, encoding="utf-8")
            command = [arguments.tool, "cost", str(declarations)]
            report = json.loads(subprocess.run(command + ["--format", "json"], check=True, capture_output=True,
                                               text=True).stdout)
            cells = []
            for format_name in ("text", "json", "html"):
                median, slowest = timed(command + ["--format", format_name], arguments.runs)
                cells.append(f"{median:.1f} / {slowest:.1f} ms")
            print(f"| {label} | {len(report['views'])} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
