#!/usr/bin/env python3
"""Proves compiled styles in a real renderer: MapLibre Native, headless, through PyPI's pymgl.

A loopback tile server (127.0.0.1 only; it stops with the check) serves solid-colour PNG tiles, a colour per
source, `@2x` tiles at double size, and logs every request. Each case compiles real fixtures with
`mc-style compile` and renders the result in a child process (one map per process; the child's own file
descriptor 2 is captured, which is where MapLibre reports a dropped layer). Prints one line per case and
`render check: P passed, F failed`; exits 1 on any failure.

With --corpus, also proves `mc-style migrate`: three corpus styles rendered before and after migration, over
vector tiles made for them (`vector_tiles.py`), must give the same pixels.

Usage: render_check.py MC_STYLE [--self-test] [--corpus DIR]
  --self-test  also checks that a deliberately broken composition (a wrong source reference, a bad tile
               size) makes the check fail, with a message that says which case and why."""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import vector_tiles  # noqa: E402
from harness import LoopbackServer, png as solid_png, world_pixel  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "render"
COLOURS = {"red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255), "yellow": (255, 255, 0), "heat": (255, 0, 255),
           "gray": (128, 128, 128)}
SIZE, ZOOM = 1024, 6


# ---------------------------------------------------------------- the tile server

class TileServer:
    """The check's tiles, from the harness's loopback server: solid colours per source, `@2x` at double size,
    TileJSON for the radar and blue sources, vector tiles under /vt/, stand-ins for blocked remote resources; every
    request logged (path, and path with query)."""

    def __init__(self):
        self.requests = []
        self.full_requests = []
        self.lock = threading.Lock()
        # Set for a server that stands in for MapConductor's LocalTileServer: (route id, cache key) it serves.
        self.local_route = None
        # The source layers, keys and values vector tiles under /vt/ are made with (`vector_tiles`).
        self.vector_vocabulary = {}
        self.http = LoopbackServer(self.answer)
        self.origin = self.http.origin

    def shutdown(self):
        self.http.stop()

    def answer(self, request):
        path = request.bare
        with self.lock:
            self.requests.append(path)
            self.full_requests.append(request.path)
        if self.local_route is not None:
            return self.local_tile(path)
        parts = path.strip("/").split("/")
        if path == "/radar/tiles.json":
            body = json.dumps({"tilejson": "3.0.0", "tiles": [self.origin + "/blue/{z}/{x}/{y}.png"],
                               "bounds": list(RADAR_BOUNDS), "minzoom": 0, "maxzoom": 22}).encode()
            return 200, "application/json", body
        if path == "/blue/tiles.json":
            body = json.dumps({"tilejson": "3.0.0", "tiles": [self.origin + "/blue/{z}/{x}/{y}.png"],
                               "bounds": [-5, 3, 5, 5], "minzoom": 0, "maxzoom": 22}).encode()
            return 200, "application/json", body
        if parts[0] == "blocked":
            return self.blocked(path)
        if parts[0] == "vt" and len(parts) == 4 and parts[3].endswith(".pbf"):
            z, x, y = int(parts[1]), int(parts[2]), int(parts[3][:-4])
            return 200, "application/x-protobuf", vector_tiles.tile_for(self.vector_vocabulary, z, x, y)
        name = parts[1] if parts[0] == "tiles" and len(parts) > 1 else parts[0]
        if name in COLOURS and path.endswith(".png"):
            retina = "@2x" in parts[-1]
            return 200, "image/png", solid_png(COLOURS[name] + (255,), 512 if retina else 256)
        if name in COLOURS and "/tile/" in path:
            return 200, "image/png", solid_png(COLOURS[name] + (255,), 256)
        return 404, "text/plain", b"not here"

    def local_tile(self, path):
        """MapConductor's LocalTileServer, as both platforms parse its paths: tiles/<route>/<size>/<cacheKey>/z/x/y.png;
        any other route, a size that is not an integer, or another cache key is a 404."""
        parts = path.strip("/").split("/")
        route, cache_key = self.local_route
        if (len(parts) == 7 and parts[0] == "tiles" and parts[1] == route and parts[2].isdigit() and parts[3] == cache_key
                and all(p.isdigit() for p in parts[4:6]) and parts[6].endswith(".png") and parts[6][:-4].isdigit()):
            return 200, "image/png", solid_png(COLOURS["heat"] + (255,), int(parts[2]))
        return 404, "text/plain", b"no such route or cache key"

    def blocked(self, path):
        """Stand-ins for a corpus style's remote resources (never fetched from their real hosts): an empty
        sprite index and image, or a TileJSON whose tiles are not served."""
        if path.endswith(".pbf"):
            return 200, "application/x-protobuf", b""
        if path.endswith(".png"):
            return 200, "image/png", solid_png((0, 0, 0, 255), 1)
        if "sprite" in path or "hosted" in path:
            return 200, "application/json", b"{}"
        tilejson = {"tilejson": "3.0.0", "tiles": [self.origin + "/blocked/tile/{z}/{x}/{y}"], "minzoom": 0, "maxzoom": 14}
        return 200, "application/json", json.dumps(tilejson).encode()


