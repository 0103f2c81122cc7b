//! Shapes that only look like a credential: a marked or truncated
//! example, a run or a sequence, a stand-in for a value kept elsewhere, a
//! count typed as a word, a public address, a phrase of words, a file's
//! path for a key. `judge` asks these before it reports a value.

/// A value that shows the shape of a credential without being one: a
/// truncation, a run of one character, a sequence, a marked example.
pub(super) fn is_fake(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    const MARKS: &[&str] = &[
        "example",
        "your",
        "xxxx",
        "****",
        "####",
        "placeholder",
        "redacted",
        "dummy",
        "sample",
        "changeme",
        "change_me",
        "insert",
        "replace",
        "...",
        "\u{2026}",
        "fake",
        // A scanner's planted test value says so (`…plantedtestkeymaterial
        // notrealdonotuse…`).
        "notreal",
        "not_real",
        "donotuse",
        "do_not_use",
        "planted",
    ];
    if MARKS.iter().any(|m| lower.contains(m)) {
        return true;
    }
    // A token cut short with a mark in each part (`eyJhbGciOi---xxx.…`),
    // or its random part replaced (`KEY0123…_xxx`).
    if lower.contains("-xxx") || lower.contains("_xxx") || lower.contains("---") {
        return true;
    }
    let bytes = value.as_bytes();
    let n = bytes.len();
    // The longest run of one character, and of an ascending sequence
    // (`abcdef`, `123456`), straight or interleaved (`A1B2C3D4`).
    let (mut run, mut longest_run) = (1, 1);
    let (mut up, mut longest_up) = (1, 1);
    let mut up2 = [1usize, 1];
    let mut longest_up2 = 1;
    for i in 1..n {
        run = if bytes[i] == bytes[i - 1] { run + 1 } else { 1 };
        longest_run = longest_run.max(run);
        let next = |a: u8, b: u8| a.is_ascii_alphanumeric() && b == a.wrapping_add(1);
        // Letters in either case (`AbCdEfGh`, the alphabet typed with
        // shift on and off).
        up = if next(
            bytes[i - 1].to_ascii_lowercase(),
            bytes[i].to_ascii_lowercase(),
        ) {
            up + 1
        } else {
            1
        };
        longest_up = longest_up.max(up);
        if i >= 2 {
            let k = i % 2;
            up2[k] = if next(
                bytes[i - 2].to_ascii_lowercase(),
                bytes[i].to_ascii_lowercase(),
            ) {
                up2[k] + 1
            } else {
                1
            };
            longest_up2 = longest_up2.max(up2[0].min(up2[1]));
        }
    }
    longest_run >= 6.max(n / 3) || longest_up >= 6 || longest_up2 >= 4 || {
        // Mostly made of short sequences: `ABC1234XYZ`.
        let mut in_runs = 0;
        let mut i = 0;
        while i < n {
            let mut j = i + 1;
            while j < n
                && bytes[j - 1].is_ascii_alphanumeric()
                && bytes[j] == bytes[j - 1].wrapping_add(1)
            {
                j += 1;
            }
            if j - i >= 3 {
                in_runs += j - i;
            }
            i = j;
        }
        in_runs * 10 >= n * 6
    }
}

/// A value that stands for a secret: `$VAR`, `${VAR}`, `%VAR%`, `<token>`,
/// `{{ secrets.X }}`, `@VAR@`, `^PASS^` (a cracking tool's slot).
pub(super) fn is_placeholder(value: &str) -> bool {
    value.starts_with(['$', '%', '<', '{', '(', '[', '@', '&', '*', '#', '^'])
        || value.ends_with(['%', '>', '}', '@'])
        || value.contains("${")
        || value.contains("{{")
}

/// An account address of Ethereum and its kin (`0x` and 40 hex digits):
/// public by design, unlike a private key (64 hex digits).
pub(super) fn is_public_address(value: &str) -> bool {
    value.len() == 42
        && (value.starts_with("0x") || value.starts_with("0X"))
        && value[2..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// A key its vendor makes to be shipped in every browser and app that uses
/// it: a PostHog project key (`phc_`), which only sends events, and a
/// Stripe publishable key (`pk_live_`, `pk_test_`), which only makes
/// tokens. Public by design, unlike the secret keys beside them.
pub(super) fn is_publishable_key(value: &str) -> bool {
    ["phc_", "pk_live_", "pk_test_"]
        .iter()
        .any(|p| value.starts_with(p))
}

/// Digits that count up by one (`12345`, `3456789`, and on past `9` to
/// `0` as a keyboard's row does: `67890`): typed, not drawn.
pub(super) fn counts_up(digits: &str) -> bool {
    let b = digits.as_bytes();
    b.len() >= 2
        && b.iter().all(u8::is_ascii_digit)
        && b.windows(2)
            .all(|w| w[1] == w[0] + 1 || (w[0] == b'9' && w[1] == b'0'))
}

/// Whether a key is a file's path (`skills/x/assets/tokens.css`,
/// `secret_detect.py`): a map of files to their checksums or sizes, not a
/// credential's name.
pub(super) fn names_a_file(name: &str) -> bool {
    const EXTENSIONS: &[&str] = &[
        "json", "css", "js", "ts", "py", "md", "yaml", "yml", "sh", "html", "txt", "toml", "rs",
        "go", "rb",
    ];
    let last = name.rsplit('/').next().unwrap_or(name);
    let ext = last.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    (name.contains('/') && last.contains('.'))
        || ext.is_some_and(|e| EXTENSIONS.contains(&e.as_str()))
}

/// The whole quoted string a value starts: `"Re-evaluate after fixes"` for
/// the value `Re-evaluate`; the value itself where it is not quoted or the
/// quotation does not close on its line.
pub(super) fn quoted_whole(text: &str, range: std::ops::Range<usize>) -> &str {
    let Some(q) = range.start.checked_sub(1).map(|i| text.as_bytes()[i]) else {
        return &text[range];
    };
    if q != b'"' && q != b'\'' {
        return &text[range];
    }
    let rest = &text[range.start..];
    let line = &rest[..rest.find('\n').unwrap_or(rest.len())];
    match line.find(q as char) {
        Some(end) => &line[..end],
        None => &text[range],
    }
}

/// Whether a value is a phrase of words ("Re-evaluate after P0/P1 fixes",
/// a rubric's text under `pass_2`): three or more words, most of them
/// plain words of letters.
pub(super) fn is_prose(value: &str) -> bool {
    let parts: Vec<&str> = value.split_whitespace().collect();
    let words = parts
        .iter()
        .filter(|p| {
            let p = p.trim_end_matches([',', '.', ';', ':', '!', '?', ')']);
            p.len() >= 2
                && p.chars()
                    .all(|c| c.is_alphabetic() || c == '-' || c == '\'')
        })
        .count();
    parts.len() >= 3 && words * 2 >= parts.len()
}
