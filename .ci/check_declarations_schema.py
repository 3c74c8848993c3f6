#!/usr/bin/env python3
"""Checks `mc-style schema` with a real JSON Schema validator (the `jsonschema` package, draft 2020-12):
every valid declarations fixture must pass, and every invalid fixture whose mistake is a matter of shape
(wrong type, unknown key, two kinds in one source, missing required key, value outside a choice or range)
must be rejected, as mc-style rejects it. YAML is read as YAML 1.2 (ruamel.yaml), with `!include` followed.

Usage: check_declarations_schema.py MC_STYLE_BINARY FIXTURES_DIR"""
import json
import pathlib
import subprocess
import sys

import jsonschema
from ruamel.yaml import YAML

SHAPE_RULES = {"decl.type", "decl.unknown-key", "decl.source-kind", "decl.missing-key", "decl.value",
               "decl.range", "decl.exactly-one", "sources.tile-size"}


def load(path):
    yaml = YAML(typ="safe", pure=True)

    def include(constructor, node):
        return load(path.parent / constructor.construct_scalar(node))

    yaml.constructor.add_constructor("!include", include)
    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle)


def expectation(path):
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    return first.split()[2] if first.startswith("# expect: ") else None


def main(binary, fixtures):
    schema = json.loads(subprocess.run([binary, "schema"], check=True, capture_output=True, text=True).stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = checked = 0
    shipped = [fixtures / "demo" / "mc-style.yaml", fixtures / "variants" / "mc-style.yaml",
               fixtures / "plugin-consumer" / "Sources" / "MapStyles" / "mc-style.yaml"]
    for path in sorted((fixtures / "declarations" / "valid").glob("*.yaml")) + shipped:
        if "schema-check: skip" in "\n".join(path.read_text(encoding="utf-8").split("\n")[:3]):
            print(f"skip {path.name}: marked schema-check: skip (YAML 1.2 types it differently)")
            continue
        errors = list(validator.iter_errors(load(path)))
        checked += 1
        if errors:
            failures += 1
            print(f"FAIL {path.name}: valid for mc-style but the schema says: {errors[0].message}")
        else:
            print(f"ok   {path.name}: accepted")
    for path in sorted((fixtures / "declarations" / "invalid").glob("*.yaml")):
        rule = expectation(path)
        if rule not in SHAPE_RULES:
            continue
        checked += 1
        if validator.is_valid(load(path)):
            failures += 1
            print(f"FAIL {path.name}: mc-style reports {rule} but the schema accepts it")
        else:
            print(f"ok   {path.name}: rejected ({rule})")
    print(f"schema check: {checked - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], pathlib.Path(sys.argv[2])))