# ---------------------------------------------------------------- the renderer side (child process)

def child(style_path, ratio, render, view):
    os.environ["EGL_PLATFORM"] = "surfaceless"
    from pymgl import Map
    style = pathlib.Path(style_path).read_text(encoding="utf-8")
    result = {"styleLayers": [layer["id"] for layer in json.loads(style)["layers"]]}
    lon, lat, zoom, points = view
    map_ = Map(style, SIZE, SIZE, ratio, lon, lat, zoom)
    result["layers"] = list(map_.listLayers())
    if render:
        image = map_.renderBuffer().reshape(-1)
        width = int(SIZE * ratio)
        samples = {}
        for name, (point_lon, point_lat) in points.items():
            x, y = pixel(point_lon, point_lat, ratio, (lon, lat, zoom))
            start = (y * width + x) * 4
            samples[name] = [int(v) for v in image[start:start + 3]]
        result["samples"] = samples
    print(json.dumps(result))


def child_image(style_path, out_path, lon, lat, zoom):
    """Renders a style at one view and saves the whole RGBA buffer (numpy) for a pixel comparison."""
    os.environ["EGL_PLATFORM"] = "surfaceless"
    import numpy
    from pymgl import Map
    map_ = Map(pathlib.Path(style_path).read_text(encoding="utf-8"), MIGRATE_SIZE, MIGRATE_SIZE, 1, lon, lat, zoom)
    numpy.save(out_path, map_.renderBuffer())


MIGRATE_SIZE = 512

SAMPLE_POINTS = {
    "west-middle": (-2.5, 0), "east-middle": (2.5, 0), "west-north": (-2.5, 4.2), "east-north": (2.5, 4.2),
    "west-south": (-2.5, -4.2), "east-south": (2.5, -4.2),
}


DEFAULT_VIEW = (0, 0, ZOOM, SAMPLE_POINTS)


def pixel(lon, lat, ratio, view=(0, 0, ZOOM)):
    center_lon, center_lat, zoom = view[:3]
    cx, cy = world_pixel(center_lon, center_lat, zoom)
    px, py = world_pixel(lon, lat, zoom)
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
        # Straight into a renderer: the ${MC_RENDER_ORIGIN} values are written in (--embed-env).
        command = [self.tool, "compile", str(declarations), "--target", target, "--out", str(out), "--embed-env"]
        if base:
            command += ["--base", str(base)]
        env = dict(os.environ, MC_RENDER_ORIGIN=self.server.origin)
        run = subprocess.run(command, capture_output=True, text=True, env=env)
        if run.returncode != 0:
            raise AssertionError(f"mc-style compile failed: {run.stderr.strip()[:400]}")
        return out

    def resolve(self, out, arguments, name="resolved.json", env=None):
        """Runs `mc-style resolve` on a compiled folder, as an app runs StyleRuntime; returns the style's path."""
        target = out / name
        run = subprocess.run([self.tool, "resolve", str(out), "--out", str(target)] + arguments, capture_output=True, text=True,
                             env=dict(os.environ, **(env or {})))
        if run.returncode != 0:
            raise AssertionError(f"mc-style resolve failed: {run.stderr.strip()[:400]}")
        return target

    def fill_local_tile_server(self, out):
        """Resolves the LocalTileServer placeholders with the loopback tile server's origin (routes keep their
        declared names) and writes the result over style.json."""
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        arguments = ["--local-tile-server", self.server.origin]
        for placeholder in manifest["variants"][0]["placeholders"]:
            if placeholder["fill"] == "cacheKey":
                arguments += ["--cache-key", f"{placeholder['name']}=c1"]
        resolved = self.resolve(out, arguments)
        shutil.copyfile(resolved, out / "style.json")

    def render(self, style_path, ratio=1, render=True, view=DEFAULT_VIEW, local=None):
        servers = [self.server] + ([local] if local else [])
        for server in servers:
            with server.lock:
                server.requests.clear()
                server.full_requests.clear()
        run = subprocess.run([self.python, __file__, "--child", str(style_path), str(ratio), "1" if render else "0", json.dumps(view)],
                             capture_output=True, text=True, timeout=120, env=dict(os.environ, EGL_PLATFORM="surfaceless"))
        if run.returncode != 0:
            raise AssertionError(f"the renderer process failed ({run.returncode}): {run.stderr.strip()[-400:]}")
        result = json.loads(run.stdout.strip().splitlines()[-1])
        with self.server.lock:
            result["requests"] = list(self.server.requests)
            result["fullRequests"] = list(self.server.full_requests)
        if local:
            with local.lock:
                result["localRequests"] = list(local.requests)
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
        heat = [r for r in result2["requests"] if r.startswith("/tiles/heat/256/c1/")]
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


