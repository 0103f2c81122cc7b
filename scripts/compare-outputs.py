#!/usr/bin/env python3
"""Record every command and format of a caplint binary, and compare two records.

A refactoring must not change what users see. Record the outputs of the
binary before the change, record them again after, and compare:

    scripts/compare-outputs.py record target/release/caplint /tmp/before [DIR...]
    # ... change and rebuild ...
    scripts/compare-outputs.py record target/release/caplint /tmp/after [DIR...]
    scripts/compare-outputs.py compare /tmp/before /tmp/after

Each recorded case is one file holding the command line, the exit code,
stdout, stderr and (for `--format github`) the step summary, byte for byte.

The cases cover `testdata/` (copied into a fresh git repository with a
history built here: an unbumped claim change, a deleted profile, a staged
edit), every extra DIR given (clones of public skill repositories, say; only
`check` and `diff`/`history` when DIR is a git repository), and the commands
that need no input (`rules`, `explain` of every rule, `schema`,
`completions`, `init`, usage errors).

Temporary paths are replaced by `<TMP>` so that two records compare equal.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

AS_OF = "2026-10-15"
ROOT = Path(__file__).resolve().parent.parent
GIT_ENV = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_AUTHOR_NAME": "Test",
    "GIT_AUTHOR_EMAIL": "test@example.org",
    "GIT_COMMITTER_NAME": "Test",
    "GIT_COMMITTER_EMAIL": "test@example.org",
}


def clean_env(tmp: Path) -> dict:
    """The process environment without CI variables that change the base."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("GITHUB_", "CI_", "GIT_"))
        and k not in ("CI", "NO_COLOR", "CLICOLOR_FORCE", "FORCE_COLOR")
    }
    env["GIT_CONFIG_GLOBAL"] = str(tmp / "gitconfig")
    env.update(GIT_ENV)
    env["COLUMNS"] = "100"
    return env


