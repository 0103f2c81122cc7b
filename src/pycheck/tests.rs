use super::*;

/// The report of the seed document's worked example.
const FIXTURE_REPORT: &str = include_str!("seed_report.txt");

fn day(s: &str) -> Date {
    Date::parse_ymd(s).unwrap()
}

fn check(json: &str, as_of: &str) -> ReportOutcome {
    let profile = pyjson::load_bytes(json.as_bytes()).unwrap();
    let checked = check_profile(&profile, day(as_of));
    let mut out = Out::default();
    print_report(&checked, &mut out);
    assert_eq!(out.bad, None);
    ReportOutcome {
        stdout: out.text,
        exit_code: u8::from(!checked.errors.is_empty()),
    }
}

fn lines(out: &ReportOutcome) -> Vec<&str> {
    out.stdout.lines().collect()
}

#[test]
fn fixture_matches_the_worked_example() {
    let out = run(None, Some("2026-10-15"), true, day("2000-01-01"));
    assert_eq!(out.stdout, FIXTURE_REPORT);
    assert_eq!(out.exit_code, 1);
    // Without --as-of, `today` is used; an empty --as-of counts as absent.
    for as_of in [None, Some("")] {
        let out = run(None, as_of, true, day("2026-10-15"));
        assert_eq!(out.stdout, FIXTURE_REPORT);
    }
    let stale = run(None, Some("2027-01-01"), true, day("2000-01-01"));
    assert!(stale.stdout.contains("age_days: 92\nstale: yes\n"));
    assert!(stale
        .stdout
        .contains("warnings: 1\n  warning: profile is stale: age 92 days over limit 90\n"));
}

#[test]
fn usage_errors() {
    let today = day("2026-01-01");
    for bad in ["2026-1-5", "2026-13-01", "tomorrow", " 2026-01-05"] {
        let out = run(None, Some(bad), true, today);
        assert_eq!(out.stdout, "error: --as-of must be YYYY-MM-DD\n");
        assert_eq!(out.exit_code, 2);
    }
    let out = run(None, Some("2026-01-01"), false, today);
    assert_eq!(out.stdout, "error: give a profile path or --make-fixture\n");
    assert_eq!(out.exit_code, 2);
    let out = run(Some(Path::new("")), None, false, today);
    assert_eq!(out.stdout, "error: give a profile path or --make-fixture\n");
    // The --as-of check comes first.
    let out = run(None, Some("x"), false, today);
    assert_eq!(out.stdout, "error: --as-of must be YYYY-MM-DD\n");
}

#[cfg(unix)]
#[test]
fn endless_devices_stop_at_the_size_limit() {
    let today = day("2026-01-01");
    let out = run(Some(Path::new("/dev/zero")), None, false, today);
    assert_eq!(
        out.stdout,
        "error: cannot read profile: the file is larger than 128 MiB\n"
    );
    assert_eq!(out.exit_code, 2);
    // An empty device reads as an empty file, as in the reference.
    let out = run(Some(Path::new("/dev/null")), None, false, today);
    assert_eq!(
        out.stdout,
        "error: cannot read profile: Expecting value: line 1 column 1 (char 0)\n"
    );
}

#[test]
fn run_bytes_matches_run_on_a_file() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("a.profile.json");
    for bytes in [FIXTURE.as_bytes(), b"{", b"\xff", b"[]", b""] {
        std::fs::write(&path, bytes).unwrap();
        let today = day("2026-10-15");
        assert_eq!(
            run(Some(&path), None, false, today),
            run_bytes(bytes, today)
        );
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_blocking() {
    let tmp = tempfile::tempdir().unwrap();
    let fifo = tmp.path().join("pipe.profile.json");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    extern "C" {
        #[link_name = "mkfifo"]
        fn libc_mkfifo(path: *const std::ffi::c_char, mode: u32) -> i32;
    }
    // SAFETY: mkfifo with a valid NUL-terminated path.
    assert_eq!(unsafe { libc_mkfifo(c.as_ptr(), 0o644) }, 0);
    let (tx, rx) = std::sync::mpsc::channel();
    let path = fifo.clone();
    std::thread::spawn(move || {
        let _ = tx.send(run(Some(&path), None, false, day("2026-10-15")));
    });
    let out = rx
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("report on a FIFO must not block");
    assert_eq!(out.exit_code, 2);
    assert!(out.stdout.contains("not a regular file"), "{}", out.stdout);
}

#[test]
fn os_errors_name_the_path() {
    let today = day("2026-01-01");
    let out = run(Some(Path::new("no/such'file.json")), None, false, today);
    assert_eq!(
        out.stdout,
        "error: cannot read profile: [Errno 2] No such file or directory: \"no/such'file.json\"\n"
    );
    assert_eq!(out.exit_code, 2);
    let out = run(Some(Path::new(".")), None, false, today);
    assert_eq!(
        out.stdout,
        "error: cannot read profile: [Errno 21] Is a directory: '.'\n"
    );
    let out = run(Some(Path::new("Cargo.toml/x")), None, false, today);
    assert_eq!(
        out.stdout,
        "error: cannot read profile: [Errno 20] Not a directory: 'Cargo.toml/x'\n"
    );
}

#[test]
fn not_an_object() {
    let out = check("[1, 2]", "2026-01-01");
    assert_eq!(
        out.stdout,
        "agent_id: -\nversion: -\ndeclared_at: -\nage_days: -1\nstale: unknown\nskills: 0: -\n\
         levels: basic 0, proficient 0, advanced 0\nskills_without_evidence: 0: -\ntools: 0: -\n\
         access: none 0, read 0, write 0, execute 0\ntools_without_evidence: 0: -\nlimits: 0\n\
         evidence_entries: 0\nerrors: 1\n  error: profile is not a JSON object\nwarnings: 0\nverdict: FAIL\n"
    );
    assert_eq!(out.exit_code, 1);
}

#[test]
fn passing_profile() {
    let out = check(
        r#"{"agent_id": "a", "version": "1", "declared_at": "2026-01-01",
            "skills": [{"name": "s", "level": "basic", "evidence": [{"kind": "log", "ref": "r"}]}],
            "tools": [{"name": "t", "access": "none"}], "limits": ["x"]}"#,
        "2026-04-01",
    );
    assert_eq!(out.exit_code, 0);
    assert!(out.stdout.contains("age_days: 90\nstale: no\n"));
    assert!(out
        .stdout
        .ends_with("errors: 0\nwarnings: 0\nverdict: PASS\n"));
}

