//! What the cache keeps of one unit ([`Entry`]), and how it is written
//! and read back: a small length-prefixed binary format of its own (see
//! docs/development.md for why not a serde codec).

use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Label, Rule, Severity};
use crate::model::skill::folder::Probe;
use crate::rules::skill::context::SkillName;
use crate::source::Span;

/// What linting one unit found.
#[derive(Debug, Clone)]
pub enum Entry {
    Profile {
        diagnostics: Vec<Diagnostic>,
        parsed: bool,
        agent_id: Option<(String, Span)>,
    },
    Skill {
        diagnostics: Vec<Diagnostic>,
        is_skill: bool,
        name: Option<SkillName>,
        /// Every file the folder's lint read.
        paths: Vec<String>,
        /// What the lint asked of the repository outside the folder: the
        /// entry holds only while the answers are the same.
        probes: Vec<Probe>,
    },
    /// A history review of a changed profile (its key names the pair of
    /// revisions) that found nothing.
    Judged,
}

impl Entry {
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            Entry::Profile { diagnostics, .. } | Entry::Skill { diagnostics, .. } => diagnostics,
            Entry::Judged => &[],
        }
    }

    /// Whether the entry may be written: no credential finding, and only
    /// what the file rules find (history findings are never cached).
    pub fn storable(&self) -> bool {
        self.diagnostics()
            .iter()
            .all(|d| !d.rule.id.starts_with("security/") && d.commit.is_none())
    }
}

pub(super) fn decode_entry(r: &mut Reader<'_>) -> Option<Entry> {
    let entry = match r.u8()? {
        0 => Entry::Profile {
            diagnostics: r.diagnostics()?,
            parsed: r.u8()? != 0,
            agent_id: match r.u8()? {
                0 => None,
                _ => Some((r.str()?, r.span()?)),
            },
        },
        1 => Entry::Skill {
            diagnostics: r.diagnostics()?,
            is_skill: r.u8()? != 0,
            name: match r.u8()? {
                0 => None,
                _ => Some(SkillName {
                    path: r.str()?,
                    name: r.str()?,
                    span: r.span()?,
                    plugin: r.opt_str()?,
                }),
            },
            paths: {
                let n = r.u32()? as usize;
                let mut paths = Vec::with_capacity(n.min(r.bytes.len()));
                for _ in 0..n {
                    paths.push(r.str()?);
                }
                paths
            },
            probes: {
                let n = r.u32()? as usize;
                let mut probes = Vec::with_capacity(n.min(r.bytes.len()));
                for _ in 0..n {
                    probes.push(match r.u8()? {
                        0 => Probe::Exists(r.str()?, r.u8()? != 0),
                        1 => Probe::Dir(r.str()?, r.u8()? != 0),
                        2 => Probe::File(r.str()?, r.u8()? != 0),
                        3 => {
                            let path = r.str()?;
                            let n = r.u32()? as usize;
                            let mut dirs = Vec::with_capacity(n.min(r.bytes.len()));
                            for _ in 0..n {
                                dirs.push(r.str()?);
                            }
                            Probe::Subdirs(path, dirs)
                        }
                        _ => return None,
                    });
                }
                probes
            },
        },
        2 => Entry::Judged,
        _ => return None,
    };
    r.bytes.is_empty().then_some(entry)
}

#[derive(Default)]
pub(super) struct Writer {
    pub(super) bytes: Vec<u8>,
}

impl Writer {
    pub(super) fn entry(&mut self, entry: &Entry) {
        match entry {
            Entry::Profile {
                diagnostics,
                parsed,
                agent_id,
            } => {
                self.u8(0);
                self.diagnostics(diagnostics);
                self.u8(u8::from(*parsed));
                match agent_id {
                    Some((id, span)) => {
                        self.u8(1);
                        self.str(id);
                        self.span(*span);
                    }
                    None => self.u8(0),
                }
            }
            Entry::Skill {
                diagnostics,
                is_skill,
                name,
                paths,
                probes,
            } => {
                self.u8(1);
                self.diagnostics(diagnostics);
                self.u8(u8::from(*is_skill));
                match name {
                    Some(n) => {
                        self.u8(1);
                        self.str(&n.path);
                        self.str(&n.name);
                        self.span(n.span);
                        self.opt_str(n.plugin.as_deref());
                    }
                    None => self.u8(0),
                }
                self.u32(u32::try_from(paths.len()).unwrap_or(u32::MAX));
                for p in paths {
                    self.str(p);
                }
                self.u32(u32::try_from(probes.len()).unwrap_or(u32::MAX));
                for probe in probes {
                    // The tags are those `decode_entry` reads.
                    let (tag, path) = match probe {
                        Probe::Exists(path, _) => (0, path),
                        Probe::Dir(path, _) => (1, path),
                        Probe::File(path, _) => (2, path),
                        Probe::Subdirs(path, _) => (3, path),
                    };
                    self.u8(tag);
                    self.str(path);
                    match probe {
                        Probe::Exists(_, yes) | Probe::Dir(_, yes) | Probe::File(_, yes) => {
                            self.u8(u8::from(*yes));
                        }
                        Probe::Subdirs(_, dirs) => {
                            self.u32(u32::try_from(dirs.len()).unwrap_or(u32::MAX));
                            for d in dirs {
                                self.str(d);
                            }
                        }
                    }
                }
            }
            Entry::Judged => self.u8(2),
        }
    }

