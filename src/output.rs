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

/// stdout for a long text written in units (a finding each, a header, a
/// summary): each unit passes the redaction gate on its own, so the whole
/// text is never held in memory, and the writes go through one buffer. A
/// unit is a whole piece of the output (a secret never straddles two). Once
/// the reader has gone away, the rest is dropped.
pub struct Stream {
    out: io::BufWriter<io::StdoutLock<'static>>,
    redactor: Option<std::sync::Arc<crate::redact::Redactor>>,
    open: bool,
}

impl Stream {
    pub fn stdout() -> Stream {
        Stream {
            out: io::BufWriter::with_capacity(64 * 1024, io::stdout().lock()),
            redactor: crate::redact::current(),
            open: true,
        }
    }

    /// Writes one unit, masked.
    pub fn put(&mut self, unit: &str) {
        if !self.open {
            return;
        }
        let masked = match &self.redactor {
            Some(r) => r.mask(unit),
            None => std::borrow::Cow::Borrowed(unit),
        };
        if self.out.write_all(masked.as_bytes()).is_err() {
            self.open = false;
        }
    }

    /// Flushes; returns false when the reader has gone away.
    pub fn finish(mut self) -> bool {
        self.open && self.out.flush().is_ok()
    }
}
