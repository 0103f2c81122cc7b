//! The history rules: judge one profile (or skill) revision against an
//! earlier one, and pair the profiles and skills of two sides (by path, then
//! by `agent_id`). Every finding points at the head file's `version`,
//! `declared_at`, `agent_id` or tool `access` value; deleted profiles are
//! reported at their old path without a span.

use super::claims::{self, Change, Claims};
use super::side::{parse_profile, Ctx, FolderFiles, Head, ProfileRev};
use super::skillmeta::{self, SkillMeta};
use super::version;
use crate::date::Date;
use crate::diagnostic::Report;
use crate::diagnostic::{Diagnostic, Severity};
use crate::error::Fatal;
use crate::git::FileId;
use crate::git::ObjectId;
use crate::json::Value;
use crate::source::{SourceFile, Span};
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

pub use crate::rules::history::ACCESS_WIDENED;
pub use crate::rules::history::AGENT_ID_CHANGED;
pub use crate::rules::history::DECLARED_AT_BACKWARDS;
pub use crate::rules::history::DECLARED_AT_NOT_MOVED;
pub use crate::rules::history::DECLARED_AT_WITHOUT_VERSION;
pub use crate::rules::history::PROFILE_DELETED;
pub use crate::rules::history::RETIRED_PROFILE_CHANGED;
pub use crate::rules::history::SKILL_RENAMED;
pub use crate::rules::history::SKILL_VERSION_DECREASED;
pub use crate::rules::history::SKILL_VERSION_NOT_BUMPED;
pub use crate::rules::history::VERSION_DECREASED;
pub use crate::rules::history::VERSION_NOT_BUMPED;
pub use crate::rules::history::VERSION_NOT_COMPARABLE;
pub use crate::rules::history::VERSION_TAKEN;

/// How many changes a message lists before "and N more".
const LISTED: usize = 6;

/// The tip of the target branch, for `history/version-taken`.
#[derive(Debug, Clone)]
pub struct Tip {
    pub tree: ObjectId,
    /// How the user named it (`origin/main`).
    pub name: String,
}

/// What happened to a profile between the two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Added,
    Modified,
    Renamed,
    Deleted,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Added => "added",
            Status::Modified => "modified",
            Status::Renamed => "renamed",
            Status::Deleted => "deleted",
        }
    }
}

/// The review of one changed profile: claim changes and findings.
#[derive(Debug, Clone)]
pub struct ProfileReview {
    /// The head path (the old path for a deleted profile).
    pub path: String,
    /// The base path when it differs (a rename).
    pub old_path: Option<String>,
    pub status: Status,
    pub agent_id: Option<String>,
    pub version: (Option<String>, Option<String>),
    pub declared_at: (Option<String>, Option<String>),
    /// `retired_at` at the head (or the base, for a deleted profile).
    pub retired_at: Option<String>,
    /// The span of the head's `declared_at` value.
    pub declared_span: Option<Span>,
    pub changes: Vec<Change>,
    pub findings: Vec<Diagnostic>,
    /// The head text the findings' spans point into.
    pub head_source: Option<SourceFile>,
}

/// The review of one changed skill folder.
#[derive(Debug, Clone)]
pub struct SkillReview {
    pub dir: String,
    pub name: (Option<String>, Option<String>),
    pub version: (Option<String>, Option<String>),
    /// Files of the folder that changed (relative to it); `SKILL.md` is
    /// listed when it changed outside its `version` value.
    pub changed_files: Vec<String>,
    pub findings: Vec<Diagnostic>,
    pub head_source: Option<SourceFile>,
}

impl SkillReview {
    /// Whether the review is worth showing: something besides the version
    /// moved.
    pub fn is_shown(&self) -> bool {
        !self.changed_files.is_empty()
            || self.version.0 != self.version.1
            || self.name.0 != self.name.1
    }
}

/// A top-level string field with its value's span.
fn field<'a>(root: &'a Value, key: &str) -> Option<(&'a str, Span)> {
    let m = root.get(key)?;
    m.value
        .as_str()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| (s, m.value.span))
}

fn owned(f: Option<(&str, Span)>) -> Option<String> {
    f.map(|(s, _)| s.to_string())
}

/// A version one step above `v`, for help texts.
pub fn next_version(v: &str) -> Option<String> {
    if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
        let mut digits: Vec<u8> = v.trim_start_matches('0').bytes().collect();
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, b'1');
                break;
            }
            i -= 1;
            if digits[i] == b'9' {
                digits[i] = b'0';
            } else {
                digits[i] += 1;
                break;
            }
        }
        return String::from_utf8(digits).ok();
    }
    let mut s = semver::Version::parse(v).ok()?;
    if s.pre.is_empty() {
        s.minor += 1;
        s.patch = 0;
    }
    s.pre = semver::Prerelease::EMPTY;
    s.build = semver::BuildMetadata::EMPTY;
    Some(s.to_string())
}

/// The next free version above every one of `versions` (the base's, the
/// target tip's): `None` when they cannot all be ordered.
pub fn next_free_version(versions: &[Option<&str>]) -> Option<String> {
    let mut top: Option<&str> = None;
    for v in versions.iter().flatten() {
        top = match top {
            None => Some(v),
            Some(t) => match version::compare(v, t)? {
                Ordering::Greater => Some(v),
                _ => Some(t),
            },
        };
    }
    next_version(top?)
}

/// `--fix` for a version that must rise: the JSON string at `span` becomes
/// the next free version. `declared_at` is never touched.
fn version_fix(
    path: &str,
    span: Span,
    versions: &[Option<&str>],
) -> Option<crate::diagnostic::Fix> {
    let next = next_free_version(versions)?;
    Some(crate::diagnostic::Fix::replace(
        crate::diagnostic::Applicability::Safe,
        format!("set `version` to \"{next}\""),
        path,
        span.offset..span.offset + span.length,
        serde_json::to_string(&next).ok()?,
    ))
}