    pub(super) fn u8(&mut self, v: u8) {
        self.bytes.push(v);
    }
    pub(super) fn u32(&mut self, v: u32) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn u64(&mut self, v: u64) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn blob(&mut self, b: &[u8]) {
        self.u32(u32::try_from(b.len()).unwrap_or(u32::MAX));
        self.bytes.extend_from_slice(b);
    }
    pub(super) fn str(&mut self, s: &str) {
        self.blob(s.as_bytes());
    }
    pub(super) fn opt_str(&mut self, s: Option<&str>) {
        match s {
            Some(s) => {
                self.u8(1);
                self.str(s);
            }
            None => self.u8(0),
        }
    }
    pub(super) fn span(&mut self, s: Span) {
        self.u64(s.offset as u64);
        self.u64(s.length as u64);
    }
    pub(super) fn diagnostics(&mut self, ds: &[Diagnostic]) {
        self.u32(u32::try_from(ds.len()).unwrap_or(u32::MAX));
        for d in ds {
            self.str(d.rule.id);
            self.u8(match d.severity {
                Severity::Error => 0,
                Severity::Warning => 1,
            });
            self.str(&d.message);
            self.str(&d.path);
            match d.span {
                Some(s) => {
                    self.u8(1);
                    self.span(s);
                }
                None => self.u8(0),
            }
            self.opt_str(d.label.as_deref());
            self.u32(u32::try_from(d.labels.len()).unwrap_or(u32::MAX));
            for l in &d.labels {
                self.opt_str(l.path.as_deref());
                self.span(l.span);
                self.str(&l.text);
            }
            self.opt_str(d.help.as_deref());
            match &d.fix {
                Some(fix) => {
                    self.u8(1);
                    self.str(&fix.message);
                    self.u8(match fix.applicability {
                        Applicability::Safe => 0,
                        Applicability::Unsafe => 1,
                    });
                    self.u32(u32::try_from(fix.edits.len()).unwrap_or(u32::MAX));
                    for e in &fix.edits {
                        self.str(&e.path);
                        self.u64(e.range.start as u64);
                        self.u64(e.range.end as u64);
                        self.str(&e.replacement);
                    }
                    match &fix.rename {
                        Some((from, to)) => {
                            self.u8(1);
                            self.str(from);
                            self.str(to);
                        }
                        None => self.u8(0),
                    }
                }
                None => self.u8(0),
            }
        }
    }
}

pub(super) struct Reader<'a> {
    pub(super) bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub(super) fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.bytes.len() < n {
            return None;
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Some(head)
    }
    pub(super) fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }
    pub(super) fn u32(&mut self) -> Option<u32> {
        self.take(4)
            .map(|b| u32::from_le_bytes(b.try_into().expect("four bytes")))
    }
    pub(super) fn u64(&mut self) -> Option<u64> {
        self.take(8)
            .map(|b| u64::from_le_bytes(b.try_into().expect("eight bytes")))
    }
    pub(super) fn usize(&mut self) -> Option<usize> {
        usize::try_from(self.u64()?).ok()
    }
    pub(super) fn blob(&mut self) -> Option<&'a [u8]> {
        let n = self.u32()? as usize;
        self.take(n)
    }
    pub(super) fn str(&mut self) -> Option<String> {
        std::str::from_utf8(self.blob()?).ok().map(str::to_string)
    }
    pub(super) fn opt_str(&mut self) -> Option<Option<String>> {
        match self.u8()? {
            0 => Some(None),
            _ => self.str().map(Some),
        }
    }
    pub(super) fn span(&mut self) -> Option<Span> {
        Some(Span::new(self.usize()?, self.usize()?))
    }
    pub(super) fn diagnostics(&mut self) -> Option<Vec<Diagnostic>> {
        let n = self.u32()? as usize;
        let mut out = Vec::with_capacity(n.min(self.bytes.len()));
        for _ in 0..n {
            let id = self.str()?;
            let rule: &'static Rule = crate::rules::all().find(|r| r.id == id)?;
            let severity = match self.u8()? {
                0 => Severity::Error,
                _ => Severity::Warning,
            };
            let message = self.str()?;
            let path = self.str()?;
            let span = match self.u8()? {
                0 => None,
                _ => Some(self.span()?),
            };
            let label = self.opt_str()?;
            let n_labels = self.u32()? as usize;
            let mut labels = Vec::with_capacity(n_labels.min(self.bytes.len()));
            for _ in 0..n_labels {
                labels.push(Label {
                    path: self.opt_str()?,
                    span: self.span()?,
                    text: self.str()?,
                });
            }
            let help = self.opt_str()?;
            let fix = match self.u8()? {
                0 => None,
                _ => {
                    let message = self.str()?;
                    let applicability = match self.u8()? {
                        0 => Applicability::Safe,
                        _ => Applicability::Unsafe,
                    };
                    let n_edits = self.u32()? as usize;
                    let mut edits = Vec::with_capacity(n_edits.min(self.bytes.len()));
                    for _ in 0..n_edits {
                        edits.push(Edit {
                            path: self.str()?,
                            range: self.usize()?..self.usize()?,
                            replacement: self.str()?,
                        });
                    }
                    let rename = match self.u8()? {
                        0 => None,
                        _ => Some((self.str()?, self.str()?)),
                    };
                    Some(Fix {
                        message,
                        applicability,
                        edits,
                        rename,
                    })
                }
            };
            let mut d = Diagnostic::new(rule, path, message);
            d.severity = severity;
            d.span = span;
            d.label = label;
            d.labels = labels;
            d.help = help;
            d.fix = fix.map(Box::new);
            out.push(d);
        }
        Some(out)
    }
}
