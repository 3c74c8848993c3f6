#!/usr/bin/env python3
"""Validates manifest.json files against the schema `mc-style schema --manifest` prints, with a real JSON
Schema validator (`jsonschema`): every committed manifest and every one a CI step wrote. Also checks the
schema itself, and that it rejects a manifest that breaks the contract (a wrong version, an unknown key).

Usage: check_manifests.py MC_STYLE MANIFEST..."""
import copy
import json
import pathlib
import subprocess
import sys

from schema_check import first_error, validator_for


def main(tool, paths):
    schema = json.loads(subprocess.run([tool, "schema", "--manifest"], check=True, capture_output=True).stdout)
    validator = validator_for(schema)
    passed = failed = 0
    for path in paths:
        manifest = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
        error = first_error(validator, manifest)
        if error:
            failed += 1
            print(f"FAIL {path}: {error}")
        else:
            passed += 1
            print(f"ok   {path}")
        for name, change in [("formatVersion 1", lambda m: m.__setitem__("formatVersion", 1)),
                             ("an unknown key", lambda m: m.__setitem__("extra", True)),
                             ("a route with a slash", lambda m: m["variants"][0]["placeholders"].append(
                                 {"token": "{route:a/b}", "fill": "route", "name": "a/b", "pointers": ["/x"]}))]:
            broken = copy.deepcopy(manifest)
            change(broken)
            if validator.is_valid(broken):
                failed += 1
                print(f"FAIL {path}: the schema accepts it with {name}")
    print(f"manifest check: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
