#!/usr/bin/env python3
"""Validates every TileJSON that `mc-style compile` wrote against TileJSON 3.0.0's own JSON Schema with a
real validator (`jsonschema`). mc-style writes `"vector_layers": []` for raster tilesets: the 3.0.0 README
says raster TileJSON needs none, but schema.json requires the key, and an empty list satisfies both.

Usage: check_tilejson.py SCHEMA OUTPUT_FOLDER..."""
import json
import pathlib
import sys

from schema_check import first_error, validator_for


def main(schema_path, folders):
    schema = json.loads(pathlib.Path(schema_path).read_text(encoding="utf-8"))
    validator = validator_for(schema)
    passed = failed = 0
    for folder in folders:
        for path in sorted(pathlib.Path(folder).glob("tilejson/*.json")):
            error = first_error(validator, json.loads(path.read_text(encoding="utf-8")))
            if error:
                failed += 1
                print(f"FAIL {path}: {error}")
            else:
                passed += 1
                print(f"ok   {path}")
    print(f"tilejson check: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
