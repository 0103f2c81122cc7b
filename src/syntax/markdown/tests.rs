use super::*;
use crate::syntax::markdown_words::{is_ascii_space, word};

fn refs(text: &str) -> Vec<(RefKind, String, String)> {
    markdown(text, 0..text.len())
        .into_iter()
        .map(|r| (r.kind, r.text, text[r.span.range()].to_string()))
        .collect()
}

fn prose(text: &str) -> Vec<String> {
    refs(text)
        .into_iter()
        .filter(|r| r.0 == RefKind::Prose)
        .map(|r| r.1)
        .collect()
}

#[test]
fn links_images_and_definitions() {
    let text = "See [the guide](references/guide.md#setup \"Guide\") and ![d](assets/a%20b.png).\n[ref]: <docs/x y.md>\n[^1]: not a link\n[web](https://example.com) [top](#top) [mail](mailto:a@b.c)\n<a href=\"forms/f.html\">x</a>\n![Image](`/docs-assets/a.png?v=4`)\n";
    let r = refs(text);
    let links: Vec<_> = r
        .iter()
        .filter(|r| r.0 == RefKind::Link)
        .map(|r| (r.1.as_str(), r.2.as_str()))
        .collect();
    assert_eq!(
        links,
        vec![
            ("references/guide.md", "references/guide.md"),
            ("assets/a b.png", "assets/a%20b.png"),
            ("docs/x y.md", "docs/x y.md"),
            ("forms/f.html", "forms/f.html"),
        ]
    );
    // Link texts and URLs are not prose words.
    assert!(!prose(text)
        .iter()
        .any(|w| w.contains("guide") || w.contains("example")));
}

#[test]
fn prose_and_inline_code_words() {
    let text = "Run `python scripts/extract.py input.pdf` then read references/guide.md, or (exceptions.md).\n";
    assert_eq!(
        prose(text),
        vec![
            "scripts/extract.py",
            "input.pdf",
            "references/guide.md",
            "exceptions.md"
        ]
    );
    // Words between overlapping taken ranges (a code span inside a
    // link, tags around a word) are each found once.
    let text = "a.md [`x.md` b.md](y.md) c.md <b>z.md</b> <i>`q.md`</i>w.md\n";
    let mut got = refs(text);
    let mut want = vec![
        (RefKind::Prose, "a.md"),
        // A link's back-ticked label names a file; the destination is
        // the reference.
        (RefKind::Code, "x.md"),
        (RefKind::Link, "y.md"),
        (RefKind::Prose, "c.md"),
        (RefKind::Prose, "z.md"),
        (RefKind::Prose, "q.md"),
        (RefKind::Prose, "w.md"),
    ];
    want.sort_by_key(|w| w.1);
    got.sort_by(|a, b| a.1.cmp(&b.1));
    let got: Vec<(RefKind, &str)> = got.iter().map(|r| (r.0, r.1.as_str())).collect();
    assert_eq!(got, want);
    // Plain words are never file names in Markdown, so none is kept,
    // but a back-ticked one may be a file's stem in an index.
    let text = "Use scripts for `python` and [x](y.md) then `lib/`\n```\ncd scripts\n```\n";
    let kept: Vec<(RefKind, String)> = refs(text).into_iter().map(|r| (r.0, r.1)).collect();
    assert_eq!(
        kept,
        vec![
            (RefKind::Link, "y.md".into()),
            (RefKind::Name, "python".into()),
            (RefKind::Prose, "lib/".into())
        ]
    );
    let text = "Use **forms.md** and _notes.md_ but `__init__.py` stays.\n";
    let p = prose(text);
    assert!(p.contains(&"forms.md".to_string()), "{p:?}");
    assert!(p.contains(&"notes.md".to_string()), "{p:?}");
    assert!(p.contains(&"__init__.py".to_string()), "{p:?}");
}

#[test]
fn spans_point_at_the_path() {
    let text = "Read `scripts/run.py` and guide.md.\n";
    let r = markdown(text, 0..text.len());
    let run = r.iter().find(|r| r.text == "scripts/run.py").unwrap();
    assert_eq!(&text[run.span.range()], "scripts/run.py");
    let g = r.iter().find(|r| r.text == "guide.md").unwrap();
    assert_eq!(&text[g.span.range()], "guide.md");
}

