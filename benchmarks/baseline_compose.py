#!/usr/bin/env python3
"""The obvious alternative to `mc-style compile`, as a team would write it: load the declarations with
PyYAML's C loader, load the base style with json.loads, add one raster source and layer per declaration
below the first symbol layer, json.dumps and write. It validates nothing.

Usage: baseline_compose.py DECLARATIONS.yaml BASE.json OUT.json [--compact | --pretty]
  (default: json.dumps's own form, one line with ", " and ": "; --compact: separators "," and ":", the hard
  baseline, both through the C encoder; --pretty: indent 2, Python's pure encoder)"""
import json
import sys

import yaml


def main(declarations_path, base_path, out_path, form=None):
    with open(declarations_path, "rb") as handle:
        declarations = yaml.load(handle, Loader=yaml.CSafeLoader)
    with open(base_path, "rb") as handle:
        style = json.loads(handle.read())
    layers = style["layers"]
    first_symbol = next((i for i, layer in enumerate(layers) if layer.get("type") == "symbol"), len(layers))
    added = []
    for source in declarations["sources"]:
        source_id = "mc-raster-src-" + source["id"]
        style["sources"][source_id] = {"type": "raster", "tiles": [source["urlTemplate"]], "tileSize": source.get("tileSize", 256)}
        added.append({"id": "mc-raster-layer-" + source["id"], "type": "raster", "source": source_id,
                      "paint": {"raster-opacity": source.get("opacity", 1)}})
    style["layers"] = layers[:first_symbol] + added + layers[first_symbol:]
    with open(out_path, "w", encoding="utf-8") as handle:
        if form == "--compact":
            handle.write(json.dumps(style, ensure_ascii=False, separators=(",", ":")))
        elif form == "--pretty":
            handle.write(json.dumps(style, ensure_ascii=False, indent=2))
        else:
            handle.write(json.dumps(style, ensure_ascii=False))


if __name__ == "__main__":
    main(*sys.argv[1:5])
