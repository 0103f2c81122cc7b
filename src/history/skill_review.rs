//! The skill side of the history engine: pair the versioned skill folders
//! of two sides (by path, then a moved folder by its content), build each
//! change's context and run every `history/*` rule of [`CHECKS`] on it.

use super::review::{SkillReview, Tip};
use super::side::{Ctx, FolderFiles, Head};
use crate::error::Fatal;
use crate::git::FileId;
use crate::git::ObjectId;
use crate::model::skill::meta::{self, SkillMeta};
use crate::rules::history::context::{self as rule, ChangedSkill};
use crate::rules::history::CHECKS;
use crate::source::{SourceFile, Span};
use std::collections::BTreeSet;

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
    let (bm, hm) = (base.meta.as_ref(), head.meta.as_ref());
    let change = ChangedSkill {
        source: &head.source,
        base: bm,
        head: hm,
        changed_files: &changed_files,
        tip: tip.as_ref().map(|(rev, name)| rule::Tip {
            rev: rev.as_deref(),
            name,
        }),
    };
    let mut findings = Vec::new();
    for check in CHECKS {
        check.changed_skill(&change, &mut findings);
    }
    let value = |f: Option<&(String, Span)>| f.map(|(v, _)| v.clone());
    SkillReview {
        dir: dir.to_string(),
        name: (
            value(bm.and_then(|m| m.name.as_ref())),
            value(hm.and_then(|m| m.name.as_ref())),
        ),
        version: (
            value(bm.and_then(|m| m.version.as_ref())),
            value(hm.and_then(|m| m.version.as_ref())),
        ),
        changed_files,
        findings,
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
    review_skills_but(ctx, base, head, tip, &|_| false)
}

/// [`review_skills`], taking the folders `same` says are as the base has
/// them (by a folder id) as unchanged without looking.
pub fn review_skills_but(
    ctx: &Ctx<'_>,
    base: Option<ObjectId>,
    head: &Head<'_>,
    tip: Option<&Tip>,
    same: &dyn Fn(&str) -> bool,
) -> Result<Vec<SkillReview>, Fatal> {
    let mut reviews = Vec::new();
    let Some(base_tree) = base else {
        return Ok(reviews);
    };
    let dirs = head.skill_dirs(ctx)?;
    let mut new_dirs = Vec::new();
    for dir in &dirs {
        if same(dir) {
            continue;
        }
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
    let meta = meta::read(text)?;
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
            meta: meta::read(&base_source.text),
            source: base_source,
            id: base_id,
        };
        let head_side = SkillSide {
            meta: meta::read(&head_source.text),
            source: head_source,
            id: head_id,
        };
        if meta::without_version(&base_side.source.text, base_side.meta.as_ref())
            != meta::without_version(&head_side.source.text, head_side.meta.as_ref())
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
    // Two trees: equal folder ids mean nothing changed. The working tree:
    // a folder whose files are on disk as staged, where the index records
    // it as the base's tree, has not changed either.
    match head {
        Head::Tree(head_tree) => {
            let b = ctx.tree_folder_id(base_tree, dir)?;
            if b.is_some() && b == ctx.tree_folder_id(*head_tree, dir)? {
                return Ok(Reviewed::Unchanged);
            }
        }
        Head::Work(w) => {
            // (Its SKILL.md tracked: then the base's tree holds it too, and
            // the folder was a skill there.)
            let tracked = w
                .index
                .and_then(|i| i.get(&ctx.repo.to_git(&md)))
                .is_some_and(|e| !e.intent);
            if let Some(b) = ctx.tree_folder_id(base_tree, dir)?.filter(|_| tracked) {
                if w.is_tree(ctx, dir, b) {
                    return Ok(Reviewed::Unchanged);
                }
            }
        }
        Head::Index(_) => {}
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
    if !md_changed && (others.is_empty() || !meta::may_declare_version(&head_source.text)) {
        // Nothing changed, or only other files of an unversioned skill.
        return Ok(Reviewed::Unchanged);
    }
    let (base_source, _) = SourceFile::from_bytes(md.clone(), ctx.repo.blob(base_md_id)?);
    let base_side = SkillSide {
        meta: meta::read(&base_source.text),
        source: base_source,
        id: base_md_id,
    };
    let head_side = SkillSide {
        meta: meta::read(&head_source.text),
        source: head_source,
        id: head_id,
    };
    let md_content_changed = base_side.id != head_side.id
        && meta::without_version(&base_side.source.text, base_side.meta.as_ref())
            != meta::without_version(&head_side.source.text, head_side.meta.as_ref());
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
                let v = meta::read(&src.text).and_then(|m| m.version.map(|v| v.0));
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
