//! A secret's bytes must reach no output: escaped credentials, values in a
//! frontmatter that fails to parse, the language server's code actions,
//! file names. Every test makes its token at run time (no credential-shaped
//! string is written here) and looks for a piece of it in every output.

use crate::support::*;

const PROFILE: &str = "agents/research.profile.json";

/// A GitHub-token-shaped value, different for each `seed`.
fn token(seed: u64) -> String {
    let alphabet = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let random: String = (0..30)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            alphabet[(s % alphabet.len() as u64) as usize] as char
        })
        .collect();
    caplint::secrets::github_token(&format!("ghp{}", '_'), &random)
}

/// Fails when `text` holds the token's body or any 8 characters of it.
fn assert_masked(what: &str, text: &str, token: &str) {
    let body = &token[4..];
    for i in 0..=body.len() - 8 {
        assert!(
            !text.contains(&body[i..i + 8]),
            "{what} leaks the secret:\n{text}"
        );
    }
}

/// Each `security/secret-value` finding of a JSON report: its path and
/// severity.
fn secret_findings(json: &serde_json::Value) -> Vec<(&str, &str)> {
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "security/secret-value")
        .map(|d| (d["path"].as_str().unwrap(), d["severity"].as_str().unwrap()))
        .collect()
}

fn all_output(out: &std::process::Output) -> String {
    format!("{}{}", stdout(out), stderr(out))
}

#[test]
fn an_escaped_token_in_a_profile_is_found_and_never_printed() {
    let t = token(1);
    for escaped in [
        t.replacen('_', "\\u005f", 1),
        t.replacen('g', "\\u0067", 1),
        t.replace('p', "\\u0070"),
    ] {
        let r = Repo::new();
        let notes = GOOD.replace(
            "\"limits\"",
            &format!("\"notes\": \"{escaped}\",\n  \"limits\""),
        );
        r.write(PROFILE, &notes);
        let (code, out) = r.check_in("json", &["--no-history"]);
        assert_eq!(code, 1, "{out}");
        assert!(rules_in(&out).contains(&"security/secret-value".to_string()));
        for format in ["human", "concise", "json", "github", "sarif"] {
            let (_, out) = r.check_in(format, &["--no-history"]);
            assert_masked(format, &out, &t);
        }
    }
}

#[test]
fn an_escaped_token_as_a_level_is_masked_by_history_diff_and_report() {
    let t = token(2);
    let escaped = t.replacen('_', "\\u005f", 1);
    let mut r = Repo::new();
    r.write(PROFILE, GOOD);
    r.commit("base");
    let bad = GOOD.replace("\"proficient\"", &format!("\"{escaped}\""));
    r.write(PROFILE, &bad);
    let (code, out) = r.check_in("json", &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        rules_in(&out).contains(&"security/secret-value".to_string()),
        "{out}"
    );
    for format in ["human", "concise", "json", "github", "sarif"] {
        let (_, out) = r.check_in(format, &[]);
        assert_masked(format, &out, &t);
    }
    r.commit("raise to a token");
    // And back: the token is only in a revision now.
    r.write(PROFILE, GOOD);
    r.commit("back");
    for args in [
        &["history"][..],
        &["history", "--format", "json"],
        &["diff", "HEAD~2", "HEAD~1"],
        &["diff", "HEAD~2", "HEAD~1", "--format", "markdown"],
        &["diff", "HEAD~2", "HEAD~1", "--format", "json"],
        &["diff", "HEAD~1", "HEAD", "--format", "markdown"],
    ] {
        let out = r.run(args);
        assert_masked(&format!("{args:?}"), &all_output(&out), &t);
    }
    r.write(PROFILE, &bad);
    let out = r.run(&["report", PROFILE, "--as-of", AS_OF]);
    assert_masked("report", &all_output(&out), &t);
}

