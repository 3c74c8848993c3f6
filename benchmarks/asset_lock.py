#!/usr/bin/env python3
"""Offline validation from a fetch-base lock (issue: every check runs from the lock in under 1.2x of today's
`validate` time), and the size of the lock folder for TomTom's basic design.

    python3 benchmarks/asset_lock.py [--runs N] [--tool PATH]

TomTom's real sprite, fonts and tiles cannot be reached from here, so a loopback stand-in for TomTom
(.ci/harness.py's StandInHosts) serves `tomtom-basic-main.json` from ../shared/corpus/styles (906 layers) and
assets shaped after it: a sprite index naming every icon the style uses and 400 more (about TomTom's
count), 1x and 2x pictures of 250 KB and 600 KB, 80 KB per glyph range (a Noto range's size), and vector tiles
holding every source layer the style draws with the fields its filters read (.ci/vector_tiles.py). `fetch-base`
locks them once; then `validate base.json` runs with the lock beside it (icon, font and source-layer checks)
and without it (today's validate: no asset check), in alternation after a warm-up of each; medians of wall time
(whole processes). ASSET_LOCK_KEEP=FOLDER keeps the project there for a closer look (perf stat, say)."""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / ".ci"))
from timing import alternate, tool_run  # noqa: E402
import harness  # noqa: E402
import vector_tiles  # noqa: E402

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
SHARED = pathlib.Path(os.environ.get("MC_STYLE_SHARED", REPOSITORY.parent / "shared"))
TARGET = 1.2


def icon_names(style):
    """Every string in the style's icon-image and *-pattern values (literal names, expression outputs, stop outputs), and the
    fixed part of templated ones: what TomTom's sprite has, so that the checks run and find nothing."""
    names = set()

    def collect(node):
        if isinstance(node, str):
            names.add(node.split("{")[0] if "{" in node else node)
        elif isinstance(node, list):
            for item in node:
                collect(item)
        elif isinstance(node, dict):
            for item in node.values():
                collect(item)

    for layer in style.get("layers", []):
        collect(layer.get("layout", {}).get("icon-image"))
        for key, value in layer.get("paint", {}).items():
            if key.endswith("-pattern"):
                collect(value)
    return {name for name in names if name}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--tool", default=str(REPOSITORY / ".build" / "release" / "mc-style"))
    arguments = parser.parse_args()
    arguments.tool = str(pathlib.Path(arguments.tool).resolve())
    base = SHARED / "corpus" / "styles" / "tomtom-basic-main.json"
    if not base.exists():
        print(f"asset_lock: {base} is absent: skipped (it needs TomTom's style)", file=sys.stderr)
        return 0
    style_bytes = base.read_bytes()
    style = json.loads(style_bytes)
    icons = sorted(icon_names(style) | {f"poi-{n}" for n in range(400)})
    sprite = json.dumps({name: {"x": 0, "y": 0, "width": 24, "height": 24, "pixelRatio": 1} for name in icons}).encode()
    vocabulary = vector_tiles.style_vocabulary(style)
    tiles = {}

    def answer(host, path):
        route, _, _ = path.partition("?")
        if route.startswith("/style/1/style/"):
            return 200, "application/json", style_bytes
        if route.startswith("/maps/orbis/assets/sprites/"):
            if route.endswith(".json"):
                return 200, "application/json", sprite
            return 200, "image/png", b"\x89PNG" + bytes(600_000 if "@2x" in route else 250_000)
        if route.startswith("/maps/orbis/assets/fonts/"):
            return 200, "application/x-protobuf", bytes(80_000)
        if route.startswith("/map/1/tile/"):
            z, x, y = route.rsplit("/", 3)[1:]
            key = (z, x, y.split(".")[0])
            if key not in tiles:
                tiles[key] = vector_tiles.tile_for(vocabulary, *map(int, key))
            return 200, "application/x-protobuf", tiles[key]
        return 404, "text/plain", b"nope"

    with tempfile.TemporaryDirectory(prefix="mc-style-lock-") as folder, harness.StandInHosts(answer) as stand_in:
        project = pathlib.Path(os.environ.get("ASSET_LOCK_KEEP", folder))
        project.mkdir(parents=True, exist_ok=True)
        environment = stand_in.environment(dict(os.environ, TT="bench-key"))
        fetched = subprocess.run([arguments.tool, "fetch-base", "--out", "base.json", "--api-key-env", "TT"],
                                 cwd=project, env=environment, capture_output=True, text=True)
        if fetched.returncode != 0:
            print(f"asset_lock: fetch-base failed: {fetched.stderr}", file=sys.stderr)
            return 1
        print(fetched.stdout.strip())
        assets = project / "base.assets"
        sizes = sorted((f.stat().st_size, str(f.relative_to(assets))) for f in assets.rglob("*") if f.is_file())
        total = sum(size for size, _ in sizes) + (project / "base.lock.json").stat().st_size
        print(f"lock folder: {total / 1024:.0f} KiB in {len(sizes) + 1} files (lock {(project / 'base.lock.json').stat().st_size / 1024:.1f} KiB)")
        for size, name in sizes:
            print(f"  {size / 1024:8.1f} KiB  {name}")
        plain = project / "plain"
        plain.mkdir()
        shutil.copy(project / "base.json", plain / "base.json")
        locked_words = [arguments.tool, "validate", "base.json", "--quiet"]
        locked, today = alternate(
            arguments.runs, tool_run("asset_lock", locked_words, project, accepted=(0, 1)),
            tool_run("asset_lock", locked_words, plain, accepted=(0, 1)))
        ratio = locked / today
        print(f"base {base.name}, {arguments.runs} rounds, offline")
        print(f"validate with the lock   {locked * 1000:8.1f} ms (median)")
        print(f"validate without (today) {today * 1000:8.1f} ms (median)")
        print(f"ratio                    {ratio:8.2f}x (target: under {TARGET}x)")
        return 0 if ratio < TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
