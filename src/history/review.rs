//! The history engine for profiles: pair the profiles of two sides (by path,
//! then by `agent_id`), build each change's context, and run every
//! `history/*` rule of [`CHECKS`] on it; and the reviews every side shares
//! (the skills' are made in [`super::skill_review`]). The rules' decisions
//! and messages are in `crate::rules::history`.

use super::side::{parse_profile, Ctx, Head, ProfileRev};
use crate::date::Date;
use crate::diagnostic::{Diagnostic, Report};
use crate::error::Fatal;
use crate::git::ObjectId;
use crate::json::Value;
use crate::model::claims::text::summarize;
use crate::model::claims::{self, Change, Claims};
use crate::rules::history::context::{
    self as rule, field, AddedProfile, ChangedProfile, DeletedProfile, LISTED,
};
use crate::rules::history::CHECKS;
use crate::source::{SourceFile, Span};
use std::collections::{BTreeMap, BTreeSet};

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
    /// The base's `agent_id` when it differs from the head's: the path now
    /// holds another agent (a move, or a changed `agent_id`).
    pub switched_from: Option<String>,
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

fn owned(f: Option<(&str, Span)>) -> Option<String> {
    f.map(|(s, _)| s.to_string())
}

/// The target tip's revision of a profile, for the rules.
fn tip_rev<'a>(tip: Option<(&'a ProfileRev, &'a str)>) -> Option<rule::Tip<'a, &'a Value>> {
    tip.map(|(t, name)| rule::Tip {
        rev: &t.value,
        name,
    })
}

/// Judges a profile revision against its earlier revision. `tip` is the
/// target branch's revision of the same profile, given only when the target
/// branch changed it since the merge-base.
pub fn judge_profile(
    base: &ProfileRev,
    head: &ProfileRev,
    tip: Option<(&ProfileRev, &str)>,
) -> ProfileReview {
    let (b, h) = (&base.value, &head.value);
    let head_claims = Claims::of(h);
    let changes = claims::diff(&Claims::of(b), &head_claims);
    let summary = summarize(&changes, LISTED);
    let change = ChangedProfile {
        path: &head.path,
        base: b,
        head: h,
        head_claims: &head_claims,
        changes: &changes,
        summary: &summary,
        tip: tip_rev(tip),
    };
    let mut findings = Vec::new();
    for check in CHECKS {
        check.changed_profile(&change, &mut findings);
    }
    let dh = field(h, "declared_at");
    ProfileReview {
        path: head.path.clone(),
        old_path: (base.path != head.path).then(|| base.path.clone()),
        status: if base.path == head.path {
            Status::Modified
        } else {
            Status::Renamed
        },
        agent_id: owned(field(h, "agent_id")),
        switched_from: match (field(b, "agent_id"), field(h, "agent_id")) {
            (Some((old, _)), Some((new, _))) if old != new => Some(old.to_string()),
            _ => None,
        },
        version: (owned(field(b, "version")), owned(field(h, "version"))),
        declared_at: (owned(field(b, "declared_at")), owned(dh)),
        retired_at: owned(field(h, "retired_at")),
        declared_span: dh.map(|(_, s)| s),
        changes,
        findings,
        head_source: Some(head.source.clone()),
    }
}