#[test]
fn an_escaped_token_in_yaml_frontmatter_is_found_and_never_printed() {
    let t = token(3);
    let escaped = t.replacen('_', "\\x5f", 1);
    let cases = [
        format!("---\nname: \"{escaped}\"\ndescription: Does one thing.\n---\n# Demo\n"),
        format!("---\nname: demo\ndescription: Does one thing.\ncategory: \"{escaped}\"\n---\n# Demo\n"),
        format!("---\nname: demo\ndescription: Does one thing.\nversion: \"{escaped}\"\n---\n# Demo\n"),
        format!("---\nname: demo\ndescription: Does one thing.\nallowed-tools: [\"{escaped}\"]\n---\n# Demo\n"),
        format!("---\nname: demo\ndescription: Does one thing.\n\"{escaped}\": x\n---\n# Demo\n"),
        format!("---\nname: demo\ndescription: \"<b>{escaped}</b>\"\n---\n# Demo\n"),
    ];
    for text in &cases {
        let r = Repo::new();
        r.write("skills/demo/SKILL.md", text);
        let args = ["--no-history", "--target", "claude", "--target", "platform"];
        let (code, out) = r.check_in("json", &args);
        assert_eq!(code, 1, "{text}\n{out}");
        assert!(
            rules_in(&out).contains(&"security/secret-value".to_string()),
            "{text}\n{out}"
        );
        for format in ["human", "concise", "json", "github", "sarif"] {
            let (_, out) = r.check_in(format, &args);
            assert_masked(&format!("{format} of {text}"), &out, &t);
        }
    }
}

#[test]
fn a_secret_in_frontmatter_that_fails_to_parse_is_masked() {
    let t = token(4);
    let body = &t[4..28];
    let url = format!(
        "https://hooks.slack{}com/services/T{}/B{}/{body}",
        '.',
        t[4..14].to_ascii_uppercase(),
        t[14..24].to_ascii_uppercase()
    );
    for fm in [
        format!("description: Posts alerts to the webhook: {url}"),
        format!("description: Alerts: {url}: now"),
        format!("description: x\nmetadata:\n  hook: a: {url}"),
        format!("description: \"unterminated {url}"),
        format!("description: x\nwebhook: {url}\n\tbad: tab"),
    ] {
        let r = Repo::new();
        let text = format!("---\nname: demo\n{fm}\n---\n# Demo\n");
        r.write("skills/demo/SKILL.md", &text);
        let (code, out) = r.check_in("json", &["--no-history"]);
        assert_eq!(code, 1, "{text}\n{out}");
        for format in ["human", "concise", "json", "github", "sarif"] {
            let (_, out) = r.check_in(format, &["--no-history"]);
            for i in 0..body.len() - 8 {
                assert!(
                    !out.contains(&body[i..i + 8]),
                    "{format} of {text} leaks:\n{out}"
                );
            }
        }
    }
}

#[test]
fn a_secret_in_a_file_name_folder_name_or_link_target_is_found_and_masked() {
    let t = token(5);
    let skill = "---\nname: demo\ndescription: Does one thing well.\n---\n# Demo\n\nRead [the notes](notes.md).\n";
    type Make<'a> = Box<dyn Fn(&Repo) + 'a>;
    let cases: Vec<Make> = vec![
        Box::new(|r: &Repo| r.write(&format!("skills/demo/{t}.md"), "x\n")),
        Box::new(|r: &Repo| r.write(&format!("skills/demo/{t}/x.md"), "x\n")),
        Box::new(|r: &Repo| {
            std::os::unix::fs::symlink(
                format!("../{t}/notes.md"),
                r.path().join("skills/demo/notes-link.md"),
            )
            .unwrap()
        }),
        Box::new(|r: &Repo| r.write(&format!("agents/{t}.profile.json"), GOOD)),
    ];
    for (i, make) in cases.iter().enumerate() {
        let r = Repo::new();
        r.write("skills/demo/SKILL.md", skill);
        r.write("skills/demo/notes.md", "# Notes\n");
        make(&r);
        let (code, out) = r.check_in("json", &["--no-history"]);
        assert_eq!(code, 1, "case {i}: {out}");
        assert!(
            rules_in(&out).contains(&"security/secret-value".to_string()),
            "case {i}: {out}"
        );
        for format in ["human", "concise", "json", "github", "sarif"] {
            let (_, out) = r.check_in(format, &["--no-history"]);
            assert_masked(&format!("case {i} {format}"), &out, &t);
        }
        r.git(&["add", "-A"]);
        let (_, out) = r.check_in("human", &["--staged"]);
        assert_masked(&format!("case {i} --staged"), &out, &t);
    }
}

#[test]
fn a_secret_in_an_old_revisions_file_name_is_masked_by_history_and_diff() {
    let t = token(6);
    let mut r = Repo::new();
    let named = format!("agents/{t}.profile.json");
    r.write(&named, GOOD);
    r.commit("a profile named after a token");
    std::fs::remove_file(r.path().join(&named)).unwrap();
    r.write(PROFILE, &GOOD.replace("proficient", "advanced"));
    r.commit("renamed, and a claim raised");
    for args in [
        &["history"][..],
        &["history", "--format", "json"],
        &["diff", "HEAD~1", "HEAD"],
        &["diff", "HEAD~1", "HEAD", "--format", "markdown"],
        &["diff", "HEAD~1", "HEAD", "--format", "json"],
    ] {
        let out = r.run(args);
        assert_masked(&format!("{args:?}"), &all_output(&out), &t);
    }
}

