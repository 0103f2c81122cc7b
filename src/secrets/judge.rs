//! Whether a candidate value is a credential: whole, random enough, and
//! not a placeholder, a documented example, a reference, a name, a word or
//! code.

use super::formats::{Form, Pattern, DOCUMENTED_EXAMPLES, DOCUMENTED_STEMS};
use super::jwt::{
    base64_decode, is_cut_short_jwt, is_example_claims_jwt, is_example_jwt, is_publishable_jwt,
};
use super::media::{in_loopback_address, in_media_address};
use super::names::names_no_secret;
use super::shapes::{
    counts_up, is_fake, is_placeholder, is_prose, is_public_address, is_publishable_key,
    names_a_file, quoted_whole,
};

/// Whether a candidate is a credential: whole (no letters or digits run on
/// past either end), random enough, and none of the things that only look
/// like one.
pub(super) fn accept(
    p: &Pattern,
    text: &str,
    name: Option<std::ops::Range<usize>>,
    range: std::ops::Range<usize>,
) -> bool {
    let bytes = text.as_bytes();
    let value = &text[range.clone()];
    // `Type::Method`: the second colon of a scope, not a value.
    if value.is_empty() || value.starts_with(':') {
        return false;
    }
    if p.form != Form::Assignment && p.form != Form::Password {
        let before = range.start.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(range.end).copied();
        if before.is_some_and(|b| b.is_ascii_alphanumeric())
            || after.is_some_and(|b| b.is_ascii_alphanumeric())
        {
            return false;
        }
    }
    if entropy(value) < p.entropy
        || is_fake(value)
        || is_publishable_key(value)
        || DOCUMENTED_EXAMPLES.contains(&value)
        || DOCUMENTED_STEMS.iter().any(|stem| value.starts_with(stem))
    {
        return false;
    }
    // `KEY=\nNEXT=` in a JSON string: the escape of an empty value's line
    // end, not the start of a value.
    if p.form != Form::Token
        && range.start > 0
        && bytes[range.start - 1] == b'\\'
        && matches!(value.as_bytes()[0], b'n' | b'r' | b't')
    {
        return false;
    }
    // Slack tokens carry their team and user numbers: `xoxa-access-token`
    // is a name. (A bot's or user's token starts with its team's number,
    // which the pattern asks for: `xoxb-test-token-12345` is none.)
    if p.kind == "Slack token" && value.bytes().filter(u8::is_ascii_digit).count() < 4 {
        return false;
    }
    match p.form {
        Form::Token => {
            !is_example_claims_jwt(p, value)
                && !is_publishable_jwt(p, value)
                && !is_cut_short_jwt(p, value)
        }
        _ if names_its_kind(value) => false,
        Form::Keyed => {
            !is_example_jwt(value)
                && !is_example_basic_credentials(text, range.clone(), value)
                && !is_placeholder(value)
                && !is_word(value)
                && !is_demo_password(value)
                && !is_reference(value)
                && !is_words_with_digits(value)
                && !is_unsigned_token(value)
        }
        Form::Password => {
            !is_placeholder(value)
                && !is_word(value)
                // Prose ("default password checks, null sessions").
                && !is_word(value.trim_end_matches([',', '.', ';', ':', ')', '"', '\'']))
                && !is_demo_password(value)
                && !in_media_address(text, range.start)
        }
        Form::Assignment => {
            let name_range = name.clone();
            let name = name.map(|n| full_name(text, n)).unwrap_or_default();
            // `this.apiKey = apiKey`, `a.createToken=b.createToken`: a
            // variable or member handed on, not a literal.
            let member = value.rsplit('.').next().unwrap_or(value);
            let passed_on = name
                .rsplit('.')
                .next()
                .is_some_and(|last| last.eq_ignore_ascii_case(member))
                && value.split('.').all(is_plain_name);
            value.len() >= 8
                && !passed_on
                && !in_media_address(text, range.start)
                && !in_loopback_address(text, range.start)
                && !names_no_secret(&name)
                && !names_a_file(&name)
                && !is_prose(quoted_whole(text, range.clone()))
                && !is_placeholder(value)
                && !is_word(value)
                && !is_demo_password(value)
                && !is_reference(value)
                && !value.contains("://")
                && !value.trim_end_matches('=').contains('=')
                && (value.chars().count() < 16 || entropy(value) >= 3.2)
                && !is_code_value(text, name_range.clone(), range.clone())
                && !is_labelled_string(text, name_range, range)
                && !is_example_jwt(value)
                && !is_words_with_digits(value)
                && !is_kebab_words(value)
                && !is_public_address(value)
                && !encodes_words(value)
        }
    }
}

