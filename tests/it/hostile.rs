//! Hostile input through the binary. A linter that runs as a pre-commit hook
//! must never crash, hang, blow up memory, change a file or leak a secret,
//! whatever the repository holds. Every case here runs `caplint` with a
//! timeout, checks that it exits 0 (input in fact valid), 1 (findings) or 2
//! (nothing judged), that nothing panicked, and that the tree is byte for
//! byte and timestamp for timestamp what it was before.
//!
//! Skill linting may report more or less than these tests expect while it is
//! being built; the skill cases assert what any correct implementation does
//! (bounded time, a valid exit, no panic, the tree unchanged) and assert the
//! specific rule when this build lints skills at all.

use crate::support::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// No single run may take longer than this, however hostile its input.
const TIMEOUT: Duration = Duration::from_secs(60);

const SKILL_OK: &str = "---\nname: demo\ndescription: Does one thing well.\n---\n# Demo\n\nBody.\n";

fn good_profile(agent_id: &str) -> String {
    GOOD.replace("research-agent-07", agent_id)
}

/// What one run of the binary did.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

impl Run {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): {}\nstderr: {}",
                head(&self.stdout),
                head(&self.stderr)
            )
        })
    }

    fn rules(&self) -> Vec<String> {
        self.json()["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["rule"].as_str().unwrap().to_string())
            .collect()
    }

    fn has_rule(&self, rule: &str) -> bool {
        self.rules().iter().any(|r| r == rule)
    }
}

fn head(s: &str) -> &str {
    let mut end = s.len().min(2000);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// Runs `caplint ARGS` in `dir` with the timeout, and checks what every run
/// must satisfy: a valid exit code, no panic, no stack overflow, the tree unchanged.
fn run_in(dir: &Path, args: &[&str]) -> Run {
    let before = tree_state(dir);
    let start = Instant::now();
    let out = caplint()
        .env("NO_COLOR", "1")
        .current_dir(dir)
        .args(args)
        .timeout(TIMEOUT)
        .output()
        .unwrap();
    let elapsed = start.elapsed();
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        elapsed,
    };
    assert!(
        elapsed < TIMEOUT,
        "caplint {args:?} did not finish within {TIMEOUT:?} (killed)"
    );
    assert!(
        [0, 1, 2].contains(&run.code),
        "caplint {args:?} exited with {:?} (a signal or crash)\nstderr: {}",
        out.status,
        head(&run.stderr)
    );
    for bad in ["panicked", "stack overflow", "RUST_BACKTRACE"] {
        assert!(
            !run.stderr.contains(bad),
            "caplint {args:?}: {bad}\n{}",
            head(&run.stderr)
        );
    }
    assert_eq!(
        before,
        tree_state(dir),
        "caplint {args:?} changed the tree under {}",
        dir.display()
    );
    run
}

/// `caplint check --no-history --format json` on the whole folder.
fn check(dir: &Path) -> Run {
    check_with(dir, &[])
}

fn check_with(dir: &Path, extra: &[&str]) -> Run {
    let mut args = vec![
        "check",
        "--no-history",
        "--as-of",
        AS_OF,
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    run_in(dir, &args)
}

/// Every entry under `dir` (symlinks not followed, FIFOs never opened): its
/// type, mode, size, modification time, and a hash of a regular file's bytes
/// or a link's target.
fn tree_state(dir: &Path) -> BTreeMap<PathBuf, (u32, u64, i64, i64, u64)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(read) = fs::read_dir(&d) else { continue };
        for entry in read.flatten() {
            let path = entry.path();
            let Ok(meta) = fs::symlink_metadata(&path) else {
                continue;
            };
            let ft = meta.file_type();
            let mut h = DefaultHasher::new();
            if ft.is_file() {
                // A file the test made unreadable still counts by its metadata.
                if let Ok(bytes) = fs::read(&path) {
                    bytes.hash(&mut h);
                }
            } else if ft.is_symlink() {
                fs::read_link(&path).ok().hash(&mut h);
            } else if ft.is_dir() {
                stack.push(path.clone());
            }
            out.insert(
                path,
                (
                    meta.mode(),
                    meta.len(),
                    meta.mtime(),
                    meta.mtime_nsec(),
                    h.finish(),
                ),
            );
        }
    }
    out
}

