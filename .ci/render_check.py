#!/usr/bin/env python3
"""Proves compiled styles in a real renderer: MapLibre Native, headless, through PyPI's pymgl.

A loopback tile server (127.0.0.1 only; it stops with the check) serves solid-colour PNG tiles, a colour per
source, `@2x` tiles at double size, and logs every request. Each case compiles real fixtures with
`mc-style compile` and renders the result in a child process (one map per process; the child's own file
descriptor 2 is captured, which is where MapLibre reports a dropped layer). Prints one line per case and
`render check: P passed, F failed`; exits 1 on any failure.

Usage: render_check.py MC_STYLE [--self-test] [--corpus DIR]
  --self-test  also checks that a deliberately broken composition (a wrong source reference, a bad tile
               size) makes the check fail, with a message that says which case and why."""
import http.server
import json
import os
import pathlib
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import zlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "render"
COLOURS = {"red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255), "yellow": (255, 255, 0), "heat": (255, 0, 255)}
SIZE, ZOOM = 1024, 6


# ---------------------------------------------------------------- the tile server

def png(width, colour):
    row = b"\x00" + bytes(colour + (255,)) * width
    raw = row * width
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, width, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


class TileServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), TileHandler)
        self.requests = []
        self.lock = threading.Lock()

    @property
    def origin(self):
        return f"http://127.0.0.1:{self.server_address[1]}"


class TileHandler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.path.split("?")[0]
        with self.server.lock:
            self.server.requests.append(path)
        parts = path.strip("/").split("/")
        if path == "/blue/tiles.json":
            body = json.dumps({"tilejson": "3.0.0", "tiles": [self.server.origin + "/blue/{z}/{x}/{y}.png"],
                               "bounds": [-5, 3, 5, 5], "minzoom": 0, "maxzoom": 22}).encode()
            return self.reply(200, "application/json", body)
        if parts[0] == "blocked":
            return self.blocked(path)
        name = parts[1] if parts[0] == "tiles" and len(parts) > 1 else parts[0]
        if name in COLOURS and path.endswith(".png"):
            retina = "@2x" in parts[-1]
            return self.reply(200, "image/png", png(512 if retina else 256, COLOURS[name]))
        if name in COLOURS and "/tile/" in path:
            return self.reply(200, "image/png", png(256, COLOURS[name]))
        self.reply(404, "text/plain", b"not here")

    def blocked(self, path):
        """Stand-ins for a corpus style's remote resources (never fetched from their real hosts): an empty
        sprite index and image, or a TileJSON whose tiles are not served."""
        if path.endswith(".png"):
            return self.reply(200, "image/png", png(1, (0, 0, 0)))
        if "sprite" in path or "hosted" in path:
            return self.reply(200, "application/json", b"{}")
        tilejson = {"tilejson": "3.0.0", "tiles": [self.server.origin + "/blocked/tile/{z}/{x}/{y}"], "minzoom": 0, "maxzoom": 14}
        self.reply(200, "application/json", json.dumps(tilejson).encode())

    def reply(self, status, kind, body):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the renderer process ended (one map per process) before reading a stand-in


# ---------------------------------------------------------------- the renderer side (child process)

def child(style_path, ratio, render):
    os.environ["EGL_PLATFORM"] = "surfaceless"
    from pymgl import Map
    style = pathlib.Path(style_path).read_text(encoding="utf-8")
    result = {"styleLayers": [layer["id"] for layer in json.loads(style)["layers"]]}
    map_ = Map(style, SIZE, SIZE, ratio, 0, 0, ZOOM)
    result["layers"] = list(map_.listLayers())
    if render:
        image = map_.renderBuffer().reshape(-1)
        width = int(SIZE * ratio)
        samples = {}
        for name, (lon, lat) in SAMPLE_POINTS.items():
            x, y = pixel(lon, lat, ratio)
            start = (y * width + x) * 4
            samples[name] = [int(v) for v in image[start:start + 3]]
        result["samples"] = samples
    print(json.dumps(result))


SAMPLE_POINTS = {
    "west-middle": (-2.5, 0), "east-middle": (2.5, 0), "west-north": (-2.5, 4.2), "east-north": (2.5, 4.2),
    "west-south": (-2.5, -4.2), "east-south": (2.5, -4.2),
}