#[test]
fn field_checks_and_counting_quirks() {
    let out = check(
        r#"{"agent_id": " \u001f ", "version": 3, "declared_at": "2026-1-5",
            "skills": [1, {"name": ""}, {"name": "b", "level": true, "evidence": [2, {"kind": "log", "ref": " "}, {"kind": "test", "ref": "ok"}]},
                       {"name": "a", "level": "basic", "evidence": []}, {"name": "b", "level": "advanced", "evidence": {}}],
            "tools": [{"name": "t", "access": 1.0, "evidence": []}, {"name": "t", "access": "write", "evidence": [{"kind": "Log", "ref": "x"}]}, "x"],
            "limits": []}"#,
        "2026-01-01",
    );
    assert_eq!(
        lines(&out),
        [
            "agent_id: -",
            "version: -",
            "declared_at: 2026-1-5",
            "age_days: -1",
            "stale: unknown",
            "skills: 5: a, b, b",
            "levels: basic 1, proficient 0, advanced 1",
            "skills_without_evidence: 3: a, b, b",
            "tools: 3: t, t",
            "access: none 0, read 0, write 1, execute 0",
            "tools_without_evidence: 1: t",
            "limits: 0",
            "evidence_entries: 1",
            "errors: 15",
            "  error: agent_id: missing or empty",
            "  error: version: missing or empty",
            "  error: declared_at: missing or not YYYY-MM-DD",
            "  error: skills: entry is not an object",
            "  error: skills: entry with missing name",
            "  error: skill b: bad level True",
            "  error: skill b: evidence entry is not an object",
            "  error: skill b: evidence ref is empty",
            "  error: skill a: no evidence",
            "  error: skill b: no evidence",
            "  error: tool t: bad access 1.0",
            "  error: tool t: bad evidence kind 'Log'",
            "  error: tools: entry is not an object",
            "  error: skills: duplicate name b",
            "  error: tools: duplicate name t",
            "warnings: 1",
            "  warning: limits: empty list, no limits declared",
            "verdict: FAIL",
        ]
    );
}

#[test]
fn future_and_missing_lists() {
    let out = check(
        r#"{"agent_id": "a", "version": "1", "declared_at": "2026-02-01", "skills": null}"#,
        "2026-01-01",
    );
    assert!(out
        .stdout
        .contains("declared_at: 2026-02-01\nage_days: -31\nstale: unknown\n"));
    assert!(out.stdout.contains(
        "  error: declared_at: date is after as_of\n  error: skills: missing or not a list\n  \
         error: tools: missing or not a list\n  error: limits: missing or not a list\n"
    ));
}

#[test]
fn containers_as_level_access_or_kind_are_reported() {
    let out = check(
        r#"{"skills": [{"name": "s", "level": ["basic", {"a": null}], "evidence": [{"kind": {}, "ref": "r"}]}],
            "tools": [{"name": "t", "access": {"k'": [1e16, NaN]}}]}"#,
        "2026-01-01",
    );
    assert!(out
        .stdout
        .contains("  error: skill s: bad level ['basic', {'a': None}]\n"));
    assert!(out
        .stdout
        .contains("  error: skill s: bad evidence kind {}\n"));
    assert!(out
        .stdout
        .contains("  error: tool t: bad access {\"k'\": [1e+16, nan]}\n"));
}

#[test]
fn lone_surrogates_cannot_be_printed() {
    let dir = std::env::temp_dir().join(format!("caplint-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s.profile.json");
    std::fs::write(
        &file,
        r#"{"agent_id": "a\ud800", "skills": [{"name": "\udcff"}]}"#,
    )
    .unwrap();
    let out = run(Some(&file), Some("2026-01-01"), false, day("2026-01-01"));
    assert_eq!(
        out.stdout,
        "error: cannot read profile: 'utf-8' codec can't encode character '\\ud800': surrogates not allowed\n"
    );
    assert_eq!(out.exit_code, 2);
    // In a repr the surrogate is escaped, so it prints fine.
    std::fs::write(&file, r#"{"skills": [{"name": "x", "level": "\ud800"}]}"#).unwrap();
    let out = run(Some(&file), Some("2026-01-01"), false, day("2026-01-01"));
    assert!(
        out.stdout
            .contains("  error: skill x: bad level '\\ud800'\n"),
        "{}",
        out.stdout
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