/// The length of a value up to a following query parameter (`&name=`).
pub(super) fn query_value_len(value: &str) -> usize {
    let b = value.as_bytes();
    for (i, _) in value.match_indices('&') {
        let rest = &b[i + 1..];
        let name = rest
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count();
        if name > 0 && rest.get(name) == Some(&b'=') {
            return i;
        }
    }
    value.len()
}

/// Nouns for what a credential is, as the last word of a stand-in.
const SECRET_NOUNS: &[&str] = &[
    "key",
    "apikey",
    "token",
    "secret",
    "password",
    "passwd",
    "pwd",
    "pass",
    "credential",
    "credentials",
];

/// A value whose last word says what kind of secret goes there
/// (`ab_agentA_key`, `my-api-token`, `svc.secret`): a name standing for a
/// credential, never one (a vendor's token format is judged apart).
fn names_its_kind(value: &str) -> bool {
    let separated = value
        .rsplit_once(['_', '-', '.'])
        .is_some_and(|(head, last)| {
            !head.is_empty() && SECRET_NOUNS.iter().any(|n| last.eq_ignore_ascii_case(n))
        });
    separated || names_its_kind_in_code(value) || names_its_kind_then_tag(value)
}

/// Lower-case words, one of them a kind of secret, ended by a short tag
/// (`official-template-password-7qM2`, `server-resolved-default-secret-9xQ4`,
/// `fixture-api-key-8rN3`): a test's stand-in that spells what it stands
/// for, made unique by its tag, so that a test can look for it in an
/// output. A credential is not spelled in words; a memorable password of
/// words alone is judged by [`is_kebab_words`].
fn names_its_kind_then_tag(value: &str) -> bool {
    let parts: Vec<&str> = value.split(['-', '_']).collect();
    let Some((tag, words)) = parts.split_last() else {
        return false;
    };
    words.len() >= 2
        && (1..=4).contains(&tag.len())
        && tag.bytes().all(|b| b.is_ascii_alphanumeric())
        && words
            .iter()
            .all(|w| w.len() >= 3 && w.bytes().all(|b| b.is_ascii_lowercase()))
        && words
            .iter()
            .any(|w| SECRET_NOUNS.iter().any(|n| w.eq_ignore_ascii_case(n)))
}

/// A name in code whose last word, a camel-case hump, says what kind of
/// secret it holds: a variable, a member or a type (`childPk.privateKey`,
/// `room.partyBIdentitySecret`, `ed25519_dalek::SigningKey`, an ABI's
/// `ISuperToken`), never the secret. Random characters, with their many
/// capitals and digits, do not end in such a word.
fn names_its_kind_in_code(value: &str) -> bool {
    let bare = value.trim_start_matches(['!', '&', '*', '@']);
    let bare = bare.strip_suffix("()").unwrap_or(bare);
    let bare = bare.trim_end_matches(['?', '!']);
    let segments: Vec<&str> = bare.split("::").flat_map(|s| s.split('.')).collect();
    if segments.is_empty() || !segments.iter().all(|s| is_plain_name(s)) {
        return false;
    }
    let last = segments[segments.len() - 1];
    let Some(hump) = last
        .char_indices()
        .rev()
        .find(|&(_, c)| c.is_ascii_uppercase())
        .map(|(i, _)| i)
    else {
        return false;
    };
    let (head, word) = last.split_at(hump);
    // Words have few capitals and digits; random characters, many.
    let upper = last.bytes().filter(u8::is_ascii_uppercase).count();
    let digits = last.bytes().filter(u8::is_ascii_digit).count();
    !head.is_empty()
        && upper * 3 <= last.len()
        && digits == 0
        && word[1..].bytes().all(|b| b.is_ascii_lowercase())
        && SECRET_NOUNS.iter().any(|n| word.eq_ignore_ascii_case(n))
}