/// `--fix` for a skill's `version` that must rise: the scalar at `span`
/// becomes the next free version, in its own quote style.
fn skill_version_fix(
    source: &crate::source::SourceFile,
    span: Span,
    versions: &[Option<&str>],
) -> Option<crate::diagnostic::Fix> {
    let next = next_free_version(versions)?;
    let old = source.text.get(span.offset..span.offset + span.length)?;
    let replacement = match old.as_bytes().first() {
        Some(q @ (b'"' | b'\'')) if old.len() >= 2 && old.as_bytes().last() == Some(q) => {
            let q = *q as char;
            format!("{q}{next}{q}")
        }
        Some(b'"' | b'\'' | b'|' | b'>') => return None,
        _ => next.clone(),
    };
    Some(crate::diagnostic::Fix::replace(
        crate::diagnostic::Applicability::Safe,
        format!("set the skill's `version` to \"{next}\""),
        source.path.clone(),
        span.offset..span.offset + span.length,
        replacement,
    ))
}

fn raise_help(v: &str, tail: &str) -> String {
    match next_version(v) {
        Some(n) => format!("raise `version` (e.g. to \"{n}\"){tail}"),
        None => format!("raise `version`{tail}"),
    }
}

/// A diagnostic on `path`, at `span` when there is one.
fn diag(
    rule: &'static crate::diagnostic::Rule,
    path: &str,
    span: Option<Span>,
    message: String,
) -> Diagnostic {
    let mut d = Diagnostic::new(rule, path, message);
    d.span = span;
    d
}

/// Judges a profile revision against its earlier revision. `tip` is the
/// target branch's revision of the same profile, given only when the target
/// branch changed it since the merge-base.
pub fn judge_profile(
    base: &ProfileRev,
    head: &ProfileRev,
    tip: Option<(&ProfileRev, &str)>,
) -> ProfileReview {
    let b = &base.value;
    let h = &head.value;
    let path = head.path.as_str();
    let changes = claims::diff(&Claims::of(b), &Claims::of(h));
    let claims_changed = !changes.is_empty();
    let summary = claims::summarize(&changes, LISTED);
    let mut out = Vec::new();

    // agent_id
    if let (Some((old, _)), Some((new, span))) = (field(b, "agent_id"), field(h, "agent_id")) {
        if old != new {
            out.push(
                diag(AGENT_ID_CHANGED, path, Some(span), format!("`agent_id` changed from `{old}` to `{new}`"))
                    .label(format!("was `{old}`"))
                    .help(format!("keep `{old}`: an agent_id names one agent across versions and recorded decisions point at it; a different agent gets its own profile file, and this one is retired with `retired_at`")),
            );
        }
    }

    // version
    let vb = field(b, "version");
    let vh = field(h, "version");
    let mut order = None;
    if let (Some((old, _)), Some((new, span))) = (vb, vh) {
        order = version::compare(new, old);
        match order {
            None if old != new => out.push(
                diag(VERSION_NOT_COMPARABLE, path, Some(span), format!("`version` \"{new}\" cannot be compared with the previous \"{old}\" ({} vs {})", version::scheme(new), version::scheme(old)))
                    .label("not comparable with the previous version")
                    .help("keep one version scheme: plain integers (\"3\", \"4\") or SemVer (\"1.2.0\")"),
            ),
            None => order = Some(Ordering::Equal),
            Some(Ordering::Less) => out.push(
                diag(VERSION_DECREASED, path, Some(span), format!("`version` went down from \"{old}\" to \"{new}\""))
                    .label(format!("was \"{old}\""))
                    .help(format!("versions only rise: use a version above \"{old}\"")),
            ),
            Some(Ordering::Equal) if claims_changed => out.push(
                diag(VERSION_NOT_BUMPED, path, Some(span), format!("claims changed but `version` is still \"{new}\": {summary}"))
                    .label("raise this version")
                    .help(raise_help(old, " and set `declared_at` to the date the new claims were checked; `caplint check --fix` raises it (`caplint check --staged --fix` in a pre-commit hook)"))
                    .maybe_fix(version_fix(path, span, &[Some(old), tip.and_then(|(t, _)| field(&t.value, "version")).map(|(v, _)| v)])),
            ),
            _ => {}
        }
    }

    // declared_at
    let db = field(b, "declared_at");
    let dh = field(h, "declared_at");
    if let (Some((old, _)), Some((new, span))) = (db, dh) {
        if let (Some(od), Some(nd)) = (Date::parse_ymd(old), Date::parse_ymd(new)) {
            if nd < od {
                out.push(
                    diag(DECLARED_AT_BACKWARDS, path, Some(span), format!("`declared_at` moved back from {old} to {new}"))
                        .label(format!("was {old}"))
                        .help(format!("the check date only moves forward: restore {old}, or set the date of a real recheck")),
                );
            } else if nd > od && order == Some(Ordering::Equal) {
                let v = vh.map_or("", |(v, _)| v);
                out.push(
                    diag(DECLARED_AT_WITHOUT_VERSION, path, Some(span), format!("`declared_at` moved from {old} to {new} but `version` stayed \"{v}\""))
                        .label("moved without a new version")
                        .help(format!("a recheck raises the version: {}; if the claims were not rechecked, restore {old}", raise_help(v, ""))),
                );
            } else if nd == od && claims_changed {
                out.push(
                    diag(
                        DECLARED_AT_NOT_MOVED,
                        path,
                        Some(span),
                        format!("claims changed but `declared_at` still says {old}: {summary}"),
                    )
                    .label("the old check date")
                    .help("set `declared_at` to the date the new claims were checked"),
                );
            }
        }
    }

    // retirement
    let rb = field(b, "retired_at");
    let rh = field(h, "retired_at");
    if let Some((retired, _)) = rb {
        match rh {
            None => {
                let span = vh.or(field(h, "agent_id")).map(|(_, s)| s);
                out.push(
                    diag(RETIRED_PROFILE_CHANGED, path, span, format!("`retired_at` ({retired}) was removed: a retired profile stays retired"))
                        .label("retired_at removed from this profile")
                        .help("restore `retired_at`; for an agent that takes work again, write a new profile file"),
                );
            }
            Some((_, span)) if claims_changed => out.push(
                diag(RETIRED_PROFILE_CHANGED, path, Some(span), format!("claims of a profile retired on {retired} changed: {summary}"))
                    .label("retired here")
                    .help("a retired profile is kept unchanged for audit; revert the change, and put new claims in a new profile file"),
            ),
            _ => {}
        }
    }

    // access
    let head_claims = Claims::of(h);
    for c in changes.iter().filter(|c| c.widens_access()) {
        let (name, text) = match c {
            Change::Access { name, from, to } => (
                name,
                format!("tool {name}: access rose from {from} to {to}"),
            ),
            Change::ToolAdded { name, access } => {
                (name, format!("new tool {name} with {access} access"))
            }
            _ => continue,
        };
        let span = head_claims.tools.get(name).and_then(|t| t.access_span);
        out.push(
            diag(ACCESS_WIDENED, path, span, text)
                .label("wider access")
                .help("confirm the wider access is needed for the work offered and backed by evidence that shows a change or a run; otherwise claim the lower access"),
        );
    }

    // the target branch's tip
    if let (Some((tip, tip_name)), Some((new, span))) = (tip, vh) {
        if let Some((taken, _)) = field(&tip.value, "version") {
            if matches!(
                version::compare(new, taken),
                Some(Ordering::Less | Ordering::Equal)
            ) {
                out.push(
                    diag(VERSION_TAKEN, path, Some(span), format!("`version` \"{new}\" is not above \"{taken}\", which `{tip_name}` has now: another change already took that number"))
                        .label("already taken on the target branch")
                        .help(format!("merge or rebase onto `{tip_name}`, then raise `version` above \"{taken}\""))
                        .maybe_fix(version_fix(path, span, &[Some(new), Some(taken), vb.map(|(v, _)| v)])),
                );
            }
        }
    }

    ProfileReview {
        path: head.path.clone(),
        old_path: (base.path != head.path).then(|| base.path.clone()),
        status: if base.path == head.path {
            Status::Modified
        } else {
            Status::Renamed
        },
        agent_id: owned(field(h, "agent_id")),
        version: (owned(vb), owned(vh)),
        declared_at: (owned(db), owned(dh)),
        retired_at: owned(rh),
        declared_span: dh.map(|(_, s)| s),
        changes,
        findings: out,
        head_source: Some(head.source.clone()),
    }
}

