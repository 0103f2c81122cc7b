#!/usr/bin/env python3
"""Recall and false positives of caplint's secret scan, beside detect-secrets.

Usage: secrets_compare.py [--caplint target/release/caplint] [--seed 7]
                          [--keep DIR] [--no-detect-secrets]

Generates the corpus (secrets_corpus.py) in a temporary folder, runs
`caplint check DIR --no-history --format json` and, when it is installed,
`detect-secrets scan --all-files DIR`, and prints per family how many of the
credential placements each tool found and how many look-alike placements it
flagged. For caplint a credential counts as found only when one
`security/secret-value` span covers the whole value; detect-secrets reports
lines, so any finding in the file counts for it.
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run_caplint(binary, corpus):
    out = subprocess.run([binary, "check", corpus, "--no-history", "--format", "json"],
                         capture_output=True, text=True, cwd=corpus)
    if out.returncode not in (0, 1):
        sys.exit(f"caplint failed ({out.returncode}): {out.stderr[:2000]}")
    spans = collections.defaultdict(list)
    for d in json.loads(out.stdout)["diagnostics"]:
        if d["rule"] == "security/secret-value":
            path = os.path.relpath(os.path.join(corpus, d["path"]), corpus) if not os.path.isabs(d["path"]) else os.path.relpath(d["path"], corpus)
            span = d.get("span")
            spans[path].append((span["offset"], span["offset"] + span["length"]) if span else None)
    return spans


def run_detect_secrets(corpus):
    if not shutil.which("detect-secrets"):
        return None
    out = subprocess.run(["detect-secrets", "scan", "--all-files", "."],
                         capture_output=True, text=True, cwd=corpus)
    if out.returncode != 0:
        sys.exit(f"detect-secrets failed: {out.stderr[:2000]}")
    results = json.loads(out.stdout)["results"]
    return {os.path.normpath(path): found for path, found in results.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--caplint", default=os.path.join(HERE, "..", "target", "release", "caplint"))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--keep", help="generate the corpus here and keep it")
    ap.add_argument("--no-detect-secrets", action="store_true")
    ap.add_argument("--misses", action="store_true", help="list caplint's misses and false positives")
    args = ap.parse_args()
    corpus = args.keep or tempfile.mkdtemp(prefix="secrets-corpus-")
    subprocess.run([sys.executable, os.path.join(HERE, "secrets_corpus.py"), corpus, "--seed", str(args.seed)],
                   check=True)
    with open(os.path.join(corpus, "labels.json")) as f:
        labels = json.load(f)
    os.rename(os.path.join(corpus, "labels.json"), os.path.join(corpus, "..", f"labels-{os.getpid()}.json"))
    try:
        caplint = run_caplint(os.path.abspath(args.caplint), corpus)
        ds = None if args.no_detect_secrets else run_detect_secrets(corpus)
    finally:
        os.remove(os.path.join(corpus, "..", f"labels-{os.getpid()}.json"))
        if not args.keep:
            shutil.rmtree(corpus)

    rows = collections.OrderedDict()
    misses = []
    for l in labels:
        fam = l["family"]
        row = rows.setdefault(fam, {"n": 0, "caplint": 0, "partial": 0, "ds": 0})
        row["n"] += 1
        spans = caplint.get(os.path.normpath(l["file"]), [])
        if l["credential"]:
            lo, hi = l["start"], l["start"] + l["length"]
            if any(s and s[0] <= lo and hi <= s[1] for s in spans):
                row["caplint"] += 1
            else:
                if spans:
                    row["partial"] += 1
                misses.append(("missed", l["case"], l["file"]))
        elif spans:
            row["caplint"] += 1
            misses.append(("flagged", l["case"], l["file"]))
        if ds is not None and ds.get(os.path.normpath(l["file"])):
            row["ds"] += 1

    def pct(a, n):
        return f"{100 * a / n:5.1f}%" if n else "  -  "

    print(f"{'family':<10} {'placements':>10} {'caplint':>8} {'detect-secrets':>15}")
    tot = {"n": 0, "caplint": 0, "ds": 0}
    for fam, row in rows.items():
        if fam == "lookalike":
            continue
        for k in tot:
            tot[k] += row[k]
        print(f"{fam:<10} {row['n']:>10} {pct(row['caplint'], row['n']):>8} "
              f"{pct(row['ds'], row['n']) if ds is not None else 'n/a':>15}")
    print(f"{'recall':<10} {tot['n']:>10} {pct(tot['caplint'], tot['n']):>8} "
          f"{pct(tot['ds'], tot['n']) if ds is not None else 'n/a':>15}")
    la = rows.get("lookalike", {"n": 0, "caplint": 0, "ds": 0})
    print(f"{'false pos.':<10} {la['n']:>10} {pct(la['caplint'], la['n']):>8} "
          f"{pct(la['ds'], la['n']) if ds is not None else 'n/a':>15}")
    kinds = len({l["case"] for l in labels if l["credential"]})
    print(f"({kinds} credential kinds x 4 placements; "
          f"{len({l['case'] for l in labels if not l['credential']})} look-alikes x 4 placements; "
          "caplint counts only spans covering the whole value)")
    if args.misses:
        for m in misses:
            print(*m, sep="\t")


if __name__ == "__main__":
    main()
