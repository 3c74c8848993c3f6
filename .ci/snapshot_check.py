#!/usr/bin/env python3
"""`mc-style snapshot` in a real browser (the system Chromium), offline, against the shipped demo made a two-design
project with three views.

Tiles are recorded the way a team records them once (`--record --tiles`), from stand-in HTTPS hosts here
(`harness.StandInHosts`: a solid tile per host, the demo TileJSON, a one-polygon vector tile for TomTom's hosts);
every later run replays them with no host to reach. Checks:
  - the pictures come out per view and variant, <view>.<variant>.png, and nothing else;
  - two runs from the same tiles give byte-identical pictures;
  - no stored name or file holds the key, and nothing printed does;
  - a tile missing in replay is an error at its source's line naming the URL with the key masked, once per source,
    and writes nothing;
  - a view naming a variant the declarations lack is a located error;
  - --check against the first run exits 0 with nothing changed; with one source's opacity changed it exits 1, the
    report names the views that show it, and the difference marks pixels only inside its bounds; report.html
    opens in Chromium (its screenshot is kept);
  - a design without TomTom's base map (basemap: none) draws only its background colour and the declared source,
    and no TomTom tile is asked for; a source whose bounds cross the antimeridian draws at 175, 180 and -175;
  - a vector style shows where its own style draws (GL JS draws the MapLibre style in place of its two rasters)
    with TomTom's base beside it;
  - a dark design derived from the light one by rules (fixtures/stylerules) is dark: its picture's mean luminance
    is well below the light design's;
  - SIGTERM mid-run leaves no Chromium process and no profile folder within 5 s, and writes nothing;
  - the time of a run of the demo's views.
The pictures are kept in ARTEFACT_FOLDER/snapshots.

    snapshot_check.py MC_STYLE CHROMIUM MAPLIBRE_FOLDER ARTEFACT_FOLDER
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from harness import (REPOSITORY, SQUARE_COLOUR, Failures, LoopbackServer, StandInHosts, demo_project, png,  # noqa: E402
                     vector_style_project, world_pixel)

KEY = "snapshot-check-key-93b1f0"
VIEWS = """views:
  - {name: tokyo-heat, center: [139.76, 35.68], zoom: 11, size: [512, 512]}
  - {name: japan, center: [137, 37], zoom: 5, size: [384, 384], variants: [light, dark]}
  - {name: hillshade-edge, center: [122.5, 30], zoom: 9, size: [400, 300], variants: [dark]}
"""
EXPECTED = ["hillshade-edge.dark.png", "japan.dark.png", "japan.light.png", "tokyo-heat.dark.png", "tokyo-heat.light.png"]


HEATMAP_BOUNDS = (139.0, 35.0, 140.5, 36.2)


def map_pixel(longitude, latitude, center, unified_zoom, size):
    """Where (longitude, latitude) is in a picture of `size` centred on `center` at a unified zoom (MapLibre's
    is one less, a 512-pixel world)."""
    x, y = world_pixel(longitude, latitude, unified_zoom - 1)
    center_x, center_y = world_pixel(center[0], center[1], unified_zoom - 1)
    return x - center_x + size[0] / 2, y - center_y + size[1] / 2


def check_comparison(snapshot, project, declarations, chromium, artefacts, failures):
    """--check against the first run (nothing changed is checked by the replay in main): one source's opacity
    changed is exit 1, the report names the views it shows in, and the difference marks pixels only inside that
    source's bounds."""
    text = declarations.read_text(encoding="utf-8")
    declarations.write_text(text.replace("localTileServer: { route: heatmap }",
                                         "localTileServer: { route: heatmap }\n    opacity: 0.3"), encoding="utf-8")
    baseline = project / "baseline-with-more"
    shutil.copytree(project / "out", baseline)
    shutil.copy(baseline / "japan.light.png", baseline / "osaka.light.png")
    changed, _ = snapshot("check-changed", "--check", str(baseline))
    declarations.write_text(text, encoding="utf-8")
    report = (project / "check-changed" / "report.md")
    markdown = report.read_text() if report.exists() else ""
    failures.check(changed.returncode == 1 and "tokyo-heat.light.png" in markdown and "japan.light.png" in markdown
                   and "hillshade-edge.dark.png` | same" in markdown,
                   f"a changed opacity makes --check exit 1 and the report name the views that show it ({changed.returncode})")
    failures.check("`osaka.light.png` | **gone" in markdown, "a baseline picture no view took is reported as gone")
    difference = project / "check-changed" / "difference" / "japan.light.png"
    if difference.exists():
        image = Image.open(difference).convert("RGB")
        marked = [(x, y) for y in range(image.height) for x in range(image.width) if image.getpixel((x, y)) == (255, 0, 255)]
        west, north = map_pixel(HEATMAP_BOUNDS[0], HEATMAP_BOUNDS[3], (137, 37), 5, image.size)
        east, south = map_pixel(HEATMAP_BOUNDS[2], HEATMAP_BOUNDS[1], (137, 37), 5, image.size)
        inside = all(west - 1 <= x <= east + 1 and north - 1 <= y <= south + 1 for x, y in marked)
        failures.check(bool(marked) and inside,
                       f"its difference image marks {len(marked)} pixels, all inside the heatmap's bounds "
                       f"(x {west:.0f}..{east:.0f}, y {north:.0f}..{south:.0f})")
    else:
        failures.check(False, "the report holds a difference image of japan.light.png")
    page = project / "check-changed" / "report.html"
    if page.exists():
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            view = browser.new_page(viewport={"width": 1400, "height": 900})
            view.goto(page.as_uri())
            view.wait_for_load_state("load")
            loaded = view.evaluate("Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0)")
            failures.check(loaded and "differ" in view.title(), f"report.html opens in Chromium with its pictures ({view.title()})")
            pathlib.Path(artefacts).mkdir(parents=True, exist_ok=True)
            view.screenshot(path=str(pathlib.Path(artefacts) / "snapshot-report.png"), full_page=True)
            browser.close()
            print(f"screenshot: {pathlib.Path(artefacts) / 'snapshot-report.png'}")
    else:
        failures.check(False, "--check writes report.html")


