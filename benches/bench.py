#!/usr/bin/env python3
"""Benchmark the real caplint binary on a large synthetic repository.

    python3 benches/bench.py [--runs 5] [--profiles 10000] [--skills 2000] [--commits 5000]

Builds the release binary, a synthetic repository (benches/make_repo.py: two
commits, the second changing 10% of the profiles and 5% of the skills with
proper bumps) and a history repository of N commits, then times, alternating
in the same run:

  floor          reading every input file once (`cat`)
  check --base   caplint check --base HEAD~1
  check --no-history
  skills only    caplint check skills --no-history
  agnix          agnix on the same skills (if installed: pip install agnix)
  reference      the reference checker over every profile in one Python process
  history        caplint history over the history repository

and prints medians, ratios and peak RSS as a Markdown table. Figures are only
comparable within one run on one machine.
"""
import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def timed(cmd, cwd):
    """Wall time and peak RSS (KB) of one run; output is discarded."""
    wrapped = ["/usr/bin/time", "-f", "%M"] + cmd if os.path.exists("/usr/bin/time") else cmd
    start = time.perf_counter()
    p = subprocess.run(wrapped, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    rss = 0
    if wrapped is not cmd:
        lines = [l for l in p.stderr.strip().splitlines() if l.strip().isdigit()]
        rss = int(lines[-1]) if lines else 0
    if p.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed with {p.returncode}: {p.stderr[-2000:]}")
    return elapsed, rss


def history_repo(dest, commits):
    """A repository whose history has `commits` commits, each rechecking one
    of 50 profiles with a version bump (built with git fast-import)."""
    sh(["git", "init", "-q", "-b", "main", dest])
    lines = []
    versions = [0] * 50
    for c in range(commits):
        i = c % 50
        versions[i] += 1
        day = 1 + (c // 50) % 28
        month = 1 + (c // (50 * 28)) % 12
        body = (
            '{\n  "agent_id": "agent-%02d",\n  "version": "%d",\n  "declared_at": "2025-%02d-%02d",\n'
            '  "skills": [{"name": "skill-%d", "level": "%s", "evidence": [{"kind": "log", "ref": "run-%d"}]}],\n'
            '  "tools": [{"name": "browser", "access": "read", "evidence": [{"kind": "log", "ref": "b-%d"}]}],\n'
            '  "limits": ["No access to private mailboxes."]\n}\n'
        ) % (i, versions[i], month, day, c % 7, ["basic", "proficient", "advanced"][c % 3], c, c)
        data = body.encode()
        ts = 1735689600 + c * 3600 + 86400 * 30 * ((c // (50 * 28)) % 12)
        lines.append(b"commit refs/heads/main\n")
        lines.append(b"committer bench <bench@example.org> %d +0000\n" % ts)
        msg = b"Recheck agent-%02d" % i
        lines.append(b"data %d\n%s\n" % (len(msg), msg))
        if c == 0:
            pass
        lines.append(b"M 100644 inline agents/agent-%02d.profile.json\n" % i)
        lines.append(b"data %d\n%s\n" % (len(data), data))
    sh(["git", "-C", dest, "fast-import", "--quiet"], input=b"".join(lines))
    sh(["git", "-C", dest, "checkout", "-q", "main"])


REFERENCE_DRIVER = r"""
import glob, io, json, sys, contextlib
from datetime import date
sys.path.insert(0, sys.argv[1])
import profile_check as pc
as_of = date(2026, 10, 15)
for path in glob.glob(sys.argv[2] + "/**/*.profile.json", recursive=True):
    with open(path, encoding="utf-8") as fh:
        profile = json.load(fh)
    errors, warnings, stats = pc.check_profile(profile, as_of)
    with contextlib.redirect_stdout(io.StringIO()):
        pc.print_report(errors, warnings, stats)
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--profiles", type=int, default=10000)
    ap.add_argument("--skills", type=int, default=2000)
    ap.add_argument("--commits", type=int, default=5000)
    ap.add_argument("--keep", help="reuse/keep the synthetic repositories in this folder")
    ap.add_argument("--no-build", action="store_true", help="use target/release/caplint as it is")
    args = ap.parse_args()

    if not args.no_build:
        sh(["cargo", "build", "--release", "--quiet"], cwd=ROOT)
    caplint = os.path.join(ROOT, "target", "release", "caplint")
    work = args.keep or tempfile.mkdtemp(prefix="caplint-bench-")
    repo = os.path.join(work, "repo")
    hist = os.path.join(work, "history")
    if not os.path.isdir(repo):
        sh([sys.executable, os.path.join(HERE, "make_repo.py"), repo, "--profiles", str(args.profiles), "--skills", str(args.skills)])
    if not os.path.isdir(hist):
        history_repo(hist, args.commits)
    driver = os.path.join(work, "reference_driver.py")
    with open(driver, "w") as fh:
        fh.write(REFERENCE_DRIVER)

    as_of = ["--as-of", "2026-10-15", "--format", "json"]
    commands = [
        ("floor (cat every input file)", ["sh", "-c", "find agents skills -type f -print0 | xargs -0 cat > /dev/null"], repo),
        ("caplint check --base HEAD~1", [caplint, "check", "--base", "HEAD~1", *as_of], repo),
        ("caplint check --no-history", [caplint, "check", "--no-history", *as_of], repo),
        ("caplint check skills --no-history", [caplint, "check", "skills", "--no-history", *as_of], repo),
        ("floor, skills only", ["sh", "-c", "find skills -type f -print0 | xargs -0 cat > /dev/null"], repo),
        ("reference checker, every profile, one process", [sys.executable, driver, os.path.join(ROOT, "tests", "reference"), os.path.join(repo, "agents")], repo),
        (f"caplint history ({args.commits} commits)", [caplint, "history", "--format", "json", "--as-of", "2026-10-15"], hist),
    ]
    agnix = shutil.which("agnix")
    if agnix:
        commands.insert(4, ("agnix skills", [agnix, "skills"], repo))
    # warm the page cache
    for _, cmd, cwd in commands:
        timed(cmd, cwd)
    results = {name: [] for name, _, _ in commands}
    rss = {name: 0 for name, _, _ in commands}
    for _ in range(args.runs):
        for name, cmd, cwd in commands:
            t, m = timed(cmd, cwd)
            results[name].append(t)
            rss[name] = max(rss[name], m)
    med = {name: statistics.median(ts) for name, ts in results.items()}
    floor = med["floor (cat every input file)"]
    skills_floor = med["floor, skills only"]
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}; "
          f"{args.profiles} profiles, {args.skills} skills, {args.runs} runs, medians.\n")
    print("| command | median | ratio | peak RSS |")
    print("|---|---:|---:|---:|")
    for name, _, _ in commands:
        if name.startswith("caplint history"):
            # Another repository: no floor to compare with.
            ratio = "—"
        elif "skills" in name and "floor (cat" not in name:
            ratio = f"{med[name] / skills_floor:.2f}× skills floor" if skills_floor else "—"
        else:
            ratio = f"{med[name] / floor:.2f}× floor" if floor else "—"
        print(f"| {name} | {med[name]:.3f} s | {ratio} | {rss[name] / 1024:.0f} MB |")
    if agnix:
        print(f"\ncaplint on skills is {med['agnix skills'] / med['caplint check skills --no-history']:.1f}× faster than agnix.")
    print(f"caplint check --no-history is {med['reference checker, every profile, one process'] / med['caplint check --no-history']:.1f}× faster than the reference checker.")


if __name__ == "__main__":
    main()
