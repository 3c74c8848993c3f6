#!/usr/bin/env python3
"""Two builds of mc-style on the workloads of run.py, measured in alternation (one run of each per round), as
the rule for speed mechanisms asks: a mechanism stays only if removing it costs at least 10% on a workload.
Wall time (median) and peak memory (GNU time, the largest of three runs) of each. Each binary can be given extra
compile arguments (the old build's --cache-dir, say).

Usage: compare.py OLD NEW [--runs N] [--old-extra ARG ...]   (OLD and NEW: paths of mc-style binaries)"""
import os
import pathlib
import shutil
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import run  # noqa: E402  (the suite's helpers: generate, alternate)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    old, new = argv[0], argv[1]
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 21
    extra = argv[argv.index("--old-extra") + 1:] if "--old-extra" in argv else []
    corpus = pathlib.Path(os.environ.get("MC_STYLE_SHARED", run.ROOT.parent / "shared")) / "corpus" / "styles"
    if not corpus.is_dir():
        print(f"compare: {corpus} is absent", file=sys.stderr)
        return 0
    run.WORK.mkdir(parents=True, exist_ok=True)
    workloads = [("(a) tomtom-basic-nolabels + 200 sources, --compact", "tomtom-basic-nolabels.json", 200, ["--compact"]),
                 ("(b) gen-americana-en + 200 sources, --compact", "gen-americana-en.json", 200, ["--compact"]),
                 ("(b) gen-americana-en + 200 sources, pretty", "gen-americana-en.json", 200, []),
                 ("(c) tomtom-basic-nolabels + 10 sources", "tomtom-basic-nolabels.json", 10, []),
                 ("(c) tomtom-basic-nolabels + 1,000 sources", "tomtom-basic-nolabels.json", 1000, []),
                 ("(c) tomtom-basic-nolabels + 10,000 sources", "tomtom-basic-nolabels.json", 10000, [])]
    print(f"| workload | {pathlib.Path(old).name} (old{', ' + ' '.join(extra) if extra else ''}) | new | new / old | peak old | peak new |")
    print("|---|---|---|---|---|---|")

    def row(title, commands, count):
        samples = run.alternate(commands, count)
        memory = run.alternate(commands, 3, sample=run.peak_rss)
        medians = [statistics.median(s) for s in samples]
        peaks = [max(m) / 1024 for m in memory]
        print(f"| {title} | {medians[0] * 1e3:.1f} ms | {medians[1] * 1e3:.1f} ms | {medians[1] / medians[0]:.3f} "
              f"| {peaks[0]:.1f} MB | {peaks[1]:.1f} MB |", flush=True)

    for title, base, count, flags in workloads:
        declarations = run.generate(count, corpus / base, f"compare-{count}-{base}.yaml")
        outs = [run.WORK / f"compare-old-{count}-{base}", run.WORK / f"compare-new-{count}-{base}"]
        for out in outs:
            shutil.rmtree(out, ignore_errors=True)
        row(title, [[old, "compile", str(declarations), "--out", str(outs[0])] + flags + extra,
                    [new, "compile", str(declarations), "--out", str(outs[1])] + flags], runs if count < 10000 else max(5, runs // 3))
    for base in ["tomtom-basic-nolabels.json", "gen-americana-en.json"]:
        style = str(corpus / base)
        row(f"validate {base}", [[old, "validate", style], [new, "validate", style]], runs)
        row(f"format --compact {base}", [[old, "format", "--compact", style], [new, "format", "--compact", style]], runs)
        row(f"format {base}", [[old, "format", style], [new, "format", style]], runs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