#[test]
fn fenced_code_is_code() {
    let text =
        "```bash\npython scripts/fill.py out/report.pdf\n```\n  ~~~\n  x.md\n  ~~~\nafter.md\n";
    let r = refs(text);
    assert!(r.contains(&(
        RefKind::Code,
        "scripts/fill.py".into(),
        "scripts/fill.py".into()
    )));
    assert!(r.contains(&(
        RefKind::Code,
        "out/report.pdf".into(),
        "out/report.pdf".into()
    )));
    assert!(r.contains(&(RefKind::Code, "x.md".into(), "x.md".into())));
    assert!(r.contains(&(RefKind::Prose, "after.md".into(), "after.md".into())));
}

#[test]
fn urls_emails_templates_and_globs() {
    let text = "Visit https://x.org/a/b.md or mail a@b.co; see `{lang}/claude-api/README.md` and `shared/*.md`.\n";
    let r = refs(text);
    assert!(
        !r.iter()
            .any(|r| r.1.contains("x.org") || r.1.contains("b.co")),
        "{r:?}"
    );
    assert!(
        r.contains(&(
            RefKind::Prose,
            "{lang}/claude-api/README.md".into(),
            "{lang}/claude-api/README.md".into()
        )),
        "{r:?}"
    );
    assert!(
        r.contains(&(RefKind::Code, "shared/*.md".into(), "shared/*.md".into())),
        "{r:?}"
    );
}

#[test]
fn python_imports_become_paths() {
    let text = "from helpers.merge_runs import merge_runs as m\nimport os, validators\nfrom . import utils\nfrom core.frames import (\n  a,\n)\n  python -m scripts.aggregate x\n";
    let got: Vec<String> = python_imports(text).into_iter().map(|r| r.text).collect();
    for want in [
        "helpers/merge_runs.py",
        "helpers/merge_runs/merge_runs.py",
        "validators",
        "os.py",
        "utils.py",
        "core/frames.py",
        "scripts/aggregate.py",
    ] {
        assert!(got.contains(&want.to_string()), "{want}: {got:?}");
    }
}

#[test]
fn examples_are_marked() {
    let kinds = |text: &str| -> Vec<(String, RefKind)> {
        markdown(text, 0..text.len())
            .into_iter()
            .filter(|r| r.text.contains('/'))
            .map(|r| (r.text, r.kind))
            .collect()
    };
    let text = "- **Example**: `scripts/rotate.py` for rotation\n- Run `scripts/real.py` now\n\nExample: a skill would need:\n\n1. A `references/schema.md` file\n\nRead `examples/guide.md`, e.g. for tone.\nRead `examples/other.md`.\n\n## Next\n\n- See `references/x.md`\n";
    assert_eq!(
        kinds(text),
        vec![
            ("scripts/rotate.py".into(), RefKind::Example),
            ("scripts/real.py".into(), RefKind::Prose),
            ("references/schema.md".into(), RefKind::Example),
            ("examples/guide.md".into(), RefKind::Example),
            ("examples/other.md".into(), RefKind::Example),
            ("references/x.md".into(), RefKind::Prose),
        ]
    );
    assert!(!has_example_marker(
        "Read `examples/a.md` and examples/b.md"
    ));
    assert!(has_example_marker("Use one such as this"));
    assert!(has_example_marker("- **Examples**: a, b"));
    assert!(has_example_marker("Do it, for example, like this"));
    assert!(has_example_marker(
        "  - ✅ GOOD: \"For errors, see `references/error-handling.md`\""
    ));
    assert!(has_example_marker(
        "  - ❌ **Bad:** see `references/docs.md`"
    ));
    assert!(!has_example_marker("A good skill reads `references/a.md`"));
    assert!(!has_example_marker("Badges live in `assets/badge.svg`"));
    assert!(!has_example_marker(
        "See references/x.md for template and example patterns"
    ));
}