/// A name as code spells it: a letter, `_` or `$`, then letters, digits,
/// `_` or `$` (`apiKey`, `$token`, `_meta`).
fn is_plain_name(seg: &str) -> bool {
    seg.bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'$')
        && seg
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
}

/// The whole name before a keyword match: `DB_PASSWORD` for `PASSWORD`.
fn full_name(text: &str, name: std::ops::Range<usize>) -> String {
    let bytes = text.as_bytes();
    let mut start = name.start;
    while start > 0
        && name.start - start < 40
        && (bytes[start - 1].is_ascii_alphanumeric() || b"_.-".contains(&bytes[start - 1]))
    {
        start -= 1;
    }
    text[start..name.end].to_ascii_lowercase()
}

/// Whether the name, a colon and the value make one string literal, a
/// `kind:value` label (`"tiktoken:o200k_base"`, the tokenizer a function
/// reports): no assignment binds the value to the name there, and a
/// configuration line holds its key outside the value's quotes.
fn is_labelled_string(
    text: &str,
    name: Option<std::ops::Range<usize>>,
    value: std::ops::Range<usize>,
) -> bool {
    let Some(name) = name else {
        return false;
    };
    let bytes = text.as_bytes();
    let mut start = name.start;
    while start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
        start -= 1;
    }
    let Some(quote) = start.checked_sub(1).map(|i| bytes[i]) else {
        return false;
    };
    let between = text[name.end..value.start]
        .trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
    matches!(quote, b'"' | b'\'') && between == ":" && bytes.get(value.end) == Some(&quote)
}

