//! Writing to stdout and stderr where a closed pipe (`caplint … | head`) is
//! not an error. Everything written passes the redaction gate
//! ([`crate::redact::mask`]): no secret the run read reaches either stream.

use std::io::{self, Write};

/// Writes to stdout; returns false when the reader has gone away.
pub fn stdout(text: &str) -> bool {
    write_to(&mut io::stdout().lock(), &crate::redact::mask(text))
}

pub fn stderr(text: &str) -> bool {
    write_to(&mut io::stderr().lock(), &crate::redact::mask(text))
}

fn write_to(w: &mut dyn Write, text: &str) -> bool {
    match w.write_all(text.as_bytes()).and_then(|_| w.flush()) {
        Ok(()) => true,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => false,
        Err(_) => false,
    }
}
