#!/usr/bin/env python3
"""Docs/ribslint-config.schema.json against the configurations it describes: every `.ribslint.yml` of the
repository and the YAML blocks of Docs/custom-rules.md and the README's configuration sections validate; a
misspelt key, a misspelt rule option, an unknown filter key and a wrong value are refused.

    python3 scripts/check-config-schema.py
"""
import glob
import json
import os
import re
import sys

import jsonschema
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    schema = json.load(open(os.path.join(ROOT, "Docs", "ribslint-config.schema.json")))
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    documents = {}
    for path in glob.glob(os.path.join(ROOT, "**", ".ribslint.yml"), recursive=True) + [os.path.join(ROOT, ".ribslint.yml")]:
        if "/.build/" not in path:
            documents[os.path.relpath(path, ROOT)] = yaml.safe_load(open(path)) or {}
    for page in ("Docs/custom-rules.md", "README.md"):
        text = open(os.path.join(ROOT, page)).read()
        for number, block in enumerate(re.findall(r"```yaml\n(.*?)```", text, re.S)):
            loaded = yaml.safe_load(block)
            # Fragments (a `fix:` line alone) are not configurations.
            if isinstance(loaded, dict) and not set(loaded) - set(schema["properties"]) and loaded:
                documents[f"{page} block {number + 1}"] = loaded
    failures = 0
    for name, document in sorted(documents.items()):
        errors = list(validator.iter_errors(document))
        for error in errors:
            print(f"{name}: {'/'.join(map(str, error.path))}: {error.message}")
        failures += bool(errors)
    print(f"{len(documents)} configurations checked against the schema, {failures} refused")
    refused = {
        "a misspelt key": {"disabled_rule": ["weak_listener"]},
        "a misspelt option": {"rules": {"router_ui_access": {"hierarchy_method": ["present*"]}}},
        "an unknown rule in rules": {"rules": {"router_ui_acess": {"severity": "error"}}},
        "a wrong severity": {"rules": {"router_ui_access": {"severity": "fatal"}}},
        "an unknown filter key": {"custom_rules": {"probe": {"message": "m", "select": {"type": {"rol": "router"}}, "only": {}}}},
        "a filter key the subject kind lacks": {"custom_rules": {"probe": {"message": "m", "select": {"import": {"role": "router"}}, "only": {}}}},
        "a custom rule id not in snake_case": {"custom_rules": {"ProbeRule": {"message": "m"}}},
    }
    for what, document in refused.items():
        if validator.is_valid(document):
            print(f"the schema accepts {what}: {document}")
            failures += 1
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
