#!/usr/bin/env python3
"""Checks `mc-style cost` against MapLibre GL JS 5.3.0 itself, in Chromium.

fixtures/cost/mc-style.yaml (target maplibre) is compiled; its style is served from a tile server on 127.0.0.1
that answers every tile (a 1x1 PNG, an empty vector tile) except those of the source `flaky` (HTTP 404), counts
the tiles asked of each source, and stops when the check ends. GL JS loads the style in a fresh browser context
per view (the declarations' views, and more given here with --view: pixel ratios 2 and 3, a device preset, a
wide view across the antimeridian), at the view's size, pixel ratio, MapLibre zoom (unified - 1) and bearing,
until the map is idle. For every source in every view, mc-style's predicted count (`tiles`, or `onFailure` for
the failing source) must be within 10% of the distinct tiles GL JS asked for. Prints the table of predicted
against observed.

Usage: cost_check.py MC_STYLE CHROMIUM MAPLIBRE_GL_JS_FOLDER"""
import json
import pathlib
import subprocess
import sys
import tempfile
import threading
import time

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from harness import LoopbackServer, png  # noqa: E402

FIXTURE = pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "cost" / "mc-style.yaml"
FAILING = "mc-raster-src-flaky"
TOLERANCE = 0.10
EXTRA_VIEWS = [
    "35.6812,139.7671,12.3,390x844@3",  # fractional zoom, a 3x phone
    "48.8566,2.3522,8,1280x720@2",  # a 2x laptop window
    "-33.8688,151.2093,4.5,phone-landscape",  # a preset, outside the bounds of `japan`
    "0,179.9,3,1600x900",  # across the antimeridian: world copies ask for the same tiles
    "36.2,138.2,17.5,tablet-portrait",  # above maxzoom of `hillshade` (12) and of the base (14)
]
PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>html,body,#map{margin:0;width:100%;height:100%}</style>
<script src="/gl.js"></script></head><body><div id="map"></div></body></html>"""


class TileServer:
    """Serves the page, GL JS, the style and the tiles; counts the distinct tiles asked of each source."""

    HEADERS = {"Cache-Control": "max-age=3600", "Access-Control-Allow-Origin": "*"}

    def __init__(self, script, style):
        self.script, self.style, self.tile = script, style, png((0, 0, 0, 0), 1)
        self.lock = threading.Lock()
        self.asked = {}
        self.httpd = LoopbackServer(self.answer)
        self.origin = self.httpd.origin

    def answer(self, request):
        path = request.bare
        if path.startswith("/t/"):
            _, _, source, tile = path.split("/", 3)
            with self.lock:
                self.asked.setdefault(source, set()).add(tile)
            if source == FAILING:
                return 404, "text/plain", b"", self.HEADERS
            if tile.endswith(".pbf"):
                return 200, "application/x-protobuf", b"", self.HEADERS
            return 200, "image/png", self.tile, self.HEADERS
        files = {"/": (PAGE.encode(), "text/html"), "/gl.js": (self.script, "text/javascript"),
                 "/style.json": (self.style, "application/json")}
        body, kind = files.get(path, (b"", "text/plain"))
        return 200 if path in files else 404, kind, body, self.HEADERS

    def asked_count(self):
        with self.lock:
            return sum(len(tiles) for tiles in self.asked.values())

    def take(self):
        with self.lock:
            counts = {source: len(tiles) for source, tiles in self.asked.items()}
            self.asked = {}
        return counts

    def stop(self):
        self.httpd.stop()


def served_style(style_path, origin):
    """The compiled style with every source's tiles on the local server, under the source's id; the part of a source
    east of the antimeridian (`<id>+east`) under its source's, as both parts share one URL template."""
    style = json.loads(style_path.read_text(encoding="utf-8"))
    for source_id, source in style["sources"].items():
        ending = ".pbf" if source["type"] == "vector" else ".png"
        owner = source_id.removesuffix("+east")
        source["tiles"] = [f"{origin}/t/{owner}/{{z}}/{{x}}/{{y}}{ending}"]
    return json.dumps(style).encode()


def observe(browser, server, view):
    width, height = view["size"]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=view["pixelRatio"])
    page = context.new_page()
    page.goto(server.origin + "/")
    server.take()
    page.evaluate("""(v) => {
        window.map = new maplibregl.Map({container: 'map', style: '/style.json', center: v.center, zoom: v.zoom - 1,
            bearing: v.bearing, fadeDuration: 0, attributionControl: false});
        map.once('idle', () => { window.idle = true; });
    }""", view)
    # Done when the map is idle, or when no tile has been asked for 3 s (a large canvas in a software renderer
    # can keep GL JS from reporting idle long after its last request); 30 s at most.
    started, last, quiet_since = time.monotonic(), -1, time.monotonic()
    while time.monotonic() - started < 30:
        page.wait_for_timeout(250)
        asked = server.asked_count()
        if asked != last:
            last, quiet_since = asked, time.monotonic()
        if page.evaluate("window.idle === true") or (asked > 0 and time.monotonic() - quiet_since > 3):
            break
    page.wait_for_timeout(300)
    counts = server.take()
    context.close()
    return counts


def main(tool, chromium, gljs):
    script = (pathlib.Path(gljs) / "maplibre-gl.js").read_bytes()
    extra = [argument for view in EXTRA_VIEWS for argument in ("--view", view)]
    predicted = subprocess.run([tool, "cost", str(FIXTURE), "--format", "json"] + extra,
                               capture_output=True, text=True, check=False)
    if predicted.returncode != 0:
        sys.exit(f"mc-style cost failed ({predicted.returncode}): {predicted.stderr.strip()}")
    report = json.loads(predicted.stdout)
    rows, failures = [], []
    with tempfile.TemporaryDirectory() as work:
        compiled = subprocess.run([tool, "compile", str(FIXTURE), "--out", work], capture_output=True, text=True)
        if compiled.returncode != 0:
            sys.exit(f"mc-style compile failed: {compiled.stderr.strip()}")
        server = TileServer(script, b"")
        server.style = served_style(pathlib.Path(work) / "style.json", server.origin)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium,
                    args=["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
                for view in report["views"]:
                    observed = observe(browser, server, view)
                    for source in view["sources"]:
                        expected = source["onFailure"] if source["id"] == FAILING else source["tiles"]
                        seen = observed.get(source["id"], 0)
                        within = abs(seen - expected) <= TOLERANCE * max(expected, seen)
                        rows.append((view["name"], source["id"], source["status"], expected, seen, within))
                        if not within:
                            failures.append(f"{view['name']} {source['id']}: predicted {expected}, GL JS asked {seen}")
                browser.close()
        finally:
            server.stop()
    exact = sum(1 for row in rows if row[3] == row[4])
    print(f"cost check: {len(rows)} source x view pairs in {len(report['views'])} views against GL JS 5.3.0; "
          f"{exact} exact, {sum(1 for row in rows if row[5])} within 10%")
    print("| view | source | status | predicted | GL JS | |")
    print("|---|---|---|---:|---:|---|")
    for name, source, status, expected, seen, within in rows:
        print(f"| {name} | {source} | {status} | {expected} | {seen} | {'ok' if within else 'DIFFERS'} |")
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