fn mkfifo(path: &Path) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// Every reported span lies inside its file, on character boundaries, and
/// its `line`/`column` agree with its offset.
fn assert_spans_sane(dir: &Path, run: &Run) {
    for d in run.json()["diagnostics"].as_array().unwrap() {
        let Some(span) = d["span"].as_object() else {
            continue;
        };
        let path = dir.join(d["path"].as_str().unwrap());
        let Ok(bytes) = fs::read(&path) else { continue };
        let text = String::from_utf8_lossy(&bytes);
        let offset = span["offset"].as_u64().unwrap() as usize;
        let end = offset + span["length"].as_u64().unwrap() as usize;
        assert!(end <= text.len(), "{d}: span past the end ({})", text.len());
        assert!(
            text.is_char_boundary(offset) && text.is_char_boundary(end),
            "{d}: span not on character boundaries"
        );
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before[before.rfind('\n').map_or(0, |i| i + 1)..]
            .chars()
            .count()
            + 1;
        assert_eq!(span["line"].as_u64().unwrap() as usize, line, "{d}");
        assert_eq!(span["column"].as_u64().unwrap() as usize, column, "{d}");
    }
}

// ---------------------------------------------------------------- profiles

#[test]
fn deeply_nested_json_is_an_error_not_a_stack_overflow() {
    let dir = tmp();
    write(dir.path(), "arrays.profile.json", "[".repeat(200_000));
    write(
        dir.path(),
        "objects.profile.json",
        "{\"a\":".repeat(200_000),
    );
    let closed = format!("{}{}", "[".repeat(200_000), "]".repeat(200_000));
    write(dir.path(), "closed.profile.json", closed);
    let run = check(dir.path());
    assert_eq!(run.code, 1);
    let json = run.json();
    let ds = json["diagnostics"].as_array().unwrap();
    for file in ["arrays", "objects", "closed"] {
        let path = format!("{file}.profile.json");
        assert!(
            ds.iter().any(|d| d["path"] == path
                && d["rule"] == "profile/invalid-json"
                && d["message"].as_str().unwrap().contains("nesting")),
            "{path}: {json}"
        );
    }
    assert_spans_sane(dir.path(), &run);
    // The human renderer too.
    let human = run_in(dir.path(), &["check", "--no-history", "--as-of", AS_OF]);
    assert_eq!(human.code, 1);
    assert!(human.stdout.contains("nesting deeper than"));
}

#[test]
fn invalid_utf8_bom_nul_empty_and_truncated_profiles() {
    let dir = tmp();
    let p = dir.path();
    write(p, "latin1.profile.json", b"{\"agent_id\": \"caf\xe9\"}");
    write(p, "lone-continuation.profile.json", b"\x80\x80\x80");
    write(p, "bom.profile.json", format!("\u{feff}{GOOD}"));
    write(
        p,
        "nul.profile.json",
        GOOD.replace("web-search", "web\0search"),
    );
    write(p, "nul-outside.profile.json", format!("{GOOD}\0"));
    write(p, "empty.profile.json", "");
    write(p, "blank.profile.json", " \n\t\r\n");
    for cut in [1, 2, 17, 60, GOOD.len() / 2, GOOD.len() - 3] {
        write(p, &format!("cut{cut}.profile.json"), &GOOD[..cut]);
    }
    let run = check(p);
    assert_eq!(run.code, 1);
    assert_spans_sane(p, &run);
    let json = run.json();
    let ds = json["diagnostics"].as_array().unwrap();
    // Every one of them is invalid JSON (a raw NUL is a control character).
    let invalid: Vec<&str> = ds
        .iter()
        .filter(|d| d["rule"] == "profile/invalid-json")
        .map(|d| d["path"].as_str().unwrap())
        .collect();
    for file in fs::read_dir(p).unwrap().flatten() {
        let name = file.file_name().into_string().unwrap();
        assert!(invalid.contains(&name.as_str()), "{name}: {json}");
    }
    let latin1 = ds
        .iter()
        .find(|d| d["path"] == "latin1.profile.json")
        .unwrap();
    assert_eq!(latin1["span"]["offset"], 17);
    assert!(latin1["message"].as_str().unwrap().contains("UTF-8"));
    assert_eq!(json["summary"]["profiles"], 13);
}