/// Whether an assigned value is code rather than a literal: a call
/// (`PrivateKey()`, `this.#hash(pw)`), a member chain
/// (`extra._meta?.progressToken`), a negation (`!visible`), a bare
/// identifier after a quoted key in code (`"SECRET_COPY": SecretCopy,`,
/// where a literal would be quoted as well), or the default of a shell parameter
/// expansion (`${TOKEN_X:-$dir/x.py}`). A credential is a quoted or bare
/// literal, never an expression.
fn is_code_value(
    text: &str,
    name: Option<std::ops::Range<usize>>,
    value: std::ops::Range<usize>,
) -> bool {
    let bytes = text.as_bytes();
    let v = &text[value.clone()];
    let after = bytes.get(value.end).copied();
    // A name, or a path of names (`OpenSSL::PKey::RSA`, `std::env`).
    let ident = |seg: &str| {
        let seg = seg.strip_prefix('#').unwrap_or(seg);
        let seg = seg.strip_suffix('?').unwrap_or(seg);
        seg.split("::").all(is_plain_name)
    };
    // Letters that read as words once digits and `_`/`$` are set aside
    // (`IERC20Metadata`, `_meta`), unlike random characters.
    let wordy = |seg: &str| {
        seg.split(|c: char| !c.is_ascii_alphabetic())
            .all(|part| part.is_empty() || is_identifier(part))
    };
    // A PowerShell command (`Get-MgServicePrincipalPasswordCredential`):
    // an approved verb, a hyphen and a noun, then its arguments.
    if let Some((verb, noun)) = v.split_once('-') {
        const VERBS: &[&str] = &[
            "Get",
            "Set",
            "New",
            "Remove",
            "Add",
            "Invoke",
            "Update",
            "Test",
            "Start",
            "Stop",
            "Read",
            "Write",
            "Convert",
            "ConvertTo",
            "ConvertFrom",
            "Export",
            "Import",
            "Select",
            "Connect",
            "Disconnect",
            "Grant",
            "Revoke",
            "Reset",
            "Register",
            "Unregister",
        ];
        if VERBS.contains(&verb)
            && noun.starts_with(|c: char| c.is_ascii_uppercase())
            && noun.bytes().all(|b| b.is_ascii_alphanumeric())
            && matches!(
                after,
                None | Some(b' ' | b'\n' | b'\r' | b'\t' | b'|' | b')')
            )
        {
            return true;
        }
    }
    let negated = v.strip_prefix('!');
    let chain = negated.unwrap_or(v);
    let segments: Vec<&str> = chain.split('.').collect();
    if segments.iter().all(|s| ident(s)) {
        // A call or constructor, with a generic's arguments or without
        // (`queue.DeQue<float>()`).
        if after == Some(b'(') || generic_call(&text[value.end..]) {
            return true;
        }
        // `!visible`, `a?.b`, `this.#field`: syntax no literal has.
        if segments.iter().all(|s| wordy(s)) && (negated.is_some() || chain.contains(['?', '#'])) {
            return true;
        }
    }
    // A chain of three names or more (`ObjC.classes.NSURLCredential`):
    // a member looked up, not a literal (one in quotes is no chain); or of
    // two names without digits ended by a statement's `;` or a block's `}`
    // (`bloomPass.enabled = enabledEl.checked;`, minified
    // `this._token=aA.Cancelled}`).
    let quoted = value.start > 0 && matches!(bytes[value.start - 1], b'"' | b'\'' | b'`');
    if !quoted && segments.len() >= 3 && segments.iter().all(|s| ident(s)) {
        return true;
    }
    if !quoted
        && segments.len() == 2
        && matches!(after, Some(b';' | b'}'))
        && segments[0].starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
        && segments
            .iter()
            .all(|s| ident(s) && !s.bytes().any(|b| b.is_ascii_digit()))
    {
        return true;
    }
    // `identitySecret = isPartyA ? a : b`: a condition, then what to take.
    let rest = text[value.end..].trim_start_matches([' ', '\t']);
    if !quoted
        && v.split('.').all(ident)
        && (rest.starts_with("? ")
            || ["&&", "||", "==", "!=", "??"]
                .iter()
                .any(|op| rest.starts_with(op)))
    {
        return true;
    }
    let Some(name) = name else {
        return false;
    };
    // A type after a name and a colon (`private_key: X25519PrivateKey,`,
    // `const passReviewer: ReviewerFn = …`): an annotation, which code
    // follows with `,`, `)`, `=` or a generic's bracket; a YAML value ends
    // its line instead.
    let colon = text[name.end.min(value.start)..value.start].trim_end() == ":";
    let rest = text[value.end..].trim_start_matches([' ', '\t']);
    if !quoted
        && colon
        && v.starts_with(|c: char| c.is_ascii_uppercase())
        && ident(v)
        && (rest.starts_with([',', ')', '[', '<', '|', ';'])
            || (rest.starts_with('=') && !rest.starts_with("==") && !rest.starts_with("=>")))
    {
        return true;
    }
    // `vToken: vTokenAddr,` in an object literal: a variable, which a
    // literal would quote; letters without digits, unlike random ones.
    if !quoted
        && colon
        && ident(v)
        && !v.bytes().any(|b| b.is_ascii_digit())
        && rest.starts_with([',', '}'])
    {
        return true;
    }
    let full_start = {
        let mut s = name.start;
        while s > 0 && (bytes[s - 1].is_ascii_alphanumeric() || bytes[s - 1] == b'_') {
            s -= 1;
        }
        s
    };
    if text[..full_start].ends_with("${") {
        return true;
    }
    // `class PasswordHasher : IPasswordHasher`: a type and what it
    // derives from, not an assignment.
    let line_start = text[..full_start].rfind('\n').map_or(0, |i| i + 1);
    let declared = text[line_start..full_start]
        .split_whitespace()
        .last()
        .is_some_and(|w| {
            [
                "class",
                "struct",
                "interface",
                "record",
                "enum",
                "trait",
                "object",
            ]
            .contains(&w)
        });
    if declared && ident(v) {
        return true;
    }
    // `token.toMs > limitMs`: a comparison of two names.
    let between = &text[name.end.min(value.start)..value.start];
    if between.trim() == ">" && between.starts_with([' ', '\t']) && ident(v) {
        return true;
    }
    // `"KEY": Identifier,`: the key is quoted and the value is not.
    let key_quoted = full_start > 0
        && matches!(bytes[full_start - 1], b'"' | b'\'')
        && between.starts_with(['"', '\'']);
    key_quoted
        && !between[1..].contains(['"', '\'', '`'])
        && ident(v)
        // A line of code goes on (`,`, `}`, `)`); in YAML a bare value
        // after a quoted key ends the line, and is a literal.
        && matches!(after, Some(b',' | b'}' | b')'))
}