#[test]
fn words_split_at_every_unicode_whitespace() {
    let spans = |s: &str, refs: Vec<Ref>| -> Vec<String> {
        refs.iter().map(|r| s[r.span.range()].to_string()).collect()
    };
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        if c.is_ascii() {
            assert_eq!(is_ascii_space(c as u8), c.is_whitespace(), "{c:?}");
        }
        // The byte scans split exactly where `char::is_whitespace` does;
        // any other char leaves one word.
        let s = format!("a.md{c}b/c{c}d");
        let mut got = Vec::new();
        words(&s, 0..s.len(), 0, &mut got);
        let mut want = Vec::new();
        if c.is_whitespace() {
            let d = c.len_utf8();
            word(&s, 0..4, 0, &mut want);
            word(&s, 4 + d..7 + d, 0, &mut want);
        } else {
            word(&s, 0..s.len(), 0, &mut want);
        }
        assert_eq!(spans(&s, got), spans(&s, want), "{c:?}");
    }
    let text = "see\u{a0}docs/a.md\u{3000}and\u{2028}b.md\u{85}x\u{1c}c.md";
    assert_eq!(prose(text), vec!["docs/a.md", "b.md"]);
    // U+001C is no whitespace: the word is split like code.
    assert!(refs(text).contains(&(RefKind::Code, "c.md".into(), "c.md".into())));
}

#[test]
fn example_marker_prefilter() {
    for line in [
        "E.G. this",
        "For *example* that",
        "such_as",
        "e*x*a*m*p*l*e",
        "An EXAMPLE",
        "__InStAnCe__",
        "eg.",
    ] {
        assert!(may_have_example_marker(line), "{line:?}");
    }
    for line in [
        "exam-ple",
        "\u{17f}uch",
        "e g",
        "eg",
        "E-G",
        "inst ance",
        "",
    ] {
        assert!(!may_have_example_marker(line), "{line:?}");
    }
    assert!(has_example_marker("E.G. this"));
    assert!(has_example_marker("For *example*, run it"));
    assert!(!has_example_marker("such_as"));
}

#[test]
fn percent_decoding() {
    assert_eq!(percent_decode("a%20b.md"), "a b.md");
    assert_eq!(percent_decode("100%"), "100%");
    assert_eq!(percent_decode("%zz"), "%zz");
}

#[test]
fn placeholder_paths_in_a_markdown_sample_are_the_samples() {
    let text = "```markdown\nRun `uv run {baseDir}/scripts/a.py` and see x/b.md.\n```\n\
                ```bash\nuv run {baseDir}/scripts/c.py\n```\n\
                ~~~ md title=\"x\"\n${CLAUDE_SKILL_DIR}/d.md\n~~~\n";
    let r = refs(text);
    let kind = |t: &str| r.iter().find(|x| x.1 == t).map(|x| x.0);
    assert_eq!(kind("{baseDir}/scripts/a.py"), Some(RefKind::Sample));
    // Only placeholder paths: other words of the sample stay code.
    assert_eq!(kind("x/b.md"), Some(RefKind::Code));
    assert_eq!(kind("{baseDir}/scripts/c.py"), Some(RefKind::Code));
    assert_eq!(kind("${CLAUDE_SKILL_DIR}/d.md"), Some(RefKind::Sample));
}

/// The link destinations found in `text`.
fn links(text: &str) -> Vec<String> {
    refs(text)
        .into_iter()
        .filter(|r| r.0 == RefKind::Link)
        .map(|r| r.1)
        .collect()
}

#[test]
fn fences_nested_in_a_markdown_sample_pair_as_written() {
    // The sample's own ```bash block closes at its bare fence, and the
    // link after it is still the sample's.
    let text = "```markdown\n# Session\n\n```bash\npytest\n```\n\n| [plan](../plans/p.md) |\n```\n\nSee [the guide](guide.md).\n";
    assert_eq!(links(text), ["guide.md"]);
    // A sample whose nested fences never pair closes as CommonMark says,
    // and so does every later one.
    let text = "```markdown\n```bash\nx\n```\n[a](a.md)\n";
    assert_eq!(links(text), ["a.md"]);
    // Outside a Markdown sample nothing changes.
    let text = "```text\n```bash\n```\n[b](b.md)\n```\n";
    assert_eq!(links(text), ["b.md"]);
}

#[test]
fn addresses_of_example_domains_without_a_scheme_are_no_files() {
    let text = "<img src=\"example.com/cdn-cgi/width=300/image.png\">\n[api](www.example.org/v1/x.md) [n](api.example.net)\n";
    assert_eq!(links(text), Vec::<String>::new());
    // Only the reserved names: a file or a folder that merely looks like one.
    let text = "[a](examples.com/x.md) [b](myexample.com/y.md) [c](example.md)\n";
    assert_eq!(
        links(text),
        ["examples.com/x.md", "myexample.com/y.md", "example.md"]
    );
}