# ---------------------------------------------------------------- the shipped demo, compiled for tomtom and resolved

DEMO = ROOT / "fixtures" / "demo" / "mc-style.yaml"
RADAR_BOUNDS = (138.0, 34.0, 141.0, 37.0)
# Remote URL prefixes of the demo -> loopback paths (the first segment names the tile colour).
DEMO_HOSTS = {
    "https://cyberjapandata.gsi.go.jp/": "/red/gsi/",
    "https://services.arcgisonline.com/": "/green/esri/",
    "https://tiles.example.com/radar/": "/radar/",
    "https://tiles.example.com/contours/": "/yellow/contours/",
    "https://api.tomtom.com/map/1/tile/basic/main/": "/gray/tomtom-raster/",
}
# Declared source -> (colour, opacity, view (lon, lat, zoom), a point inside, a point outside or None).
# Map zoom 7 is inside every layer's TomTom visibleZoom; the outside points are past the last tile the
# renderer asks for at that zoom (bounds select tiles, and tiles are drawn whole).
DEMO_SOURCES = {
    "esri-imagery": ("green", 1.0, (139.75, 35.6, 7), (139.75, 35.6), None),
    "gsi-hillshade": ("red", 0.6, (154.0, 40.0, 7), (152.5, 40.0), (156.5, 40.0)),
    "weather-radar": ("blue", 0.8, (139.5, 35.5, 7), (139.5, 35.5), (137.0, 35.5)),
    "population-heatmap": ("heat", 1.0, (139.75, 35.6, 7), (139.75, 35.6), (137.3, 35.6)),
}


def point_demo_at(path, origin, hosts=None):
    """Points the resolved demo's remote URLs at the loopback server: its own sources get coloured tiles,
    TomTom's vector tiles, sprite and glyphs get empty stand-ins; LocalTileServer URLs stay as resolved.
    `hosts` replaces DEMO_HOSTS (prefixes it leaves out are blocked)."""
    style = json.loads(path.read_text(encoding="utf-8"))
    def rewrite(value):
        if isinstance(value, list):
            return [rewrite(v) for v in value]
        if not isinstance(value, str) or value.startswith("http://127.0.0.1"):
            return value
        for prefix, local in (DEMO_HOSTS if hosts is None else hosts).items():
            if value.startswith(prefix):
                return origin + local + value[len(prefix):]
        return origin + "/blocked/" + value.split("://", 1)[-1]
    for source in style["sources"].values():
        for key in ("url", "tiles"):
            if key in source:
                source[key] = rewrite(source[key])
    for key in ("sprite", "glyphs"):
        if key in style:
            style[key] = rewrite(style[key])
    path.write_text(json.dumps(style), encoding="utf-8")
    return path


def blend(colour, opacity, under=COLOURS["gray"]):
    return tuple(round(opacity * c + (1 - opacity) * u) for c, u in zip(COLOURS[colour], under))