/// A profile new on the head side: its claims are all additions; the rules
/// judge it only against the target branch's tip.
pub fn judge_added(head: &ProfileRev, tip: Option<(&ProfileRev, &str)>) -> ProfileReview {
    let h = &head.value;
    let added = AddedProfile {
        path: &head.path,
        head: h,
        tip: tip_rev(tip),
    };
    let mut findings = Vec::new();
    for check in CHECKS {
        check.added_profile(&added, &mut findings);
    }
    ProfileReview {
        path: head.path.clone(),
        old_path: None,
        status: Status::Added,
        agent_id: owned(field(h, "agent_id")),
        switched_from: None,
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
    let deleted = DeletedProfile {
        path: &base.path,
        base: b,
        retire_on,
    };
    let mut findings = Vec::new();
    for check in CHECKS {
        check.deleted_profile(&deleted, &mut findings);
    }
    ProfileReview {
        path: base.path.clone(),
        old_path: None,
        status: Status::Deleted,
        agent_id: owned(field(b, "agent_id")),
        switched_from: None,
        version: (owned(field(b, "version")), None),
        declared_at: (owned(field(b, "declared_at")), None),
        retired_at: owned(field(b, "retired_at")),
        declared_span: None,
        changes: claims::diff(&Claims::of(b), &Claims::default()),
        findings,
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
    base_commit: Option<ObjectId>,
) -> Result<Vec<ProfileReview>, Fatal> {
    let base_list = match base {
        Some(tree) => ctx.tree_profiles(tree)?,
        None => BTreeMap::new(),
    };
    let head_list = head.profiles(ctx)?;
    review_lists(
        ctx,
        &base_list,
        head,
        &head_list,
        tip,
        retire_on,
        None,
        base_commit,
    )
}

/// Whether a revision is a profile the history rules can compare with: it
/// parses as a JSON object with a string `version`.
fn is_usable(rel: &str, id: ObjectId, bytes: &[u8]) -> bool {
    parse_profile(rel, id, bytes.to_vec())
        .is_some_and(|p| p.value.as_object().is_some() && field(&p.value, "version").is_some())
}

/// How many first-parent commits [`last_usable`] looks back at most.
const LOOK_BACK: usize = 100_000;

/// The last usable revision of `rel` before the commit `from` (whose
/// revision of it, `broken`, is not usable): walks the first-parent chain
/// back while the path exists, and stops at the first usable revision.
pub fn last_usable(
    ctx: &Ctx<'_>,
    rel: &str,
    broken: ObjectId,
    from: Option<ObjectId>,
) -> Result<Option<(ObjectId, Vec<u8>)>, Fatal> {
    let Some(from) = from else {
        return Ok(None);
    };
    let mut next = ctx.repo.commit(from)?.parents.first().copied();
    let mut seen = broken;
    for _ in 0..LOOK_BACK {
        let Some(c) = next.filter(|c| ctx.repo.has_commit(*c)) else {
            return Ok(None);
        };
        let info = ctx.repo.commit(c)?;
        let Some(id) = ctx.tree_file(info.tree, rel)? else {
            // Absent before: the profile began with the broken revision.
            return Ok(None);
        };
        if id != seen {
            let bytes = ctx.repo.blob(id)?;
            if is_usable(rel, id, &bytes) {
                return Ok(Some((id, bytes)));
            }
            seen = id;
        }
        next = info.parents.first().copied();
    }
    Ok(None)
}

/// [`review_profiles`] on given lists (path → blob id) of both sides — all
/// profiles in scope, or just the files a commit touched.
///
/// `base_commit` is the commit whose tree the base list comes from: a base
/// revision that is no usable profile (not JSON, not an object, no string
/// `version`) is replaced by the last revision before it that is one, found
/// on the first-parent chain from there ([`last_usable`]).
#[allow(clippy::too_many_arguments)]
pub fn review_lists(
    ctx: &Ctx<'_>,
    base_list: &BTreeMap<String, ObjectId>,
    head: &Head<'_>,
    head_list: &BTreeMap<String, ObjectId>,
    tip: Option<&Tip>,
    retire_on: Date,
    memo: Option<&dyn Memo>,
    base_commit: Option<ObjectId>,
) -> Result<Vec<ProfileReview>, Fatal> {
    // Without a base (no commits yet, or a shallow boundary) every profile
    // is new: reviewed as added, which yields no findings.
    let mut reviews = Vec::new();
    let load_base = |rel: &str, id: ObjectId| -> Result<Option<ProfileRev>, Fatal> {
        Ok(parse_profile(rel, id, ctx.repo.blob(id)?))
    };
    // The tip's revision of a profile (its id, then its bytes), if the
    // target branch moved it.
    let tip_id = |rel: &str, base_id: Option<ObjectId>, head_id: ObjectId| {
        tip_revision(ctx, tip, rel, base_id, head_id)
    };
    let tip_blob = |id: Option<ObjectId>| -> Result<Option<(ObjectId, Vec<u8>)>, Fatal> {
        id.map(|id| Ok((id, ctx.repo.blob(id)?))).transpose()
    };
    let tip_rev = |rel: &str, base_id: Option<ObjectId>, head_id: ObjectId| {
        tip_blob(tip_id(rel, base_id, head_id)?)
            .map(|blob| blob.and_then(|(id, bytes)| parse_profile(rel, id, bytes)))
    };
    let tip_name = tip.map_or("", |t| t.name.as_str());

    // Changed profiles. The repository belongs to this thread, so the blobs
    // are read here, a chunk at a time (which bounds the memory held), and
    // parsed and judged in parallel, in order. A pair the memo holds as
    // judged before without a finding is neither read nor judged.
    let changed: Vec<(&String, ObjectId, ObjectId)> = head_list
        .iter()
        .filter_map(|(rel, &hid)| {
            let &bid = base_list.get(rel)?;
            (bid != hid).then_some((rel, bid, hid))
        })
        .collect();
    for chunk in changed.chunks(32) {
        use rayon::prelude::*;
        let mut inputs = Vec::with_capacity(chunk.len());
        for &(rel, bid, hid) in chunk {
            let pair = Pair {
                path: rel,
                base: bid,
                head: hid,
                tip: tip_id(rel, Some(bid), hid)?,
            };
            if memo.is_some_and(|m| m.found_nothing(&pair)) {
                continue;
            }
            let mut base_bytes = ctx.repo.blob(bid)?;
            let mut pair = pair;
            if !is_usable(rel, bid, &base_bytes) {
                // The base of a transition is the last revision that
                // parsed: a broken revision in between hides no change.
                if let Some((id, bytes)) = last_usable(ctx, rel, bid, base_commit)? {
                    pair.base = id;
                    base_bytes = bytes;
                }
            }
            inputs.push((
                pair,
                base_bytes,
                head.profile_input(ctx, rel, hid)?,
                tip_blob(pair.tip)?,
            ));
        }
        let judged: Vec<Option<(Pair<'_>, ProfileReview)>> = inputs
            .into_par_iter()
            .map(|(pair, base_bytes, head_input, tip_input)| {
                let rel = pair.path;
                let h = head_input?.parse(rel, pair.head)?;
                let t = tip_input.and_then(|(id, bytes)| parse_profile(rel, id, bytes));
                let t = t.as_ref().map(|t| (t, tip_name));
                let review = match parse_profile(rel, pair.base, base_bytes) {
                    Some(b) => judge_profile(&b, &h, t),
                    // The base was no profile (not JSON, not an object):
                    // nothing to compare with, so judged as new, and seen.
                    None => judge_added(&h, t),
                };
                Some((pair, review))
            })
            .collect();
        // A head text is kept only for the findings that point into it.
        reviews.extend(judged.into_iter().flatten().map(|(pair, mut r)| {
            if r.findings.is_empty() {
                r.head_source = None;
                if let Some(m) = memo {
                    m.remember(&pair);
                }
            }
            r
        }));
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
        .filter(|(_, r)| r.switched_from.is_some())
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

/// The target tip's blob id of the profile at `rel`, when the tip holds one
/// other than the base's and the head's (the target branch moved it).
pub fn tip_revision(
    ctx: &Ctx<'_>,
    tip: Option<&Tip>,
    rel: &str,
    base: Option<ObjectId>,
    head: ObjectId,
) -> Result<Option<ObjectId>, Fatal> {
    let Some(tip) = tip else { return Ok(None) };
    Ok(ctx
        .tree_file(tip.tree, rel)?
        .filter(|&id| Some(id) != base && id != head))
}

/// A changed profile's revisions: its path, the base's and the head's blob
/// ids, and the target tip's when the tip moved it.
#[derive(Debug, Clone, Copy)]
pub struct Pair<'a> {
    pub path: &'a str,
    pub base: ObjectId,
    pub head: ObjectId,
    pub tip: Option<ObjectId>,
}

/// What a run knows of earlier reviews: the pairs of revisions whose
/// review found nothing. The history rules judge a changed profile by its
/// revisions alone, so such a pair needs neither reading nor judging again
/// (`check`'s cached pipeline keeps one, `crate::lint::cached`). Only a
/// pair that found nothing is remembered: no finding, message or text of
/// a revision is kept.
pub trait Memo: Send + Sync {
    /// Whether the pair was judged before and found nothing.
    fn found_nothing(&self, pair: &Pair<'_>) -> bool;
    /// Remembers that the pair's review found nothing.
    fn remember(&self, pair: &Pair<'_>);
}

/// The review of one plugin whose shipped files or version changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginReview {
    /// Its folder.
    pub dir: String,
    pub name: String,
    /// The version clients read, at the base and at the head.
    pub version: (Option<String>, Option<String>),
    /// The changed components (`skill check`, `hooks`, …).
    pub components: Vec<String>,
    /// The file its findings are on (the one that holds its version), and
    /// the span of that version (`None` when it has none).
    pub path: String,
    pub span: Option<Span>,
}

impl PluginReview {
    /// Whether `d` is one of this plugin's history findings: on its
    /// version (a marketplace may hold the versions of several plugins).
    pub fn owns(&self, d: &crate::diagnostic::Diagnostic) -> bool {
        d.path == self.path
            && d.span == self.span
            && (d.rule.id.starts_with("history/plugin") || d.rule.id == "history/version-taken")
    }
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
    pub plugins: Vec<PluginReview>,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::BASE;
    use crate::rules::history::{declared_at_not_moved, version_not_bumped, version_taken};

    fn rev(path: &str, text: &str) -> ProfileRev {
        ProfileRev {
            path: path.into(),
            id: ObjectId::null(gix::hash::Kind::Sha1),
            source: SourceFile::new(path, text),
            value: crate::json::parse(text).unwrap(),
        }
    }

    fn rules(r: &ProfileReview) -> Vec<&'static str> {
        r.findings.iter().map(|d| d.rule.id).collect()
    }

    #[test]
    fn every_rule_judges_a_changed_profile() {
        let head = BASE.replace("proficient", "advanced");
        let r = judge_profile(&rev("a.json", BASE), &rev("a.json", &head), None);
        let mut got = rules(&r);
        got.sort();
        assert_eq!(
            got,
            vec![declared_at_not_moved::RULE.id, version_not_bumped::RULE.id]
        );
        assert_eq!(r.status, Status::Modified);
        assert_eq!(r.version, (Some("3".into()), Some("3".into())));
        assert_eq!(r.changes.len(), 1);

        let good = head
            .replace("\"3\"", "\"4\"")
            .replace("2026-10-01", "2026-11-01");
        let r = judge_profile(&rev("a.json", BASE), &rev("b.json", &good), None);
        assert!(r.findings.is_empty(), "{:?}", r.findings);
        assert_eq!(r.status, Status::Renamed);
        assert_eq!(r.old_path.as_deref(), Some("a.json"));
    }

    #[test]
    fn added_and_deleted_profiles() {
        let r = judge_added(&rev("a", BASE), Some((&rev("a", BASE), "origin/main")));
        assert_eq!(rules(&r), vec![version_taken::RULE.id]);
        assert_eq!(r.status, Status::Added);
        assert_eq!(
            r.changes.iter().map(Change::kind).collect::<Vec<_>>(),
            vec!["skill-added", "tool-added", "limit-added"]
        );
        assert!(judge_added(&rev("a", BASE), None).findings.is_empty());

        let r = judge_deleted(&rev("a", BASE), Date::parse_ymd("2026-10-15").unwrap());
        assert_eq!(rules(&r), vec!["history/profile-deleted"]);
        assert_eq!(r.status, Status::Deleted);
        assert!(r.head_source.is_none());
    }
}