/// A profile new on the head side: its claims are all additions; no findings
/// except `version-taken` when the target branch holds the same file.
pub fn judge_added(head: &ProfileRev, tip: Option<(&ProfileRev, &str)>) -> ProfileReview {
    let h = &head.value;
    let mut findings = Vec::new();
    if let (Some((tip, tip_name)), Some((new, span))) = (tip, field(h, "version")) {
        if let Some((taken, _)) = field(&tip.value, "version") {
            if matches!(
                version::compare(new, taken),
                Some(Ordering::Less | Ordering::Equal)
            ) {
                findings.push(
                    diag(VERSION_TAKEN, &head.path, Some(span), format!("`version` \"{new}\" is not above \"{taken}\", which `{tip_name}` has now: another change already took that number"))
                        .label("already taken on the target branch")
                        .help(format!("merge or rebase onto `{tip_name}`, then raise `version` above \"{taken}\"")),
                );
            }
        }
    }
    ProfileReview {
        path: head.path.clone(),
        old_path: None,
        status: Status::Added,
        agent_id: owned(field(h, "agent_id")),
        version: (None, owned(field(h, "version"))),
        declared_at: (None, owned(field(h, "declared_at"))),
        retired_at: owned(field(h, "retired_at")),
        declared_span: field(h, "declared_at").map(|(_, s)| s),
        changes: claims::diff(&Claims::default(), &Claims::of(h)),
        findings,
        head_source: Some(head.source.clone()),
    }
}

/// A profile gone from the head side with no file carrying its `agent_id`.
pub fn judge_deleted(base: &ProfileRev, retire_on: Date) -> ProfileReview {
    let b = &base.value;
    let id = field(b, "agent_id").map(|(s, _)| s);
    let retired = field(b, "retired_at").map(|(s, _)| s);
    let who = id.map_or_else(String::new, |i| format!(" (agent_id `{i}`)"));
    let help = match retired {
        Some(r) => format!("restore the file: it was retired on {r} and is kept for the audit of past decisions"),
        None => format!("restore the file and set `\"retired_at\": \"{retire_on}\"` instead: past routing decisions that used this profile need it for audit"),
    };
    let d = diag(
        PROFILE_DELETED,
        &base.path,
        None,
        format!("profile deleted{who}: no file carries its agent_id any more"),
    )
    .help(help);
    ProfileReview {
        path: base.path.clone(),
        old_path: None,
        status: Status::Deleted,
        agent_id: id.map(str::to_string),
        version: (owned(field(b, "version")), None),
        declared_at: (owned(field(b, "declared_at")), None),
        retired_at: retired.map(str::to_string),
        declared_span: None,
        changes: claims::diff(&Claims::of(b), &Claims::default()),
        findings: vec![d],
        head_source: None,
    }
}

/// Pairs the profiles of a base tree with those of the head side and judges
/// every pair that changed.
pub fn review_profiles(
    ctx: &Ctx<'_>,
    base: Option<ObjectId>,
    head: &Head<'_>,
    tip: Option<&Tip>,
    retire_on: Date,
) -> Result<Vec<ProfileReview>, Fatal> {
    let base_list = match base {
        Some(tree) => ctx.tree_profiles(tree)?,
        None => BTreeMap::new(),
    };
    let head_list = head.profiles(ctx)?;
    review_lists(ctx, &base_list, head, &head_list, tip, retire_on)
}