def demo_cases(check):
    import uuid
    local = TileServer()
    route, cache_key, key = str(uuid.uuid4()), "data-v" + uuid.uuid4().hex[:6], "render+key/1"
    local.local_route = (route, cache_key)
    try:
        out = check.compile(DEMO, "tomtom", name="demo")
        env = {"MC_RENDER_KEY": key}
        filled = ["--platform", "android", "--api-key-env", "MC_RENDER_KEY", "--local-tile-server", local.origin,
                  "--route", f"heatmap={route}", "--cache-key", f"heatmap={cache_key}"]
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        declared = [source["id"] for source in manifest["sources"]]
        base = check.work / "demo-base.json"
        shutil.copyfile(ROOT / "styles" / "tomtom-demo-base.json", base)
        baseline = check.render(point_demo_at(base, check.server.origin), render=False)

        def whole():
            style = point_demo_at(check.resolve(out, filled, "whole.json", env), check.server.origin)
            result = check.render(style, view=(139.75, 35.6, 7, {}), local=local)
            check_complete(result, baseline)
            expect(not any(r.startswith("/yellow/") for r in result["requests"]), "the hidden contours source requested tiles")
            tomtom = [r for r in result["fullRequests"] if r.startswith("/gray/tomtom-raster/")]
            expect(tomtom and all(r.endswith("?key=render%2Bkey%2F1") for r in tomtom),
                   f"the raster base should carry the percent-encoded key: {tomtom[:2]}")
            local_requests = result["localRequests"]
            expected = f"/tiles/{route}/512/{cache_key}/8/"
            expect(local_requests and all(r.startswith(expected) and r.endswith(".png") for r in local_requests),
                   f"LocalTileServer requests should be {expected}<x>/<y>.png (route, declared size, cache key, zoom 7 + 1): {local_requests[:3]}")
        check.case("demo (tomtom, resolved for android): loads with every layer; hidden contours request nothing; "
                   "the key, route and cache key arrive where the servers read them", whole)

        def isolated(source, opacity_argument=None):
            colour, opacity, view, inside, outside = DEMO_SOURCES[source]
            hide = [word for other in declared if other != source for word in ("--hide", other)]
            extra = ["--opacity", opacity_argument] if opacity_argument else []
            style = point_demo_at(check.resolve(out, filled + hide + extra, f"only-{source}.json", env), check.server.origin)
            points = {"inside": inside}
            if outside:
                points["outside"] = outside
            result = check.render(style, view=(view[0], view[1], view[2], points), local=local)
            check_complete(result, baseline)
            return result["samples"], colour, opacity

        for source in DEMO_SOURCES:
            def body(source=source):
                samples, colour, opacity = isolated(source)
                expected = blend(colour, opacity)
                expect(close(samples["inside"], expected, 20), f"{source} should draw ~{expected} inside its bounds, got {samples['inside']}")
                if "outside" in samples:
                    expect(close(samples["outside"], COLOURS["gray"], 20),
                           f"{source} drew outside its bounds: {samples['outside']} where only the gray raster base should show")
            check.case(f"demo: {source} alone (the rest hidden through resolve) draws inside its bounds and not outside", body)

        def opacity_change():
            samples, colour, _ = isolated("population-heatmap", "population-heatmap=0.5")
            expected = blend(colour, 0.5)
            expect(close(samples["inside"], expected, 20), f"opacity 0.5 through resolve should give ~{expected}, got {samples['inside']}")
        check.case("demo: an opacity change made through resolve shows in the pixels (heatmap at 0.5 over the base)", opacity_change)
    finally:
        local.shutdown()


VARIANTS = ROOT / "fixtures" / "variants" / "mc-style.yaml"
# The variant bases' own colours show where TomTom's raster base map is not served (404: nothing drawn).
VARIANT_HOSTS = {"https://cyberjapandata.gsi.go.jp/": "/red/gsi/", "https://api.tomtom.com/map/1/tile/basic/main/": "/not-served/"}
SATELLITE_BACKGROUND = (46, 58, 44)


