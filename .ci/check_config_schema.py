#!/usr/bin/env python3
"""Checks `mc-style schema --config` with a real JSON Schema validator: the shipped example configuration
passes (and mc-style reads it without a finding), and files mc-style refuses for their shape are refused by
the schema too (an unknown rule id, a severity that is not one, an unknown key, a rule that cannot be
configured).

Usage: check_config_schema.py MC_STYLE_BINARY EXAMPLE_CONFIG"""
import json
import subprocess
import sys

from ruamel.yaml import YAML

from schema_check import first_error, validator_for

REFUSED = {
    "unknown rule id": "rules:\n  lint.hiden: off\n",
    "bad severity": "rules:\n  lint.hidden: loud\n",
    "unknown key": "ignore: [x]\n",
    "unconfigurable rule": "rules:\n  json.syntax: off\n",
    "bad rule setting": "rules:\n  lint.hidden: {severity: note, ignore: [x]}\n",
    "negative budget": "budgets:\n  stackedRasters: -1\n",
    "unknown budget": "budgets:\n  requests: 3\n",
    "bad per-source budget": "budgets:\n  requestsPerView: {total: 3, sources: {a: many}}\n",
}


def main(binary, example):
    schema = json.loads(subprocess.run([binary, "schema", "--config"], check=True, capture_output=True, text=True).stdout)
    validator = validator_for(schema)
    yaml = YAML(typ="safe", pure=True)
    failures = []
    with open(example, encoding="utf-8") as handle:
        error = first_error(validator, yaml.load(handle))
    if error:
        failures.append(f"{example}: the schema refuses the example: {error}")
    run = subprocess.run([binary, "validate", "fixtures/demo/mc-style.yaml", "--config", example], capture_output=True, text=True)
    if run.returncode != 0 or "[config." in run.stdout:
        failures.append(f"{example}: mc-style refuses the example: {run.stdout[-400:]}")
    for name, text in REFUSED.items():
        if first_error(validator, yaml.load(text)) is None:
            failures.append(f"the schema accepts a file mc-style refuses ({name}): {text!r}")
    for failure in failures:
        print(failure)
    print(f"config schema: example accepted, {len(REFUSED) - sum('accepts' in f for f in failures)}/{len(REFUSED)} bad files refused")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