/// [`review_profiles`] on given lists (path → blob id) of both sides — all
/// profiles in scope, or just the files a commit touched.
pub fn review_lists(
    ctx: &Ctx<'_>,
    base_list: &BTreeMap<String, ObjectId>,
    head: &Head<'_>,
    head_list: &BTreeMap<String, ObjectId>,
    tip: Option<&Tip>,
    retire_on: Date,
) -> Result<Vec<ProfileReview>, Fatal> {
    // Without a base (no commits yet, or a shallow boundary) every profile
    // is new: reviewed as added, which yields no findings.
    let mut reviews = Vec::new();
    let load_base = |rel: &str, id: ObjectId| -> Result<Option<ProfileRev>, Fatal> {
        Ok(parse_profile(rel, id, ctx.repo.blob(id)?))
    };
    // The tip's revision of a profile (its id and bytes), if the target
    // branch moved it.
    let tip_blob = |rel: &str,
                    base_id: Option<ObjectId>,
                    head_id: ObjectId|
     -> Result<Option<(ObjectId, Vec<u8>)>, Fatal> {
        let Some(tip) = tip else { return Ok(None) };
        match ctx.tree_file(tip.tree, rel)? {
            Some(id) if Some(id) != base_id && id != head_id => Ok(Some((id, ctx.repo.blob(id)?))),
            _ => Ok(None),
        }
    };
    let tip_rev = |rel: &str, base_id: Option<ObjectId>, head_id: ObjectId| {
        tip_blob(rel, base_id, head_id)
            .map(|blob| blob.and_then(|(id, bytes)| parse_profile(rel, id, bytes)))
    };
    let tip_name = tip.map_or("", |t| t.name.as_str());

    // Changed profiles. The repository belongs to this thread, so the blobs
    // are read here, a chunk at a time (which bounds the memory held), and
    // parsed and judged in parallel, in order.
    let changed: Vec<(&String, ObjectId, ObjectId)> = head_list
        .iter()
        .filter_map(|(rel, &hid)| {
            let &bid = base_list.get(rel)?;
            (bid != hid).then_some((rel, bid, hid))
        })
        .collect();
    for chunk in changed.chunks(256) {
        use rayon::prelude::*;
        let mut inputs = Vec::with_capacity(chunk.len());
        for &(rel, bid, hid) in chunk {
            let tip_input = tip_blob(rel, Some(bid), hid)?;
            inputs.push((
                rel,
                bid,
                ctx.repo.blob(bid)?,
                hid,
                head.profile_input(ctx, rel, hid)?,
                tip_input,
            ));
        }
        let judged: Vec<Option<ProfileReview>> = inputs
            .into_par_iter()
            .map(|(rel, bid, base_bytes, hid, head_input, tip_input)| {
                let h = head_input?.parse(rel, hid)?;
                let t = tip_input.and_then(|(id, bytes)| parse_profile(rel, id, bytes));
                let t = t.as_ref().map(|t| (t, tip_name));
                match parse_profile(rel, bid, base_bytes) {
                    Some(b) => Some(judge_profile(&b, &h, t)),
                    // The base was no profile (not JSON, not an object):
                    // nothing to compare with, so judged as new, and seen.
                    None => Some(judge_added(&h, t)),
                }
            })
            .collect();
        reviews.extend(judged.into_iter().flatten());
    }

    let mut missing: Vec<(&String, ObjectId)> = base_list
        .iter()
        .filter(|(p, _)| !head_list.contains_key(*p))
        .map(|(p, id)| (p, *id))
        .collect();
    let mut new: BTreeMap<&String, Option<ProfileRev>> = BTreeMap::new();
    for (p, &id) in head_list
        .iter()
        .filter(|(p, _)| !base_list.contains_key(*p))
    {
        new.insert(p, head.profile(ctx, p, id)?);
    }
    // The agent_id is the identity: a path whose agent_id changed, where the
    // old agent now lives at another path or the new one lived at another
    // path before, is a move (and a new agent), not a changed agent_id.
    // Both of its sides are then paired by agent_id with the others.
    let switched: Vec<(usize, &String)> = reviews
        .iter()
        .enumerate()
        .filter(|(_, r)| r.findings.iter().any(|d| d.rule == AGENT_ID_CHANGED))
        .filter_map(|(i, r)| head_list.get_key_value(&r.path).map(|(p, _)| (i, p)))
        .collect();
    if !switched.is_empty() {
        let agent = |rev: &Option<ProfileRev>| {
            rev.as_ref()
                .and_then(|r| field(&r.value, "agent_id"))
                .map(|(s, _)| s.to_string())
        };
        // (path, base agent, head agent) of each switched path.
        let mut sides: Vec<(&String, Option<String>, Option<String>)> = Vec::new();
        for &(_, p) in &switched {
            let b = agent(&load_base(p, base_list[p])?);
            let h = agent(&head.profile(ctx, p, head_list[p])?);
            sides.push((p, b, h));
        }
        let mut base_elsewhere: BTreeMap<String, Vec<&String>> = BTreeMap::new();
        for &(p, bid) in &missing {
            if let Some(a) = agent(&load_base(p, bid)?) {
                base_elsewhere.entry(a).or_default().push(p);
            }
        }
        let mut head_elsewhere: BTreeMap<String, Vec<&String>> = BTreeMap::new();
        for (p, h) in &new {
            if let Some(a) = agent(h) {
                head_elsewhere.entry(a).or_default().push(p);
            }
        }
        for (p, b, h) in &sides {
            if let Some(b) = b {
                base_elsewhere.entry(b.clone()).or_default().push(p);
            }
            if let Some(h) = h {
                head_elsewhere.entry(h.clone()).or_default().push(p);
            }
        }
        let elsewhere = |map: &BTreeMap<String, Vec<&String>>, a: &Option<String>, p: &String| {
            a.as_ref()
                .and_then(|a| map.get(a))
                .is_some_and(|paths| paths.iter().any(|q| *q != p))
        };
        let mut undone = BTreeSet::new();
        for ((i, p), (_, b, h)) in switched.iter().zip(&sides) {
            if elsewhere(&head_elsewhere, b, p) || elsewhere(&base_elsewhere, h, p) {
                undone.insert(*i);
                missing.push((p, base_list[*p]));
                new.insert(p, head.profile(ctx, p, head_list[*p])?);
            }
        }
        let mut i = 0;
        reviews.retain(|_| {
            i += 1;
            !undone.contains(&(i - 1))
        });
        missing.sort();
    }
    let mut carried: Option<BTreeMap<String, Vec<String>>> = None;
    for (rel, bid) in missing {
        let Some(b) = load_base(rel, bid)? else {
            // Unparsable at the base: nothing to match it by.
            continue;
        };
        let id = field(&b.value, "agent_id").map(|(s, _)| s.to_string());
        let renamed_to = id.as_deref().and_then(|id| {
            new.iter()
                .find(|(_, h)| {
                    h.as_ref()
                        .and_then(|h| field(&h.value, "agent_id"))
                        .is_some_and(|(hid, _)| hid == id)
                })
                .map(|(p, _)| (*p).clone())
        });
        if let Some(to) = renamed_to {
            if let Some(Some(h)) = new.remove(&to) {
                let t = tip_rev(rel, Some(bid), h.id)?;
                reviews.push(judge_profile(&b, &h, t.as_ref().map(|t| (t, tip_name))));
            }
            continue;
        }
        if let Some(id) = &id {
            if carried.is_none() {
                carried = Some(head.agent_ids(ctx)?);
            }
            if carried.as_ref().is_some_and(|c| c.contains_key(id)) {
                continue;
            }
        }
        reviews.push(judge_deleted(&b, retire_on));
    }
    for (rel, h) in new {
        let Some(h) = h else { continue };
        let t = match tip {
            Some(_) => tip_rev(rel, None, h.id)?,
            None => None,
        };
        reviews.push(judge_added(&h, t.as_ref().map(|t| (t, tip_name))));
    }
    reviews.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(reviews)
}

