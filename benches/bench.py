#!/usr/bin/env python3
"""Benchmark the real caplint binary on large synthetic repositories.

    python3 benches/bench.py [--runs 5] [--sizes 10000:2000,50000:10000] [--commits 5000]
                             [--keep DIR] [--no-build | --binary PATH]

Needs git, Python 3, ripgrep (`rg` on PATH: `apt-get install ripgrep`, or any
ripgrep release) and GNU time at /usr/bin/time for peak memory (`apt-get
install time`; without it the RSS column is empty). agnix is timed when it is
installed (`pip install agnix`).

For each size PROFILES:SKILLS (`--sizes`, comma-separated; `--profiles` and
`--skills` give one size), builds a synthetic repository with
benches/make_repo.py (two commits, the second changing 10% of the profiles and
5% of the skills with proper bumps), and once a history repository of N
commits. Then times, alternating every command of every size in the same run:

  rg floor       ripgrep reading every byte of the tree on 2 threads
                 (`rg -uuu -j2 -g '!.git' -c NEVER_MATCHES .`): the physical floor
  cat floor      reading every input file once (`find | xargs cat`)
  check --base   caplint check --base HEAD~1; the warm-up pass fills the
                 work tree's cache and history's memo of the reviews that
                 found nothing, so the timed runs find every file whose
                 stat data matches the index there, and every changed
                 profile judged clean before (as every run after the first
                 does)
  --no-cache     the same without the cache: what the first run costs
  check --no-history
  check --staged caplint check --staged with one changed profile staged
                 (staged before the runs, restored after them); the warm-up
                 pass fills its cache, so the timed runs find every other
                 file there
  --no-cache     the same without the cache: what the first run costs
  skills only    caplint check skills --no-history, against the skills-only floors
  agnix          agnix on the same skills (if installed)
  reference      the reference checker over every profile in one Python process
  history        caplint history over the history repository

and prints, for each size, medians, ratios to the rg and cat floors measured
in the same run and peak RSS as a Markdown table; with two sizes or more, the
growth of time and memory from the first size to each other; then the goals
(check --base ≤ 2× the rg floor, peak RSS ≤ 80 MB at 10,000 profiles and
≤ 120 MB at 50,000, --staged ≤ 0.4 s at 50,000). Figures are only comparable
within one run on one machine.
"""
import argparse
import json
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

RG_FLOOR = "floor: rg every byte, 2 threads"
CAT_FLOOR = "floor: cat every input file"
BASE = "caplint check --base HEAD~1"
BASE_NO_CACHE = "caplint check --base HEAD~1 --no-cache"
NO_HISTORY = "caplint check --no-history"
STAGED = "caplint check --staged (one staged change)"
STAGED_NO_CACHE = "caplint check --staged --no-cache (one staged change)"
SKILLS = "caplint check skills --no-history"
RG_SKILLS = "floor, skills only: rg"
CAT_SKILLS = "floor, skills only: cat"
AGNIX = "agnix skills"
REFERENCE = "reference checker, every profile, one process"
CAPLINT = (BASE, BASE_NO_CACHE, NO_HISTORY, STAGED, STAGED_NO_CACHE, SKILLS)


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

# The profile changed and staged for the --staged case, given a proper bump
# (its version raised by one, its date moved, one level changed).
STAGED_PROFILE = "agents/team-00/agent-00000.profile.json"


def stage_change(repo):
    """Stage one changed profile (a version bump with a changed level);
    returns the original bytes for restore_change."""
    path = os.path.join(repo, STAGED_PROFILE)
    with open(path, "rb") as fh:
        original = fh.read()
    p = json.loads(original)
    p["version"] = str(int(p["version"]) + 1)
    p["declared_at"] = "2026-10-12"
    p["skills"][0]["level"] = "basic" if p["skills"][0]["level"] != "basic" else "proficient"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(p, indent=2) + "\n")
    sh(["git", "-C", repo, "add", STAGED_PROFILE])
    return original


def restore_change(repo, original):
    path = os.path.join(repo, STAGED_PROFILE)
    sh(["git", "-C", repo, "reset", "-q", "HEAD", "--", STAGED_PROFILE])
    with open(path, "wb") as fh:
        fh.write(original)
    # Refresh the index so a kept repository starts clean next time.
    subprocess.run(["git", "-C", repo, "update-index", "-q", "--refresh"], stdout=subprocess.DEVNULL)


