//! The scan: which patterns can match (keywords), their regexes, and the
//! judgment of each candidate value; matches sorted and merged.

use super::formats::{Form, Pattern, CASE_KEYWORDS, PATTERNS};
use super::judge::{accept, query_value_len};
use super::keys;
use aho_corasick::{AhoCorasick, AhoCorasickKind};
use regex::Regex;
use std::sync::OnceLock;

/// One secret found in a text: where, and what kind (never the value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecretMatch {
    /// The bytes to mask (the secret itself, not its surroundings).
    pub range: std::ops::Range<usize>,
    pub kind: &'static str,
}

/// The regex text of a pattern: ASCII `\w` and `\d`, and for keyed forms
/// the `name = value` frame (group 1 the name, group 2 the value).
fn source(p: &Pattern) -> String {
    let ascii = |s: &str| s.replace(r"\w", "[0-9A-Za-z_]").replace(r"\d", "[0-9]");
    if p.names.is_empty() {
        ascii(p.regex)
    } else {
        format!(
            r#"((?i-u:{})[A-Za-z0-9_.-]{{0,20}})[ \t'"\\]{{0,4}}(?:=|:=|::=|:|=>|>|\?=|\|\|)[ \t'"`\\=]{{0,5}}({})"#,
            ascii(p.names),
            ascii(p.regex)
        )
    }
}

fn regex(i: usize) -> &'static Regex {
    static CELLS: OnceLock<Vec<OnceLock<Regex>>> = OnceLock::new();
    CELLS.get_or_init(|| PATTERNS.iter().map(|_| OnceLock::new()).collect())[i]
        .get_or_init(|| Regex::new(&source(&PATTERNS[i])).expect("secret patterns compile"))
}

/// The keyword automaton: every pattern's keywords, ASCII case folded, and
/// for each keyword the patterns it admits.
struct Keywords {
    automaton: AhoCorasick,
    owners: Vec<Vec<usize>>,
}

fn keywords() -> &'static Keywords {
    static CELL: OnceLock<Keywords> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut words: Vec<&str> = Vec::new();
        let mut owners: Vec<Vec<usize>> = Vec::new();
        for (i, p) in PATTERNS.iter().enumerate() {
            for &w in p.keywords {
                match words.iter().position(|&x| x == w) {
                    Some(k) => owners[k].push(i),
                    None => {
                        words.push(w);
                        owners.push(vec![i]);
                    }
                }
            }
        }
        let automaton = AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .kind(Some(AhoCorasickKind::DFA))
            .build(&words)
            .expect("keywords compile");
        Keywords { automaton, owners }
    })
}

/// Whether `text` holds any case-blind keyword: one pass of a lazily built
/// DFA, a few instructions a byte, stopping at the first. Most texts hold
/// none, and then the keyword automaton below never runs.
fn may_hold_keyword(text: &str) -> bool {
    static WORDS: OnceLock<crate::prefilter::CaseBlindWords> = OnceLock::new();
    WORDS
        .get_or_init(|| {
            let mut words: Vec<&str> = PATTERNS
                .iter()
                .flat_map(|p| p.keywords.iter().copied())
                .collect();
            words.sort_unstable();
            words.dedup();
            crate::prefilter::CaseBlindWords::new(&words, "")
        })
        .may_match(text)
}

/// Which patterns can match `text` (their keywords occur in it).
fn candidates(text: &str) -> Vec<bool> {
    let mut run = vec![false; PATTERNS.len()];
    for (kind, word) in CASE_KEYWORDS {
        if memchr::memmem::find(text.as_bytes(), word.as_bytes()).is_some() {
            for (i, p) in PATTERNS.iter().enumerate() {
                run[i] |= p.kind == *kind && p.keywords.is_empty();
            }
        }
    }
    if !may_hold_keyword(text) {
        return run;
    }
    let kw = keywords();
    let mut seen = vec![false; kw.owners.len()];
    for m in kw.automaton.find_overlapping_iter(text) {
        let k = m.pattern().as_usize();
        if !seen[k] {
            seen[k] = true;
            for &i in &kw.owners[k] {
                run[i] = true;
            }
        }
    }
    run
}