/// One side of a skill: its SKILL.md text, blob id and frontmatter fields.
struct SkillSide {
    source: SourceFile,
    id: ObjectId,
    meta: Option<SkillMeta>,
}

/// Judges a changed skill folder.
fn judge_skill(
    dir: &str,
    base: &SkillSide,
    head: &SkillSide,
    changed_files: Vec<String>,
    tip: Option<(Option<String>, &str)>,
) -> SkillReview {
    let path = head.source.path.as_str();
    let bm = base.meta.as_ref();
    let hm = head.meta.as_ref();
    let name_b = bm.and_then(|m| m.name.clone());
    let name_h = hm.and_then(|m| m.name.clone());
    let ver_b = bm.and_then(|m| m.version.clone());
    let ver_h = hm.and_then(|m| m.version.clone());
    let fence = hm.map(|m| m.fence);
    let mut out = Vec::new();

    if let (Some((old, _)), Some((new, span))) = (&name_b, &name_h) {
        if old != new {
            out.push(
                diag(SKILL_RENAMED, path, Some(*span), format!("skill `name` changed from `{old}` to `{new}`"))
                    .label(format!("was `{old}`"))
                    .help(format!("agents and specs bind skills by name, so a rename unbinds them: keep `{old}`, or add the new skill and retire the old one deliberately")),
            );
        }
    }

    let content_changed = !changed_files.is_empty();
    let listed = {
        let mut names = changed_files.clone();
        if names.len() > LISTED {
            let rest = names.len() - LISTED;
            names.truncate(LISTED);
            names.push(format!("and {rest} more"));
        }
        names.join(", ")
    };
    match (&ver_b, &ver_h) {
        (Some((old, _)), Some((new, span))) => match version::compare(new, old) {
            None if old != new => out.push(
                diag(VERSION_NOT_COMPARABLE, path, Some(*span), format!("skill `version` \"{new}\" cannot be compared with the previous \"{old}\" ({} vs {})", version::scheme(new), version::scheme(old)))
                    .label("not comparable with the previous version")
                    .help("skill versions are SemVer: quote them, e.g. version: \"1.2.0\""),
            ),
            Some(Ordering::Less) => out.push(
                diag(SKILL_VERSION_DECREASED, path, Some(*span), format!("skill `version` went down from \"{old}\" to \"{new}\""))
                    .label(format!("was \"{old}\""))
                    .help(format!("versions only rise: use a version above \"{old}\"")),
            ),
            Some(Ordering::Equal) | None if content_changed => out.push(
                diag(SKILL_VERSION_NOT_BUMPED, path, Some(*span), format!("skill changed but `version` is still \"{new}\": {listed}"))
                    .label("raise this version")
                    .help(raise_help(old, ": consumers pin skill versions, and a change under the same version is drift they cannot see"))
                    .maybe_fix(skill_version_fix(&head.source, *span, &[Some(old.as_str()), tip.as_ref().and_then(|(t, _)| t.as_deref())])),
            ),
            _ => {}
        },
        (Some((old, _)), None) if content_changed => out.push(
            diag(SKILL_VERSION_NOT_BUMPED, path, fence, format!("skill changed and its `version` \"{old}\" was removed: {listed}"))
                .label("no version any more")
                .help(raise_help(old, " instead of removing it")),
        ),
        _ => {}
    }

    if let (Some((Some(taken), tip_name)), Some((new, span))) = (tip, &ver_h) {
        if matches!(
            version::compare(new, &taken),
            Some(Ordering::Less | Ordering::Equal)
        ) {
            out.push(
                diag(VERSION_TAKEN, path, Some(*span), format!("skill `version` \"{new}\" is not above \"{taken}\", which `{tip_name}` has now: another change already took that number"))
                    .label("already taken on the target branch")
                    .help(format!("merge or rebase onto `{tip_name}`, then raise `version` above \"{taken}\"")),
            );
        }
    }

    SkillReview {
        dir: dir.to_string(),
        name: (name_b.map(|n| n.0), name_h.map(|n| n.0)),
        version: (ver_b.map(|v| v.0), ver_h.map(|v| v.0)),
        changed_files,
        findings: out,
        head_source: Some(head.source.clone()),
    }
}

fn skill_md_path(dir: &str) -> String {
    crate::discover::join_rel(dir, crate::discover::SKILL_MD)
}

/// Reviews every skill folder of the head side that exists at the base.
/// Unchanged folders are recognised by blob and tree ids; a SKILL.md that did
/// not change and declares no version is not read further.
pub fn review_skills(
    ctx: &Ctx<'_>,
    base: Option<ObjectId>,
    head: &Head<'_>,
    tip: Option<&Tip>,
) -> Result<Vec<SkillReview>, Fatal> {
    let mut reviews = Vec::new();
    let Some(base_tree) = base else {
        return Ok(reviews);
    };
    let dirs = head.skill_dirs(ctx)?;
    let mut new_dirs = Vec::new();
    for dir in &dirs {
        match review_one(ctx, base_tree, head, dir, tip)? {
            Reviewed::Changed(r) => reviews.push(*r),
            Reviewed::New => new_dirs.push(dir),
            Reviewed::Unchanged => {}
        }
    }
    if !new_dirs.is_empty() {
        reviews.extend(moved_skills(ctx, base_tree, head, &dirs, &new_dirs)?);
    }
    Ok(reviews)
}

