//! JSON Web Tokens that only look like credentials: a documented
//! example's, one made to be published, and one shown cut short.

use super::formats::{Pattern, JWT_IO_PAYLOAD};

/// A JSON Web Token whose claims are a documented example's.
pub(super) fn is_example_claims_jwt(p: &Pattern, value: &str) -> bool {
    p.kind == "JSON Web Token" && value.split('.').nth(1).is_some_and(is_example_claims)
}

/// A JSON Web Token shown cut short (`eyJhbGciOiJIUzI1NiIs.eyJzdWIiOiIxMjM0NTY3.…`
/// under a diagram of its parts): its header or claims decode to JSON
/// that stops before its closing brace, which no issued token does.
///
/// So is one whose signature is shorter than its algorithm's
/// (`{"alg":"RS256"}` and 20 characters where RS256 signs with at least
/// 342): a diagram's stand-in.
pub(super) fn is_cut_short_jwt(p: &Pattern, value: &str) -> bool {
    if p.kind != "JSON Web Token" {
        return false;
    }
    let decoded = |part: &str| base64_decode(part).and_then(|b| String::from_utf8(b).ok());
    let mut parts = value.split('.');
    let (Some(header), Some(claims), signature) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let header = decoded(header);
    if [header.as_deref(), decoded(claims).as_deref()]
        .into_iter()
        .flatten()
        .any(|json| !json.trim_end().ends_with('}'))
    {
        return true;
    }
    let compact: String = header
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    // The base64url length of each algorithm's shortest signature.
    let shortest = [
        ("HS256", 43),
        ("HS384", 64),
        ("HS512", 86),
        ("RS256", 342),
        ("RS384", 342),
        ("RS512", 342),
        ("PS256", 342),
        ("PS384", 342),
        ("PS512", 342),
        ("ES256", 86),
        ("ES384", 128),
        ("ES512", 176),
        ("EdDSA", 86),
    ]
    .iter()
    .find(|(alg, _)| compact.contains(&format!(r#""alg":"{alg}""#)))
    .map(|&(_, len)| len);
    shortest.is_some_and(|len| signature.unwrap_or("").len() < len)
}

/// A JSON Web Token made to be published: a Supabase project's anon key
/// (claims `"role":"anon"`), which every browser that uses the project
/// receives, and whose access row-level security limits.
pub(super) fn is_publishable_jwt(p: &Pattern, value: &str) -> bool {
    p.kind == "JSON Web Token"
        && value
            .split('.')
            .nth(1)
            .and_then(base64_decode)
            .and_then(|b| String::from_utf8(b).ok())
            .is_some_and(|claims| {
                let compact: String = claims.chars().filter(|c| !c.is_whitespace()).collect();
                compact.contains(r#""role":"anon""#) && compact.contains(r#""iss":"supabase""#)
            })
}

/// A JSON Web Token whose claims are a documented example's (jwt.io's).
pub(super) fn is_example_jwt(value: &str) -> bool {
    value.starts_with("eyJ") && value.split('.').nth(1).is_some_and(is_example_claims)
}

/// Standard or URL-safe base64, padded or not; `None` when it is not.
pub(super) fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for b in text.trim_end_matches('=').bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// The claims of a JSON Web Token copied from jwt.io's example: its subject
/// `1234567890`, whatever else goes with it.
pub(super) fn is_example_claims(payload: &str) -> bool {
    payload == JWT_IO_PAYLOAD
        || base64_decode(payload)
            .and_then(|b| String::from_utf8(b).ok())
            .is_some_and(|claims| {
                let compact: String = claims.chars().filter(|c| !c.is_whitespace()).collect();
                // jwt.io's sample, the keys `supabase start` prints for
                // every local stack (issuer `supabase-demo`), and a token a
                // vendor's documentation made for a reserved example domain
                // (`registrar@example.com`, `https://pf.example.com`).
                compact.contains(r#""sub":"1234567890""#)
                    || compact.contains(r#""iss":"supabase-demo""#)
                    || ["example.com", "example.org", "example.net"]
                        .iter()
                        .any(|d| compact.contains(d))
            })
}