def pixel(lon, lat, ratio):
    import math
    world = 512 * 2 ** ZOOM
    def project(lo, la):
        return ((lo + 180) / 360 * world,
                (1 - math.log(math.tan(math.radians(la)) + 1 / math.cos(math.radians(la))) / math.pi) / 2 * world)
    cx, cy = project(0, 0)
    px, py = project(lon, lat)
    return int((px - cx + SIZE / 2) * ratio), int((py - cy + SIZE / 2) * ratio)


# ---------------------------------------------------------------- the check (parent process)

class Check:
    def __init__(self, tool, server, python, quiet=False):
        self.tool, self.server, self.python = tool, server, python
        self.passed = self.failed = 0
        self.quiet = quiet
        self.messages = []
        self.work = pathlib.Path(tempfile.mkdtemp(prefix="mc-style-render-"))

    def compile(self, declarations, target, base=None, name="out"):
        out = self.work / f"{name}-{target}"
        shutil.rmtree(out, ignore_errors=True)
        command = [self.tool, "compile", str(declarations), "--target", target, "--out", str(out)]
        if base:
            command += ["--base", str(base)]
        env = dict(os.environ, MC_RENDER_ORIGIN=self.server.origin)
        run = subprocess.run(command, capture_output=True, text=True, env=env)
        if run.returncode != 0:
            raise AssertionError(f"mc-style compile failed: {run.stderr.strip()[:400]}")
        return out

    def fill_local_tile_server(self, out):
        """Puts the tile server's origin where the manifest says the LocalTileServer base URL goes."""
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        style = json.loads((out / "style.json").read_text(encoding="utf-8"))
        for placeholder in manifest["placeholders"]:
            if placeholder["token"] != "{localTileServer}":
                continue
            for pointer in placeholder["pointers"]:
                parent, key = resolve(style, pointer)
                parent[key] = parent[key].replace("{localTileServer}", self.server.origin)
        (out / "style.json").write_text(json.dumps(style), encoding="utf-8")

    def render(self, style_path, ratio=1, render=True):
        with self.server.lock:
            self.server.requests.clear()
        run = subprocess.run([self.python, __file__, "--child", str(style_path), str(ratio), "1" if render else "0"],
                             capture_output=True, text=True, timeout=120, env=dict(os.environ, EGL_PLATFORM="surfaceless"))
        if run.returncode != 0:
            raise AssertionError(f"the renderer process failed ({run.returncode}): {run.stderr.strip()[-400:]}")
        result = json.loads(run.stdout.strip().splitlines()[-1])
        with self.server.lock:
            result["requests"] = list(self.server.requests)
        result["stderr"] = run.stderr.strip()
        return result

    def case(self, name, body):
        try:
            body()
            self.passed += 1
            line = f"ok   {name}"
        except AssertionError as error:
            self.failed += 1
            line = f"FAIL {name}: {error}"
        self.messages.append(line)
        if not self.quiet:
            print(line)


def resolve(document, pointer):
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    node = document
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    last = parts[-1]
    return node, (int(last) if isinstance(node, list) else last)


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def close(colour, expected, tolerance=40):
    return len(colour) == 3 and all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def check_complete(result, baseline=None):
    """Every layer survives and nothing is on the renderer's stderr. With a baseline (the base style alone in
    the same renderer), layers and messages the renderer already rejects in the base itself are allowed."""
    if baseline is not None:
        unreadable = set(baseline["styleLayers"]) - set(baseline["layers"])
        dropped = set(result["styleLayers"]) - set(result["layers"])
        expect(dropped <= unreadable, f"the renderer dropped layers it keeps in the base style alone: {sorted(dropped - unreadable)[:5]}")
        expect(not any(layer.startswith("mc-") for layer in dropped), "the renderer dropped a layer mc-style made")
        new_messages = set(result["stderr"].splitlines()) - set(baseline["stderr"].splitlines())
        expect(not new_messages, f"the renderer complained about the composition: {sorted(new_messages)[:3]}")
        return len(unreadable)
    expect(result["layers"] == result["styleLayers"],
           f"the renderer kept {len(result['layers'])} of {len(result['styleLayers'])} layers; dropped: "
           f"{sorted(set(result['styleLayers']) - set(result['layers']))[:5]}")
    expect(not result["stderr"], f"the renderer complained on its stderr: {result['stderr'][:300]}")
    return 0