#[test]
fn an_indented_private_key_masks_itself_and_not_the_outputs_layout() {
    // A PEM block indented in YAML, each line ending in a digit, the way
    // a JSON document ends a number before a line break and indentation.
    let t = token(7);
    let body: Vec<String> = (0..4)
        .map(|i| format!("{}{}{i}", &t[4..], &t[4..28]))
        .collect();
    let pem = format!(
        "-----BEGIN RSA {}-----\n        {}\n        -----END RSA {}-----",
        "PRIVATE KEY",
        body.join("\n        "),
        "PRIVATE KEY"
    );
    let r = Repo::new();
    r.write(
        "skills/deploy/SKILL.md",
        "---\nname: deploy\ndescription: When deploying.\n---\nSee [the stack](stack.yaml).\n",
    );
    r.write(
        "skills/deploy/stack.yaml",
        &format!("Resources:\n  Key:\n    PrivateKey: |\n        {pem}\n"),
    );
    let (code, out) = r.check_in("json", &["--no-history"]);
    assert_eq!(code, 1, "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    assert!(json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["rule"] == "security/secret-value"
            && d["message"] == "private key in committed text"));
    for format in ["human", "concise", "json", "github", "sarif"] {
        let (_, out) = r.check_in(format, &["--no-history"]);
        assert_masked(format, &out, &t);
        if format == "sarif" {
            serde_json::from_str::<serde_json::Value>(&out).expect("valid SARIF");
        }
    }
}

/// A generic password-shaped value, different for each `seed`.
fn password(seed: u64) -> String {
    token(seed)[4..24].to_string()
}