/// Whether `rest` opens a generic's arguments closed before a call's
/// parenthesis (`<float>()`, `<int32_t, 8>(x)`), within a short window.
fn generic_call(rest: &str) -> bool {
    if !rest.starts_with('<') {
        return false;
    }
    let mut depth = 0usize;
    for (i, &b) in rest.as_bytes().iter().take(80).enumerate() {
        match b {
            b'<' => depth += 1,
            b'>' => {
                depth -= 1;
                if depth == 0 {
                    return rest.as_bytes().get(i + 1) == Some(&b'(');
                }
            }
            _ if b.is_ascii_alphanumeric() || b"_:, *&".contains(&b) => {}
            _ => return false,
        }
    }
    false
}

/// Shannon entropy in bits per byte.
fn entropy(s: &str) -> f32 {
    let mut counts = [0u32; 256];
    for &b in s.as_bytes() {
        counts[b as usize] += 1;
    }
    let n = s.len() as f32;
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = c as f32 / n;
            -p * p.log2()
        })
        .sum()
}

/// Words and `_.-/` only (`openai_key`, `process.env.TOKEN`, `Rotation`,
/// `Classes/Records:` with a label's colon), or
/// digits and separators only (a number, a date, a version): a name or a
/// value, never a credential. Random letters (`qgIgBabqmLCiSRHx`) are not
/// words.
fn is_word(value: &str) -> bool {
    // `Classes/Records:`: words, a label's colon.
    let words = value.strip_suffix(':').unwrap_or(value);
    (words
        .bytes()
        .all(|b| b.is_ascii_alphabetic() || b"_.-/".contains(&b))
        && words
            .split(['_', '.', '-', '/'])
            .all(|part| part.is_empty() || is_identifier(part)))
        || value
            .bytes()
            .all(|b| b.is_ascii_digit() || b"_.-:/".contains(&b))
}