#[test]
fn nan_and_huge_numbers() {
    let dir = tmp();
    let p = dir.path();
    let digits = "9".repeat(10_000);
    let version = |file: &str, v: &str| {
        write(p, file, good_profile(file).replace("\"3\"", v));
    };
    version("nan.profile.json", "NaN");
    version("inf.profile.json", "-Infinity");
    version("exp.profile.json", "1e999999");
    version("int.profile.json", &digits);
    // Numbers that are valid JSON in places that take any value: still valid.
    let extra = GOOD.replacen(
        "{",
        &format!("{{\"$schema\": \"x\", \"notes\": \"n\", \"x\": [1e999999, -{digits}, 0.{digits}e-999999],"),
        1,
    );
    write(
        p,
        "extra.profile.json",
        extra.replace("research-agent-07", "other"),
    );
    let run = check(p);
    assert_eq!(run.code, 1);
    assert_spans_sane(p, &run);
    let json = run.json();
    let ds = json["diagnostics"].as_array().unwrap();
    let of = |file: &str| -> Vec<&str> {
        ds.iter()
            .filter(|d| d["path"] == file)
            .map(|d| d["rule"].as_str().unwrap())
            .collect()
    };
    assert_eq!(of("nan.profile.json"), ["profile/invalid-json"]);
    assert_eq!(of("inf.profile.json"), ["profile/invalid-json"]);
    assert_eq!(of("exp.profile.json"), ["profile/field-type"]);
    assert_eq!(of("int.profile.json"), ["profile/field-type"]);
    assert_eq!(of("extra.profile.json"), ["profile/unknown-field"]);

    // `caplint report`: the reference takes 1e999999 as inf, and crashes on
    // integers of more than 4300 digits, where caplint says why and exits 2.
    let report = |file: &str| run_in(p, &["report", file, "--as-of", AS_OF]);
    let exp = report("exp.profile.json");
    assert_eq!(exp.code, 1);
    assert!(
        exp.stdout.contains("version: missing or empty"),
        "{}",
        exp.stdout
    );
    let int = report("int.profile.json");
    assert_eq!(int.code, 2);
    assert!(int.stdout.starts_with("error: cannot read profile: "));
    assert_eq!(report("nan.profile.json").code, 1);
}

#[test]
fn a_30_mb_note_is_fine_and_fast() {
    let dir = tmp();
    let p = dir.path();
    let note = "All work is logged. ".repeat((30 << 20) / 20) + "é";
    assert!(note.len() > 30 << 20);
    let profile = GOOD.replacen("{", &format!("{{\n  \"notes\": \"{note}\","), 1);
    write(p, "big.profile.json", &profile);
    let run = check(p);
    assert_eq!(run.code, 0, "{}", head(&run.stdout));
    assert_eq!(run.json()["summary"]["profiles"], 1);
    assert!(run.elapsed < Duration::from_secs(30), "{:?}", run.elapsed);
    let report = run_in(p, &["report", "big.profile.json", "--as-of", AS_OF]);
    assert_eq!(report.code, 0, "{}", report.stdout);
}

#[test]
fn very_long_lines() {
    let dir = tmp();
    let p = dir.path();
    // A minified profile whose one line is 2 MB, with findings along it.
    let mut extra = String::new();
    for i in 0..200 {
        extra.push_str(&format!("\"unknown_{i}\": \"{}\", ", "x".repeat(10_000)));
    }
    let one_line = GOOD
        .replace('\n', " ")
        .replacen("{", &format!("{{{extra}"), 1);
    write(p, "long.profile.json", &one_line);
    let run = check(p);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.rules()
            .iter()
            .filter(|r| *r == "profile/unknown-field")
            .count(),
        200
    );
    assert_spans_sane(p, &run);
    // The human format must not print the 2 MB line once per finding.
    let human = run_in(p, &["check", "--no-history", "--as-of", AS_OF]);
    assert_eq!(human.code, 0);
    assert!(
        human.stdout.len() < 4 << 20,
        "human output is {} bytes",
        human.stdout.len()
    );
}

#[test]
fn findings_far_along_one_line_render_in_human_format() {
    // miette panics on a label past column 65535 ("Formatting argument out
    // of range"); a duplicate key 200 kB after the first one on one line,
    // a bad value at column 300k and a huge value with a finding all used
    // to reach it.
    let dir = tmp();
    let p = dir.path();
    let filler = format!("\"pad\": \"{}\", ", "y".repeat(200_000));
    let one_line = good_profile("far")
        .replace('\n', " ")
        .replacen("{", &format!("{{\"version\": \"0\", {filler}"), 1)
        .replace("\"proficient\"", "\"expert\"")
        .replace(
            "\"limits\": [",
            &format!("\"limits\": [{{{}\"t\": 1}}, ", "\t".repeat(100_000)),
        );
    write(p, "far.profile.json", &one_line);
    let run = check(p);
    assert_eq!(run.code, 1);
    assert!(run.has_rule("profile/duplicate-key"));
    assert!(run.has_rule("profile/invalid-level"));
    assert!(run.has_rule("profile/invalid-limit"));
    assert_spans_sane(p, &run);
    let human = run_in(p, &["check", "--no-history", "--as-of", AS_OF]);
    assert_eq!(human.code, 1);
    assert!(human.stdout.contains("profile/duplicate-key"));
    assert!(human.stdout.len() < 200_000, "{} bytes", human.stdout.len());
}

