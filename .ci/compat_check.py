#!/usr/bin/env python3
"""Checks `mc-style compat --renderer maplibre-gl-js@5.3.0` against MapLibre GL JS 5.3.0 itself, in Chromium.

One small style per case, generated from the specification's `sdk-support` table (v8.json): every layer type,
root, source, paint and layout property whose `js` support is dated after 5.3.0, the operators and
capabilities dated after it (data-driven styling, `global-state` inside a property, the array form of
hillshade's illumination, `number-format`'s unit, `encoding: mlt`), and a control group of properties and
layer types dated before it. mc-style's verdict (compat's exit status) is compared with whether GL JS 5.3.0
loads the style (its `style.load` event, with validation on, before any `error`); every disagreement must be
one docs/commands.md explains (EXPLAINED below). Prints the table of disagreements and a summary.

Usage: compat_check.py MC_STYLE CHROMIUM MAPLIBRE_GL_JS_FOLDER V8_JSON"""
import json
import pathlib
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

TARGET = (5, 3, 0)
# Where GL JS 5.3.0 and mc-style may disagree, and why; docs/commands.md says the same. None is known: the uses GL
# JS ignores (an unknown root or source key, encoding's value, number-format's unit) are warnings that do not fail
# compat (RendererSupport.ignoredByGLJS), so every case must agree.
EXPLAINED = {}

SOURCES = {
    "v": {"type": "vector", "tiles": ["http://127.0.0.1:9/v/{z}/{x}/{y}.pbf"]},
    "r": {"type": "raster", "tiles": ["http://127.0.0.1:9/r/{z}/{x}/{y}.png"], "tileSize": 256},
    "dem": {"type": "raster-dem", "tiles": ["http://127.0.0.1:9/d/{z}/{x}/{y}.png"], "tileSize": 256},
}
SOURCE_OF = {"raster": "r", "hillshade": "dem", "color-relief": "dem", "background": None}


def version(text):
    try:
        return tuple(int(part) for part in text.split("."))
    except (AttributeError, ValueError):
        return None


def layer(layer_type, paint=None, layout=None):
    result = {"id": "case", "type": layer_type}
    source = SOURCE_OF.get(layer_type, "v")
    if source:
        result["source"] = source
    if source == "v":
        result["source-layer"] = "l"
    if paint:
        result["paint"] = paint
    if layout:
        result["layout"] = layout
    return result


GLYPHS = "http://127.0.0.1:9/{fontstack}/{range}.pbf"


def style(layers=(), root=None, sources=None):
    """A style of `layers` over the stand-in sources; symbol layers get glyphs, and a line-gradient a GeoJSON
    source with line metrics, so that no case is refused for anything but what it tests."""
    document = {"version": 8, "sources": sources or json.loads(json.dumps(SOURCES)), "layers": list(layers)}
    if any(layer.get("type") == "symbol" for layer in document["layers"]):
        document["glyphs"] = GLYPHS
    for layer in document["layers"]:
        if "line-gradient" in layer.get("paint", {}):
            document["sources"]["g"] = {"type": "geojson", "lineMetrics": True,
                                        "data": {"type": "FeatureCollection", "features": []}}
            layer["source"] = "g"
            layer.pop("source-layer", None)
    document.update(root or {})
    return document


def sample(spec):
    """A value of the property's type: its default, else a plain one."""
    if "default" in spec:
        return spec["default"]
    kind = spec.get("type")
    if kind == "enum":
        values = spec.get("values")
        return next(iter(values)) if values else None
    return {"number": 1, "boolean": True, "color": "#336699", "string": "a", "resolvedImage": "a",
            "array": None, "padding": [1], "numberArray": [1], "colorArray": ["#000000"],
            "variableAnchorOffsetCollection": ["top", [0, 0]], "projectionDefinition": "mercator"}.get(kind)


