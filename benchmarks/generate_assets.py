#!/usr/bin/env python3
"""Writes assets that match a style, for measuring the asset checks: a sprite index, a font list and a TileJSON
per vector source. The sprite and font names are every string the style holds, and a source layer's fields
every string its style layers hold (so every check runs in full and finds nothing: a superset costs the
checks no more than the exact set).

Usage: generate_assets.py STYLE OUT_FOLDER   (prints the --vector-layers arguments, one per line)"""
import json
import pathlib
import sys


def strings(value, found):
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, list):
        for item in value:
            strings(item, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(key)
            strings(item, found)


def main(style_path, out):
    style = json.loads(pathlib.Path(style_path).read_text(encoding="utf-8"))
    folder = pathlib.Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    names = set()
    strings(style, names)
    names = sorted(names)
    sprite = {name: {"width": 16, "height": 16, "x": 0, "y": 0, "pixelRatio": 1} for name in names}
    (folder / "sprite.json").write_text(json.dumps(sprite), encoding="utf-8")
    (folder / "fonts.json").write_text(json.dumps(names), encoding="utf-8")
    for source, spec in style.get("sources", {}).items():
        if spec.get("type") != "vector":
            continue
        # Per source layer, the strings its style layers hold in filter, paint and layout: every key they read.
        fields = {}
        for layer in style.get("layers", []):
            if layer.get("source") == source and "source-layer" in layer:
                found = set()
                strings([layer.get("filter"), layer.get("paint"), layer.get("layout")], found)
                fields.setdefault(layer["source-layer"], set()).update(found)
        tilejson = {"tilejson": "3.0.0", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.pbf"],
                    "vector_layers": [{"id": layer, "fields": {name: "String" for name in sorted(keys)}} for layer, keys in sorted(fields.items())]}
        path = folder / f"{source}.tilejson.json"
        path.write_text(json.dumps(tilejson), encoding="utf-8")
        print(f"{source}={path}")


if __name__ == "__main__":
    main(*sys.argv[1:])