#[test]
fn many_references_on_one_line_are_linear() {
    // Each reading of a reference's line looks a bounded way to either
    // side: one line of 8,000 links and 8,000 paths sent to (a minified
    // page) must not cost each of them the whole line (that took minutes).
    let dir = tmp();
    let p = dir.path();
    let mut line = String::new();
    for i in 0..8_000 {
        // `—` is three bytes: the reach must stop on a character.
        line.push_str(&format!("[x](m/{i}.md) — open `resources/p{i}.md` — then "));
    }
    write(
        p,
        "skills/big/SKILL.md",
        format!("---\nname: big\ndescription: Use when testing.\n---\n{line}\n"),
    );
    let run = check(p);
    assert_eq!(run.code, 1, "{}", head(&run.stderr));
    let broken = run
        .rules()
        .iter()
        .filter(|r| *r == "skill/broken-reference")
        .count();
    assert_eq!(broken, 16_000);
}

#[test]
fn many_misnested_markdown_samples_are_linear() {
    // Each sample holds a bare-fenced block of its own, so CommonMark and
    // its author never read the page alike again: every link is in doubt,
    // and the page must not be scanned again for each of them (that took
    // seconds at 40,000 and grew with the square).
    let dir = tmp();
    let p = dir.path();
    let mut page = String::new();
    for i in 0..60_000 {
        page.push_str(&format!(
            "```markdown\n```\nd\n```\n```sh\nx\n```\n[l](m{i}.md)\n```\n"
        ));
    }
    write(p, "skills/big/samples.md", page);
    write(
        p,
        "skills/big/SKILL.md",
        "---\nname: big\ndescription: Use when testing.\n---\nSee [the samples](samples.md).\n",
    );
    let run = check(p);
    assert_eq!(run.code, 0, "{}", head(&run.stderr));
    let doubted = run
        .rules()
        .iter()
        .filter(|r| *r == "skill/broken-reference")
        .count();
    assert_eq!(doubted, 60_000);
}

#[test]
fn many_keys_in_one_profile_are_linear() {
    let dir = tmp();
    let p = dir.path();
    let mut keys = String::new();
    for i in 0..30_000 {
        keys.push_str(&format!("\"k{i}\": {i}, "));
    }
    write(
        p,
        "keys.profile.json",
        GOOD.replacen("{", &format!("{{{keys}"), 1),
    );
    let mut skills = Vec::new();
    for i in 0..12_000 {
        skills.push(format!(
            "{{\"name\": \"s{}\", \"level\": \"basic\", \"evidence\": [{{\"kind\": \"log\", \"ref\": \"r\"}}]}}",
            i % 8_000
        ));
    }
    write(
        p,
        "skills.profile.json",
        good_profile("other").replacen(
            "\"skills\": [",
            &format!("\"skills\": [{}, ", skills.join(", ")),
            1,
        ),
    );
    let run = check(p);
    assert_eq!(run.code, 1);
    let rules = run.rules();
    assert_eq!(
        rules
            .iter()
            .filter(|r| *r == "profile/unknown-field")
            .count(),
        30_000
    );
    assert_eq!(
        rules
            .iter()
            .filter(|r| *r == "profile/duplicate-name")
            .count(),
        4_000
    );
    let human = run_in(p, &["check", "--no-history", "--as-of", AS_OF, "-q"]);
    assert_eq!(human.code, 1);
}

#[test]
fn secrets_never_reach_any_output() {
    let dir = tmp();
    let p = dir.path();
    let key = "AKIAQWERTYUIOPASDFGH";
    let pass = "S3cr3tPassw0rdValue";
    let profile = GOOD
        .replace(
            "run-2026-09-28-search",
            &format!("https://deploy:{pass}@logs.example.com/x"),
        )
        .replacen(
            "{",
            &format!("{{\"notes\": \"key {key}\", \"{key}\": 1,"),
            1,
        );
    write(p, "leak.profile.json", &profile);
    for format in ["json", "human"] {
        let run = run_in(
            p,
            &[
                "check",
                "--no-history",
                "--as-of",
                AS_OF,
                "--format",
                format,
            ],
        );
        assert_eq!(run.code, 1);
        for secret in [key, pass, &key[..8], &pass[..8]] {
            assert!(!run.stdout.contains(secret), "{format}: {}", run.stdout);
            assert!(!run.stderr.contains(secret), "{format}: {}", run.stderr);
        }
    }
}

#[test]
fn thousands_of_secrets_are_masked_in_linear_time() {
    // Scrubbing tried every secret on every message: 5000 keys took minutes.
    let dir = tmp();
    let p = dir.path();
    // Distinct access key ids built at run time (a run of `0`s would read
    // as a placeholder): sixteen base-32 digits from a xorshift generator.
    let keys: Vec<String> = (0..5000u64)
        .map(|i| {
            let mut x = (i + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let body: String = (0..16)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[(x % 32) as usize] as char
                })
                .collect();
            format!("AKIA{body}")
        })
        .collect();
    let profile = GOOD.replacen("{", &format!("{{\"notes\": \"{}\",", keys.join(" ")), 1);
    write(p, "many.profile.json", &profile);
    let run = check(p);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.rules()
            .iter()
            .filter(|r| *r == "security/secret-value")
            .count(),
        5000
    );
    assert!(run.elapsed < Duration::from_secs(30), "{:?}", run.elapsed);
    assert!(keys.iter().all(|k| !run.stdout.contains(k.as_str())));
}