def parse_sizes(text):
    sizes = []
    for part in text.split(","):
        profiles, _, skills = part.strip().partition(":")
        if not profiles.isdigit() or not skills.isdigit():
            raise SystemExit(f"--sizes: expected PROFILES:SKILLS[,PROFILES:SKILLS...], got {part!r}")
        sizes.append((int(profiles), int(skills)))
    return sizes


def tree_size(repo):
    """Files and bytes of the tree outside .git."""
    files = total = 0
    for top in ("agents", "skills"):
        for dirpath, _, names in os.walk(os.path.join(repo, top)):
            for name in names:
                files += 1
                total += os.path.getsize(os.path.join(dirpath, name))
    return files, total


def label(profiles, skills):
    return f"{profiles:,} profiles, {skills:,} skills"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--profiles", type=int, default=10000)
    ap.add_argument("--skills", type=int, default=2000)
    ap.add_argument("--sizes", help="PROFILES:SKILLS[,PROFILES:SKILLS...], e.g. 10000:2000,50000:10000 "
                    "(default: --profiles:--skills)")
    ap.add_argument("--commits", type=int, default=5000)
    ap.add_argument("--keep", help="reuse/keep the synthetic repositories in this folder")
    ap.add_argument("--no-build", action="store_true", help="use target/release/caplint as it is")
    ap.add_argument("--binary", help="time this caplint binary (nothing is built)")
    ap.add_argument("--no-reference", action="store_true", help="skip the reference checker and agnix")
    args = ap.parse_args()
    sizes = parse_sizes(args.sizes) if args.sizes else [(args.profiles, args.skills)]

    rg = shutil.which("rg")
    if not rg:
        raise SystemExit("ripgrep (`rg`) is not on PATH; install it (apt-get install ripgrep) for the floor")
    rg_version = subprocess.run([rg, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    if args.binary:
        caplint = os.path.abspath(args.binary)
    else:
        if not args.no_build:
            sh(["cargo", "build", "--release", "--quiet"], cwd=ROOT)
        caplint = os.path.join(ROOT, "target", "release", "caplint")
    work = args.keep or tempfile.mkdtemp(prefix="caplint-bench-")
    os.makedirs(work, exist_ok=True)
    hist = os.path.join(work, "history")
    if not os.path.isdir(hist):
        history_repo(hist, args.commits)
    driver = os.path.join(work, "reference_driver.py")
    with open(driver, "w") as fh:
        fh.write(REFERENCE_DRIVER)
    agnix = None if args.no_reference else shutil.which("agnix")

    as_of = ["--as-of", "2026-10-15", "--format", "json"]
    rg_cmd = [rg, "-uuu", "-j2", "-g", "!.git", "-c", "NEVER_MATCHES"]
    commands = []  # (size, name, cmd, cwd)
    repos = {}
    for size in sizes:
        profiles, skills = size
        repo = os.path.join(work, f"repo-{profiles}-{skills}")
        if not os.path.isdir(repo):
            sh([sys.executable, os.path.join(HERE, "make_repo.py"), repo, "--profiles", str(profiles), "--skills", str(skills)])
        repos[size] = repo
        commands += [
            (size, RG_FLOOR, rg_cmd + ["."], repo),
            (size, CAT_FLOOR, ["sh", "-c", "find agents skills -type f -print0 | xargs -0 cat > /dev/null"], repo),
            (size, BASE, [caplint, "check", "--base", "HEAD~1", *as_of], repo),
            (size, BASE_NO_CACHE, [caplint, "check", "--base", "HEAD~1", "--no-cache", *as_of], repo),
            (size, NO_HISTORY, [caplint, "check", "--no-history", *as_of], repo),
            (size, STAGED, [caplint, "check", "--staged", *as_of], repo),
            (size, STAGED_NO_CACHE, [caplint, "check", "--staged", "--no-cache", *as_of], repo),
            (size, SKILLS, [caplint, "check", "skills", "--no-history", *as_of], repo),
            (size, RG_SKILLS, rg_cmd + ["skills"], repo),
            (size, CAT_SKILLS, ["sh", "-c", "find skills -type f -print0 | xargs -0 cat > /dev/null"], repo),
        ]
        if agnix:
            commands.append((size, AGNIX, [agnix, "skills"], repo))
        if not args.no_reference:
            commands.append((size, REFERENCE, [sys.executable, driver, os.path.join(ROOT, "tests", "reference"), os.path.join(repo, "agents")], repo))
    history_name = f"caplint history ({args.commits:,} commits)"
    commands.append((None, history_name, [caplint, "history", "--format", "json", "--as-of", "2026-10-15"], hist))

    staged = {}
    try:
        for size, repo in repos.items():
            staged[size] = stage_change(repo)
        # warm the page cache
        for _, _, cmd, cwd in commands:
            timed(cmd, cwd)
        results = {(size, name): [] for size, name, _, _ in commands}
        rss = {(size, name): 0 for size, name, _, _ in commands}
        for _ in range(args.runs):
            for size, name, cmd, cwd in commands:
                t, m = timed(cmd, cwd)
                results[(size, name)].append(t)
                rss[(size, name)] = max(rss[(size, name)], m)
    finally:
        for size, original in staged.items():
            restore_change(repos[size], original)
    med = {key: statistics.median(ts) for key, ts in results.items()}

    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}; "
          f"{rg_version}; {args.runs} runs, medians, every command of every size alternating in one run.\n")

    def ratio(value, floor):
        return f"{value / floor:.2f}×" if floor else "—"

    for size in sizes:
        files, total = tree_size(repos[size])
        print(f"### {label(*size)} ({files:,} files, {total / 1e6:.0f} MB)\n")
        print("| command | median | × rg floor | × cat floor | peak RSS |")
        print("|---|---:|---:|---:|---:|")
        for s, name, _, _ in commands:
            if s != size:
                continue
            skills_only = name in (SKILLS, RG_SKILLS, CAT_SKILLS, AGNIX)
            rg_floor = med[(size, RG_SKILLS if skills_only else RG_FLOOR)]
            cat_floor = med[(size, CAT_SKILLS if skills_only else CAT_FLOOR)]
            value = med[(size, name)]
            note = " (skills floors)" if skills_only and name not in (RG_SKILLS, CAT_SKILLS) else ""
            print(f"| {name}{note} | {value:.3f} s | {ratio(value, rg_floor)} | {ratio(value, cat_floor)} | {rss[(size, name)] / 1024:.0f} MB |")
        print()
        if agnix:
            print(f"caplint on skills is {med[(size, AGNIX)] / med[(size, SKILLS)]:.1f}× faster than agnix.")
        if not args.no_reference:
            print(f"caplint check --no-history is {med[(size, REFERENCE)] / med[(size, NO_HISTORY)]:.1f}× faster than the reference checker.\n")
    print(f"{history_name}: {med[(None, history_name)]:.3f} s, {rss[(None, history_name)] / 1024:.0f} MB peak RSS.\n")

    if len(sizes) > 1:
        first = sizes[0]
        for size in sizes[1:]:
            print(f"### Growth from {label(*first)} to {label(*size)} "
                  f"({size[0] / first[0]:.1f}× the profiles, {size[1] / first[1]:.1f}× the skills)\n")
            print("| command | time growth | RSS growth | × rg floor, small → large |")
            print("|---|---:|---:|---:|")
            for s, name, _, _ in commands:
                if s != size:
                    continue
                skills_only = name in (SKILLS, RG_SKILLS, CAT_SKILLS, AGNIX)
                floor = RG_SKILLS if skills_only else RG_FLOOR
                t = med[(size, name)] / med[(first, name)]
                m = rss[(size, name)] / rss[(first, name)] if rss[(first, name)] else 0
                ratios = f"{ratio(med[(first, name)], med[(first, floor)])} → {ratio(med[(size, name)], med[(size, floor)])}"
                print(f"| {name} | {t:.2f}× | {m:.2f}× | {ratios} |")
            print()

    goals = []
    for size in sizes:
        base_ratio = med[(size, BASE)] / med[(size, RG_FLOOR)]
        goals.append((f"check --base ≤ 2× rg floor, {label(*size)}", f"{base_ratio:.2f}×", base_ratio <= 2))
        cold_ratio = med[(size, BASE_NO_CACHE)] / med[(size, RG_FLOOR)]
        goals.append((f"check --base --no-cache ≤ 2× rg floor, {label(*size)}", f"{cold_ratio:.2f}×", cold_ratio <= 2))
        limit = {10000: 80, 50000: 120}.get(size[0])
        if limit:
            peak = max(rss[(size, name)] for name in CAPLINT) / 1024
            goals.append((f"peak RSS of every check ≤ {limit} MB, {label(*size)}", f"{peak:.0f} MB", peak <= limit))
        if size[0] == 50000:
            t = med[(size, STAGED)]
            goals.append((f"check --staged ≤ 0.4 s, {label(*size)}", f"{t:.3f} s", t <= 0.4))
    print("| goal | measured | met |")
    print("|---|---:|---|")
    for goal, value, met in goals:
        print(f"| {goal} | {value} | {'yes' if met else 'no'} |")


if __name__ == "__main__":
    main()
