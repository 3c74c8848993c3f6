#!/usr/bin/env python3
"""Validates `mc-style validate --format sarif` output against the SARIF 2.1.0 JSON Schema with a real
validator (`jsonschema`), for inputs that produce errors, warnings, notes and related locations.

Usage: check_sarif.py MC_STYLE SCHEMA INPUT..."""
import json
import subprocess
import sys

from schema_check import first_error, validator_for


def main(tool, schema_path, inputs):
    schema = json.load(open(schema_path, encoding="utf-8"))
    validator = validator_for(schema)
    passed = failed = 0
    for path in inputs:
        run = subprocess.run([tool, "validate", "--format", "sarif", path], capture_output=True, text=True)
        if run.returncode not in (0, 1):
            failed += 1
            print(f"FAIL {path}: exit {run.returncode}: {run.stderr.strip()[:200]}")
            continue
        log = json.loads(run.stdout)
        error = first_error(validator, log)
        results = len(log["runs"][0]["results"])
        if error:
            failed += 1
            print(f"FAIL {path}: {error}")
        else:
            passed += 1
            print(f"ok   {path}: {results} results, valid SARIF 2.1.0")
    print(f"sarif check: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