#[test]
fn unterminated_private_key_lines_are_linear() {
    // One `BEGIN … PRIVATE KEY` line every 2 KB and never an END: each was
    // searched to the end of the file for its END (29 s for 8 MiB, release).
    let dir = tmp();
    let p = dir.path();
    let line = format!(
        "-----BEGIN PRIVATE KEY----- {}\\n",
        "All work is logged. ".repeat(100)
    );
    let notes = line.repeat((8 << 20) / line.len());
    let profile = GOOD.replacen("{", &format!("{{\n  \"notes\": \"{notes}\","), 1);
    write(p, "begins.profile.json", &profile);
    let run = check(p);
    assert_eq!(run.code, 0, "{}", head(&run.stdout));
    assert!(!run.has_rule("security/secret-value"));
    assert!(run.elapsed < Duration::from_secs(30), "{:?}", run.elapsed);
}

/// Runs `caplint ARGS` in `dir` and returns its exit code and peak resident
/// memory in bytes: the `VmHWM` of its own address space, read from /proc
/// while it runs. (`wait4`'s `ru_maxrss` would also count this test
/// process, whose memory the child shares until it executes caplint.)
fn peak_memory(dir: &Path, args: &[&str]) -> (i32, u64) {
    let mut cmd = std::process::Command::new(BIN);
    isolate(&mut cmd);
    let mut child = cmd
        .current_dir(dir)
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak = 0u64;
    let start = Instant::now();
    let status = loop {
        if let Ok(status) = fs::read_to_string(&status_path) {
            // Only once the child runs caplint (before, it shares our memory).
            if status.lines().next() == Some("Name:\tcaplint") {
                if let Some(kb) = status
                    .lines()
                    .find_map(|l| l.strip_prefix("VmHWM:"))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                {
                    peak = peak.max(kb * 1024);
                }
            }
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(start.elapsed() < TIMEOUT, "caplint did not finish");
        std::thread::sleep(Duration::from_millis(2));
    };
    assert!(peak > 0, "no memory reading");
    (status.code().unwrap_or(-1), peak)
}

#[test]
fn an_unterminated_begin_on_a_long_line_keeps_memory_bounded() {
    // An 8.7 MB one-line profile whose notes start with a BEGIN line: the
    // key pattern matched to the end of the line and took 4.7 GB.
    let dir = tmp();
    let p = dir.path();
    let notes = format!(
        "-----BEGIN RSA PRIVATE KEY----- {}",
        "All work is logged. ".repeat(8_700_000 / 20)
    );
    let profile = GOOD
        .replace('\n', " ")
        .replacen("{", &format!("{{\"notes\": \"{notes}\","), 1);
    write(p, "long.profile.json", &profile);
    let (code, peak) = peak_memory(
        p,
        &[
            "check",
            "--no-history",
            "--as-of",
            AS_OF,
            "--format",
            "json",
        ],
    );
    assert_eq!(code, 0);
    let bound = 2 * profile.len() as u64 + (48 << 20);
    assert!(peak < bound, "peak {peak} bytes, bound {bound}");
}

#[test]
fn a_secret_in_a_resource_over_the_size_cap_is_found() {
    // Resources over 8 MiB were skipped, so a key in one passed with exit 0.
    let dir = tmp();
    let p = dir.path();
    write(
        p,
        "skills/demo/SKILL.md",
        SKILL_OK.replace("Body.", "See [data](assets/data.csv)."),
    );
    let key: String = {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        (0..16)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[(x % 32) as usize] as char
            })
            .collect()
    };
    let key = format!("AKIA{key}");
    let mut data = "id,value\n".to_string();
    while data.len() < 9 << 20 {
        data.push_str("1042,ok\n");
    }
    data.push_str(&format!("9999,{key}\n"));
    write(p, "skills/demo/assets/data.csv", &data);
    let run = check(p);
    assert_eq!(run.code, 1, "{}", head(&run.stdout));
    let found: Vec<Value> = run.json()["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "security/secret-value")
        .cloned()
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["path"], "skills/demo/assets/data.csv");
    let at = data.find(&key).unwrap();
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains(&format!("at byte {at}")),
        "{found:?}"
    );
    assert!(!run.stdout.contains(&key));
    let human = run_in(p, &["check", "--no-history", "--as-of", AS_OF]);
    assert_eq!(human.code, 1);
    assert!(!human.stdout.contains(&key) && !human.stderr.contains(&key));
}

// ------------------------------------------------------- files and folders

