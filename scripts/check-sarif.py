#!/usr/bin/env python3
"""Checks a SARIF log against the SARIF 2.1.0 schema and against what GitHub code scanning documents it
requires, recommends and limits ("SARIF support for code scanning"; "SARIF results exceed limits").

    scripts/check-sarif.py REPORT.sarif [--schema PATH] [--category NAME]

Exits 1 naming every failed check; prints one line per passed group otherwise.
"""
import argparse
import gzip
import json
import os
import sys
import urllib.parse

LIMITS = {  # GitHub's hard limits: past them an upload is rejected.
    "runs per file": 20,
    "results per run": 25_000,
    "rules per run": 25_000,
    "tool extensions per run": 100,
    "locations per result": 1_000,
    "thread flow locations per result": 10_000,
    "tags per rule": 20,
}
MAX_GZIP_BYTES = 10 * 1024 * 1024  # the upload size limit, gzip-compressed
PRECISIONS = {"very-high", "high", "medium", "low"}
PROBLEM_SEVERITIES = {"error", "warning", "recommendation"}
LEVELS = {"error", "warning", "note", "none"}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("report")
    parser.add_argument("--schema", default=os.path.join(here, "..", "..", "shared", "schemas", "sarif-schema-2.1.0.json"))
    parser.add_argument("--category", help="the run's expected automationDetails category")
    args = parser.parse_args()

    raw = open(args.report, "rb").read()
    log = json.loads(raw)
    problems = []

    import jsonschema
    try:
        jsonschema.validate(log, json.load(open(args.schema)))
    except jsonschema.ValidationError as error:
        problems.append(f"schema: {error.message} at {'/'.join(map(str, error.absolute_path))}")

    size = len(gzip.compress(raw))
    if size > MAX_GZIP_BYTES:
        problems.append(f"size: {size} bytes gzip-compressed, over GitHub's {MAX_GZIP_BYTES}")
    if log.get("version") != "2.1.0":
        problems.append("version must be 2.1.0")
    runs = log.get("runs", [])
    if not 1 <= len(runs) <= LIMITS["runs per file"]:
        problems.append(f"runs: {len(runs)}, GitHub takes 1 to {LIMITS['runs per file']}")

    for number, run in enumerate(runs):
        where = f"run {number}"
        driver = run.get("tool", {}).get("driver", {})
        if not driver.get("name"):
            problems.append(f"{where}: tool.driver.name is required")
        if not (driver.get("semanticVersion") or driver.get("version")):
            problems.append(f"{where}: tool.driver.semanticVersion or version is recommended (GitHub tracks tool versions)")
        if len(run.get("tool", {}).get("extensions", [])) > LIMITS["tool extensions per run"]:
            problems.append(f"{where}: too many tool extensions")
        rules = driver.get("rules", [])
        if len(rules) > LIMITS["rules per run"]:
            problems.append(f"{where}: {len(rules)} rules, over {LIMITS['rules per run']}")
        for index, rule in enumerate(rules):
            at = f"{where} rule {rule.get('id', index)}"
            for key in ("id", "name"):
                if not rule.get(key):
                    problems.append(f"{at}: {key} is required")
            for key in ("shortDescription", "fullDescription", "help"):
                if not rule.get(key, {}).get("text"):
                    problems.append(f"{at}: {key}.text is recommended and missing")
            uri = urllib.parse.urlparse(rule.get("helpUri", ""))
            if uri.scheme not in ("https", "http") or not uri.netloc:
                problems.append(f"{at}: helpUri must be an absolute web address, got {rule.get('helpUri')!r}")
            if rule.get("defaultConfiguration", {}).get("level") not in LEVELS:
                problems.append(f"{at}: defaultConfiguration.level must be one of {sorted(LEVELS)}")
            properties = rule.get("properties", {})
            if properties.get("precision") not in PRECISIONS:
                problems.append(f"{at}: properties.precision must be one of {sorted(PRECISIONS)}")
            if properties.get("problem.severity") not in PROBLEM_SEVERITIES:
                problems.append(f"{at}: properties.problem.severity must be one of {sorted(PROBLEM_SEVERITIES)}")
            tags = properties.get("tags")
            if not isinstance(tags, list) or not tags or not all(isinstance(tag, str) and tag for tag in tags):
                problems.append(f"{at}: properties.tags should be a list of names")
            elif len(tags) > LIMITS["tags per rule"]:
                problems.append(f"{at}: {len(tags)} tags, over {LIMITS['tags per rule']}")

        bases = run.get("originalUriBaseIds", {})
        for name, base in bases.items():
            # A base may leave its location to the reader (no `uri`: a report made in a build sandbox); one it gives
            # must be absolute (SARIF1018).
            if "uri" not in base:
                continue
            uri = base["uri"]
            if not uri.startswith("file:///") or not uri.endswith("/"):
                problems.append(f"{where}: originalUriBaseIds.{name} must be an absolute file URI ending in /, got {uri!r}")
        category = run.get("automationDetails", {}).get("id")
        if args.category is not None and category != args.category + "/":
            problems.append(f"{where}: automationDetails.id should be {args.category + '/'!r} (the category, then /), got {category!r}")

        results = run.get("results", [])
        if len(results) > LIMITS["results per run"]:
            problems.append(f"{where}: {len(results)} results, over GitHub's {LIMITS['results per run']}")
        ids = [rule.get("id") for rule in rules]
        for index, result in enumerate(results):
            at = f"{where} result {index}"
            if result.get("ruleId") not in ids:
                problems.append(f"{at}: ruleId {result.get('ruleId')!r} is not among tool.driver.rules")
            elif "ruleIndex" in result and ids[result["ruleIndex"]] != result["ruleId"]:
                problems.append(f"{at}: ruleIndex does not point at ruleId")
            if not result.get("message", {}).get("text"):
                problems.append(f"{at}: message.text is required")
            locations = result.get("locations", [])
            if not 1 <= len(locations) <= LIMITS["locations per result"]:
                problems.append(f"{at}: {len(locations)} locations; GitHub needs 1 to {LIMITS['locations per result']}")
            for location in locations:
                physical = location.get("physicalLocation", {})
                artifact = physical.get("artifactLocation", {})
                uri = artifact.get("uri", "")
                if not uri:
                    problems.append(f"{at}: physicalLocation.artifactLocation.uri is required")
                elif "uriBaseId" in artifact and artifact["uriBaseId"] not in bases:
                    problems.append(f"{at}: uriBaseId {artifact['uriBaseId']} is not in originalUriBaseIds")
                elif "uriBaseId" not in artifact and not uri.startswith("file:///"):
                    problems.append(f"{at}: a uri without uriBaseId must be absolute, got {uri!r}")
                if physical.get("region", {}).get("startLine", 0) < 1:
                    problems.append(f"{at}: region.startLine must be 1 or more")
            for flow in result.get("codeFlows", []):
                for thread in flow.get("threadFlows", []):
                    if len(thread.get("locations", [])) > LIMITS["thread flow locations per result"]:
                        problems.append(f"{at}: too many thread flow locations")
            if not result.get("partialFingerprints"):
                problems.append(f"{at}: partialFingerprints are recommended (alerts follow code that moves)")
            if result.get("baselineState") not in (None, "new", "unchanged", "updated", "absent"):
                problems.append(f"{at}: baselineState {result['baselineState']!r} is not a SARIF value")
            # Code scanning opens an alert for every result but one with an accepted suppression ("SARIF support for
            # code scanning", the result object: a suppression whose state is accepted closes it); it does not read
            # baselineState. A finding of the baseline must not open one.
            accepted = any(s.get("status") == "accepted" for s in result.get("suppressions", []))
            if result.get("baselineState") == "unchanged" and not accepted:
                problems.append(f"{at}: a baselined result without an accepted suppression opens an alert")
            if result.get("baselineState") == "new" and accepted:
                problems.append(f"{at}: a new finding is suppressed, and opens no alert")

    if problems:
        for problem in problems[:50]:
            print(f"check-sarif: {problem}", file=sys.stderr)
        if len(problems) > 50:
            print(f"check-sarif: … and {len(problems) - 50} more", file=sys.stderr)
        sys.exit(1)
    results = sum(len(run.get("results", [])) for run in runs)
    rules = sum(len(run.get("tool", {}).get("driver", {}).get("rules", [])) for run in runs)
    print(f"SARIF valid and within GitHub's limits: {results} results, {rules} rules, {size} bytes gzip-compressed")


if __name__ == "__main__":
    main()