/// A SKILL.md text without its `name` and `version` values: two folders
/// whose SKILL.md are equal this way are one skill moved (and renamed).
fn without_name_and_version(text: &str) -> Option<String> {
    let meta = skillmeta::read(text)?;
    let mut cuts: Vec<Span> = [meta.name, meta.version]
        .into_iter()
        .flatten()
        .map(|(_, span)| span)
        .filter(|span| span.end() <= text.len())
        .collect();
    cuts.sort_by_key(|s| std::cmp::Reverse(s.offset));
    let mut out = text.to_string();
    for span in cuts {
        if out.is_char_boundary(span.offset) && out.is_char_boundary(span.end()) {
            out.replace_range(span.offset..span.end(), "");
        }
    }
    Some(out)
}

/// New skill folders of the head side that are base folders gone from it,
/// moved: same SKILL.md but for `name` and `version`. Judged as the moved
/// skill, so that a rename of folder and name together is seen.
fn moved_skills(
    ctx: &Ctx<'_>,
    base_tree: ObjectId,
    head: &Head<'_>,
    dirs: &[String],
    new_dirs: &[&String],
) -> Result<Vec<SkillReview>, Fatal> {
    let head_dirs: BTreeSet<&str> = dirs.iter().map(String::as_str).collect();
    let gone: Vec<String> = Head::Tree(base_tree)
        .skill_dirs(ctx)?
        .into_iter()
        .filter(|d| !head_dirs.contains(d.as_str()))
        .filter(|d| {
            // Outside a sparse checkout's cone is not gone.
            !ctx.index.is_some_and(|ix| {
                ix.get(&ctx.repo.to_git(&skill_md_path(d)))
                    .is_some_and(|e| e.skip)
            })
        })
        .collect();
    pair_moved(ctx, base_tree, head, gone, new_dirs)
}

/// The skill folders a commit touched (`dirs`, each with a SKILL.md before
/// or after it), judged against the commit's parent `base_tree`: changed
/// ones, and new ones that are a gone one moved (as `check` pairs them).
pub fn review_commit_skills(
    ctx: &Ctx<'_>,
    base_tree: ObjectId,
    head_tree: ObjectId,
    dirs: &BTreeSet<String>,
) -> Result<Vec<SkillReview>, Fatal> {
    let head = Head::Tree(head_tree);
    let mut reviews = Vec::new();
    let mut new_dirs = Vec::new();
    for dir in dirs {
        match review_one(ctx, base_tree, &head, dir, None)? {
            Reviewed::Changed(r) => reviews.push(*r),
            Reviewed::New => new_dirs.push(dir),
            Reviewed::Unchanged => {}
        }
    }
    if new_dirs.is_empty() {
        return Ok(reviews);
    }
    let mut gone = Vec::new();
    for dir in dirs {
        let md = skill_md_path(dir);
        if ctx.tree_file(base_tree, &md)?.is_some() && ctx.tree_file(head_tree, &md)?.is_none() {
            gone.push(dir.clone());
        }
    }
    reviews.extend(pair_moved(ctx, base_tree, &head, gone, &new_dirs)?);
    Ok(reviews)
}

/// The one gone folder (of `bases`) whose files other than SKILL.md are all
/// in `dir`, unchanged, and are all its files but SKILL.md: a skill moved
/// whose SKILL.md was edited too. `None` when no folder, or more than one,
/// matches, or the folders hold nothing but SKILL.md.
fn same_other_files(
    ctx: &Ctx<'_>,
    base_tree: ObjectId,
    head: &Head<'_>,
    dir: &str,
    bases: &[(String, ObjectId, SourceFile, Option<String>)],
) -> Result<Option<usize>, Fatal> {
    let md = crate::discover::SKILL_MD;
    let mut found = None;
    for (i, b) in bases.iter().enumerate() {
        let base_files = ctx.tree_folder(base_tree, &b.0)?;
        if base_files.keys().all(|p| p == md) {
            continue;
        }
        let head_files = head.folder(ctx, dir, &base_files)?;
        let others = |f: &FolderFiles| -> Vec<(String, FileId)> {
            f.iter()
                .filter(|(p, _)| p.as_str() != md)
                .map(|(p, id)| (p.clone(), *id))
                .collect()
        };
        if others(&base_files) == others(&head_files) {
            if found.is_some() {
                return Ok(None);
            }
            found = Some(i);
        }
    }
    Ok(found)
}

/// Pairs each new folder with the gone folder whose SKILL.md it keeps (but
/// for `name` and `version`), and judges it as that skill moved.
fn pair_moved(
    ctx: &Ctx<'_>,
    base_tree: ObjectId,
    head: &Head<'_>,
    gone: Vec<String>,
    new_dirs: &[&String],
) -> Result<Vec<SkillReview>, Fatal> {
    if gone.is_empty() {
        return Ok(Vec::new());
    }
    let mut bases: Vec<(String, ObjectId, SourceFile, Option<String>)> = Vec::new();
    for dir in gone {
        let md = skill_md_path(&dir);
        let Some(id) = ctx.tree_file(base_tree, &md)? else {
            continue;
        };
        let (source, _) = SourceFile::from_bytes(md, ctx.repo.blob(id)?);
        let key = without_name_and_version(&source.text);
        bases.push((dir, id, source, key));
    }
    let mut out = Vec::new();
    for dir in new_dirs {
        let md = skill_md_path(dir);
        let Some((head_source, head_id)) = head.file(ctx, &md, None)? else {
            continue;
        };
        let key = without_name_and_version(&head_source.text);
        let by_text = key
            .as_ref()
            .and_then(|key| bases.iter().position(|b| b.3.as_ref() == Some(key)));
        let Some(i) = (match by_text {
            Some(i) => Some(i),
            None => same_other_files(ctx, base_tree, head, dir, &bases)?,
        }) else {
            continue;
        };
        let (base_dir, base_id, base_source, _) = bases.remove(i);
        // The other files, compared where the head side lists them.
        let base_files = ctx.tree_folder(base_tree, &base_dir)?;
        let head_files = head.folder(ctx, dir, &base_files)?;
        let mut changed: Vec<String> = Vec::new();
        let base_side = SkillSide {
            meta: skillmeta::read(&base_source.text),
            source: base_source,
            id: base_id,
        };
        let head_side = SkillSide {
            meta: skillmeta::read(&head_source.text),
            source: head_source,
            id: head_id,
        };
        if skillmeta::without_version(&base_side.source.text, base_side.meta.as_ref())
            != skillmeta::without_version(&head_side.source.text, head_side.meta.as_ref())
        {
            changed.push(crate::discover::SKILL_MD.to_string());
        }
        if !head_files.is_empty() {
            let md_name = crate::discover::SKILL_MD;
            let names: BTreeSet<&String> = base_files.keys().chain(head_files.keys()).collect();
            changed.extend(
                names
                    .into_iter()
                    .filter(|p| p.as_str() != md_name && base_files.get(*p) != head_files.get(*p))
                    .cloned(),
            );
        }
        out.push(judge_skill(dir, &base_side, &head_side, changed, None));
    }
    Ok(out)
}