#[test]
fn directories_and_fifos_named_like_profiles_are_skipped() {
    let dir = tmp();
    let p = dir.path();
    fs::create_dir_all(p.join("agents/dir.profile.json/inner")).unwrap();
    write(p, "agents/dir.profile.json/inner/real.profile.json", GOOD);
    mkfifo(&p.join("agents/fifo.profile.json"));
    mkfifo(&p.join("skills/demo/SKILL.md"));
    let run = check(p);
    // The skill folder's SKILL.md is a FIFO: never opened, so the folder
    // has no SKILL.md.
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(run.has_rule("skill/missing-skill-md"), "{}", run.stdout);
    assert_eq!(run.json()["summary"]["profiles"], 1);
    // Named on the command line, a FIFO is still never opened.
    let run = check_with(p, &["agents/fifo.profile.json"]);
    assert_eq!(run.code, 0);
    assert_eq!(run.json()["summary"]["profiles"], 0);
    let report = run_in(p, &["report", "agents/dir.profile.json", "--as-of", AS_OF]);
    assert_eq!(report.code, 2);
    assert!(report.stdout.contains("Is a directory"));
}

#[test]
fn symlink_loops_and_links_out_of_the_tree() {
    let outside = tmp();
    write(outside.path(), "secret.profile.json", "not json");
    write(outside.path(), "nested/x.profile.json", "not json");
    let dir = tmp();
    let p = dir.path();
    write(p, "agents/a.profile.json", GOOD);
    let link = |target: &dyn AsRef<Path>, at: PathBuf| std::os::unix::fs::symlink(target, at);
    link(
        &outside.path().join("secret.profile.json"),
        p.join("agents/out.profile.json"),
    )
    .unwrap();
    link(&outside.path(), p.join("agents/outdir")).unwrap();
    link(&p.join("agents"), p.join("agents/loop")).unwrap();
    link(&"..", p.join("agents/up")).unwrap();
    link(&"self.profile.json", p.join("agents/self.profile.json")).unwrap();
    link(&"b.profile.json", p.join("agents/a2.profile.json")).unwrap();
    link(&"a2.profile.json", p.join("agents/b.profile.json")).unwrap();
    link(&"/nonexistent/x", p.join("agents/dangling.profile.json")).unwrap();
    link(
        &p.join("agents/a.profile.json"),
        p.join("agents/in.profile.json"),
    )
    .unwrap();
    link(&outside.path(), p.join("skills")).unwrap();
    let run = check(p);
    // Only the real file and the link to it inside the tree are profiles;
    // they share an agent_id.
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert_eq!(run.json()["summary"]["profiles"], 2);
    assert!(run
        .rules()
        .iter()
        .all(|r| r == "profile/duplicate-agent-id"));
    // Naming a link that leaves the tree is refused, not followed.
    let run = run_in(
        p,
        &[
            "check",
            "--no-history",
            "--as-of",
            AS_OF,
            "agents/out.profile.json",
        ],
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("outside the repository"),
        "{}",
        run.stderr
    );
    let run = run_in(
        p,
        &[
            "check",
            "--no-history",
            "--as-of",
            AS_OF,
            "agents/self.profile.json",
        ],
    );
    assert_eq!(run.code, 2);
}

#[test]
fn ten_thousand_files_in_one_folder() {
    let dir = tmp();
    let p = dir.path();
    fs::create_dir(p.join("agents")).unwrap();
    for i in 0..10_000 {
        fs::write(
            p.join(format!("agents/a{i:05}.profile.json")),
            good_profile(&format!("agent-{i}")),
        )
        .unwrap();
    }
    let run = check(p);
    assert_eq!(run.code, 0);
    assert_eq!(run.json()["summary"]["profiles"], 10_000);

    // The same profile copied 10k times: 10k findings, each naming a few of
    // the other files rather than all of them.
    let same = tmp();
    let q = same.path();
    fs::create_dir(q.join("agents")).unwrap();
    for i in 0..10_000 {
        fs::write(q.join(format!("agents/a{i:05}.profile.json")), GOOD).unwrap();
    }
    let run = check(q);
    assert_eq!(run.code, 1);
    assert_eq!(run.rules().len(), 10_000);
    assert!(run.stdout.len() < 50 << 20, "{} bytes", run.stdout.len());
    let human = run_in(q, &["check", "--no-history", "--as-of", AS_OF]);
    assert_eq!(human.code, 1);
    assert!(
        human.stdout.len() < 100 << 20,
        "{} bytes",
        human.stdout.len()
    );
}