/// Whether ASCII letters read as words: one case throughout, or humps of
/// camel case (`openaiKey`, `XMLHttpRequest`, `ThisIsMyPassword`) whose
/// short humps are two-letter words. Random letters have humps such as `Ig`.
fn is_identifier(letters: &str) -> bool {
    const TWO: &[&str] = &[
        "an", "as", "at", "be", "by", "do", "go", "id", "if", "in", "is", "it", "me", "my", "no",
        "of", "ok", "on", "or", "so", "to", "up", "us", "we",
    ];
    let b = letters.as_bytes();
    if !b.iter().all(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    if b.iter().all(|c| c.is_ascii_lowercase()) || b.iter().all(|c| c.is_ascii_uppercase()) {
        return true;
    }
    let mut i = 0;
    while i < b.len() {
        let u0 = i;
        while i < b.len() && b[i].is_ascii_uppercase() {
            i += 1;
        }
        let l0 = i;
        while i < b.len() && b[i].is_ascii_lowercase() {
            i += 1;
        }
        let (ups, lows) = (l0 - u0, i - l0);
        if lows == 0 {
            // A trailing acronym.
            return ups >= 2;
        }
        // `XMLHttp`: the acronym `XML`, then the word `Http`.
        if ups == 2 {
            return false;
        }
        let word = &letters[if ups > 0 { l0 - 1 } else { l0 }..i];
        if lows < 2 && !TWO.contains(&word.to_ascii_lowercase().as_str()) {
            return false;
        }
    }
    true
}

/// Words with a few digits and a symbol at the end or between: an
/// identifier (`openai_key_v2`, `mySecret2`) or a demonstration password
/// (`Test123!`, `Summer2024`, `Test@123`, `P@ssw0rd1`).
fn is_demo_password(value: &str) -> bool {
    // A demonstration word in leetspeak (`P@ssw0rd123`, `W3lc0me1`):
    // digits and symbols for letters.
    let stem = value.trim_end_matches(|c: char| c.is_ascii_digit() || "!?#%^&*+=~".contains(c));
    let plain = de_leet(stem);
    const DEMO: &[&str] = &[
        "password", "passwd", "welcome", "admin", "letmein", "secret", "qwerty", "default",
        "changeme", "test", "demo", "example",
    ];
    if plain != stem && DEMO.contains(&plain.to_ascii_lowercase().as_str()) {
        return true;
    }
    let core = value.trim_end_matches(|c: char| "!?@#$%^&*+=~".contains(c));
    !core.is_empty()
        && core
            .split([
                '_', '.', '-', ':', '@', '#', '$', '!', '%', '&', '*', '+', '~',
            ])
            .all(|part| {
                let letters = part.trim_end_matches(|c: char| c.is_ascii_digit());
                part.len() - letters.len() <= 4 && (letters.is_empty() || is_identifier(letters))
            })
}

/// A reference to a secret kept elsewhere: a secret manager path
/// (`projects/x/secrets/y/versions/latest`, `prod/reports/db`), a file path,
/// or a name with a scheme (`arn:aws:secretsmanager:…`, `vault:…`, `op://…`).
fn is_reference(value: &str) -> bool {
    if value.starts_with(['/', '~']) || value.starts_with("./") || value.starts_with("../") {
        return true;
    }
    let scheme = value.split_once(':').is_some_and(|(s, _)| {
        (2..=24).contains(&s.len())
            && s.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+.-".contains(&b))
    });
    scheme
        || (value.contains('/')
            && value.split('/').all(|seg| {
                seg.len() <= 40
                    && (seg.bytes().all(|b| {
                        b.is_ascii_lowercase() || b.is_ascii_digit() || b"_.-*".contains(&b)
                    }) || is_named_segment(seg))
            }))
}

/// A path segment of words (`keyRings`, `cryptoKeys`, `us-central1`), each
/// with a few digits at most: a resource's name, not random characters.
fn is_named_segment(seg: &str) -> bool {
    !seg.is_empty()
        && seg.split(['-', '_', '.']).all(|part| {
            let letters = part.trim_end_matches(|c: char| c.is_ascii_digit());
            part.len() - letters.len() <= 4 && (letters.is_empty() || is_identifier(letters))
        })
}

/// Words joined by digits and separators (`base64credentials`,
/// `sk_live_abc123xyz`, `utf8_key`, `dev-api-key-12345`): each run of
/// letters is three letters or more and reads as a word, each run of
/// digits is short or counts up. Random
/// characters have short runs of letters (`eC`, `Kd`).
fn is_words_with_digits(value: &str) -> bool {
    let mut letters = 0;
    value
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|p| !p.is_empty())
        .all(|part| {
            let b = part.as_bytes();
            let mut i = 0;
            while i < b.len() {
                let alpha = b[i].is_ascii_alphabetic();
                let j = i + b[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic() == alpha)
                    .count();
                let run = &part[i..j];
                if alpha {
                    if (run.len() < 3 && j - i != b.len()) || !is_identifier(run) {
                        return false;
                    }
                    letters += run.len();
                } else if counts_up(run) && run.len() >= 3 {
                    // A count is typed, like a word (`dev_key_12345`).
                    letters += run.len();
                } else if run.len() > 4 {
                    // A long number is random.
                    return false;
                }
                i = j;
            }
            true
        })
        && letters * 2 >= value.len()
}