def check_recording(tool, maplibre, project, environment, failures):
    """--record fetches what the folder lacks (from a tile server on 127.0.0.1 here, which stops by itself), and
    a replay from what it stored gives the same picture with the server gone."""
    server = LoopbackServer(lambda request: (200, "image/png", png((200, 60, 160))))
    declarations = project / "demo" / "record.yaml"
    declarations.write_text(f"""version: 1
base: ../styles/tomtom-demo-base.json
sources:
  - id: local
    urlTemplate: http://127.0.0.1:{server.port}/t/{{z}}/{{x}}/{{y}}.png
views:
  - {{name: here, center: [139.7, 35.7], zoom: 10, size: [256, 256]}}
""", encoding="utf-8")
    command = [tool, "snapshot", str(declarations), "--tiles", str(project / "recorded"), "--maplibre-js", maplibre]
    recorded = subprocess.run(command + ["--record", "--out", str(project / "rec-1")], capture_output=True, text=True,
                              cwd=project, env=environment)
    server.stop()
    index = project / "recorded" / "index.json"
    entries = json.loads(index.read_text()) if index.exists() else {}
    failures.check(recorded.returncode == 0 and any("/t/" in url for url in entries),
                   f"--record fetches the tiles and stores them ({len(entries)} stored) {recorded.stderr[-300:]}")
    replayed = subprocess.run(command + ["--out", str(project / "rec-2")], capture_output=True, text=True, cwd=project,
                              env=environment)
    first, second = project / "rec-1" / "here.default.png", project / "rec-2" / "here.default.png"
    failures.check(replayed.returncode == 0 and first.exists() and second.exists()
                   and first.read_bytes() == second.read_bytes(),
                   f"and a replay with the tile server gone gives the same picture {replayed.stderr[-300:]}")
    # The same recording gives `mc-style cost` the bytes of the view's tiles, found by their URLs.
    cost = subprocess.run([tool, "cost", str(declarations), "--tiles", str(project / "recorded"), "--format", "json"],
                          capture_output=True, text=True, cwd=project, env=environment)
    local = {}
    if cost.returncode == 0:
        view = json.loads(cost.stdout)["views"][0]
        local = next((source for source in view["sources"] if source["id"] == "mc-raster-src-local"), {})
    failures.check(local.get("recordedBytes", 0) > 0 and local.get("unrecordedTiles") == 0,
                   f"and cost --tiles finds every tile of the view in it, with its bytes ({local}) {cost.stderr[-300:]}")


