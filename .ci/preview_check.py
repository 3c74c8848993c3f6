#!/usr/bin/env python3
"""`mc-style preview` in a real browser: Playwright for Python driving the system Chromium (no browser download)
against the shipped demo, turned into a two-design project (light and dark bases).

Every request the page makes to a host other than 127.0.0.1 is answered by a stand-in here (Playwright's routing):
a tile of one solid colour per host, and the TileJSON of the demo's TileJSON source. Nothing leaves the machine.

Checks:
  - the page loads with no GL JS error;
  - the heatmap (a LocalTileServer route) alone draws pixels inside its bounds and none outside, its debug tiles
    requested at its declared size (512) and at the map's own zoom;
  - its visibility switch removes its pixels, and its opacity slider at 0.5 changes them as blending says;
  - an `opacity:` changed in the YAML file on disk shows in the pixels within 2 seconds, camera unchanged;
  - a broken YAML file shows its located finding on the page and keeps the last good map; fixing it clears it;
  - switching the design from light to dark changes the base (the background);
  - the zoom readout matches `mc-style zoom` for the same latitude and zoom.
A screenshot of the page is kept in ARTEFACT_FOLDER.

    preview_check.py MC_STYLE CHROMIUM MAPLIBRE_FOLDER ARTEFACT_FOLDER
"""
import io
import json
import pathlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

from PIL import Image
from playwright.sync_api import sync_playwright

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent


def solid_png(rgb, size=256):
    raw = b"".join(b"\x00" + bytes(rgb) * size for _ in range(size))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


STAND_IN_COLOURS = {"cyberjapandata.gsi.go.jp": (255, 0, 0), "services.arcgisonline.com": (0, 0, 255),
                    "tiles.example.com": (0, 160, 0)}


class Failures:
    def __init__(self):
        self.items = []

    def check(self, condition, what):
        print(("ok     " if condition else "FAILED ") + what)
        if not condition:
            self.items.append(what)


def make_project(folder):
    """The demo, with `bases:` light and dark instead of its one base."""
    shutil.copytree(REPOSITORY / "fixtures" / "demo", folder / "fixtures" / "demo", ignore=shutil.ignore_patterns("expected"))
    shutil.copytree(REPOSITORY / "styles", folder / "styles")
    (folder / ".git").mkdir()
    declarations = folder / "fixtures" / "demo" / "mc-style.yaml"
    text = declarations.read_text(encoding="utf-8")
    text = text.replace("base: ../../styles/tomtom-demo-base.json",
                        "bases:\n  light: ../../styles/tomtom-demo-base.json\n  dark: ../../styles/tomtom-demo-dark.json")
    declarations.write_text(text, encoding="utf-8")
    return declarations


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    # Absolute: the preview runs in the project's folder.
    tool, chromium, maplibre, artefacts = (str(pathlib.Path(argument).resolve()) for argument in argv)
    pathlib.Path(artefacts).mkdir(parents=True, exist_ok=True)
    failures = Failures()
    with tempfile.TemporaryDirectory() as scratch:
        project = pathlib.Path(scratch)
        declarations = make_project(project)
        good = declarations.read_text(encoding="utf-8")
        server = subprocess.Popen([tool, "preview", str(declarations), "--maplibre-js", maplibre],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=project)
        try:
            address = None
            deadline = time.time() + 20
            while time.time() < deadline and address is None:
                line = server.stdout.readline()
                match = re.search(r"preview: (http://127\.0\.0\.1:\d+/)", line)
                if match:
                    address = match.group(1)
            if address is None:
                print("preview_check: mc-style preview printed no address", file=sys.stderr)
                return 1
            run(tool, chromium, address, declarations, good, artefacts, failures)
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        failures.check(server.returncode == 0, f"preview stops cleanly on SIGTERM (exit {server.returncode})")
    print(f"preview check: {len(failures.items)} failed")
    return 1 if failures.items else 0