def cases(v8):
    """(name, style, expected-by-the-table: True when 5.3.0 should draw it)."""
    made = []
    for group, body in v8.items():
        if not isinstance(body, dict):
            continue
        for name, spec in body.items():
            if not isinstance(spec, dict):
                continue
            support = spec.get("sdk-support", {})
            if group == "layer" and name == "type":
                for layer_type, value_spec in spec["values"].items():
                    js = version(value_spec.get("sdk-support", {}).get("basic functionality", {}).get("js"))
                    if js:
                        made.append((f"layer type {layer_type}", style([layer(layer_type)]), js <= TARGET))
                continue
            basic = version(support.get("basic functionality", {}).get("js"))
            value = sample(spec)
            if value is None or basic is None:
                continue
            if group.startswith(("paint_", "layout_")):
                part, layer_type = group.split("_", 1)
                made.append((f"{group} {name}", style([layer(layer_type, **{part: {name: value}})]), basic <= TARGET))
            elif group == "$root" and name not in ("version", "sources", "layers"):
                value = GLYPHS if name == "glyphs" else value
                made.append((f"$root {name}", style(root={name: value}), basic <= TARGET))
            elif group.startswith("source_") and group != "source_video":
                source_type = group[len("source_"):].replace("_", "-")
                source = {"type": source_type, "tiles": ["http://127.0.0.1:9/{z}/{x}/{y}"]}
                if source_type in ("geojson",):
                    source = {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}
                if source_type == "image":
                    continue
                source[name] = value
                if name in ("redFactor", "greenFactor", "blueFactor", "baseShift"):
                    source["encoding"] = "custom"
                made.append((f"{group} {name}", style(sources={"s": source}), basic <= TARGET))
    # Operators and capabilities dated after 5.3.0, written where they show.
    made += [
        ("expression_name global-state", style([layer("background", paint={"background-opacity": ["to-number", ["global-state", "o"]]})]), False),
        ("expression_name split", style([layer("symbol", layout={"text-field": ["to-string", ["at", 0, ["split", "a b", " "]]]})], root={"glyphs": "http://127.0.0.1:9/{fontstack}/{range}.pbf"}), False),
        ("expression_name join", style([layer("symbol", layout={"text-field": ["join", ["literal", ["a", "b"]], "-"]})], root={"glyphs": "http://127.0.0.1:9/{fontstack}/{range}.pbf"}), False),
        ("expression_name elevation", style([layer("color-relief", paint={"color-relief-color": ["interpolate", ["linear"], ["elevation"], 0, "#000", 1000, "#fff"]})]), False),
        ("expression_name number-format (`unit` property)", style([layer("symbol", layout={"text-field": ["number-format", 3, {"unit": "kilometer"}]})], root={"glyphs": "http://127.0.0.1:9/{fontstack}/{range}.pbf"}), False),
        ("source_vector encoding mlt", style(sources={"s": {"type": "vector", "tiles": ["http://127.0.0.1:9/{z}/{x}/{y}"], "encoding": "mlt"}}), False),
        ("layout_line line-cap (data-driven styling)", style([layer("line", layout={"line-cap": ["match", ["get", "c"], "round", "round", "butt"]})]), False),
        ("layout_line line-miter-limit (data-driven styling)", style([layer("line", layout={"line-miter-limit": ["coalesce", ["to-number", ["get", "m"]], 2]})]), False),
        ("layout_line line-round-limit (data-driven styling)", style([layer("line", layout={"line-round-limit": ["coalesce", ["to-number", ["get", "m"]], 1]})]), False),
        ("paint_line line-dasharray (data-driven styling)", style([layer("line", paint={"line-dasharray": ["case", ["has", "d"], ["literal", [1, 2]], ["literal", [2, 1]]]})]), False),
        ("paint_fill fill-opacity (global-state)", style([layer("fill", paint={"fill-opacity": ["case", ["to-boolean", ["global-state", "f"]], 1, 0.5]})]), False),
        ("layout_line line-cap (global-state)", style([layer("line", layout={"line-cap": ["case", ["to-boolean", ["global-state", "f"]], "round", "butt"]})]), False),
        ("paint_hillshade hillshade-illumination-direction (multidirectional)", style([layer("hillshade", paint={"hillshade-illumination-direction": [300, 30]})]), False),
        ("paint_hillshade hillshade-shadow-color (multidirectional)", style([layer("hillshade", paint={"hillshade-shadow-color": ["#000000", "#111111"]})]), False),
        ("control: fill-color from data", style([layer("fill", paint={"fill-color": ["coalesce", ["to-color", ["get", "c"]], "#000"]})]), True),
        ("control: expression step", style([layer("circle", paint={"circle-radius": ["step", ["zoom"], 1, 5, 2]})]), True),
        ("control: hillshade-illumination-direction single", style([layer("hillshade", paint={"hillshade-illumination-direction": 300})]), True),
    ]
    return made


PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>#m{width:256px;height:256px}</style></head>
<body><div id="m"></div><script>%s</script><script>
window.tryStyle = (style) => new Promise((resolve) => {
  const container = document.getElementById('m');
  let done = false, errors = [];
  const map = new maplibregl.Map({container, style, validateStyle: true, attributionControl: false, fadeDuration: 0});
  const finish = (loaded) => { if (done) return; done = true; try { map.remove(); } catch (e) {} resolve({loaded, errors}); };
  map.on('error', (event) => { errors.push(String(event.error && event.error.message || event.error)); if (!map.isStyleLoaded()) finish(false); });
  map.on('style.load', () => finish(true));
  setTimeout(() => finish(false), 4000);
});
</script></body></html>"""


def main(tool, chromium, gljs, v8_path):
    v8 = json.loads(pathlib.Path(v8_path).read_text(encoding="utf-8"))
    all_cases = cases(v8)
    script = (pathlib.Path(gljs) / "maplibre-gl.js").read_text(encoding="utf-8")
    rows, failures = [], []
    with tempfile.TemporaryDirectory() as work, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
        page = browser.new_page()
        page.route("**/*", lambda route: route.abort() if route.request.url.startswith("http") else route.continue_())
        page.set_content(PAGE % script.replace("</script>", "<\\/script>"))
        for index, (name, document, table_says) in enumerate(all_cases):
            path = pathlib.Path(work) / f"case-{index}.json"
            path.write_text(json.dumps(document), encoding="utf-8")
            predicted = subprocess.run([tool, "compat", str(path), "--renderer", "maplibre-gl-js@5.3.0"],
                                       capture_output=True, text=True)
            if predicted.returncode not in (0, 1):
                failures.append(f"{name}: compat failed: {predicted.stderr.strip()}")
                continue
            mc_style_draws = predicted.returncode == 0
            observed = page.evaluate("(style) => tryStyle(style)", document)
            agree = mc_style_draws == observed["loaded"]
            rows.append((name, mc_style_draws, observed["loaded"], table_says, observed["errors"][:1]))
            if not agree and name not in EXPLAINED:
                failures.append(f"{name}: mc-style says {'draws' if mc_style_draws else 'cannot draw'}, GL JS 5.3.0 "
                                f"{'loaded it' if observed['loaded'] else 'rejected it'} {observed['errors'][:1]}")
        browser.close()
    disagreements = [row for row in rows if row[1] != row[2]]
    print(f"compat check: {len(rows)} cases against GL JS 5.3.0; {len(rows) - len(disagreements)} agree")
    print("| case | mc-style | GL JS 5.3.0 | explained |")
    print("|---|---|---|---|")
    for name, predicted, loaded, _, errors in disagreements:
        print(f"| {name} | {'draws' if predicted else 'cannot draw'} | {'loads' if loaded else 'rejects'} | "
              f"{EXPLAINED.get(name, 'NO: ' + '; '.join(errors))} |")
    later = sum(1 for row in rows if not row[3])
    print(f"compat check: {later} cases dated after 5.3.0, {len(rows) - later} dated at or before it (control)")
    for failure in failures:
        print("FAIL " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
