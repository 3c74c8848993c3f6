#!/usr/bin/env python3
"""Runs two builds of mc-style on the same commands and says whether they behave identically: standard output,
standard error, exit status and every file written, byte for byte. For a change that must alter no behaviour
(a simplification, a speed mechanism taken out or put in).

The commands cover the demo, the variants, every fixture under fixtures/bad-inputs and fixtures/declarations,
every corpus style (validate in every format, format, layers, migrate --check, diff against the next style)
and the benchmark workloads (generated declarations of 10, 200 and 1,000 sources).

Usage: compare_outputs.py OLD NEW   (paths of two mc-style binaries; run from anywhere)
Exit status 0 when every command behaves the same, 1 otherwise (the first differences are printed)."""
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORK = ROOT / "benchmarks" / ".work" / "compare-outputs"
sys.path.insert(0, str(ROOT / "benchmarks"))
import run as suite  # noqa: E402  (generate: the benchmark workloads)


def commands(corpus):
    """(name, argument list, output folder or None) for every command compared; paths relative to ROOT."""
    out = str(WORK.relative_to(ROOT) / "out")
    listed = []
    demo = "fixtures/demo/mc-style.yaml"
    variants = "fixtures/variants/mc-style.yaml"
    for declarations in [demo, variants]:
        listed += [(f"compile {declarations}", ["compile", declarations, "--out", out], out),
                   (f"compile --compact {declarations}", ["compile", declarations, "--out", out, "--compact"], out),
                   (f"validate {declarations}", ["validate", declarations], None)]
        for format_ in ["json", "sarif", "github"]:
            listed.append((f"validate --format {format_} {declarations}", ["validate", declarations, "--format", format_], None))
    for fixture in sorted((ROOT / "fixtures" / "bad-inputs").iterdir()):
        relative = str(fixture.relative_to(ROOT))
        if fixture.suffix in (".json", ".yaml"):
            listed.append((f"validate {relative}", ["validate", relative], None))
            listed.append((f"validate --format json {relative}", ["validate", relative, "--format", "json"], None))
        if fixture.suffix == ".yaml":
            listed.append((f"compile {relative}", ["compile", relative, "--out", out], out))
        if fixture.suffix == ".json":
            listed.append((f"format {relative}", ["format", relative], None))
    for fixture in sorted((ROOT / "fixtures" / "declarations").rglob("*.yaml")):
        relative = str(fixture.relative_to(ROOT))
        listed.append((f"validate {relative}", ["validate", relative], None))
        listed.append((f"compile {relative}", ["compile", relative, "--out", out], out))
    styles = sorted(corpus.glob("*.json")) if corpus.is_dir() else []
    for index, style in enumerate(styles):
        path = str(style)
        name = style.name
        for format_ in ["text", "json", "sarif"]:
            listed.append((f"validate --format {format_} {name}", ["validate", path, "--format", format_], None))
        listed += [(f"validate --target maplibre {name}", ["validate", path, "--target", "maplibre"], None),
                   (f"format {name}", ["format", path], None),
                   (f"format --sort {name}", ["format", "--sort", path], None),
                   (f"format --compact {name}", ["format", "--compact", path], None),
                   (f"layers {name}", ["layers", path], None),
                   (f"migrate --check {name}", ["migrate", "--check", path], None),
                   (f"compile --base {name}", ["compile", "--base", path, "--out", out], out)]
        if index + 1 < len(styles):
            listed.append((f"diff {name} {styles[index + 1].name}", ["diff", path, str(styles[index + 1])], None))
    if corpus.is_dir():
        suite.WORK.mkdir(parents=True, exist_ok=True)
        for count in [10, 200, 1000]:
            declarations = suite.generate(count, corpus / "tomtom-basic-nolabels.json", f"compare-outputs-{count}.yaml")
            relative = str(declarations.relative_to(ROOT))
            listed += [(f"compile {count} sources", ["compile", relative, "--out", out], out),
                       (f"compile --compact {count} sources", ["compile", relative, "--out", out, "--compact"], out),
                       (f"validate {count} sources", ["validate", relative], None)]
        declarations = suite.generate(200, corpus / "gen-americana-en.json", "compare-outputs-americana.yaml")
        listed.append(("compile americana 200 sources", ["compile", str(declarations.relative_to(ROOT)), "--out", out, "--compact"], out))
    return listed


def folder_contents(folder):
    """Every file below `folder` (relative path -> bytes), or None when there is no folder."""
    if folder is None or not folder.is_dir():
        return None
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def behaviour(binary, arguments, out):
    """What one run does: (status, stdout, stderr, files written)."""
    out_folder = ROOT / out if out else None
    if out_folder is not None:
        shutil.rmtree(out_folder, ignore_errors=True)
    environment = dict(os.environ, NO_COLOR="1")
    done = subprocess.run([binary] + arguments, cwd=ROOT, capture_output=True, env=environment, timeout=300)
    return done.returncode, done.stdout, done.stderr, folder_contents(out_folder)


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    old, new = (str(pathlib.Path(binary).resolve()) for binary in argv)
    corpus = pathlib.Path(os.environ.get("MC_STYLE_SHARED", ROOT.parent / "shared")) / "corpus" / "styles"
    if not corpus.is_dir():
        print(f"compare_outputs: {corpus} is absent; comparing the repository's fixtures only", file=sys.stderr)
    WORK.mkdir(parents=True, exist_ok=True)
    listed = commands(corpus)
    differences = []
    for name, arguments, out in listed:
        before = behaviour(old, arguments, out)
        after = behaviour(new, arguments, out)
        if before != after:
            parts = [part for part, a, b in zip(["status", "stdout", "stderr", "files"], before, after) if a != b]
            differences.append(f"{name}: {', '.join(parts)} differ")
    shutil.rmtree(WORK / "out", ignore_errors=True)
    for line in differences[:40]:
        print(line)
    print(f"compare_outputs: {len(listed)} commands, {len(differences)} differ")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