def variant_cases(check):
    """The three-design example: each variant resolved with --variant loads with every layer, draws the
    heatmap inside its bounds, and shows its own design outside them (dark darker than light)."""
    local = TileServer()
    local.local_route = ("heatmap", "c1")
    outside = {}
    try:
        out = check.compile(VARIANTS, "tomtom", name="variants")
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        bases = {entry["variant"]: entry["path"] for entry in manifest["inputs"] if entry["role"] == "base"}
        filled = ["--platform", "android", "--api-key-env", "MC_RENDER_KEY", "--local-tile-server", local.origin,
                  "--cache-key", "heatmap=c1", "--hide", "gsi-hillshade"]
        view = (139.75, 35.6, 7, {"inside": (139.75, 35.6), "outside": (137.3, 35.6)})
        for variant in ("light", "dark", "satellite"):
            def body(variant=variant):
                base = check.work / f"variant-base-{variant}.json"
                shutil.copyfile((VARIANTS.parent / bases[variant]).resolve(), base)
                baseline = check.render(point_demo_at(base, check.server.origin, VARIANT_HOSTS), render=False)
                resolved = check.resolve(out, filled + ["--variant", variant], f"variant-{variant}.json", {"MC_RENDER_KEY": "k"})
                result = check.render(point_demo_at(resolved, check.server.origin, VARIANT_HOSTS), view=view, local=local)
                check_complete(result, baseline)
                samples = result["samples"]
                expect(close(samples["inside"], COLOURS["heat"], 20), f"the heatmap should draw inside its bounds in {variant}, got {samples['inside']}")
                expect(not close(samples["outside"], COLOURS["heat"], 60), f"the heatmap drew outside its bounds in {variant}: {samples['outside']}")
                expect(result["localRequests"], f"{variant} made no LocalTileServer request")
                outside[variant] = samples["outside"]
            check.case(f"variants: {variant} (resolve --variant) loads with every layer and draws the heatmap inside its bounds only", body)

        def designs_differ():
            expect(set(outside) == {"light", "dark", "satellite"}, f"a variant did not render: {sorted(outside)}")
            expect(sum(outside["dark"]) + 150 < sum(outside["light"]),
                   f"the dark design should be darker than the light one outside the heatmap: dark {outside['dark']}, light {outside['light']}")
            expect(close(outside["satellite"], SATELLITE_BACKGROUND, 6),
                   f"the satellite-like design should show its own background {SATELLITE_BACKGROUND}, got {outside['satellite']}")
            print(f"     outside the heatmap: light {outside['light']}, dark {outside['dark']}, satellite {outside['satellite']}")
        check.case("variants: each design shows its own colours (dark darker than light, satellite its own background)", designs_differ)
    finally:
        local.shutdown()


def corpus_cases(check, corpus):
    demo = ROOT / "fixtures" / "demo" / "mc-style.yaml"
    portable = check.work / "portable.yaml"
    portable.write_text("version: 1\nsources:\n"
                        "  - { id: a, urlTemplate: \"https://t.example.com/{z}/{x}/{y}.png\", placement: belowLabels }\n"
                        "  - { id: b, arcGisService: \"https://s.example.com/MapServer\" }\n"
                        "  - { id: c, localTileServer: { route: heat }, pixelRatios: [1, 2] }\n"
                        "platforms: [ios]\n", encoding="utf-8")
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


MIGRATE_STYLES = ("omt-dark-matter.json", "omt-osm-bright.json", "mapbox-bright-v9.json")
MIGRATE_VIEWS = ((0.3, 0.3, 3), (0.3, 0.3, 7), (0.3, 0.3, 10.5), (0.3, 0.3, 14))