def check_failing_hosts(tool, maplibre, project, environment, failures):
    """Tiles a server has nothing for (404) are empty tiles, counted, and errors only with --strict; a host that
    refuses or never answers is an error naming the source within seconds (--timeout); offline without
    --maplibre-js the error says so."""
    import socket

    def tiles(request):
        if request.path.startswith("/hang/"):
            time.sleep(40)
            return None
        if int(request.path.rstrip(".png").split("/")[-2]) % 2 == 0:
            return 404, "text/plain", b""
        return 200, "image/png", png((40, 160, 90))

    server = LoopbackServer(tiles)
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    refused_port = closed.getsockname()[1]
    closed.close()
    port = server.port

    def run(name, url, *extra, maplibre_js=True):
        declarations = project / "demo" / f"{name}.yaml"
        declarations.write_text(f"""version: 1
base: ../styles/tomtom-demo-base.json
sources:
  - id: {name}
    urlTemplate: {url}
views:
  - {{name: here, center: [139.7, 35.7], zoom: 10, size: [256, 256]}}
""", encoding="utf-8")
        command = [tool, "snapshot", str(declarations), "--out", str(project / f"{name}-out"), *extra]
        if maplibre_js:
            command += ["--maplibre-js", maplibre]
        started = time.time()
        result = subprocess.run(command, capture_output=True, text=True, cwd=project, env=environment)
        return result, time.time() - started

    try:
        sparse, _ = run("sparse", f"http://127.0.0.1:{port}/t/{{z}}/{{x}}/{{y}}.png", "--record", "--tiles",
                        str(project / "sparse-tiles"))
        failures.check(sparse.returncode == 0 and re.search(
            r"drawn transparent.*source 'mc-raster-src-sparse' \(127\.0\.0\.1\): \d+ empty tiles?", sparse.stdout)
            is not None, f"404 tiles are empty tiles, counted once per source {sparse.stdout[-300:]} {sparse.stderr[-300:]}")
        strict, _ = run("sparse", f"http://127.0.0.1:{port}/t/{{z}}/{{x}}/{{y}}.png", "--tiles",
                        str(project / "sparse-tiles"), "--strict")
        failures.check(strict.returncode == 1 and "answered HTTP 404, an empty tile (an error with --strict)"
                       in strict.stderr, f"--strict makes them errors {strict.stderr[-300:]}")
        refused, seconds = run("refused", f"http://127.0.0.1:{refused_port}/{{z}}/{{x}}/{{y}}.png")
        failures.check(refused.returncode == 1 and "source 'mc-raster-src-refused'" in refused.stderr
                       and "cannot connect" in refused.stderr and seconds < 30,
                       f"a host that refuses is an error naming the source, in {seconds:.1f} s {refused.stderr[-300:]}")
        hung, seconds = run("hung", f"http://127.0.0.1:{port}/hang/{{z}}/{{x}}/{{y}}.png", "--timeout", "6")
        failures.check(hung.returncode == 1 and "source 'mc-raster-src-hung'" in hung.stderr and seconds < 25,
                       f"a host that never answers is an error within --timeout, in {seconds:.1f} s {hung.stderr[-300:]}")
    finally:
        server.stop()
    try:
        socket.create_connection(("unpkg.com", 443), timeout=3).close()
        print("info   unpkg.com is reachable: the offline message is not checked here")
    except OSError:
        offline, _ = run("offline", "https://tiles.example.com/{z}/{x}/{y}.png", maplibre_js=False)
        failures.check(offline.returncode == 1 and "MapLibre GL JS did not load (offline?)" in offline.stderr,
                       f"offline without --maplibre-js the error says so {offline.stderr[-300:]}")