def maplibre_cases(check, declarations, label):
    out = check.compile(declarations, "maplibre", name=label)
    check.fill_local_tile_server(out)
    style = out / "style.json"
    holder = {}

    def load():
        holder["result"] = check.render(style)
        check_complete(holder["result"])
    check.case(f"{label}: the composed style loads with every layer", load)
    if "result" not in holder:
        return
    result = holder["result"]
    samples, requests = result["samples"], result["requests"]

    def colours_inside_bounds():
        expect(close(samples["west-middle"], COLOURS["red"]), f"red-west should be red at (-2.5, 0), got {samples['west-middle']}")
        expect(close(samples["east-middle"], COLOURS["green"]), f"green-east should be green at (2.5, 0), got {samples['east-middle']}")
        expect(close(samples["west-south"], COLOURS["heat"]) and close(samples["east-south"], COLOURS["heat"]),
               f"the local heat source should cover the south strip, got {samples['west-south']} and {samples['east-south']}")
    check.case(f"{label}: each source's colour shows inside its bounds (urlTemplate, arcGisService, localTileServer)", colours_inside_bounds)

    def not_outside():
        expect(len(samples["east-middle"]) == 3 and samples["east-middle"][0] < 40, f"red-west drew outside its bounds at (2.5, 0): {samples['east-middle']}")
        expect(len(samples["west-middle"]) == 3 and samples["west-middle"][1] < 40, f"green-east drew outside its bounds at (-2.5, 0): {samples['west-middle']}")
    check.case(f"{label}: no source draws outside its bounds", not_outside)

    def stacking_and_opacity():
        expected_west = (128, 0, 127)
        expected_east = (0, 128, 127)
        expect(close(samples["west-north"], expected_west, 20), f"blue at 0.5 over red should blend to ~{expected_west}, got {samples['west-north']}")
        expect(close(samples["east-north"], expected_east, 20), f"blue at 0.5 over green should blend to ~{expected_east}, got {samples['east-north']}")
    check.case(f"{label}: stacking order and raster-opacity show in the pixels (tileJson source on top at 0.5)", stacking_and_opacity)

    def hidden():
        expect(all(len(colour) == 3 for colour in samples.values()), "a sample point fell outside the rendered image")
        expect(not any(close(colour, COLOURS["yellow"]) for colour in samples.values()), "the invisible source drew yellow")
        expect(not any(r.startswith("/yellow/") for r in requests), "the invisible source requested tiles")
    check.case(f"{label}: visible: false draws nothing", hidden)

    def tile_zooms():
        red = {int(r.split("/")[2]) for r in requests if r.startswith("/red/")}
        green = {int(r.split("/")[4]) for r in requests if r.startswith("/green/MapServer/tile/")}
        expect(red == {ZOOM + 1}, f"a 256 px source at map zoom {ZOOM} should request zoom {ZOOM + 1} tiles, requested {sorted(red)}")
        expect(green == {ZOOM}, f"a 512 px source at map zoom {ZOOM} should request zoom {ZOOM} tiles, requested {sorted(green)}")
        expect("/blue/tiles.json" in requests, "the TileJSON source never fetched its TileJSON")
    check.case(f"{label}: requested tile zooms match the tile sizes", tile_zooms)

    def retina():
        result2 = check.render(style, ratio=2)
        check_complete(result2)
        heat = [r for r in result2["requests"] if r.startswith("/tiles/heat/")]
        expect(heat and all(r.endswith("@2x.png") for r in heat), f"at pixel ratio 2 the retina source should request @2x tiles: {heat[:4]}")
        red = [r for r in result2["requests"] if r.startswith("/red/")]
        expect(red and not any("@2x" in r for r in red), "a source without {ratio} asked for @2x tiles")
    check.case(f"{label}: at pixel ratio 2 the retina source requests @2x tiles", retina)


def tomtom_case(check, declarations, label):
    def body():
        out = check.compile(declarations, "tomtom", name=label)
        result = check.render(out / "style.json")
        check_complete(result)
        red = {int(r.split("/")[2]) for r in result["requests"] if r.startswith("/red/")}
        expect(red == {ZOOM + 2}, f"a declared 256 px source (emitted 128) at map zoom {ZOOM} should request zoom {ZOOM + 2}, requested {sorted(red)}")
    check.case(f"{label}: tomtom target loads with no layer dropped; halved tile size requests two levels deeper", body)