def run(tool, chromium, address, declarations, good, artefacts, failures):
    tile_requests = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
        page = browser.new_page(viewport={"width": 1200, "height": 800})

        def stand_in(route):
            url = route.request.url
            host = re.sub(r"^https?://([^/]+).*$", r"\1", url)
            if host.startswith("127.0.0.1"):
                if "/tiles/" in url:
                    tile_requests.append(url)
                return route.continue_()
            if url.endswith("tiles.json"):
                return route.fulfill(status=200, content_type="application/json",
                                     body='{"tilejson": "3.0.0", "tiles": ["https://tiles.example.com/radar/{z}/{x}/{y}.png"]}')
            colour = STAND_IN_COLOURS.get(host)
            if colour is None:
                return route.fulfill(status=404, body="")
            return route.fulfill(status=200, content_type="image/png", body=solid_png(colour))

        page.route("**/*", stand_in)
        # At the heatmap's west edge (its bounds are 139-140.5 E), at a zoom where every source shows: the left half of
        # the map is outside its bounds, the right half inside.
        page.goto(address + "#9/35.6/139")
        page.wait_for_function("window.previewMap && window.previewMap.isStyleLoaded()", timeout=30000)
        settle(page)
        failures.check(page.evaluate("window.previewErrors.length") == 0,
                       f"the page loads with no GL JS error {page.evaluate('window.previewErrors')}")

        # The heatmap alone: every other source switched off in the panel.
        for source in ["weather-radar", "gsi-hillshade", "esri-imagery"]:
            page.locator(f'[data-source="{source}"] input[type=checkbox]').uncheck()
        settle(page)
        inside, outside = sample_points(page)
        inside_on, outside_on = pixel(page, inside), pixel(page, outside)
        zoom = page.evaluate("Math.floor(window.previewMap.getZoom())")
        requested = [url for url in tile_requests if "/tiles/heatmap/" in url]
        failures.check(bool(requested) and all("/tiles/heatmap/512/" in url for url in requested),
                       "its debug tiles are requested at its declared size, 512")
        failures.check(any(f"/{zoom}/" in url for url in requested), f"and at the map's own zoom, {zoom}")

        page.locator('[data-source="population-heatmap"] input[type=checkbox]').uncheck()
        settle(page)
        inside_off, outside_off = pixel(page, inside), pixel(page, outside)
        failures.check(distance(inside_on, inside_off) > 40, f"the heatmap draws inside its bounds ({inside_on} on {inside_off})")
        failures.check(distance(outside_on, outside_off) < 3, f"and nothing outside them ({outside_on} with, {outside_off} without)")
        failures.check(distance(inside_off, outside_off) < 3, "switching it off in the panel removes its pixels")
        page.locator('[data-source="population-heatmap"] input[type=checkbox]').check()
        page.locator('[data-source="population-heatmap"] input[type=range]').fill("0.5")
        settle(page)
        half = pixel(page, inside)
        expected = blend(inside_on, inside_off, 0.5)
        failures.check(distance(half, expected) < 24, f"its opacity slider at 0.5 blends it half ({half}, expected {expected})")

        camera = page.evaluate("[window.previewMap.getCenter().lng, window.previewMap.getCenter().lat, window.previewMap.getZoom()]")
        page.locator('[data-source="population-heatmap"] input[type=range]').fill("1")
        settle(page)
        full = pixel(page, inside)
        started = time.time()
        declarations.write_text(good.replace("localTileServer: { route: heatmap }",
                                             "localTileServer: { route: heatmap }\n    opacity: 0.2"), encoding="utf-8")
        page.wait_for_function("document.getElementById('findings').textContent === 'no findings' && window.previewState && window.previewState.version >= 2", timeout=5000)
        changed = wait_for_pixel_change(page, inside, full, 2.0 - (time.time() - started))
        failures.check(changed, f"an opacity changed in the YAML file shows within 2 s ({time.time() - started:.2f} s)")
        failures.check(page.evaluate("[window.previewMap.getCenter().lng, window.previewMap.getCenter().lat, window.previewMap.getZoom()]") == camera,
                       "without a reload: the camera is unchanged")
        kept = pixel(page, inside)
        declarations.write_text(good.replace("opacity: 0.6", "opacity: 6"), encoding="utf-8")
        page.wait_for_function("document.getElementById('findings').className === 'errors'", timeout=5000)
        findings = page.locator("#findings").text_content()
        failures.check(re.search(r"mc-style\.yaml:\d+:\d+: error: .+\[decl\.range\]", findings) is not None,
                       f"a broken YAML file shows its located finding on the page ({findings.splitlines()[0] if findings else ''})")
        failures.check(distance(pixel(page, inside), kept) < 3, "and keeps the last good map")
        declarations.write_text(good, encoding="utf-8")
        page.wait_for_function("document.getElementById('findings').className === ''", timeout=5000)
        failures.check(page.locator("#findings").text_content() == "no findings", "fixing it clears the finding")

        settle(page)
        light = pixel(page, outside)
        page.locator("#variant").select_option("dark")
        settle(page)
        dark = pixel(page, outside)
        failures.check(distance(light, dark) > 60, f"switching the design to dark changes the base ({light} -> {dark})")

        readout = page.locator("#camera")
        page.wait_for_function("document.getElementById('camera').dataset.tomtom !== undefined", timeout=5000)
        unified = float(readout.get_attribute("data-unified"))
        latitude = page.evaluate("window.previewMap.getCenter().lat")
        cli = subprocess.run([tool, "zoom", "--unified", repr(unified), "--lat", repr(latitude), "--format", "json"],
                             capture_output=True, text=True).stdout
        expected_tomtom = round(json.loads(cli)["tomtomZoom"], 2)
        failures.check(abs(float(readout.get_attribute("data-tomtom")) - expected_tomtom) < 0.006,
                       f"the zoom readout matches mc-style zoom ({readout.get_attribute('data-tomtom')} vs {expected_tomtom})")
        page.locator("#variant").select_option("light")
        settle(page)
        page.screenshot(path=str(pathlib.Path(artefacts) / "preview.png"))
        print(f"screenshot: {pathlib.Path(artefacts) / 'preview.png'}")
        browser.close()