/// Every secret in `text`, in order, without overlaps.
pub fn scan(text: &str) -> Vec<SecretMatch> {
    let mut out: Vec<SecretMatch> = keys::private_keys(text)
        .into_iter()
        .map(|range| SecretMatch {
            range,
            kind: "private key",
        })
        .collect();
    let run = candidates(text);
    for (i, p) in PATTERNS.iter().enumerate() {
        if !run[i] {
            continue;
        }
        for caps in regex(i).captures_iter(text) {
            let (name, secret) = if p.names.is_empty() {
                (None, caps.get(1).or_else(|| caps.get(0)))
            } else {
                (caps.get(1), caps.get(2))
            };
            let Some(secret) = secret else { continue };
            let mut range = secret.range();
            if p.form == Form::Token {
                while range.end > range.start && text.as_bytes()[range.end - 1] == b'.' {
                    range.end -= 1;
                }
            }
            if p.form == Form::Assignment {
                // `api_key=DEMO_KEY&date=…`: the value ends before the next
                // query parameter.
                range.end = range.start + query_value_len(&text[range.clone()]);
            }
            if accept(p, text, name.map(|n| n.range()), range.clone()) {
                out.push(SecretMatch {
                    range,
                    kind: p.kind,
                });
            }
        }
    }
    out.sort_by_key(|m| (m.range.start, std::cmp::Reverse(m.range.end)));
    let mut merged: Vec<SecretMatch> = Vec::new();
    for m in out {
        match merged.last_mut() {
            Some(last) if m.range.start < last.range.end => {
                last.range.end = last.range.end.max(m.range.end)
            }
            _ => merged.push(m),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::fixtures::*;
    use crate::secrets::formats::JWT_IO_PAYLOAD;

    #[test]
    fn finds_every_family_and_covers_the_whole_value() {
        for (kind, text, secret) in positives() {
            let found = scan(&text);
            let start = text.find(&secret).unwrap();
            assert_eq!(found.len(), 1, "{kind}: {text:?} gave {found:?}");
            assert_eq!(
                found[0].range,
                start..start + secret.len(),
                "{kind}: {text:?} covers {:?}",
                &text[found[0].range.clone()]
            );
            assert_eq!(found[0].kind, kind, "{text:?}");
        }
    }

    #[test]
    fn the_keywords_admit_every_match() {
        // Each pattern's keywords are in every text it matches, so running
        // only the patterns whose keywords occur loses nothing.
        for (kind, text, _) in positives() {
            let run = candidates(&text);
            for (i, p) in PATTERNS.iter().enumerate() {
                if regex(i).is_match(&text) {
                    assert!(run[i], "{kind}: keywords of {} miss {text:?}", p.kind);
                }
            }
            // Upper case too.
            let upper = text.to_ascii_uppercase();
            let run = candidates(&upper);
            for (i, p) in PATTERNS.iter().enumerate() {
                if regex(i).is_match(&upper) {
                    assert!(run[i], "{kind}: keywords of {} miss {upper:?}", p.kind);
                }
            }
        }
        assert!(candidates("Summarise the quarterly report for the team.")
            .iter()
            .all(|&r| !r));
    }

    #[test]
    fn every_pattern_compiles_and_is_exercised() {
        for i in 0..PATTERNS.len() {
            regex(i);
        }
    }

    #[test]
    fn ignores_placeholders_examples_references_and_prose() {
        let x36 = "x".repeat(36);
        let jwt_io = format!(
            "{}.{}.{}",
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9",
            JWT_IO_PAYLOAD,
            concat!("SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV", "_adQssw5c")
        );
        let texts: Vec<String> = vec![
            format!("ghp_{x36}"),
            "xoxb-your-bot-token".into(),
            format!("https://hooks.slack.com/services/T00000000/B00000000/{}", "X".repeat(24)),
            "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n-----END PRIVATE KEY-----".into(),
            "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----".into(),
            "The line -----BEGIN PRIVATE KEY----- marks the start of a key.".into(),
            "client = OpenAI(api_key=openai_key)".into(),
            // Code, not literals: calls, member chains, negations, a bare
            // identifier after a quoted key, a shell parameter's default.
            "let signingKey = Ed448.KeyAgreement.SigningKey()".into(),
            "uint256 tokenUnits = IERC721Receiver(vault).units();".into(),
            "this.#password = this.#deriveSecret(input);".into(),
            "const token = ctx._params?.resumeToken;".into(),
            "showToken = !showTokenValue".into(),
            r#"    "TOKEN_LEAK": TokenLeakDemoPoC,"#.into(),
            "runner=${RUN_TOKEN_HELPER:-$base_dir/helper.py}".into(),
            "secret: projects/acme/secrets/db-password/versions/latest".into(),
            r#"{"secret": "prod/reports/db"}"#.into(),
            "password: arn:aws:secretsmanager:us-east-1:123456789012:secret:db".into(),
            "token: op://vault/item/field".into(),
            "api_key: vault:secret/data/api#key".into(),
            "PWD=/home/runner/work/repo".into(),
            "Secret: Rotation happens every 90 days.".into(),
            "The key is secret: comparing hashes is enough.".into(),
            format!("AIza{}", "X".repeat(35)),
            "Example: AKIAIOSFODNN7EXAMPLE".into(),
            "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY".into(),
            r#"{"password":"Test123!"}"#.into(),
            "sk_live_xxx".into(),
            concat!("sk_test_", "4eC39HqLyjWDarjtT1zdp7dc").into(),
            jwt_io,
            "password: <your password>".into(),
            "password = os.environ[\"PW\"]".into(),
            "token: process.env.SLACK_TOKEN".into(),
            "api_key: ${API_KEY}".into(),
            "token: ${{ secrets.GITHUB_TOKEN }}".into(),
            "password=%DB_PASSWORD%".into(),
            "password=$DB_PASSWORD".into(),
            "token: YOUR_TOKEN_HERE".into(),
            "OPENAI_API_KEY=sk-...".into(),
            "api_key: A1B2C3D4E5F6G7H8".into(),
            // A map of files to their checksums; a rubric's phrase.
            r#""skills/brief/assets/tokens.css": "e62f02714ff77cb803993cf9796f09b5adafff8523418c3ec7a3c73f80947a2c","#.into(),
            r#""secret_detect.py": "9f2c41d7a0be33e18c56f7d24b90a1e6c3d85f0a7e2b4c19d63f8a05e7b1c2d4","#.into(),
            r#""pass_2": "Re-evaluate after P0/P1 fixes","#.into(),
            // A vendor's documented token for a reserved example domain.
            "Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJlbWFpbCI6ICJyZWdpc3RyYXJAZXhhbXBsZS5jb20iLCAibmFtZSI6ICJKb2huIERvZSIsICJleHAiOiAxNjkwMDAwMDAwfQ.Qm9vTxZk3aR7pLw2vN8cYe1uHs5jFd0gKi4tBq6rMnO".into(),
            "secret: abcdef123456".into(),
            "token = 1234567890".into(),
            "Never put a password or token in a profile.".into(),
            "https://example.org/reviews/41".into(),
            "set the password=changeme default".into(),
            "https://user@host.example.com/x".into(),
            "qpdf --password=mypassword --decrypt in.pdf out.pdf".into(),
            "qpdf --password=secret123 --decrypt in.pdf out.pdf".into(),
            "AccessToken:  \"xoxp-...\",".into(),
            "client_secret: \"abc123...\"".into(),
            "Proxy URL (e.g., `http://user:pass@host:port`)".into(),
            "curl -u user:pass https://api.example.com".into(),
            "Passwords in `curl -u user:password` are masked".into(),
            "    public void setOpenAiApiKey(String openAiApiKey) { this.openAiApiKey = openAiApiKey; }".into(),
            "curl -u \"$USER:$PASS\" https://api.example.com".into(),
            "Authorization: Bearer $TOKEN".into(),
            "Authorization: Bearer <token>".into(),
            "max_tokens: 4096000".into(),
            "password_hash: 9f86d081884c7d659a2feaa0c55ad015".into(),
            "secret_name: prod-db-password".into(),
            "postgres://postgres:postgres123@localhost/db".into(),
            // No password: userinfo cannot hold `/`, `?` or `#`.
            "http://localhost:5173?invite=jane.doe@acme.io".into(),
            "http://localhost:5173/#/invite?to=jane.doe@acme.io".into(),
            "see machine learning, default password policy".into(),
            format!("sk-proj-{}", "0".repeat(60)),
            "  -H \"Authorization: Bearer token123\" \\".into(),
            "https://api.nasa.gov/planetary/apod?api_key=DEMO_KEY&date=2024-01-15".into(),
            "model.train(dataset='tokens.parquet', epochs=100)".into(),
            "    +deviceTokens: List~string~".into(),
            "with Gateway(USERNAME, PASSWORD, host=HOST, port=PORT) as conn:".into(),
            "zot = Zotero(library_id='123456', api_key='ABC1234XYZ')".into(),
            "ds = ds.map(tokenize_function, batched=True)".into(),
            "xoxb-xoxb-my-bot-token".into(),
            "xoxa-access-token-string".into(),
            format!("credentialsId: '{}'", "ff083f76-7804-4ef1-80e4-fe975bb9141b"),
            format!("TOKEN_AUDIENCE = \"{}\"", "25872395-ed3a-4703-b647-22ec53f3683c"),
            format!("<UserSecretsId>{}</UserSecretsId>", "79a3edd0-2092-40a2-a04d-dcb46d5ca9ed"),
            r#"{"notes": "GITHUB_API_KEY=\nDYNATRACE_API_KEY="}"#.into(),
            // A verdict's label and words, a comparison, a resource path
            // of named segments, a demonstration password in prose, basic
            // credentials that decode to words, a token with jwt.io's
            // example subject.
            "// PASS: Types/Records: PascalCase".into(),
            "if (token.startMs > currentTimeMs) {".into(),
            "--kms-key=projects/demo/locations/europe-west1/keyRings/app-ring/cryptoKeys/db-key".into(),
            r#""note": "Valid password: 'Hello@2024'""#.into(),
            "Authorization: Basic YWRtaW46cGFzc3dvcmQ=".into(),
            // An address, base64 of words, words with digits, a cracking
            // tool's slot, forged tokens, a password in leetspeak.
            "#  Contract:  0x6b175474e89094c44da98b954eedeac495271d0f".into(),
            "DB_PASSWORD: c2VjcmV0LXZhbHVl   # base64 of secret-value".into(),
            r#""proxyAuthorization": "Basic encodedcredentials64","#.into(),
            "const API_KEY = 'key_live_abc123def';".into(),
            r#""/signin:login=^USER^&password=^PASS^:Failed""#.into(),
            "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.signature".into(),
            "Authorization: Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJyb290In0.".into(),
            "# AdminPassword: W3lc0me2024".into(),
            // A token cut short in each part, jwt.io's example after a
            // header, prose after `default password`, a PowerShell command.
            "Authorization: Bearer eyJhbGciOi---xxx.eyJpc3MiOm---xxx.WFquGEx5gf---xxx".into(),
            format!("Authorization: Bearer {}.{}.{}", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", JWT_IO_PAYLOAD, concat!("SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV", "_adQssw5c")),
            "5. **Credential testing:** Weak/default password checks, null session tests".into(),
            "$creds = Get-MgServicePrincipalPasswordCredential -ServicePrincipalId $id".into(),
            // A stand-in that names its kind, a token's address.
            "  -H \"Authorization: Bearer ab_agentA_key\" \\".into(),
            "export SERVICE_TOKEN=acme-prod-deploy-token".into(),
            // A test's stand-in spelling its kind, with a tag to find it by.
            "    const password = 'official-template-password-7qM2'".into(),
            "    const apiKey = 'fixture-render-api-key-8rN3'".into(),
            "        token_addr=\"0xTokenAddr\",".into(),
            // A type and its base, a page of results, a value its name
            // calls made up.
            "public class PasswordHasher : IPasswordHasher".into(),
            "private_key = OpenSSL::PKey::RSA.new(File.read(path))".into(),
            "ZD.createScalarToken=Lz.createScalarToken,ZD.visit=Lz.visit".into(),
            // AWS's documented example with its end edited for a second
            // profile.
            concat!("aws_access_key_id = AKIA", "IOSFODNN7PRODUCTION").into(),
            concat!("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/", "bPxRfiCYPRODUCTIONKEY").into(),
            // Values in the address of an image a page shows: an HTML
            // `src`, a Markdown image, a link to a media file. Every
            // reader's browser fetches it.
            concat!(
                "<img src=\"https://files.example.io/o/logo.png?alt=media&#x26;token=",
                "43a73901-37a9-4cb9-a25c-fa01cf03baea\" alt=\"\">"
            )
            .into(),
            concat!(
                "<a href=\"https://files.example.io/o/shot.PNG?alt=media&token=",
                "99013e3d-30cb-43c2-bef2-97f8770a2801\">shot</a>"
            )
            .into(),
            "<img src='https://cdn.example.io/render?size=2&token=q8Zr2Lm5XwKd7Yb1'>".into(),
            "![chart](https://cdn.example.io/render?id=7&token=q8Zr2Lm5XwKd7Yb1) below".into(),
            concat!(
                "{% file src=\"<https://files.example.io/o/run_3407.txt?alt=media&token=",
                "37b19689-73e5-46d0-98be-352e515dfdf8>\" %}"
            )
            .into(),
            concat!(
                "<img src=\"https://files.example.io/o/GSPO%20diagram%20(1).jpg?alt=media&#x26;token=",
                "4b2c3d1e-37a9-4cb9-a25c-fa01cf03baea\">"
            )
            .into(),
            r#"  "NextToken": "AAAAAOaK8xq0dRgqBcK4tY3GgM1v","#.into(),
            r#"  "nextPageToken": "WyIyMDI1LTAxLTAxIiwiYWJjIl0x","#.into(),
            "GSC_FAKE_TOKEN=SUPERSECRET_q8Zr2Lm5Xw".into(),
            format!(
                "token = \"{}.{}.{}\"",
                "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9",
                "eyJzdWIiOiIxMjM0NTY3ODkwIiwicm9sZSI6ImFkbWluIn0",
                concat!("q3Vt0pWf8ZkLs2Rx", "Nd7Yb1HcE4gJ")
            ),
            // OAuth 2.0's example tokens, words with a count, a Slack
            // token without its team's number.
            concat!(r#"  "refresh_token": "tGzv3JOkF0XG"#, r#"5Qx2TlKWIA","#).into(),
            concat!(r#"  "access_token": "2YotnFZFEjr1"#, r#"zCsicMWpAA","#).into(),
            "API_KEY=dev-api-key-12345".into(),
            "API_KEY=dev_key_12345".into(),
            "API_KEY=prod_key_67890".into(),
            "  vi.stubEnv('SLACK_BOT_TOKEN', 'xoxb-test-token-12345');".into(),
            // A test's output line, a type annotation, a member looked up,
            // prose after a key word, the alphabet in
            // both cases, a dev server's and a storage link's own tokens.
            r#"echo "PASS: k8s-yaml-generator regression tests""#.into(),
            r#"    TOKEN = "s3cr3t-token-value""#.into(),
            concat!(
                "-----BEGIN RSA PRIVATE KEY-----\n",
                "MIIEpAIBAAKCAQEAplantedtestkeymaterialnotrealdonotusethisanywhere00\n",
                "-----END RSA PRIVATE KEY-----\n"
            )
            .into(),
            "def dh(private_key: X25519PrivateKey, public_key_bytes: bytes) -> bytes:".into(),
            r#"  const passReviewer: ReviewerFn = async () => "VERDICT: PASS";"#.into(),
            "    var credential = ObjC.classes.NSURLCredential".into(),
            r#"indicator="DC machine account password changed","#.into(),
            "Authorization: Bearer ghp_AbCdEfGhIjKlMnOpQrStUvWxYz".into(),
            "WebSocket 'ws://localhost:443/__fx/__vite_hmr?token=aOrk36t50oJR' failed".into(),
            r#"<a href="https://x-files.gitbook.io/o/a.txt?alt=media&#x26;token=46c4040e-e464-4562-9430-d017868a1077">a</a>"#.into(),
        ];
        for text in &texts {
            assert!(scan(text).is_empty(), "{text}: {:?}", scan(text));
        }
    }

    #[test]
    fn names_in_code_that_say_what_they_hold_are_no_secrets() {
        // A member, a ternary's branch, a Rust type path, an ABI's type,
        // a ternary's condition, a Supabase anon key.
        let anon = format!(
            "{}.{}.{}",
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9",
            "eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6InFiaWpqdW51c2NtY3Jjd2pwb2pyIiwicm9sZSI6ImFub24iLCJpYXQiOjE3NzA0MzE4NTYsImV4cCI6MjA4NjAwNzg1Nn0",
            concat!("q3Vt0pWf8ZkLs2Rx", "Nd7Yb1HcE4gJ", "aX9")
        );
        for text in [
            "          toUsePrivateKey = childPk.privateKey".to_string(),
            "      const identitySecret = isPartyA ? room.partyAIdentitySecret : room.partyBIdentitySecret;".to_string(),
            "    fn sign(&self, signing_key: ed25519_dalek::SigningKey) {".to_string(),
            "  inputs:\n    - token: ISuperToken\n    - receiver: address\n".to_string(),
            format!("const SUPABASE_ANON_KEY = '{anon}';"),
            // A member in a boolean, a variable in an object literal, a
            // type annotation ended by `;`.
            "    tokenIn = previousOp.tokenOut || previousOp.tokenIn;".to_string(),
            "    wallet: walletAddr,\n    vToken: vTokenAddress,\n".to_string(),
            "export interface Proof {\n  w3cCredential: W3CVerifiableCredential;\n}".to_string(),
            // A member handed a member in a statement; a key whose random
            // part a sample replaced.
            "  bloomPass.enabled = bloomEnabledEl.checked;".to_string(),
            // The same, minified: ended by a block's `}`.
            "get token(){return this._token||(this._token=aA.Cancelled}".to_string(),
            // A token shown cut short under a diagram of its parts.
            concat!("  eyJhbGciOiJIUzI1NiIs.", "eyJzdWIiOiIxMjM0NTY3.SflKxwRJSMeKKF2Q").to_string(),
            // A diagram's token: RS256 with a 20-character signature.
            concat!("  eyJhbGciOiJSUzI1NiJ9.", "eyJzdWIiOiJ1c2VyXzEyMyJ9.Qm9vTxZk3aR7pLw2vN8c").to_string(),
            // A generic's call, and a C++ method's scope.
            "    pertokenScaleLocal = vecQuePertokenScale_.DeQue<float>();\n\n    BroadCast<float, M_N_TWO_DIMS, 1>(dst, pertokenScaleLocal);".to_string(),
            "    this->expertTokenIdxOutLocal = expertTokenIdxCopyOutQueue.DeQue<int32_t>();"
                .to_string(),
            "__aicore__ inline void MoeV2ExpertTokenOut::CopyOutTokenGm() {".to_string(),
            concat!("TELNYX_API_KEY=KEY0", "19A4E7C2B6D8F0A1E3C5B7D9F1A3E5_xxx").to_string(),
            // Keys made to be public: PostHog's project key, Stripe's
            // publishable key.
            concat!(r#"const POSTHOG_API_KEY = "phc_"#, r#"q8Zr2Lm5XwKd7Yb1HcE4gJaX9";"#).to_string(),
            concat!("STRIPE_PUBLISHABLE_KEY=pk_live_", "51Hq8Zr2Lm5XwKd7Yb1HcE4gJaX9").to_string(),
            // A document store's ids for a file and a node.
            r#"[{"file_token":"KDakbSahMooOkpxSNP2cRv7Tnth","name":"T_Village"}]"#.to_string(),
            "?height=1280&mount_node_token=UZYBsLWYohpZrmtWAhwcm2Q0nPr&mount_point=sheet".to_string(),
            // A `kind:value` label in one string: the tokenizer a function
            // reports.
            "        return \"tiktoken:o200k_base\", lambda text: len(enc.encode(text))".to_string(),
        ] {
            assert!(scan(&text).is_empty(), "{text}: {:?}", scan(&text));
        }
    }

    #[test]
    fn values_near_this_rounds_look_alikes_are_still_found() {
        // A random value after a colon in YAML (no code follows it), a
        // random password with no words in it, a token for a host other
        // than this machine's, a password in a local database's address.
        let s = &mut 29u64;
        let v = rnd(s, ALNUM, 20);
        for text in [
            format!("password: Q{v}"),
            format!("const API_KEY = \"{v}\";"),
            format!("ws://dev.example.io:443/hmr?token={v}"),
            format!("postgres://admin:{v}@localhost:5432/app"),
            format!("api_token = \"k8s-{v}\""),
            // A random value that ends in a word is still random, and a
            // JWT with a role other than `anon` is a service's key.
            format!("password: {v}Key"),
            format!("secret = \"{v}\";"),
            format!("profile_token = \"{v}\""),
            // Two random parts ended by `;` are no member chain.
            format!("auth_token = {v}.{v};"),
            format!("{{auth_token = {v}.{v}}}"),
            // A key quoted apart from its value, or a label unquoted.
            format!("{{\"token\":\"{v}\"}}"),
            format!("token:{v}"),
        ] {
            assert_eq!(scan(&text).len(), 1, "{text}: {:?}", scan(&text));
        }
    }

    #[test]
    fn basic_credentials_with_a_random_password_are_found() {
        // `deploy:` and a random password, base64-encoded.
        let text = "Authorization: Basic ZGVwbG95OnE4VnozS3BMMm1YdzlSdA==";
        assert_eq!(scan(text).len(), 1, "{:?}", scan(text));
        // A random value after a comparison-looking `>` that is no
        // comparison (no space before it) is still a value.
        let s = &mut 11u64;
        let value = rnd(s, ALNUM, 24);
        let text = format!("api_token>{value}");
        assert_eq!(scan(&text).len(), 1, "{text}");
    }

    #[test]
    fn a_value_in_an_address_the_page_only_links_to_is_found() {
        // A link to a page, not to media a page shows; a link after an
        // image on the same line.
        let key = "q8Zr2Lm5XwKd7Yb1Hc";
        for text in [
            format!("<a href=\"https://api.example.io/v1/export?token={key}\">export</a>"),
            format!("![logo](logo.png) and [export](https://api.example.io/x?token={key})"),
            format!("curl https://api.example.io/v1/export?token={key}"),
        ] {
            let found = scan(&text);
            assert_eq!(found.len(), 1, "{text}: {found:?}");
            assert_eq!(&text[found[0].range.clone()], key, "{text}");
        }
    }

    #[test]
    fn values_must_be_whole() {
        let s = &mut 7u64;
        // A longer run of token characters is another thing, not this token.
        let t = format!("AKIA{}", rnd(s, UPPER, 20));
        assert!(scan(&t).is_empty());
        let t = format!("xAKIA{}", rnd(s, UPPER, 16));
        assert!(scan(&t).is_empty());
        // A trailing `/`, `+`, `-` or `=` is part of the value.
        let key = format!("{}+/", rnd(s, B64, 38));
        let text = format!("aws_secret_access_key={key} ");
        let m = &scan(&text)[0];
        assert_eq!(&text[m.range.clone()], key);
    }

    #[test]
    fn non_ascii_text_keeps_the_fast_path() {
        let s = &mut 11u64;
        let key = format!("AKIA{}", rnd(s, UPPER, 16));
        let text = "All work is logged. ".repeat(1 << 16) + "é " + &key;
        assert_eq!(scan(&text).len(), 1);
        let text = format!("é{key}é");
        assert_eq!(scan(&text).len(), 1);
    }

    #[test]
    fn ranges_are_whole_characters_sorted_and_apart_on_mixed_input() {
        // Fragments of every pattern's frame, non-ASCII letters between.
        let s = &mut 0x1234_5678_9abc_def1u64;
        let fragments = [
            "sk-proj-",
            "ghp_",
            "AKIA",
            "xoxb-",
            "=",
            ": ",
            "\"",
            "\\\"",
            "é",
            "😀",
            "password",
            "DB_PASSWORD=",
            "-----BEGIN PRIVATE KEY-----",
            "-----END PRIVATE KEY-----",
            "\\n",
            "\n",
            "https://",
            ":",
            "@",
            "Authorization: Bearer ",
            "curl -u a:",
            "&x=",
            "sig=",
            "AccountKey=",
            "eyJ",
            ".",
            " ",
        ];
        for _ in 0..300 {
            let mut text = String::new();
            for _ in 0..40 {
                let k = rnd(s, "0123456789", 2).parse::<usize>().unwrap();
                if k % 3 == 0 {
                    text.push_str(&rnd(s, B64, k % 50 + 1));
                } else {
                    text.push_str(fragments[k % fragments.len()]);
                }
            }
            let found = scan(&text);
            let mut last = 0;
            for m in &found {
                assert!(
                    m.range.start < m.range.end && m.range.start >= last,
                    "{text:?}"
                );
                assert!(text.is_char_boundary(m.range.start) && text.is_char_boundary(m.range.end));
                last = m.range.end;
            }
        }
    }

    #[test]
    fn masks_only_the_value() {
        let text = "https://deploy:S3cr3tPass@logs.example.com/x";
        let m = &scan(text)[0];
        assert_eq!(&text[m.range.clone()], "S3cr3tPass");
    }
}