/// Letters for the digits and symbols leetspeak writes them with.
fn de_leet(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '0' => 'o',
            '1' => 'i',
            '3' => 'e',
            '4' | '@' => 'a',
            '5' | '$' => 's',
            '7' => 't',
            c => c,
        })
        .collect()
}

/// Lower-case words joined by `-` or `_`, a few short parts with digits
/// among them (`k8s-yaml-generator`, `s3-upload-helper`), also written in
/// leetspeak (`s3cr3t-token-value`): a name of a thing or a memorable
/// stand-in, most of its letters in words of three or more.
fn is_kebab_words(value: &str) -> bool {
    kebab_words(value) || kebab_words(&de_leet(value))
}

fn kebab_words(value: &str) -> bool {
    let parts: Vec<&str> = value.split(['-', '_']).collect();
    let mut in_words = 0;
    parts.len() >= 2
        && parts.iter().all(|p| {
            if p.len() >= 3 && p.bytes().all(|b| b.is_ascii_lowercase()) {
                in_words += p.len();
                true
            } else {
                (1..=4).contains(&p.len())
                    && p.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            }
        })
        && in_words * 3 >= value.len() * 2
}

/// A base64 value that decodes to a placeholder or words
/// (`cGFzc3dvcmQ=` is `password`, `YXBpLWtleS1oZXJl` is `api-key-here`):
/// a demonstration of the encoding, not a secret.
fn encodes_words(value: &str) -> bool {
    value.len() >= 8
        && base64_decode(value)
            .and_then(|b| String::from_utf8(b).ok())
            .is_some_and(|plain| {
                plain.len() >= 4
                    && plain.bytes().all(|b| b.is_ascii_graphic())
                    && (is_fake(&plain)
                        || is_placeholder(&plain)
                        || is_word(&plain)
                        || is_demo_password(&plain))
            })
}

/// A JSON Web Token without a real signature: none (`alg: none`) or a word
/// (`….signature`), as security guides show forged tokens.
fn is_unsigned_token(value: &str) -> bool {
    let parts: Vec<&str> = value.split('.').collect();
    parts.len() == 3 && parts[0].starts_with("eyJ") && (parts[2].is_empty() || is_word(parts[2]))
}

/// `Authorization: Basic …` whose credentials decode to a user and a
/// password that are words or a placeholder (`user:password`).
fn is_example_basic_credentials(text: &str, range: std::ops::Range<usize>, value: &str) -> bool {
    let before = text[..range.start].trim_end().as_bytes();
    let basic = before.len() >= 5 && before[before.len() - 5..].eq_ignore_ascii_case(b"basic");
    if !basic {
        return false;
    }
    let Some(decoded) = base64_decode(value).and_then(|b| String::from_utf8(b).ok()) else {
        return false;
    };
    let Some((_, password)) = decoded.split_once(':') else {
        return false;
    };
    password.is_empty()
        || is_fake(password)
        || is_placeholder(password)
        || is_word(password)
        || is_demo_password(password)
}