def settle(page):
    page.wait_for_function("window.previewMap.loaded() && window.previewMap.areTilesLoaded()", timeout=20000)
    page.wait_for_timeout(300)


def sample_points(page):
    """A point inside the heatmap's bounds and one outside, in page pixels."""
    return (page.evaluate("(() => { const p = window.previewMap.project([139.3, 35.6]); const r = window.previewMap.getContainer().getBoundingClientRect(); return [p.x + r.left, p.y + r.top]; })()"),
            page.evaluate("(() => { const p = window.previewMap.project([138.7, 35.6]); const r = window.previewMap.getContainer().getBoundingClientRect(); return [p.x + r.left, p.y + r.top]; })()"))


def pixel(page, point):
    image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    x, y = int(point[0]), int(point[1])
    # the median of a 5x5 patch, away from the debug tiles' outlines and text
    patch = sorted(image.getpixel((x + dx, y + dy)) for dx in range(-2, 3) for dy in range(-2, 3))
    return patch[len(patch) // 2]


def distance(a, b):
    return max(abs(x - y) for x, y in zip(a, b))


def blend(top, bottom, alpha):
    return tuple(round(alpha * t + (1 - alpha) * b) for t, b in zip(top, bottom))


def wait_for_pixel_change(page, point, before, seconds):
    deadline = time.time() + max(seconds, 0)
    while time.time() < deadline:
        if distance(pixel(page, point), before) > 10:
            return True
        page.wait_for_timeout(100)
    return distance(pixel(page, point), before) > 10


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