#[test]
fn unreadable_files_and_folders() {
    let dir = tmp();
    let p = dir.path();
    let file = write(p, "agents/locked.profile.json", GOOD);
    let folder = p.join("more");
    write(p, "more/b.profile.json", good_profile("b"));
    fs::set_permissions(&file, fs::Permissions::from_mode(0o000)).unwrap();
    fs::set_permissions(&folder, fs::Permissions::from_mode(0o000)).unwrap();
    // Root (as in CI containers) reads through chmod 000; then the files are
    // simply valid. Anyone else must be told the file could not be read.
    let privileged = fs::read(&file).is_ok();
    let run = check(p);
    fs::set_permissions(&folder, fs::Permissions::from_mode(0o755)).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).unwrap();
    if privileged {
        assert_eq!(run.code, 0, "{}", run.stdout);
        assert_eq!(run.json()["summary"]["profiles"], 2);
    } else {
        // The unreadable folder or the unreadable file, whichever comes first.
        assert_eq!(run.code, 2, "{}", run.stdout);
        assert!(run.stderr.contains("cannot read"), "{}", run.stderr);
        assert!(run.stdout.is_empty());
    }
}

// ------------------------------------------------------------------ config

#[test]
fn config_that_is_a_directory_or_a_fifo() {
    let dir = tmp();
    let p = dir.path();
    write(p, "a.profile.json", GOOD);
    fs::create_dir(p.join(".caplint.yaml")).unwrap();
    let run = check(p);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("not a regular file"), "{}", run.stderr);
    fs::remove_dir(p.join(".caplint.yaml")).unwrap();
    mkfifo(&p.join(".caplint.yaml"));
    let run = check(p);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("not a regular file"), "{}", run.stderr);
    let run = check_with(p, &["--config", ".caplint.yaml"]);
    assert_eq!(run.code, 2);
    let run = check_with(p, &["--config", "/dev/zero"]);
    assert_eq!(run.code, 2);
}

#[test]
fn hostile_config_files() {
    let deep_flow = format!("profiles: {}\n", "[".repeat(200_000));
    let deep_closed = format!("profiles: {}{}\n", "[".repeat(200_000), "]".repeat(200_000));
    let deep_maps = format!("profiles: {}\n", "{a: ".repeat(200_000));
    let deep_block: String = (0..3000)
        .map(|i| format!("{}- \n", " ".repeat(i)))
        .collect();
    let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for i in 1..40 {
        let prev = format!("*a{}", i - 1);
        bomb.push_str(&format!("a{i}: &a{i} [{}]\n", vec![prev; 9].join(", ")));
    }
    bomb.push_str("exclude: *a39\n");
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("deep flow", deep_flow.into_bytes()),
        ("deep closed", deep_closed.into_bytes()),
        ("deep maps", deep_maps.into_bytes()),
        ("deep block", deep_block.into_bytes()),
        ("alias bomb", bomb.into_bytes()),
        ("invalid utf-8", b"profiles: [\"\xff\"]\n".to_vec()),
        ("tabs", b"profiles:\n\t- a\n".to_vec()),
        ("two documents", b"a: 1\n---\nb: 2\n".to_vec()),
        (
            "huge int",
            format!("freshness_days: {}\n", "9".repeat(10_000)).into_bytes(),
        ),
        ("1e999999", b"freshness_days: 1e999999\n".to_vec()),
        ("nan", b"freshness_days: .nan\n".to_vec()),
        ("bad glob", b"profiles: [\"[\"]\n".to_vec()),
        (
            "long line",
            format!("base: {}\n", "x: ".repeat(1 << 20)).into_bytes(),
        ),
        ("truncated", b"overrides:\n  - paths: [\"a\"\n".to_vec()),
    ];
    for (what, bytes) in cases {
        let dir = tmp();
        write(dir.path(), "a.profile.json", GOOD);
        write(dir.path(), ".caplint.yaml", &bytes);
        let run = check(dir.path());
        assert_eq!(run.code, 2, "{what}: {}", head(&run.stderr));
        assert!(run.stdout.is_empty(), "{what}");
        assert!(
            run.stderr.contains("invalid configuration") || run.stderr.contains("error"),
            "{what}"
        );
        assert!(
            run.stderr.len() < 1 << 20,
            "{what}: {} bytes of stderr",
            run.stderr.len()
        );
        assert!(
            run.elapsed < Duration::from_secs(20),
            "{what}: {:?}",
            run.elapsed
        );
    }
    // A BOM before a valid config is accepted.
    let dir = tmp();
    write(dir.path(), "a.profile.json", GOOD);
    write(dir.path(), ".caplint.yaml", "\u{feff}freshness_days: 30\n");
    assert_eq!(check(dir.path()).code, 0);
}

// ------------------------------------------------------------------ skills

