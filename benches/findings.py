#!/usr/bin/env python3
"""Benchmark caplint on very many findings: time and peak memory must grow
linearly with the number of findings, and stay small per finding.

    python3 benches/findings.py [--sizes 1,2,4,8] [--runs 3] [--formats json,sarif,human]
                                [--binary PATH] [--no-build] [--check]

For each size N (in MB), writes a skill whose SKILL.md is N MB of Markdown
links to missing files (`[x](missing/K.md)`, one per line: about 47,000
`skill/broken-reference` findings a MB), then times
`caplint check DIR --no-history --format F > /dev/null` for every format,
alternating sizes and formats in the same run, with the peak RSS from GNU time
(`/usr/bin/time`). The floor, measured in the same run, is caplint itself
(`--format json`) on a SKILL.md of the same size and line count without a
finding (`plain words N` lines): reading, parsing and scanning the same
bytes, so the ratio is what the findings cost on top. Times are CPU times
(user + system), which a busy machine disturbs less than the wall clock.

Prints one table (median time, × the floor, peak RSS, bytes of RSS per
finding) and a growth table: for each format, time and memory at the largest
size divided by those at the smallest, against the growth of the findings
and of the floor. `--check` exits 1 when a growth ratio is over 1.5× the
growth of the findings (not linear), or the peak RSS at the largest size is
over 300 MB.

Figures are only comparable within one run on one machine.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TIME = "/usr/bin/time"
RSS_LIMIT_MB = 300
LINEAR_SLACK = 1.5
FLOOR = "floor: caplint, same size, no finding"


def make_skill(root, megabytes, broken=True):
    """A skill of `megabytes` MB of broken links (or, for the floor, of as
    many lines of plain words); returns the line count."""
    folder = os.path.join(root, "skills", "big")
    os.makedirs(folder, exist_ok=True)
    target = megabytes * 1024 * 1024
    n = 0
    size = 0
    lines = []
    while size < target:
        line = f"[x](missing/{n}.md)\n" if broken else f"plain words {n:07}\n"
        lines.append(line)
        size += len(line)
        n += 1
    with open(os.path.join(folder, "SKILL.md"), "w") as f:
        f.write("---\nname: big\ndescription: Very many broken links.\n---\n")
        f.write("".join(lines))
    return n


def timed(cmd, cwd):
    """(CPU seconds, peak RSS in MB) of one run, stdout discarded: user and
    system time (wall time where GNU time is missing), which a busy machine
    disturbs less than the wall clock."""
    use_time = os.path.exists(TIME)
    full = [TIME, "-f", "%U %S %M"] + cmd if use_time else cmd
    start = time.perf_counter()
    proc = subprocess.run(full, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    rss = 0.0
    if use_time:
        last = proc.stderr.decode(errors="replace").strip().splitlines()
        m = re.fullmatch(r"([\d.]+) ([\d.]+) (\d+)", last[-1].strip()) if last else None
        if m:
            elapsed = float(m.group(1)) + float(m.group(2))
            rss = int(m.group(3)) / 1024
    if proc.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr.decode()}")
    return elapsed, rss


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1,2,4,8", help="sizes of SKILL.md in MB, comma-separated")
    ap.add_argument("--runs", type=int, default=3, help="timed runs (medians), after one warm-up")
    ap.add_argument("--formats", default="json,sarif,human,concise")
    ap.add_argument("--binary", help="time this binary (nothing is built)")
    ap.add_argument("--no-build", action="store_true", help="time target/release/caplint as it is")
    ap.add_argument("--check", action="store_true", help="exit 1 unless time and memory are linear and small")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    formats = args.formats.split(",")
    binary = args.binary or os.path.join(ROOT, "target", "release", "caplint")
    if not args.binary and not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--locked"], cwd=ROOT, check=True)
    work = tempfile.mkdtemp(prefix="caplint-findings-")
    try:
        findings = {}
        for mb in sizes:
            findings[mb] = make_skill(os.path.join(work, str(mb)), mb)
            make_skill(os.path.join(work, f"clean-{mb}"), mb, broken=False)
        commands = []
        for mb in sizes:
            d = os.path.join(work, str(mb))
            clean = os.path.join(work, f"clean-{mb}")
            commands.append((mb, FLOOR, [binary, "check", ".", "--no-history", "--no-cache", "--format", "json"], clean))
            for f in formats:
                cmd = [binary, "check", ".", "--no-history", "--no-cache", "--format", f, "--color", "never"]
                commands.append((mb, f"caplint --format {f}", cmd, d))
        results = {}
        for run in range(args.runs + 1):
            for mb, name, cmd, d in commands:
                t, rss = timed(cmd, d)
                if run > 0:
                    results.setdefault((mb, name), []).append((t, rss))
        med = {k: (statistics.median(t for t, _ in v), max(r for _, r in v)) for k, v in results.items()}
        names = list(dict.fromkeys(name for _, name, _, _ in commands))
        floor = FLOOR
        print(f"| command | size | findings | median CPU time | × floor | peak RSS | RSS bytes / finding |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for mb in sizes:
            for name in names:
                t, rss = med[(mb, name)]
                ratio = t / med[(mb, floor)][0] if (mb, floor) in med and med[(mb, floor)][0] else 0
                per = rss * 1024 * 1024 / findings[mb] if name != floor else 0
                print(f"| {name} | {mb} MB | {findings[mb]:,} | {t:.3f} s | {ratio:.1f}× | {rss:.0f} MB | {per:.0f} |")
        lo, hi = sizes[0], sizes[-1]
        grow = findings[hi] / findings[lo]
        print()
        print(f"| command | time {hi} MB / {lo} MB | RSS {hi} MB / {lo} MB | findings grew | floor grew |")
        print("|---|---:|---:|---:|---:|")
        failed = []
        floor_grew = med[(hi, floor)][0] / med[(lo, floor)][0] if med[(lo, floor)][0] else 0
        for name in names:
            if name == floor:
                continue
            tg = med[(hi, name)][0] / med[(lo, name)][0]
            rg_ = med[(hi, name)][1] / med[(lo, name)][1] if med[(lo, name)][1] else 0
            print(f"| {name} | {tg:.2f}× | {rg_:.2f}× | {grow:.2f}× | {floor_grew:.2f}× |")
            if tg > grow * LINEAR_SLACK or rg_ > grow * LINEAR_SLACK:
                failed.append(f"{name}: grows faster than the findings")
            if med[(hi, name)][1] > RSS_LIMIT_MB:
                failed.append(f"{name}: {med[(hi, name)][1]:.0f} MB at {hi} MB, over {RSS_LIMIT_MB} MB")
        if failed:
            print("\nnot met:\n  " + "\n  ".join(failed))
            if args.check:
                sys.exit(1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
