#!/usr/bin/env python3
"""`mc-style preview` in a real browser: Playwright for Python driving the system Chromium (no browser download)
against the shipped demo, turned into a two-design project (light and dark bases).

The page asks nothing of any host but the preview server: every remote file goes through the server, which fetches
it with curl from stand-in HTTPS hosts here (`harness.StandInHosts`: a tile of one solid colour per host, the demo's
TileJSON, vector tiles of ocean for TomTom's). Nothing leaves the machine.

Checks:
  - the page loads with no GL JS error;
  - every declared visible source, alone, draws pixels inside its bounds at a zoom where it shows, and none
    outside the tiles that cover them (GL JS, like the SDK, draws whole tiles; a real server's tile beyond its
    data is transparent, the stand-in's are solid), every tile it asks for touching its bounds;
  - the heatmap (a LocalTileServer route) alone draws pixels inside its bounds and none outside, its debug tiles
    requested at its declared size (512) and at the map's own zoom;
  - its visibility switch removes its pixels, and its opacity slider at 0.5 changes them as blending says;
  - an `opacity:` changed in the YAML file on disk shows in the pixels within 2 seconds, camera unchanged;
  - a broken YAML file shows its located finding on the page and keeps the last good map; fixing it clears it;
  - switching the design from light to dark changes the base (the background);
  - the zoom readout matches `mc-style zoom` for the same latitude and zoom, its unified zoom is MapLibre's plus
    one (MapLibre's levels are of a 512-pixel world), and a declared zoom range starts at its unified zoom;
  - with --api-key-env, the TomTom base loads from TomTom (a stand-in for its hosts serving vector tiles of one
    ocean polygon) with the key in the URLs the server asks TomTom for, while no URL the page asks for and no
    response it gets holds the key; the page says nothing of a missing key; the server prints nothing that holds
    the key;
  - every response carries the Content-Security-Policy, and an attribution that tries to run script (an `<img>`
    with `onerror`, an `<iframe srcdoc>`) shows as text and runs nothing;
  - the page asks no host but the preview server;
  - an error joins the page's notes (a missing key's among them) instead of replacing them;
  - a vector style (a magenta square) shows where its style draws, GL JS drawing the MapLibre style in place of
    its two rasters, with TomTom's base beside it; its visibility switch hides it.
Screenshots of the page, without and with the key, are kept in ARTEFACT_FOLDER.

    preview_check.py MC_STYLE CHROMIUM MAPLIBRE_FOLDER ARTEFACT_FOLDER
"""
import io
import json
import math
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageChops
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from harness import (SQUARE, SQUARE_COLOUR, Failures, StandInHosts, demo_project, tile_touches,  # noqa: E402
                     tile_x, tile_y, vector_style_project)


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    # Absolute: the preview runs in the project's folder.
    tool, chromium, maplibre, artefacts = (str(pathlib.Path(argument).resolve()) for argument in argv)
    pathlib.Path(artefacts).mkdir(parents=True, exist_ok=True)
    failures = Failures()
    with tempfile.TemporaryDirectory() as scratch, StandInHosts() as hosts:
        project = pathlib.Path(scratch)
        declarations = demo_project(project)
        good = declarations.read_text(encoding="utf-8")
        server, address = start_preview(tool, project, declarations, maplibre,
                                        environment=hosts.environment(os.environ))
        try:
            if address is None:
                print("preview_check: mc-style preview printed no address", file=sys.stderr)
                return 1
            run(tool, chromium, address, declarations, good, artefacts, hosts, failures)
        finally:
            stop(server)
        failures.check(server.returncode == 0, f"preview stops cleanly on SIGTERM (exit {server.returncode})")
        declarations.write_text(good, encoding="utf-8")
        run_with_key(tool, chromium, maplibre, project, declarations, artefacts, hosts, failures)
    check_vector_style(tool, chromium, maplibre, artefacts, failures)
    print(f"preview check: {len(failures.items)} failed")
    return 1 if failures.items else 0