def corpus_cases(check, corpus):
    demo = ROOT / "fixtures" / "demo" / "mc-style.yaml"
    portable = check.work / "portable.yaml"
    portable.write_text("version: 1\nsources:\n"
                        "  - { id: a, urlTemplate: \"https://t.example.com/{z}/{x}/{y}.png\", placement: belowLabels }\n"
                        "  - { id: b, arcGisService: \"https://s.example.com/MapServer\" }\n"
                        "  - { id: c, localTileServer: { route: heat }, pixelRatios: [1, 2] }\n", encoding="utf-8")
    for style in sorted(pathlib.Path(corpus).glob("*.json")):
        original = json.loads(style.read_text(encoding="utf-8"))
        block_remote(original, check.server.origin)
        base_blocked = check.work / f"base-{style.name}"
        base_blocked.write_text(json.dumps(original), encoding="utf-8")
        baseline = check.render(base_blocked, render=False)
        for target in ("tomtom", "maplibre"):
            def body(style=style, target=target):
                try:
                    out = check.compile(demo, target, base=style, name=f"corpus-{style.stem}")
                except AssertionError:
                    # The demo's anchored placements name layers of the demo base; use portable declarations.
                    out = check.compile(portable, target, base=style, name=f"corpus-{style.stem}")
                composed = json.loads((out / "style.json").read_text(encoding="utf-8"))
                block_remote(composed, check.server.origin)
                blocked = out / "blocked.json"
                blocked.write_text(json.dumps(composed), encoding="utf-8")
                result = check.render(blocked, render=False)
                unreadable = check_complete(result, baseline)
                expect(all(r.startswith("/blocked/") for r in result["requests"]), "something other than the blocked hosts was asked for")
                if unreadable:
                    print(f"     note: this renderer cannot read {unreadable} layers of {style.name} itself (newer expressions); they are left out of the comparison")
            check.case(f"corpus {style.name} ({target}): the renderer keeps every layer", body)


def block_remote(style, origin):
    """Points every remote URL at the loopback server's /blocked/ path, so nothing leaves 127.0.0.1."""
    def rewrite(value):
        if isinstance(value, str):
            for scheme in ("https://", "http://"):
                if value.startswith(scheme):
                    return origin + "/blocked/" + value[len(scheme):]
            if value.startswith("{localTileServer}"):
                return origin + "/blocked" + value[len("{localTileServer}"):]
            if value.startswith("{hosted_"):
                return origin + "/blocked/hosted"
        if isinstance(value, list):
            return [rewrite(v) for v in value]
        return value
    for source in style.get("sources", {}).values():
        for key in ("url", "tiles", "urls", "data"):
            if key in source:
                source[key] = rewrite(source[key])
    for key in ("sprite", "glyphs"):
        if key in style:
            style[key] = rewrite(style[key])
    if isinstance(style.get("glyphs"), str) and "{fontstack}" not in style["glyphs"]:
        style["glyphs"] = origin + "/blocked/{fontstack}/{range}.pbf"


def self_test(check):
    """A deliberately broken composition must fail the check, naming the case and the reason."""
    out = check.compile(FIXTURES / "maplibre.yaml", "maplibre", name="broken")
    check.fill_local_tile_server(out)
    style = json.loads((out / "style.json").read_text(encoding="utf-8"))
    style["layers"][-1]["source"] = "mc-raster-src-does-not-exist"
    style["sources"]["mc-raster-src-red-west"]["tileSize"] = "big"
    broken = out / "broken.json"
    broken.write_text(json.dumps(style), encoding="utf-8")
    inner = Check(check.tool, check.server, check.python, quiet=True)
    inner.case("broken composition", lambda: check_complete(inner.render(broken)))
    def body():
        expect(inner.failed == 1, "the checker passed a broken composition")
    check.case("self-test: a wrong source reference and a bad tile size make the check fail", body)
    print(f"     (the broken composition's own line: {inner.messages[-1]})")


def main(argv):
    if argv[:1] == ["--child"]:
        child(argv[1], float(argv[2]), argv[3] == "1")
        return 0
    tool = argv[0]
    server = TileServer()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    check = Check(tool, server, sys.executable)
    try:
        maplibre_cases(check, FIXTURES / "maplibre.yaml", "maplibre")
        tomtom_case(check, FIXTURES / "tomtom.yaml", "tomtom")
        if "--self-test" in argv:
            self_test(check)
        corpus = argv[argv.index("--corpus") + 1] if "--corpus" in argv else None
        if corpus and pathlib.Path(corpus).is_dir():
            corpus_cases(check, corpus)
        elif corpus:
            print(f"corpus {corpus} is absent: the corpus cases are skipped")
    finally:
        server.shutdown()
        shutil.rmtree(check.work, ignore_errors=True)
    print(f"render check: {check.passed} passed, {check.failed} failed")
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