def git(repo: Path, env: dict, *args: str, date: str = "2026-10-01T12:00:00Z") -> None:
    e = dict(env, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    subprocess.run(["git", "-C", str(repo), *args], env=e, check=True, capture_output=True)


def build_history_repo(tmp: Path, env: dict) -> Path:
    """testdata/ in a git repository with changes that the history rules judge."""
    repo = tmp / "repo"
    shutil.copytree(ROOT / "testdata", repo)
    (tmp / "gitconfig").write_text("[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n")
    git(repo, env, "init", "-q")
    git(repo, env, "add", "-A")
    git(repo, env, "commit", "-q", "-m", "base")
    profiles = sorted(repo.rglob("*.profile.json"))
    # A claim change without a version bump, and a deleted profile.
    changed = False
    for p in profiles:
        text = p.read_text(encoding="utf-8", errors="replace")
        if '"limits": [' in text and not changed:
            p.write_text(text.replace('"limits": [', '"limits": ["Reads only public pages.", ', 1))
            changed = True
    if len(profiles) > 1:
        profiles[-1].unlink()
    git(repo, env, "add", "-A")
    git(repo, env, "commit", "-q", "-m", "claims changed", date="2026-10-05T12:00:00Z")
    # A staged edit and a different working-tree edit.
    for p in profiles[:-1]:
        text = p.read_text(encoding="utf-8", errors="replace")
        if '"version": "' in text:
            p.write_text(text.replace('"version": "', '"version": "9', 1))
            git(repo, env, "add", str(p.relative_to(repo)))
            p.write_text(text.replace('"tools": [', '"tools": [{"name": "shell", "access": "execute"}, ', 1))
            break
    return repo


def formats(binary: str, command: str, env: dict) -> list:
    """The values `--format` takes for a command, read from its help."""
    out = subprocess.run([binary, command, "--help"], env=env, capture_output=True, text=True).stdout
    m = re.search(r"--format <FORMAT>.*?\[possible values: ([^\]]+)\]", out, re.S)
    return [f.strip() for f in m.group(1).replace("\n", " ").split(",")] if m else ["human"]


def cases(binary: str, tmp: Path, env: dict, extra: list) -> list:
    """(name, argv, cwd) for every recorded run."""
    out = []
    repo = build_history_repo(tmp, env)
    check_formats = formats(binary, "check", env)
    history_formats = formats(binary, "history", env)
    diff_formats = formats(binary, "diff", env)
    common = ["--as-of", AS_OF, "--color", "never"]
    modes = {"nohist": ["--no-history"], "auto": [], "base": ["--base", "HEAD~1"], "staged": ["--staged"]}
    targets = [("testdata", repo)] + [(Path(d).name, Path(d).resolve()) for d in extra]
    for name, path in targets:
        is_git = (path / ".git").exists()
        for mode, flags in modes.items():
            if mode != "nohist" and not is_git:
                continue
            for fmt in check_formats:
                out.append((f"{name}.check.{mode}.{fmt}", ["check", ".", "--format", fmt, *flags, *common], path))
        out.append((f"{name}.check.quiet", ["check", ".", "-q", "--no-history", *common], path))
        out.append((f"{name}.check.maxwarn", ["check", ".", "--max-warnings", "0", "--no-history", *common], path))
        if is_git:
            for fmt in diff_formats:
                out.append((f"{name}.diff.{fmt}", ["diff", "HEAD~1", "--format", fmt, "--color", "never"], path))
                out.append((f"{name}.diff.revs.{fmt}", ["diff", "HEAD~1", "HEAD", "--format", fmt, "--color", "never"], path))
            for fmt in history_formats:
                out.append((f"{name}.history.{fmt}", ["history", "--format", fmt, "--color", "never"], path))
    for p in sorted(repo.rglob("*.profile.json")):
        rel = str(p.relative_to(repo))
        out.append((f"testdata.report.{rel.replace('/', '_')}", ["report", rel, "--as-of", AS_OF], repo))
    out.append(("testdata.report.fixture", ["report", "--make-fixture", "x.profile.json"], tmp))
    out.append(("rules", ["rules"], tmp))
    rules = subprocess.run([binary, "rules"], env=env, capture_output=True, text=True).stdout
    for rule in sorted(set(re.findall(r"\b((?:profile|skill|security|history)/[a-z0-9-]+)", rules))):
        out.append((f"explain.{rule.replace('/', '_')}", ["explain", rule], tmp))
    out.append(("explain.unknown", ["explain", "profile/missing-evidenc"], tmp))
    for kind in ["profile", "skill", "config"]:
        out.append((f"schema.{kind}", ["schema", kind], tmp))
    for shell in ["bash", "zsh", "fish"]:
        out.append((f"completions.{shell}", ["completions", shell], tmp))
    out.append(("init", ["init"], tmp / "init"))
    out.append(("usage.typo", ["chekc"], tmp))
    out.append(("usage.flag", ["check", "--no-such-flag"], tmp))
    out.append(("usage.missing", ["check", "no/such/path"], tmp))
    return out


def record(binary: str, dest: Path, extra: list) -> None:
    binary = str(Path(binary).resolve())
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        env = clean_env(tmp)
        runs = cases(binary, tmp, env, extra)
        for name, argv, cwd in runs:
            summary = tmp / "step-summary.md"
            summary.write_text("")
            e = dict(env)
            if "github" in argv:
                e["GITHUB_STEP_SUMMARY"] = str(summary)
            if argv[0] == "init":
                shutil.rmtree(cwd, ignore_errors=True)
                cwd.mkdir()
            p = subprocess.run([binary, *argv], cwd=cwd, env=e, capture_output=True, timeout=600)
            written = cwd / ".caplint.yaml" if argv[0] == "init" else None
            text = (
                f"$ caplint {' '.join(argv)}\nexit: {p.returncode}\n"
                f"--- stdout\n{p.stdout.decode('utf-8', 'replace')}"
                f"--- stderr\n{p.stderr.decode('utf-8', 'replace')}"
                f"--- step summary\n{summary.read_text()}"
            )
            if written is not None and written.exists():
                text += f"--- .caplint.yaml\n{written.read_text()}"
            text = text.replace(str(tmp), "<TMP>")
            (dest / f"{name}.txt").write_text(text)
    print(f"recorded {len(runs)} cases in {dest}")


def compare(a: Path, b: Path) -> int:
    names_a = {p.name for p in a.glob("*.txt")}
    names_b = {p.name for p in b.glob("*.txt")}
    bad = 0
    for n in sorted(names_a ^ names_b):
        print(f"only in {'first' if n in names_a else 'second'}: {n}")
        bad += 1
    for n in sorted(names_a & names_b):
        if (a / n).read_bytes() != (b / n).read_bytes():
            print(f"differs: {n}")
            subprocess.run(["diff", "-u", str(a / n), str(b / n)])
            bad += 1
    print(f"{len(names_a & names_b)} cases compared, {bad} differences")
    return 1 if bad else 0


def main() -> int:
    if len(sys.argv) >= 4 and sys.argv[1] == "record":
        record(sys.argv[2], Path(sys.argv[3]), sys.argv[4:])
        return 0
    if len(sys.argv) == 4 and sys.argv[1] == "compare":
        return compare(Path(sys.argv[2]), Path(sys.argv[3]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