#[test]
fn hostile_frontmatter() {
    let deep = format!(
        "---\nname: demo\ndescription: {}\n---\nBody\n",
        "[".repeat(200_000)
    );
    let deep_closed = format!(
        "---\nname: demo\ndescription: x\nmetadata: {}{}\n---\nBody\n",
        "{a: ".repeat(100_000),
        "}".repeat(100_000)
    );
    let mut bomb = String::from("---\nname: demo\ndescription: x\nmetadata:\n  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..40 {
        let prev = format!("*a{}", i - 1);
        bomb.push_str(&format!("  a{i}: &a{i} [{}]\n", vec![prev; 9].join(", ")));
    }
    bomb.push_str("---\nBody\n");
    let big = format!(
        "---\nname: demo\ndescription: x\nnotes: |\n{}---\nBody\n",
        "  lorem ipsum dolor sit amet\n".repeat(300 << 10 >> 4)
    );
    let unclosed = format!(
        "---\nname: demo\ndescription: x\n{}",
        "k: v\n".repeat(100_000)
    );
    let cases: Vec<(&str, Vec<u8>, Option<&str>)> = vec![
        (
            "deep flow",
            deep.into_bytes(),
            Some("skill/invalid-frontmatter"),
        ),
        ("deep closed", deep_closed.into_bytes(), None),
        (
            "alias bomb",
            bomb.into_bytes(),
            Some("skill/yaml-portability"),
        ),
        (
            "over 256 KiB",
            big.into_bytes(),
            Some("skill/frontmatter-too-large"),
        ),
        (
            "no closing fence",
            unclosed.into_bytes(),
            Some("skill/invalid-frontmatter"),
        ),
        (
            "bom",
            format!("\u{feff}{SKILL_OK}").into_bytes(),
            Some("skill/byte-order-mark"),
        ),
        (
            "invalid utf-8",
            b"---\nname: demo\ndescription: caf\xe9\n---\nBody\n".to_vec(),
            None,
        ),
        (
            "nul",
            b"---\nname: demo\ndescription: a\0b\n---\nBody\0\n".to_vec(),
            None,
        ),
        ("empty", Vec::new(), Some("skill/invalid-frontmatter")),
        (
            "only a fence",
            b"---".to_vec(),
            Some("skill/invalid-frontmatter"),
        ),
        ("crlf", SKILL_OK.replace('\n', "\r\n").into_bytes(), None),
        ("lone cr", SKILL_OK.replace('\n', "\r").into_bytes(), None),
        (
            "long line",
            format!("{SKILL_OK}{}\n", "word ".repeat(1 << 20)).into_bytes(),
            None,
        ),
    ];
    for (what, bytes, rule) in cases {
        let dir = tmp();
        write(dir.path(), "skills/demo/SKILL.md", &bytes);
        let run = check(dir.path());
        assert!(
            run.code == 0 || run.code == 1,
            "{what}: {}\n{}",
            run.code,
            head(&run.stderr)
        );
        assert_eq!(run.json()["summary"]["skills"], 1, "{what}");
        assert!(
            run.elapsed < Duration::from_secs(30),
            "{what}: {:?}",
            run.elapsed
        );
        assert_spans_sane(dir.path(), &run);
        if let Some(rule) = rule {
            assert!(
                run.has_rule(rule),
                "{what}: expected {rule}: {}",
                head(&run.stdout)
            );
        }
        let human = run_in(dir.path(), &["check", "--no-history", "--as-of", AS_OF]);
        assert_eq!(human.code, run.code, "{what}");
        assert!(
            human.stdout.len() < 8 << 20,
            "{what}: {} bytes",
            human.stdout.len()
        );
    }
}

#[test]
fn binary_resources_and_odd_files_in_a_skill_folder() {
    let dir = tmp();
    let p = dir.path();
    let body = "---\nname: demo\ndescription: Does one thing.\n---\nSee [data](data.bin), `scripts/run.py`, [img](logo.png) and [x](nul.txt).\n";
    write(p, "skills/demo/SKILL.md", body);
    let mut binary: Vec<u8> = (0..=255u8).cycle().take(1 << 20).collect();
    binary.extend_from_slice(b"AKIAQWERTYUIOPASDFGH\0");
    write(p, "skills/demo/data.bin", &binary);
    write(p, "skills/demo/logo.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR");
    write(p, "skills/demo/nul.txt", b"a\0b\0c\n");
    write(p, "skills/demo/scripts/run.py", "print('hi')\n");
    write(p, "skills/demo/empty", b"");
    mkfifo(&p.join("skills/demo/pipe.md"));
    fs::create_dir_all(p.join("skills/demo/SKILL.md.d")).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", p.join("skills/demo/passwd")).unwrap();
    std::os::unix::fs::symlink("loop", p.join("skills/demo/loop")).unwrap();
    std::os::unix::fs::symlink("..", p.join("skills/demo/up")).unwrap();
    let run = check(p);
    assert!(run.code == 0 || run.code == 1, "{}", head(&run.stderr));
    assert_eq!(run.json()["summary"]["skills"], 1);
    assert_spans_sane(p, &run);
    assert!(
        run.has_rule("skill/reference-escapes"),
        "{}",
        head(&run.stdout)
    );
}