def stop(server):
    """SIGTERM to a running preview, SIGKILL when it has not ended within 10 s."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()


def start_preview(tool, project, declarations, maplibre, arguments=(), environment=None):
    """A running `mc-style preview` and its address (None when it printed none within 20 s)."""
    server = subprocess.Popen([tool, "preview", str(declarations), "--maplibre-js", maplibre, *arguments],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=project, env=environment)
    deadline = time.time() + 20
    while time.time() < deadline:
        match = re.search(r"preview: (http://127\.0\.0\.1:\d+/)", server.stdout.readline())
        if match:
            return server, match.group(1)
    return server, None


TEST_KEY = "preview-check-key-7c1e5a"
# Script an attribution may carry: GL JS inserts attributions as HTML.
HOSTILE_ATTRIBUTION = ('Esri <img src=x onload=1 onerror="window.pwned=1">'
                       '<iframe srcdoc="<script>parent.pwned=2</script>"></iframe>')


def run_with_key(tool, chromium, maplibre, project, declarations, artefacts, hosts, failures):
    """With --api-key-env the base loads from TomTom's hosts (a stand-in) with the key, which the server adds on the
    way out: no URL the page asks for and no response it gets holds it, and nothing the server prints does. An
    attribution that tries to run script runs nothing."""
    text = declarations.read_text(encoding="utf-8")
    declarations.write_text(text.replace('attribution: "Esri, Maxar, Earthstar Geographics"',
                                         "attribution: " + json.dumps(HOSTILE_ATTRIBUTION)), encoding="utf-8")
    environment = hosts.environment(dict(os.environ, MC_PREVIEW_CHECK_KEY=TEST_KEY))
    server, address = start_preview(tool, project, declarations, maplibre, ("--api-key-env", "MC_PREVIEW_CHECK_KEY"),
                                    environment)
    hosts.clear()
    try:
        failures.check(address is not None, "with --api-key-env the preview starts")
        if address is None:
            return
        seen = {"requests": [], "bodies": [], "elsewhere": [], "policies": []}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, args=["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
            page = browser.new_page(viewport={"width": 1200, "height": 800})

            def elsewhere(route):
                seen["elsewhere"].append(route.request.url)
                return route.abort()

            def response(answer):
                seen["policies"].append(answer.headers.get("content-security-policy", ""))
                try:
                    seen["bodies"].append(answer.body())
                except Exception:  # a body that is gone (a redirect, a stream) holds nothing to check
                    pass

            page.route(re.compile(r"^(?!http://127\.0\.0\.1:).*"), elsewhere)
            page.on("request", lambda request: seen["requests"].append(request.url))
            page.on("response", response)
            page.goto(address + "#9/35.6/138")
            wait_until(page, "window.previewMap && window.previewMap.isStyleLoaded()", timeout=30000)
            for source in ALL_SOURCES:
                page.locator(f'[data-source="{source}"] input[type=checkbox]').set_checked(source == "esri-imagery")
            settle(page)
            failures.check(page.evaluate("window.previewErrors.length") == 0,
                           f"with a key the page loads with no GL JS error {page.evaluate('window.previewErrors')}")
            tomtom = [url for url in hosts.urls() if re.match(r"https://([a-d]\.)?api\.tomtom\.com/", url)]
            tiles = [url for url in tomtom if ".pbf" in url]
            failures.check(bool(tiles) and all("key=" + TEST_KEY in url for url in tomtom),
                           f"the server asks TomTom for the base's tiles with the key ({len(tiles)} tiles, {len(tomtom)} requests)")
            failures.check(not any(TEST_KEY in url for url in seen["requests"]),
                           f"no URL the page asks for holds the key ({len(seen['requests'])} requests)")
            failures.check(not any(TEST_KEY.encode() in body for body in seen["bodies"]),
                           f"no response the page gets holds the key ({len(seen['bodies'])} responses)")
            failures.check(not seen["elsewhere"], f"the page asks no host but the preview server {seen['elsewhere'][:3]}")
            failures.check(bool(seen["policies"]) and all("default-src 'none'" in policy for policy in seen["policies"]),
                           "every response carries the Content-Security-Policy")
            failures.check(page.evaluate("window.pwned === undefined"),
                           "an attribution with an <img onerror> and an <iframe srcdoc> runs nothing")
            attribution = page.locator(".maplibregl-ctrl-attrib").text_content() or ""
            failures.check("<img src=x" in attribution and page.locator(".maplibregl-ctrl-attrib iframe").count() == 0,
                           "and shows as text, with no frame in the page")
            notes = page.locator("body").text_content()
            failures.check("needs an API key" not in notes, "and the page says nothing of a missing key")
            page.locator('[data-source="esri-imagery"] input[type=checkbox]').uncheck()
            settle(page)
            image = screenshot(page)
            centre = image.getpixel((image.width // 2, image.height // 2))
            failures.check(distance(centre, (156, 206, 236)) < 8, f"the base draws TomTom's tiles (ocean {centre})")
            page.screenshot(path=str(pathlib.Path(artefacts) / "preview-tomtom-base.png"))
            browser.close()
    finally:
        server.terminate()
        try:
            output, errors = server.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            output, errors = server.communicate()
        declarations.write_text(text, encoding="utf-8")
    failures.check(TEST_KEY not in output + errors, "the server prints nothing that holds the key")


def check_vector_style(tool, chromium, maplibre, artefacts, failures):
    """A vector style over TomTom's base (from a stand-in, with a key): its square's pixels where the square is,
    the base's beside it, and neither once the panel hides both of its layers."""
    with tempfile.TemporaryDirectory() as scratch, StandInHosts() as hosts:
        project = pathlib.Path(scratch)
        declarations = vector_style_project(project)
        environment = hosts.environment(dict(os.environ, MC_PREVIEW_CHECK_KEY=TEST_KEY))
        server, address = start_preview(tool, project, declarations, maplibre, ("--api-key-env", "MC_PREVIEW_CHECK_KEY"),
                                        environment)
        try:
            failures.check(address is not None, "a project with a vector style previews")
            if address is None:
                return
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium,
                    args=["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
                page = browser.new_page(viewport={"width": 1200, "height": 800})
                page.goto(address + f"#7/{(SQUARE[1] + SQUARE[3]) / 2}/{(SQUARE[0] + SQUARE[2]) / 2}")
                wait_until(page, "window.previewMap && window.previewMap.isStyleLoaded()", timeout=30000)
                settle(page)
                image = screenshot(page)
                middle = (image.width // 2, image.height // 2)
                centre, beside = image.getpixel(middle), image.getpixel((40, image.height // 2))
                failures.check(distance(centre, SQUARE_COLOUR) < 8,
                               f"the preview draws the vector style's square where it is ({centre})")
                failures.check(distance(beside, (156, 206, 236)) < 8, f"and TomTom's base beside it ({beside})")
                page.screenshot(path=str(pathlib.Path(artefacts) / "preview-vector-style.png"))
                for layer in ("drawn-ground", "drawn-labels"):
                    page.locator(f'[data-source="{layer}"] input[type=checkbox]').uncheck()
                settle(page)
                hidden = screenshot(page).getpixel(middle)
                failures.check(distance(hidden, (156, 206, 236)) < 8,
                               f"hiding its two layers in the panel hides the square ({hidden})")
                failures.check(page.evaluate("window.previewErrors.length") == 0,
                               f"with no GL JS error {page.evaluate('window.previewErrors')}")
                browser.close()
        finally:
            stop(server)


def run(tool, chromium, address, declarations, good, artefacts, hosts, failures):
    tile_requests = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
        page = browser.new_page(viewport={"width": 1200, "height": 800})

        def stand_in(route):
            url = route.request.url
            if "/tiles/" in url and "/remote/" not in url:
                tile_requests.append(url)
            return route.continue_()

        page.route("**/*", stand_in)
        # At the heatmap's west edge (its bounds are 139-140.5 E), at a zoom where every source shows: the left half of
        # the map is outside its bounds, the right half inside.
        page.goto(address + "#9/35.6/139")
        wait_until(page, "window.previewMap && window.previewMap.isStyleLoaded()", timeout=30000)
        settle(page)
        failures.check(page.evaluate("window.previewErrors.length") == 0,
                       f"the page loads with no GL JS error {page.evaluate('window.previewErrors')}")

        page.evaluate("addError('GL JS: a tile failed (planted)')")
        notes = page.locator("#notes").text_content() or ""
        failures.check("needs an API key" in notes and "a tile failed (planted)" in notes,
                       f"an error joins the page's notes instead of replacing them ({notes!r})")
        check_each_source_alone(page, hosts, failures)
        check_zoom_range(page, failures)
        page.evaluate("window.previewMap.jumpTo({center: [139, 35.6], zoom: 9})")

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
        wait_until(page, "document.getElementById('findings').textContent === 'no findings' && window.previewState && window.previewState.version >= 2", timeout=5000)
        changed = wait_for_pixel_change(page, inside, full, 2.0 - (time.time() - started))
        failures.check(changed, f"an opacity changed in the YAML file shows within 2 s ({time.time() - started:.2f} s)")
        failures.check(page.evaluate("[window.previewMap.getCenter().lng, window.previewMap.getCenter().lat, window.previewMap.getZoom()]") == camera,
                       "without a reload: the camera is unchanged")
        settle(page)  # the raster's fade-in is over
        kept = pixel(page, inside)
        declarations.write_text(good.replace("opacity: 0.6", "opacity: 6"), encoding="utf-8")
        wait_until(page, "document.getElementById('findings').className === 'errors'", timeout=5000)
        findings = page.locator("#findings").text_content()
        failures.check(re.search(r"mc-style\.yaml:\d+:\d+: error: .+\[decl\.range\]", findings) is not None,
                       f"a broken YAML file shows its located finding on the page ({findings.splitlines()[0] if findings else ''})")
        failures.check(distance(pixel(page, inside), kept) < 3, "and keeps the last good map")
        declarations.write_text(good, encoding="utf-8")
        wait_until(page, "document.getElementById('findings').className === ''", timeout=5000)
        failures.check(page.locator("#findings").text_content() == "no findings", "fixing it clears the finding")

        settle(page)
        light = pixel(page, outside)
        page.locator("#variant").select_option("dark")
        settle(page)
        dark = pixel(page, outside)
        failures.check(distance(light, dark) > 60, f"switching the design to dark changes the base ({light} -> {dark})")

        readout = page.locator("#camera")
        wait_until(page, "document.getElementById('camera').dataset.tomtom !== undefined", timeout=5000)
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


# The demo's visible sources, each with where to look at it: at a zoom where it shows (the page's zoom, which its
# readout shows as unified zoom too, inside the source's visibleZoom), and for a bounded one at the west edge of
# its bounds, so that the map shows both sides of it.
SOURCES_ALONE = [
    ("gsi-hillshade", "cyberjapandata.gsi.go.jp", (122.0, 20.0, 154.0, 46.0), [122.0, 30.0], 9),
    ("weather-radar", "tiles.example.com", None, [139.7, 35.7], 6),
    ("esri-imagery", "services.arcgisonline.com", None, [139.7, 35.7], 9),
]
ALL_SOURCES = ["gsi-hillshade", "weather-radar", "esri-imagery", "population-heatmap"]


def check_each_source_alone(page, hosts, failures):
    """Each source with every other switched off: what it adds to the map lies inside the tiles that cover its
    bounds, and every tile it asks for touches them."""
    for source, host, bounds, center, zoom in SOURCES_ALONE:
        hosts.clear()
        for other in ALL_SOURCES:
            page.locator(f'[data-source="{other}"] input[type=checkbox]').set_checked(other == source)
        page.evaluate(f"window.previewMap.jumpTo({{center: {json.dumps(center)}, zoom: {zoom}}})")
        settle(page)
        with_source = screenshot(page)
        requested = [tile for tile in map(tile_of, hosts.urls()) if tile is not None and host in tile[0]]
        page.locator(f'[data-source="{source}"] input[type=checkbox]').uncheck()
        settle(page)
        drawn = changed_pixels(with_source, screenshot(page))
        failures.check(drawn[0] > 10000, f"{source} alone draws pixels ({drawn[0]} changed)")
        if bounds is None:
            continue
        outside = [tile for tile in requested if not tile_touches(tile[1:], bounds)]
        failures.check(bool(requested) and not outside,
                       f"{source} asks only for tiles that touch its bounds ({len(requested)} asked, {outside[:3]} beyond)")
        z = max(tile[1] for tile in requested) if requested else 0
        west, north = tile_corner(page, bounds[0], bounds[3], z, floor=True)
        east, south = tile_corner(page, bounds[2], bounds[1], z, floor=False)
        box = drawn[1]
        inside = box is not None and box[0] >= west - 2 and box[1] >= north - 2 and box[2] <= east + 2 and box[3] <= south + 2
        failures.check(west > 50 and inside,
                       f"and draws nothing outside the tiles that cover them (changed {box}, allowed x >= {west:.0f})")
    for other in ALL_SOURCES:
        page.locator(f'[data-source="{other}"] input[type=checkbox]').check()


def check_zoom_range(page, failures):
    """gsi-hillshade's visibleZoom starts at unified 8: it shows at unified 8.3 and not at 7.7, which in the page's
    MapLibre zoom (a 512-pixel world) are 7.3 and 6.7."""
    for other in ALL_SOURCES:
        page.locator(f'[data-source="{other}"] input[type=checkbox]').set_checked(other == "gsi-hillshade")
    seen = {}
    for zoom in (7.3, 6.7):
        page.evaluate(f"window.previewMap.jumpTo({{center: [138, 36], zoom: {zoom}}})")
        settle(page)
        wait_until(page, f"Math.abs(Number(document.getElementById('camera').dataset.maplibre) - {zoom}) < 1e-6",
                               timeout=5000)
        unified = float(page.locator("#camera").get_attribute("data-unified"))
        failures.check(abs(unified - (zoom + 1)) < 1e-6, f"the readout's unified zoom is MapLibre's plus one ({zoom} -> {unified})")
        with_source = screenshot(page)
        page.locator('[data-source="gsi-hillshade"] input[type=checkbox]').uncheck()
        settle(page)
        seen[zoom] = changed_pixels(with_source, screenshot(page))[0]
        page.locator('[data-source="gsi-hillshade"] input[type=checkbox]').check()
    failures.check(seen[7.3] > 10000 and seen[6.7] == 0,
                   f"gsi-hillshade shows from unified zoom 8, as declared ({seen[7.3]} pixels at unified 8.3, {seen[6.7]} at 7.7)")
    for other in ALL_SOURCES:
        page.locator(f'[data-source="{other}"] input[type=checkbox]').check()


def screenshot(page):
    """The map alone (not the panel beside it), in map pixels."""
    rect = page.evaluate("(() => { const r = window.previewMap.getContainer().getBoundingClientRect(); return {x: r.left, y: r.top, width: r.width, height: r.height}; })()")
    return Image.open(io.BytesIO(page.screenshot(clip=rect))).convert("RGB")


def changed_pixels(before, after, tolerance=24):
    """How many pixels differ by more than `tolerance` in some channel, and the box holding them (or None)."""
    difference = ImageChops.difference(before, after).point(lambda value: 255 if value > tolerance else 0)
    mask = difference.convert("L").point(lambda value: 255 if value else 0)
    return mask.histogram()[255], mask.getbbox()


def tile_of(url):
    """(url, z, x, y) of a tile URL ending in /z/x/y(.png), or None."""
    match = re.search(r"/(\d+)/(\d+)/(\d+)(?:\.\w+)?(?:\?.*)?$", url)
    return None if match is None else (url, int(match.group(1)), int(match.group(2)), int(match.group(3)))


def tile_corner(page, longitude, latitude, z, floor):
    """The map pixel of the corner of the tile holding (longitude, latitude) at `z`: its north-west corner, or
    with floor False its south-east one."""
    x, y = tile_x(longitude, z), tile_y(latitude, z)
    x, y = (math.floor(x), math.floor(y)) if floor else (math.floor(x) + 1, math.floor(y) + 1)
    corner_longitude = x / 2 ** z * 360 - 180
    corner_latitude = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / 2 ** z))))
    point = page.evaluate(f"window.previewMap.project([{corner_longitude}, {corner_latitude}])")
    return point["x"], point["y"]


def wait_until(page, expression, timeout=5000):
    """Polls `expression` in the page until it is true (Playwright's wait_for_function evaluates strings, which
    the page's Content-Security-Policy refuses)."""
    deadline = time.time() + timeout / 1000
    while True:
        if page.evaluate(expression):
            return
        if time.time() > deadline:
            raise TimeoutError(f"not true within {timeout} ms: {expression}")
        page.wait_for_timeout(50)


def settle(page):
    # first every style the panel asked for is answered and applied, then its tiles are drawn
    wait_until(page, "window.previewPendingStyles === 0 && window.previewMap.loaded() && window.previewMap.areTilesLoaded()", timeout=20000)
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