def migrate_cases(check, corpus):
    """`mc-style migrate` draws what the legacy style drew: three corpus styles full of legacy functions and
    filters, over vector tiles made with the source layers, keys and values they read, rendered before and
    after at four zooms and compared pixel by pixel."""
    import numpy
    for name in MIGRATE_STYLES:
        path = pathlib.Path(corpus) / name
        if not path.exists():
            continue
        def body(path=path):
            original = json.loads(path.read_text(encoding="utf-8"))
            run = subprocess.run([check.tool, "migrate", str(path)], capture_output=True)
            expect(run.returncode == 0, f"mc-style migrate failed: {run.stderr.decode()[:300]}")
            migrated = json.loads(run.stdout)
            rewrites = int(run.stderr.decode().split(":")[-1].split()[0])
            expect(rewrites > 20, f"only {rewrites} rewrites: not a test of migration")
            check.server.vector_vocabulary = vector_tiles.style_vocabulary(original)
            styles = {}
            # A wrong migration (every rewritten filter negated) must show in the pixels: the comparison is alive.
            broken = json.loads(json.dumps(migrated))
            for before, layer in zip(original["layers"], broken["layers"]):
                if "filter" in layer and layer["filter"] != before.get("filter"):
                    layer["filter"] = ["!", layer["filter"]]
            for label, style in (("before", original), ("after", migrated), ("empty", json.loads(json.dumps(original))), ("broken", broken)):
                block_remote(style, check.server.origin)
                for source in style["sources"].values():
                    if source.get("type") == "vector":
                        source.pop("url", None)
                        source["tiles"] = [check.server.origin + ("/vt/{z}/{x}/{y}.pbf" if label != "empty" else "/blocked/{z}/{x}/{y}.pbf")]
                        source["maxzoom"] = 14
                style.pop("sprite", None)
                styles[label] = check.work / f"migrate-{label}-{path.name}"
                styles[label].write_text(json.dumps(style), encoding="utf-8")
            differing, drawn, caught = [], [], 0
            for lon, lat, zoom in MIGRATE_VIEWS:
                images = {}
                for label, style_path in styles.items():
                    if label == "broken" and zoom != 7:
                        continue
                    out = check.work / f"{label}-{zoom}.npy"
                    run = subprocess.run([check.python, __file__, "--child-image", str(style_path), str(out), str(lon), str(lat), str(zoom)],
                                         capture_output=True, text=True, timeout=120, env=dict(os.environ, EGL_PLATFORM="surfaceless"))
                    expect(run.returncode == 0, f"the renderer failed at z{zoom}: {run.stderr.strip()[-300:]}")
                    images[label] = numpy.load(out).astype(int).reshape(-1, 4)
                difference = numpy.abs(images["before"] - images["after"]).max(axis=-1)
                differing.append(int((difference > 2).sum()))
                drawn.append(float((numpy.abs(images["before"] - images["empty"]).max(axis=-1) > 2).mean()))
                if "broken" in images:
                    caught = int((numpy.abs(images["before"] - images["broken"]).max(axis=-1) > 2).sum())
                    expect(caught > 100, f"negating the rewritten filters changed only {caught} pixels at z7: the comparison would miss a wrong migration")
            expect(max(drawn) > 0.05, f"the generated tiles drew almost nothing ({drawn}): the comparison would prove nothing")
            expect(all(count == 0 for count in differing), f"pixels differ after migration at zooms {[v[2] for v in MIGRATE_VIEWS]}: {differing}")
            print(f"     {path.name}: {rewrites} rewrites, identical at z{', z'.join(str(v[2]) for v in MIGRATE_VIEWS)}; features cover "
                  + ", ".join(f"{share:.0%}" for share in drawn) + " of the image; negated filters change " + str(caught) + " pixels at z7")
        check.case(f"migrate {path.name}: the migrated style draws exactly what the legacy one drew", body)


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
    if argv[:1] == ["--child-image"]:
        child_image(argv[1], argv[2], float(argv[3]), float(argv[4]), float(argv[5]))
        return 0
    if argv[:1] == ["--child"]:
        view = json.loads(argv[4])
        child(argv[1], float(argv[2]), argv[3] == "1", (view[0], view[1], view[2], {k: tuple(v) for k, v in view[3].items()}))
        return 0
    tool = argv[0]
    server = TileServer()
    check = Check(tool, server, sys.executable)
    try:
        maplibre_cases(check, FIXTURES / "maplibre.yaml", "maplibre")
        tomtom_case(check, FIXTURES / "tomtom.yaml", "tomtom")
        demo_cases(check)
        variant_cases(check)
        if "--self-test" in argv:
            self_test(check)
        corpus = argv[argv.index("--corpus") + 1] if "--corpus" in argv else None
        if corpus and pathlib.Path(corpus).is_dir():
            corpus_cases(check, corpus)
            migrate_cases(check, corpus)
        elif corpus:
            print(f"corpus {corpus} is absent: the corpus cases are skipped")
    finally:
        server.shutdown()
        shutil.rmtree(check.work, ignore_errors=True)
    print(f"render check: {check.passed} passed, {check.failed} failed")
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