#[test]
fn a_secret_with_a_rule_ids_word_in_it_leaves_the_rule_ids_whole() {
    // Salesforce logs in with the password followed by the security token;
    // another value ends in a kind's word.
    let secret = format!("{}+SecurityToken", password(11));
    let other = format!("{}Password", password(13));
    let r = Repo::new();
    r.write(
        "skills/crm/SKILL.md",
        &format!(
            "---\nname: crm\ndescription: Use for the CRM.\n---\nLog in with `sf.password={secret}` first.\n\nThe relay has `RELAY_PASSWORD={other}`.\n"
        ),
    );
    // Generic values in a page: warnings, and masked all the same.
    let (code, out) = r.check_in("json", &["--no-history"]);
    assert_eq!(code, 0, "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rules: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["rule"].as_str().unwrap())
        .collect();
    assert!(rules.contains(&"security/secret-value"), "{out}");
    for format in ["human", "json", "sarif", "github"] {
        let (_, out) = r.check_in(format, &["--no-history"]);
        assert!(!out.contains(&secret[..12]), "{format} leaks:\n{out}");
        assert!(!out.contains("SecurityTok"), "{format} leaks:\n{out}");
        assert!(!out.contains("****/secret-value"), "{format}:\n{out}");
        assert!(!out.contains(&other[..12]), "{format} leaks:\n{out}");
        assert!(!out.contains("**** assignment"), "{format}:\n{out}");
    }
}

#[test]
fn a_sample_in_a_documents_code_block_is_a_warning_and_an_image_address_is_no_secret() {
    let sample = password(9);
    let in_skill = password(10);
    let r = Repo::new();
    r.write(
        "skills/registry/SKILL.md",
        &format!(
            "---\nname: registry\ndescription: Use for the registry.\n---\nSee [tokens](references/tokens.md).\n\n```toml\ntoken = \"{in_skill}\"\n```\n"
        ),
    );
    r.write(
        "skills/registry/references/tokens.md",
        &format!(
            "# Tokens\n\nTokens are kept in `credentials.toml`:\n\n```toml\n[registries.my]\ntoken = \"{sample}\"\n```\n\n\
             <img src=\"https://files.example.io/o/flow.png?alt=media&#x26;token=43a73901-37a9-4cb9-a25c-fa01cf03baea\" alt=\"flow\">\n"
        ),
    );
    // The same value in a script the skill ships: code, not a page.
    let in_script = password(14);
    r.write(
        "skills/registry/scripts/push.py",
        &format!("TOKEN = \"{in_script}\"\n"),
    );
    // A vendor's page copied with the address it came from: its request
    // samples, a header's value among them, are the vendor's.
    let header = password(12);
    r.write(
        "skills/registry/references/push-api.md",
        &format!(
            "---\nurl: https://developer.example.com/push-api\n---\n\n# Push API\n\nRequest header sample:\n\nAuthorization: Bearer {header}\n"
        ),
    );
    let (code, out) = r.check_in("json", &["--no-history"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let found = secret_findings(&json);
    // The guide's sample and the copied page's are warnings, and the
    // image's address no finding; a generic value in any Markdown page is a
    // warning, the skill's entry file too. In the skill's script it is code,
    // and an error.
    assert_eq!(
        found,
        [
            ("skills/registry/SKILL.md", "warning"),
            ("skills/registry/references/push-api.md", "warning"),
            ("skills/registry/references/tokens.md", "warning"),
            ("skills/registry/scripts/push.py", "error")
        ],
        "{out}"
    );
    assert_eq!(code, 1, "{out}");
    for format in ["human", "json", "sarif"] {
        let (_, out) = r.check_in(format, &["--no-history"]);
        assert_masked(format, &out, &format!("ghp_{sample}"));
        assert_masked(format, &out, &format!("ghp_{in_skill}"));
        assert_masked(format, &out, &format!("ghp_{header}"));
        assert_masked(format, &out, &format!("ghp_{in_script}"));
    }
}

#[test]
fn a_sample_in_a_vendors_examples_is_a_warning_and_still_masked() {
    let sample = password(7);
    let real = password(8);
    let r = Repo::new();
    r.write(
        "skills/shop/SKILL.md",
        "---\nname: shop\ndescription: Use for the shop API.\n---\nSee [the page](docs/token-create.md).\n",
    );
    r.write(
        "skills/shop/docs/token-create.md",
        &format!(
            "# tokenCreate\n\n## Examples\n\nResponse:\n\n```json\n{{\n  \"accessToken\": \"{sample}\"\n}}\n```\n"
        ),
    );
    r.write(
        "skills/shop/docs/spec.yaml",
        &format!(
            "components:\n  examples:\n    Token:\n      value:\n        access_token: {sample}\n"
        ),
    );
    let (code, out) = r.check_in("json", &["--no-history"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let found = secret_findings(&json);
    assert_eq!(
        found,
        [
            ("skills/shop/docs/spec.yaml", "warning"),
            ("skills/shop/docs/token-create.md", "warning")
        ],
        "{out}"
    );
    assert_eq!(code, 0, "{out}");
    for format in ["human", "concise", "json", "github", "sarif"] {
        let (_, out) = r.check_in(format, &["--no-history"]);
        assert_masked(format, &out, &format!("ghp_{sample}"));
    }
    // The same value set up for use in a page's command: a warning still
    // (a page's generic value), and masked.
    r.write(
        "skills/shop/docs/token-create.md",
        &format!("# tokenCreate\n\n## Setup\n\n```bash\nexport SHOP_PASSWORD={real}\n```\n"),
    );
    let (code, out) = r.check_in("json", &["--no-history"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("a warning in a Markdown page"), "{out}");
    assert_masked("json", &out, &format!("ghp_{real}"));
    // In an environment file the skill ships: an error. In a test's file, a
    // warning, even in a vendor's own format.
    r.write(
        "skills/shop/config/shop.env",
        &format!("SHOP_PASSWORD={real}\n"),
    );
    r.write(
        "skills/shop/tests/test_login.py",
        &format!("KEY = \"{}\"\n", token(15)),
    );
    let (code, out) = r.check_in("json", &["--no-history"]);
    assert_eq!(code, 1, "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let found = secret_findings(&json);
    assert!(
        found.contains(&("skills/shop/config/shop.env", "error")),
        "{out}"
    );
    assert!(
        found.contains(&("skills/shop/tests/test_login.py", "warning")),
        "{out}"
    );
    assert!(out.contains("the file is a test's"), "{out}");
    assert_masked("json", &out, &format!("ghp_{real}"));
    assert_masked("json", &out, &token(15));
    // A team whose gate must stop every candidate configures the rule:
    // the page's and the test's findings are errors then.
    r.write(".caplint.yaml", "rules:\n  security/secret-value: error\n");
    let (_, out) = r.check_in("json", &["--no-history"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let found = secret_findings(&json);
    assert!(found.len() >= 3, "{out}");
    assert!(found.iter().all(|(_, s)| *s == "error"), "{out}");
    assert_masked("json", &out, &token(15));
}