def check_interruption(tool, maplibre, project, declarations, tiles, environment, failures):
    """SIGTERM while Chromium draws: within 5 s no process of the run is left and no profile folder either."""
    import signal
    scratch = project / "interrupt-tmp"
    scratch.mkdir()
    run = subprocess.Popen([tool, "snapshot", str(declarations), "--out", str(project / "interrupted"), "--tiles",
                            str(tiles), "--maplibre-js", maplibre, "--api-key-env", "MC_SNAPSHOT_KEY"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=project,
                           env=dict(environment, TMPDIR=str(scratch)))

    def browsers():
        found = []
        for entry in pathlib.Path("/proc").iterdir():
            try:
                if str(scratch) in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(entry.name)
            except OSError:
                continue
        return found

    deadline = time.time() + 30
    while time.time() < deadline and not browsers():
        time.sleep(0.05)
    started = bool(browsers())
    time.sleep(1)
    run.send_signal(signal.SIGTERM)
    stopped = time.time()
    errors = run.communicate(timeout=10)[1]
    while time.time() - stopped < 5 and (browsers() or any(scratch.iterdir())):
        time.sleep(0.05)
    left = browsers()
    failures.check(started and not left and not any(scratch.iterdir()) and run.returncode == 143
                   and not (project / "interrupted").exists(),
                   f"SIGTERM mid-run leaves no Chromium process and no profile folder ({len(left)} left, exit "
                   f"{run.returncode}, {time.time() - stopped:.1f} s, files left: "
                   f"{sorted(str(path.relative_to(scratch)) for path in scratch.rglob('*'))[:4]}) {errors[-200:]}")


NO_BASE_MAP = """version: 1
bases:
  plain: {base: ../styles/tomtom-demo-base.json, basemap: none, background: "#1d2b3a"}
sources:
  - id: heatmap
    localTileServer: { route: heatmap }
    tileSize: 512
    bounds: [139.0, 35.0, 140.5, 36.2]
  - id: pacific
    localTileServer: { route: pacific }
    bounds: [170, -20, -170, 20]
views:
  - {name: edge, center: [139.0, 35.6], zoom: 10, size: [256, 256]}
  - {name: east175, center: [175, 0], zoom: 5, size: [256, 256]}
  - {name: antimeridian, center: [180, 0], zoom: 5, size: [256, 256]}
  - {name: west175, center: [-175, 0], zoom: 5, size: [256, 256]}
"""


def snapshot_from_stand_ins(tool, maplibre, project, declarations, out, environment):
    """A snapshot run of `declarations` into `out` with the key, fetching from the stand-in hosts (no recording):
    the run and every URL it asked for."""
    with StandInHosts() as hosts:
        run = subprocess.run([tool, "snapshot", str(declarations), "--out", str(out), "--maplibre-js", maplibre,
                              "--api-key-env", "MC_SNAPSHOT_KEY"], capture_output=True, text=True, cwd=project,
                             env=hosts.environment(environment))
        return run, hosts.urls()


def check_no_base_map(tool, maplibre, project, environment, failures):
    """A design with basemap: none shows its background where no declared source draws (west of the heatmap's
    bounds here), the source where it does, and asks TomTom for no tile."""
    declarations = project / "demo" / "plain.yaml"
    declarations.write_text(NO_BASE_MAP, encoding="utf-8")
    run, asked = snapshot_from_stand_ins(tool, maplibre, project, declarations, project / "plain", environment)
    picture = project / "plain" / "edge.plain.png"
    if run.returncode != 0 or not picture.exists():
        failures.check(False, f"a design without TomTom's base map is drawn {run.stderr[-400:]}")
        return
    image = Image.open(picture).convert("RGB")
    west = {image.getpixel((x, y)) for x in range(4, 100) for y in range(4, 252, 8)}
    east = image.getpixel((200, 128))
    failures.check(west == {(29, 43, 58)} and east != (29, 43, 58),
                   f"basemap: none draws the background alone outside the source ({sorted(west)[:3]}) and the source inside ({east})")
    # Each view is 11.25 degrees wide: at 175 its west strip (169.4..170) lies outside the bounds, at -175 its east
    # strip (-170..-169.4); at 180 all of it lies inside.
    background = (29, 43, 58)
    for name, inside, outside in [("east175", [(64, 64), (192, 64)], (4, 128)),
                                  ("antimeridian", [(64, 64), (192, 64)], None),
                                  ("west175", [(64, 64), (192, 64)], (251, 128))]:
        view = Image.open(project / "plain" / f"{name}.plain.png").convert("RGB")
        drawn = [view.getpixel(point) for point in inside]
        edge = view.getpixel(outside) if outside else background
        failures.check(all(pixel != background for pixel in drawn) and edge == background,
                       f"bounds across the antimeridian draw at {name} inside them ({drawn}), not beyond ({edge})")
    tiles = [url for url in asked if "api.tomtom.com" in url and "/tile/" in url]
    failures.check(not tiles, f"and asks TomTom for no tile ({len(tiles)} asked: {tiles[:2]})")


def check_vector_style(tool, maplibre, environment, artefacts, failures):
    """A vector style on TomTom's base: GL JS draws the MapLibre style where the phone shows its two rasters, so the
    picture holds the style's magenta square over its middle and TomTom's base beside it."""
    with tempfile.TemporaryDirectory() as scratch:
        project = pathlib.Path(scratch)
        declarations = vector_style_project(
            project, "views:\n  - {name: square, center: [139.25, 35.75], zoom: 8, size: [512, 512]}\n")
        run, asked = snapshot_from_stand_ins(tool, maplibre, project, declarations, project / "vector", environment)
        picture = project / "vector" / "square.default.png"
        if run.returncode != 0 or not picture.exists():
            failures.check(False, f"a vector style is drawn in the snapshot {run.stderr[-400:]}")
            return
        image = Image.open(picture).convert("RGB")
        inside = [image.getpixel(point) for point in [(256, 256), (200, 300), (320, 210)]]
        outside = [image.getpixel(point) for point in [(8, 256), (504, 256), (256, 8)]]
        failures.check(all(pixel == SQUARE_COLOUR for pixel in inside),
                       f"the snapshot shows the vector style's square where it is ({inside})")
        failures.check(all(pixel != SQUARE_COLOUR for pixel in outside)
                       and any("api.tomtom.com" in url and ".pbf" in url for url in asked),
                       f"and TomTom's base beside it ({outside}, {len(asked)} tiles asked)")
        shutil.copy(picture, pathlib.Path(artefacts) / "vector-style.png")


def mean_luminance(picture):
    """The mean relative luminance (WCAG 2.x, 0 black to 1 white) of a picture's pixels."""
    def linear(channel):
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    image = Image.open(picture).convert("RGB")
    pixels = list(image.getdata())
    return sum(0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b) for r, g, b in pixels) / len(pixels)


