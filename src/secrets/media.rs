//! Whether a value sits in the address of media a page shows (an image's
//! `src`, a Markdown image, a link to a `.png`): published with the page.

/// File types a page shows rather than links to for reading.
const MEDIA_EXTS: &[&str] = &[
    "png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "ico", "bmp", "mp4", "webm", "mov",
];

/// How far back an address is followed from a value in it.
const ADDRESS_REACH: usize = 4096;

/// Whether `at` is inside the address of an image or other media a page
/// shows: an HTML `src` attribute, a Markdown image (`![…](…)`), or any
/// address whose path names a media file
/// (`…/logo.png?alt=media&token=…`). Every reader's browser fetches that
/// address to show the page, so a value in it is published with the page,
/// not kept secret.
pub(super) fn in_media_address(text: &str, at: usize) -> bool {
    let bytes = text.as_bytes();
    let Some(Address { floor, begin, .. }) = address_at(text, at) else {
        return false;
    };
    let address = &text[begin..at];
    // `src="<https://…>"`: an address in angle brackets.
    let before = &bytes[floor..begin];
    let before = before.strip_suffix(b"<").unwrap_or(before);
    // `![alt](`: the bracket that opens the alt text follows a `!`.
    let image = before.strip_suffix(b"](").is_some_and(|alt| {
        alt.iter()
            .rposition(|b| *b == b'[' || *b == b'\n')
            .is_some_and(|i| alt[i] == b'[' && i > 0 && alt[i - 1] == b'!')
    });
    let shown = before.ends_with(b"src=\"") || before.ends_with(b"src='") || image;
    let path = address.split(['?', '#']).next().unwrap_or(address);
    let media = path
        .rsplit_once('.')
        .is_some_and(|(_, ext)| MEDIA_EXTS.contains(&ext.to_ascii_lowercase().as_str()));
    // A storage download address (`…?alt=media&token=…`, Firebase's and
    // Google Cloud Storage's): the token is the link's own, made to share.
    let download = address.contains("?alt=media&") || address.contains("?alt=media&#x26;");
    shown || media || download
}

/// Whether `at` is inside the address of this machine (`localhost`,
/// `127.0.0.1`, `0.0.0.0`, `[::1]`): a dev server's session token
/// (`ws://localhost:5173/?token=…`) opens nothing anyone else can reach.
pub(super) fn in_loopback_address(text: &str, at: usize) -> bool {
    let Some(Address { sep, .. }) = address_at(text, at) else {
        return false;
    };
    let after = &text[sep + 3..at];
    // The host, after any `user:password@`, before its port and path.
    let authority = after.split(['/', '?', '#']).next().unwrap_or("");
    let host = authority.rsplit('@').next().unwrap_or("");
    let host = if host.starts_with('[') {
        host.split(']').next().map(|h| &h[1..]).unwrap_or("")
    } else {
        host.split(':').next().unwrap_or("")
    };
    // Only a value past the host counts (a query's, a path's): a password
    // before the `@` is a local service's login, judged as such.
    after.len() > authority.len()
        && (host.eq_ignore_ascii_case("localhost")
            || host.starts_with("127.")
            || host == "0.0.0.0"
            || host == "::1")
}

/// Where the address holding `at` lies: how far back it was looked for
/// (`floor`), its first byte (the scheme's first letter, `begin`) and its
/// `://` (`sep`).
struct Address {
    floor: usize,
    begin: usize,
    sep: usize,
}

/// The address that holds `at`, if any: it runs back to a space, a quote
/// or an angle bracket (it may hold parentheses, `diagram%20(1).jpg`) and
/// begins with its scheme, the letters before the first `://` (after
/// `![alt](` in Markdown).
fn address_at(text: &str, at: usize) -> Option<Address> {
    let bytes = text.as_bytes();
    let stop = |b: u8| b.is_ascii_whitespace() || b"\"'<>`".contains(&b);
    let floor = at.saturating_sub(ADDRESS_REACH);
    let mut start = at;
    while start > floor && !stop(bytes[start - 1]) {
        start -= 1;
    }
    let sep = start + text.get(start..at)?.find("://")?;
    let mut begin = sep;
    while begin > start && bytes[begin - 1].is_ascii_alphabetic() {
        begin -= 1;
    }
    (begin < sep).then_some(Address { floor, begin, sep })
}