/// What [`review_one`] found.
enum Reviewed {
    Changed(Box<SkillReview>),
    Unchanged,
    /// Not a skill at the base.
    New,
}

/// Reviews one skill folder; `None` when it is new or unchanged.
pub fn review_skill(
    ctx: &Ctx<'_>,
    base_tree: ObjectId,
    head: &Head<'_>,
    dir: &str,
    tip: Option<&Tip>,
) -> Result<Option<SkillReview>, Fatal> {
    Ok(match review_one(ctx, base_tree, head, dir, tip)? {
        Reviewed::Changed(r) => Some(*r),
        Reviewed::Unchanged | Reviewed::New => None,
    })
}

fn review_one(
    ctx: &Ctx<'_>,
    base_tree: ObjectId,
    head: &Head<'_>,
    dir: &str,
    tip: Option<&Tip>,
) -> Result<Reviewed, Fatal> {
    let md = skill_md_path(dir);
    // Two trees: equal folder ids mean nothing changed.
    if let Head::Tree(head_tree) = head {
        let b = ctx.tree_folder_id(base_tree, dir)?;
        if b.is_some() && b == ctx.tree_folder_id(*head_tree, dir)? {
            return Ok(Reviewed::Unchanged);
        }
    }
    // Compare the folder's files by blob id first: an unchanged folder is
    // not read at all (and when the index records it as the base's, not
    // even its tree).
    let base_files: FolderFiles = ctx.tree_folder(base_tree, dir)?;
    let Some(base_md_id) = base_files.get(crate::discover::SKILL_MD).map(|f| f.id) else {
        return Ok(Reviewed::New);
    };
    let mut base_files = base_files;
    let mut head_files = head.folder(ctx, dir, &base_files)?;
    // A folder with its own SKILL.md inside is a separate skill (on either
    // side): its files are no part of this one.
    let suffix = format!("/{}", crate::discover::SKILL_MD);
    let nested: BTreeSet<String> = base_files
        .keys()
        .chain(head_files.keys())
        .filter_map(|p| p.strip_suffix(suffix.as_str()))
        .map(|d| format!("{d}/"))
        .collect();
    if !nested.is_empty() {
        let outer = |p: &String| !nested.iter().any(|d| p.starts_with(d.as_str()));
        base_files.retain(|p, _| outer(p));
        head_files.retain(|p, _| outer(p));
    }
    if head_files == base_files {
        return Ok(Reviewed::Unchanged);
    }
    let mut others: BTreeSet<&String> = BTreeSet::new();
    for (p, id) in &head_files {
        if p != crate::discover::SKILL_MD && base_files.get(p) != Some(id) {
            others.insert(p);
        }
    }
    for p in base_files.keys() {
        if p != crate::discover::SKILL_MD && !head_files.contains_key(p) {
            others.insert(p);
        }
    }
    let Some((head_source, head_id)) = head.file(ctx, &md, Some(base_md_id))? else {
        return Ok(Reviewed::Unchanged);
    };
    let md_changed = head_id != base_md_id;
    if !md_changed && (others.is_empty() || !skillmeta::may_declare_version(&head_source.text)) {
        // Nothing changed, or only other files of an unversioned skill.
        return Ok(Reviewed::Unchanged);
    }
    let (base_source, _) = SourceFile::from_bytes(md.clone(), ctx.repo.blob(base_md_id)?);
    let base_side = SkillSide {
        meta: skillmeta::read(&base_source.text),
        source: base_source,
        id: base_md_id,
    };
    let head_side = SkillSide {
        meta: skillmeta::read(&head_source.text),
        source: head_source,
        id: head_id,
    };
    let md_content_changed = base_side.id != head_side.id
        && skillmeta::without_version(&base_side.source.text, base_side.meta.as_ref())
            != skillmeta::without_version(&head_side.source.text, head_side.meta.as_ref());
    let mut changed: Vec<String> = Vec::new();
    if md_content_changed {
        changed.push(crate::discover::SKILL_MD.to_string());
    }
    changed.extend(others.into_iter().cloned());
    // The target branch's version, when it changed the skill since the base.
    let tip_info = match tip {
        Some(t) => match ctx.tree_file(t.tree, &md)? {
            Some(id) if id != base_md_id && id != head_side.id => {
                let (src, _) = SourceFile::from_bytes(md.clone(), ctx.repo.blob(id)?);
                let v = skillmeta::read(&src.text).and_then(|m| m.version.map(|v| v.0));
                Some((v, t.name.as_str()))
            }
            _ => None,
        },
        None => None,
    };
    Ok(Reviewed::Changed(Box::new(judge_skill(
        dir, &base_side, &head_side, changed, tip_info,
    ))))
}

/// The outcome of `caplint diff`: the reviewed changes and their verdict.
#[derive(Debug)]
pub struct ClaimReview {
    /// How the base was chosen (`merge-base with origin/main (abc1234)`).
    pub base_label: String,
    pub base_commit: Option<String>,
    /// Why CI chose the base, when it did (printed as a note).
    pub base_why: Option<String>,
    /// `the working tree` or the HEAD revision as given.
    pub head_label: String,
    pub head_commit: Option<String>,
    pub profiles: Vec<ProfileReview>,
    pub skills: Vec<SkillReview>,
    /// The history rules' findings, severities applied.
    pub report: Report,
}

impl ClaimReview {
    /// Findings about one file, in output order.
    pub fn findings_for<'a>(
        &'a self,
        path: &'a str,
    ) -> impl Iterator<Item = &'a crate::diagnostic::Diagnostic> + 'a {
        self.report
            .diagnostics
            .iter()
            .filter(move |d| d.path == path)
    }

    pub fn errors(&self) -> usize {
        self.report.summary.errors
    }
}

