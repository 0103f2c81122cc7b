#!/usr/bin/env python3
"""Build a large synthetic caplint repository for benchmarks.

Usage: make_repo.py DEST [--profiles 10000] [--skills 2000] [--seed 7]

Creates a git repository with two commits: the first adds every profile and
skill (each skill with two resource files), the second changes 10% of the
profiles and 5% of the skills with proper version bumps. Uses the git CLI
(this script is a benchmark fixture builder, not part of caplint).
"""
import argparse
import json
import os
import random
import subprocess

LEVELS = ["basic", "proficient", "advanced"]
ACCESS = ["none", "read", "write", "execute"]
KINDS = ["log", "artifact", "test"]


def profile(i, version, rng, declared):
    skills = []
    for s in range(rng.randint(2, 6)):
        skills.append({
            "name": f"skill-{i % 97}-{s}",
            "level": rng.choice(LEVELS),
            "evidence": [{"kind": rng.choice(KINDS), "ref": f"run-{i}-{s}-{e}"} for e in range(rng.randint(1, 3))],
        })
    tools = []
    for t in range(rng.randint(1, 4)):
        access = rng.choice(ACCESS)
        entry = {"name": f"tool-{t}", "access": access}
        if access != "none":
            entry["evidence"] = [{"kind": "log", "ref": f"tool-check-{i}-{t}"}]
        tools.append(entry)
    return {
        "agent_id": f"agent-{i:05d}",
        "version": str(version),
        "declared_at": declared,
        "skills": skills,
        "tools": tools,
        "limits": [f"Handles at most {rng.randint(1, 50)} MB per file.", "No access to private mailboxes."],
        "notes": "Synthetic profile for benchmarks. " * rng.randint(1, 4),
    }


def skill_md(name, version, rng, extra=""):
    body = "\n".join(f"Step {n}: follow the procedure in `references/guide.md` and run `scripts/run.py` when needed." for n in range(rng.randint(5, 40)))
    return (
        f"---\nname: {name}\ndescription: Use when a synthetic task of kind {name} arrives; explains the procedure.\n"
        f"version: \"{version}\"\nlicense: MIT\n---\n\n# {name}\n\n{body}\n{extra}"
    )


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)


def git(dest, *args, date):
    env = dict(os.environ, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date,
               GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.org",
               GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.org")
    subprocess.run(["git", "-C", dest, *args], check=True, env=env, stdout=subprocess.DEVNULL)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dest")
    ap.add_argument("--profiles", type=int, default=10000)
    ap.add_argument("--skills", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    dest = args.dest
    os.makedirs(dest, exist_ok=True)
    subprocess.run(["git", "init", "-q", "-b", "main", dest], check=True)
    profiles = {}
    for i in range(args.profiles):
        p = profile(i, 1, rng, "2026-10-01")
        profiles[i] = p
        write(f"{dest}/agents/team-{i % 50:02d}/agent-{i:05d}.profile.json", json.dumps(p, indent=2) + "\n")
    for s in range(args.skills):
        name = f"synthetic-skill-{s:04d}"
        write(f"{dest}/skills/{name}/SKILL.md", skill_md(name, "1.0.0", rng))
        write(f"{dest}/skills/{name}/references/guide.md", f"# Guide for {name}\n\n" + "Details of the procedure.\n" * rng.randint(5, 60))
        write(f"{dest}/skills/{name}/scripts/run.py", "print('synthetic')\n" * rng.randint(1, 20))
    git(dest, "add", "-A", date="2026-10-01T12:00:00Z")
    git(dest, "commit", "-q", "-m", "Add synthetic profiles and skills", date="2026-10-01T12:00:00Z")
    for i in rng.sample(range(args.profiles), args.profiles // 10):
        p = profiles[i]
        p["version"] = "2"
        p["declared_at"] = "2026-10-10"
        p["skills"][0]["level"] = "basic" if p["skills"][0]["level"] != "basic" else "proficient"
        write(f"{dest}/agents/team-{i % 50:02d}/agent-{i:05d}.profile.json", json.dumps(p, indent=2) + "\n")
    for s in rng.sample(range(args.skills), args.skills // 20):
        name = f"synthetic-skill-{s:04d}"
        write(f"{dest}/skills/{name}/SKILL.md", skill_md(name, "1.1.0", random.Random(s), extra="\nA new step was added.\n"))
    git(dest, "add", "-A", date="2026-10-10T12:00:00Z")
    git(dest, "commit", "-q", "-m", "Recheck a tenth of the profiles", date="2026-10-10T12:00:00Z")


if __name__ == "__main__":
    main()