def check_derived_design(tool, maplibre, environment, artefacts, failures):
    """The shipped dark-from-light example: the design derived by rules is drawn, and drawn dark."""
    with tempfile.TemporaryDirectory() as scratch:
        project = pathlib.Path(scratch)
        shutil.copytree(REPOSITORY / "fixtures" / "stylerules", project / "fixtures" / "stylerules")
        shutil.copytree(REPOSITORY / "styles", project / "styles")
        (project / ".git").mkdir()
        declarations = project / "fixtures" / "stylerules" / "mc-style.yaml"
        # The raster source is moved off the view (the stand-in hosts serve it solid), so the picture is the base's.
        text = declarations.read_text(encoding="utf-8").replace(
            "    placement: belowLabels\n", "    placement: belowLabels\n    bounds: [170.0, -45.0, 171.0, -44.0]\n")
        declarations.write_text(
            text + "views:\n  - {name: japan, center: [137, 37], zoom: 5, size: [256, 256]}\n", encoding="utf-8")
        run, _ = snapshot_from_stand_ins(tool, maplibre, project, declarations, project / "derived", environment)
        light, dark = project / "derived" / "japan.light.png", project / "derived" / "japan.dark.png"
        if run.returncode != 0 or not light.exists() or not dark.exists():
            failures.check(False, f"a design derived by rules is drawn in the snapshot {run.stderr[-400:]}")
            return
        light_luminance, dark_luminance = mean_luminance(light), mean_luminance(dark)
        failures.check(dark_luminance < 0.1 and dark_luminance < light_luminance / 4,
                       f"the derived dark design is dark: mean luminance {dark_luminance:.3f} against the light "
                       f"design's {light_luminance:.3f}")
        shutil.copy(dark, pathlib.Path(artefacts) / "derived-dark.png")


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    tool, chromium, maplibre, artefacts = (str(pathlib.Path(argument).resolve()) for argument in argv)
    failures = Failures()
    environment = dict(os.environ, MC_SNAPSHOT_KEY=KEY, CHROME=chromium)
    with tempfile.TemporaryDirectory() as scratch:
        project = pathlib.Path(os.environ.get("SNAPSHOT_CHECK_KEEP") or scratch)
        declarations = demo_project(project, VIEWS)
        tiles = project / "tiles"

        def snapshot(out, *extra, environment=environment):
            started = time.time()
            run = subprocess.run([tool, "snapshot", str(declarations), "--out", str(project / out), "--tiles", str(tiles),
                                  "--maplibre-js", maplibre, "--api-key-env", "MC_SNAPSHOT_KEY", *extra],
                                 capture_output=True, text=True, cwd=project, env=environment)
            return run, time.time() - started

        with StandInHosts() as hosts:
            run, _ = snapshot("out", "--record", environment=hosts.environment(environment))
            asked = hosts.urls()
        failures.check(bool(asked) and all(KEY in url for url in asked if "api.tomtom.com" in url),
                       f"--record fetches through the stand-in hosts, TomTom's with the key ({len(asked)} files)")
        failures.check(run.returncode == 0, f"a recording run succeeds {run.stderr[-500:]}")
        printed = run.stdout + run.stderr
        pictures = sorted(path.name for path in (project / "out").glob("*")) if (project / "out").exists() else []
        failures.check(pictures == EXPECTED, f"one picture per view and variant: {pictures}")
        sizes = {name: Image.open(project / "out" / name).size for name in pictures}
        failures.check(sizes.get("japan.light.png") == (384, 384) and sizes.get("hillshade-edge.dark.png") == (400, 300)
                       and sizes.get("tokyo-heat.dark.png") == (512, 512), f"each of its view's size {sizes}")

        # The replay goes into the folder the recording wrote (its own output), checked against the first pictures,
        # kept aside: one run shows both that an earlier output is taken as its own and that --check agrees.
        shutil.copytree(project / "out", project / "first")
        again, seconds = snapshot("out", "--check", str(project / "first"))
        printed += again.stdout + again.stderr
        failures.check(again.returncode == 0, f"a run into the folder an earlier run wrote takes it as its own {again.stderr[-300:]}")
        failures.check(again.returncode == 0 and "0 of 5 pictures differ" in again.stdout,
                       f"--check with nothing changed exits 0 ({again.stdout.strip().splitlines()[-1:] or again.stderr[-300:]})")
        same = all((project / "first" / name).read_bytes() == (project / "out" / name).read_bytes()
                   for name in EXPECTED if (project / "first" / name).exists())
        failures.check(again.returncode == 0 and same,
                       "two runs from the same tiles give byte-identical pictures (SwiftShader draws the same pixels)")
        print(f"info   the demo's views (two variants, three views, {len(EXPECTED)} pictures): {seconds:.1f} s")

        check_comparison(snapshot, project, declarations, chromium, artefacts, failures)
        check_interruption(tool, maplibre, project, declarations, tiles, environment, failures)
        check_no_base_map(tool, maplibre, project, environment, failures)
        check_vector_style(tool, maplibre, environment, artefacts, failures)
        check_derived_design(tool, maplibre, environment, artefacts, failures)

        stored = [path for path in tiles.iterdir()]
        failures.check(not any(KEY in path.name or KEY.encode() in path.read_bytes() for path in stored),
                       f"no stored name or file holds the key ({len(stored)} files)")
        failures.check("{key}" in (tiles / "index.json").read_text(), "the index names TomTom's URLs with the key masked")

        index = json.loads((tiles / "index.json").read_text())
        dropped = next(url for url in sorted(index) if "cyberjapandata" in url)
        del index[dropped]
        (tiles / "index.json").write_text(json.dumps(index))
        missing, _ = snapshot("missing")
        printed += missing.stdout + missing.stderr
        failures.check(missing.returncode == 1 and re.search(
            r"mc-style\.yaml:1[4-9]:\d+: error: source 'mc-raster-src-gsi-hillshade': the tiles folder '[^']+' has no "
            + re.escape(dropped), missing.stderr) is not None and missing.stderr.count("error:") == 1,
            f"a tile missing in replay is one error at its source's line naming its URL ({dropped}) {missing.stderr[-400:]}")
        failures.check(not (project / "missing").exists(), "and nothing is written")
        tomtom = next((url for url in sorted(index) if "api.tomtom.com" in url and ".pbf" in url), None)
        if tomtom:
            del index[tomtom]
            (tiles / "index.json").write_text(json.dumps(index))
            masked, _ = snapshot("masked")
            printed += masked.stdout + masked.stderr
            failures.check(masked.returncode == 1 and tomtom in masked.stderr and "{key}" in tomtom,
                           f"a missing TomTom tile is named with the key masked ({tomtom}) {masked.stderr[-500:]}")
        failures.check(KEY not in printed, "nothing printed holds the key")

        text = declarations.read_text(encoding="utf-8")
        declarations.write_text(text.replace("variants: [dark]}", "variants: [night]}"), encoding="utf-8")
        unknown, _ = snapshot("unknown")
        failures.check(unknown.returncode == 1 and re.search(
            r"mc-style\.yaml:\d+:\d+: error: no variant 'night' \(the declarations have light, dark\)", unknown.stderr) is not None,
            "a view naming a variant the declarations lack is a located error")

        check_recording(tool, maplibre, project, environment, failures)
        check_failing_hosts(tool, maplibre, project, environment, failures)

        kept = pathlib.Path(artefacts) / "snapshots"
        if kept.exists():
            shutil.rmtree(kept)
        if (project / "out").exists():
            shutil.copytree(project / "out", kept)
            print(f"pictures: {kept}")
    print(f"snapshot check: {len(failures.items)} failed")
    return 1 if failures.items else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