/// Counts for a verdict line.
pub fn verdict_counts(report: &Report) -> (usize, usize) {
    let errors = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    (errors, report.diagnostics.len() - errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rev(path: &str, text: &str) -> ProfileRev {
        ProfileRev {
            path: path.into(),
            id: ObjectId::null(gix::hash::Kind::Sha1),
            source: SourceFile::new(path, text),
            value: crate::json::parse(text).unwrap(),
        }
    }

    const BASE: &str = r#"{"agent_id": "a", "version": "3", "declared_at": "2026-10-01",
      "skills": [{"name": "web-search", "level": "proficient", "evidence": [{"kind": "log", "ref": "r1"}]}],
      "tools": [{"name": "browser", "access": "read", "evidence": [{"kind": "log", "ref": "b1"}]}],
      "limits": ["No mail."]}"#;

    fn rules(r: &ProfileReview) -> Vec<&'static crate::diagnostic::Rule> {
        r.findings.iter().map(|d| d.rule).collect()
    }

    #[test]
    fn claim_change_needs_a_new_version_and_date() {
        let head = BASE.replace("proficient", "advanced");
        let r = judge_profile(&rev("a.json", BASE), &rev("a.json", &head), None);
        assert_eq!(rules(&r), vec![VERSION_NOT_BUMPED, DECLARED_AT_NOT_MOVED]);
        let d = &r.findings[0];
        assert!(
            d.message
                .contains("skill web-search: level proficient → advanced"),
            "{}",
            d.message
        );
        assert_eq!(&head[d.span.unwrap().range()], "\"3\"");
        assert!(d.help.as_deref().unwrap().contains("\"4\""));

        let good = head
            .replace("\"3\"", "\"4\"")
            .replace("2026-10-01", "2026-11-01");
        let r = judge_profile(&rev("a.json", BASE), &rev("a.json", &good), None);
        assert_eq!(rules(&r), Vec::<&str>::new());
    }

    #[test]
    fn formatting_alone_is_no_change() {
        let head = BASE.replace(", ", ",\n   ");
        let r = judge_profile(&rev("a.json", BASE), &rev("a.json", &head), None);
        assert!(r.changes.is_empty());
        assert!(r.findings.is_empty());
    }

    #[test]
    fn version_and_date_movements() {
        let down = BASE.replace("\"3\"", "\"2\"");
        let r = judge_profile(&rev("a", BASE), &rev("a", &down), None);
        assert_eq!(rules(&r), vec![VERSION_DECREASED]);

        let odd = BASE.replace("\"3\"", "\"v4\"");
        let r = judge_profile(&rev("a", BASE), &rev("a", &odd), None);
        assert_eq!(rules(&r), vec![VERSION_NOT_COMPARABLE]);

        let back = BASE
            .replace("2026-10-01", "2026-09-01")
            .replace("\"3\"", "\"4\"");
        let r = judge_profile(&rev("a", BASE), &rev("a", &back), None);
        assert_eq!(rules(&r), vec![DECLARED_AT_BACKWARDS]);

        let carried = BASE.replace("2026-10-01", "2026-12-01");
        let r = judge_profile(&rev("a", BASE), &rev("a", &carried), None);
        assert_eq!(rules(&r), vec![DECLARED_AT_WITHOUT_VERSION]);

        let id = BASE.replace("\"a\"", "\"b\"");
        let r = judge_profile(&rev("a", BASE), &rev("a", &id), None);
        assert_eq!(rules(&r), vec![AGENT_ID_CHANGED]);
    }

    #[test]
    fn access_and_retirement() {
        let wider = BASE
            .replace("\"read\"", "\"write\"")
            .replace("\"3\"", "\"4\"")
            .replace("2026-10-01", "2026-10-02");
        let r = judge_profile(&rev("a", BASE), &rev("a", &wider), None);
        assert_eq!(rules(&r), vec![ACCESS_WIDENED]);
        assert_eq!(&wider[r.findings[0].span.unwrap().range()], "\"write\"");

        let retired = BASE.replace("\"limits\"", "\"retired_at\": \"2026-10-05\", \"limits\"");
        let unretired = BASE
            .replace("\"3\"", "\"4\"")
            .replace("2026-10-01", "2026-10-09");
        let r = judge_profile(&rev("a", &retired), &rev("a", &unretired), None);
        assert_eq!(rules(&r), vec![RETIRED_PROFILE_CHANGED]);
        let changed = retired.replace("No mail.", "No mail at all.");
        let r = judge_profile(&rev("a", &retired), &rev("a", &changed), None);
        assert!(rules(&r).contains(&RETIRED_PROFILE_CHANGED));
    }

    #[test]
    fn version_taken_against_the_tip() {
        let ours = BASE
            .replace("\"3\"", "\"4\"")
            .replace("proficient", "advanced")
            .replace("2026-10-01", "2026-10-02");
        let tip = BASE
            .replace("\"3\"", "\"4\"")
            .replace("No mail.", "No mail, ever.")
            .replace("2026-10-01", "2026-10-03");
        let r = judge_profile(
            &rev("a", BASE),
            &rev("a", &ours),
            Some((&rev("a", &tip), "origin/main")),
        );
        assert_eq!(rules(&r), vec![VERSION_TAKEN]);
        assert!(r.findings[0].message.contains("origin/main"));
    }

    #[test]
    fn deleted_profile_finding() {
        let r = judge_deleted(
            &rev("agents/a.profile.json", BASE),
            Date::parse_ymd("2026-10-15").unwrap(),
        );
        assert_eq!(rules(&r), vec![PROFILE_DELETED]);
        assert!(r.findings[0].span.is_none());
        assert!(r.findings[0]
            .help
            .as_deref()
            .unwrap()
            .contains("\"retired_at\": \"2026-10-15\""));
    }

    #[test]
    fn next_versions() {
        assert_eq!(next_version("3").as_deref(), Some("4"));
        assert_eq!(next_version("099").as_deref(), Some("100"));
        assert_eq!(next_version("0").as_deref(), Some("1"));
        assert_eq!(next_version("1.2.3").as_deref(), Some("1.3.0"));
        assert_eq!(next_version("2.0.0-rc.1").as_deref(), Some("2.0.0"));
        assert_eq!(next_version("v1"), None);
    }
}
