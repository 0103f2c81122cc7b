//! Prose that CommonMark reads outside a fence its author meant to keep
//! open: a Markdown sample (```` ```markdown ````) that holds a bare-fenced
//! block of its own (```` ``` ```` then `dist/…` then ```` ``` ````). The
//! sample's author paired the fences; CommonMark takes the inner block's
//! bare opening fence for the sample's close, and reads the rest of the
//! sample as the text's own prose (and the text after it as code).

use super::{fence_close, fence_open, nested_open, shows_markdown};
use std::ops::Range;

/// The fence state one reading of the lines has reached.
#[derive(Default)]
struct Reading {
    /// The open fence: its character and length.
    fence: Option<(char, usize)>,
    /// The open fence shows a Markdown document.
    sample: bool,
    /// How many of the sample's own fences are open.
    nested: usize,
    /// Pairing the fences of a sample still closes it (as in
    /// [`super::markdown`]); once it does not, it never does again.
    nesting: bool,
}

/// The line (an index into `lines`) that closes a sample fenced by `f`,
/// pairing its fences as written from `depth` fences open: the first bare
/// fence with none open.
fn sample_close(lines: &[&str], (c, n): (char, usize), mut depth: usize) -> Option<usize> {
    for (i, line) in lines.iter().enumerate() {
        if nested_open(line, c, n) {
            depth += 1;
        } else if fence_close(line, c, n) {
            if depth == 0 {
                return Some(i);
            }
            depth -= 1;
        }
    }
    None
}

/// Reads `lines` as [`super::markdown`] does: per line, whether it is code
/// (a fence or inside one), and whether it is a symptom of a reading out
/// of step with its author's (a fence line with an info string, ```` ```bash ````,
/// inside a block that is no sample). With `bare_nests`, a bare fence with
/// none of a sample's own open is another of its own fences when pairing
/// the rest still closes the sample: the author's reading. It returns the
/// windows (first and last line) where that reading differs, and per line
/// whether a fence is open after it.
fn read(lines: &[&str], bare_nests: bool) -> Lines {
    let mut open = vec![false; lines.len()];
    let mut code = vec![false; lines.len()];
    let mut symptom = vec![false; lines.len()];
    let mut windows = Vec::new();
    let mut r = Reading {
        nesting: true,
        ..Reading::default()
    };
    // The author's reading: the line closing the sample whose bare fence
    // was read as its own, and whether such a pairing may still be tried
    // (once it fails, never again: no line is scanned twice).
    let mut window_end: Option<usize> = None;
    let mut may_pair = true;
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            open[i - 1] = r.fence.is_some();
        }
        let Some((c, n)) = r.fence else {
            if let Some(f) = fence_open(line) {
                code[i] = true;
                r.fence = Some(f);
                r.sample = shows_markdown(line, f);
                r.nested = 0;
                r.nesting =
                    r.nesting && (!r.sample || sample_close(&lines[i + 1..], f, 0).is_some());
            }
            continue;
        };
        code[i] = true;
        let own = r.sample && r.nesting;
        if own && nested_open(line, c, n) {
            r.nested += 1;
        } else if fence_close(line, c, n) && r.nested > 0 {
            r.nested -= 1;
        } else if fence_close(line, c, n) {
            let at_end = window_end == Some(i);
            if bare_nests && own && !at_end && may_pair && window_end.is_none_or(|e| e < i) {
                if let Some(close) = sample_close(&lines[i + 1..], (c, n), 1) {
                    window_end = Some(i + 1 + close);
                    windows.push((i, i + 1 + close));
                    r.nested = 1;
                    continue;
                }
                may_pair = false;
            }
            r.fence = None;
        } else if !own && nested_open(line, c, n) {
            symptom[i] = true;
        }
    }
    if let Some(last) = open.last_mut() {
        *last = r.fence.is_some();
    }
    Lines {
        code,
        open,
        symptom,
        windows,
    }
}

/// One reading of the lines ([`read`]).
struct Lines {
    code: Vec<bool>,
    open: Vec<bool>,
    symptom: Vec<bool>,
    windows: Vec<(usize, usize)>,
}

/// The byte ranges of `text` that CommonMark reads as prose but that are
/// inside a Markdown sample as its author paired the fences: only where
/// CommonMark's reading shows it is out of step (a fence line with an info
/// string falls inside a block it reads as plain code, within the sample
/// as the author wrote it). A link there is as likely the sample's as the
/// text's own.
pub fn misnested_sample_prose(text: &str) -> Vec<Range<usize>> {
    if !text.contains("```") && !text.contains("~~~") {
        return Vec::new();
    }
    let mut starts = Vec::new();
    let mut lines = Vec::new();
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        starts.push(pos);
        lines.push(line.trim_end_matches(['\n', '\r']));
        pos += line.len();
    }
    let author = read(&lines, true);
    if author.windows.is_empty() {
        return Vec::new();
    }
    let commonmark = read(&lines, false);
    let mut out: Vec<Range<usize>> = Vec::new();
    let mut done = 0;
    for &(first, last) in &author.windows {
        // Inside a stretch already marked (the readings never met again
        // after it), or with no symptom: nothing to add, and no line is
        // scanned twice.
        if last < done || !(first..=last).any(|i| commonmark.symptom[i]) {
            continue;
        }
        // Out of step from the window on, until both readings are outside
        // every fence after the same line.
        let resync = (last..lines.len())
            .find(|&i| !author.open[i] && !commonmark.open[i])
            .unwrap_or(lines.len() - 1);
        for i in first.max(done)..=resync {
            if author.code[i] && !commonmark.code[i] {
                let range = starts[i]..starts[i] + lines[i].len();
                match out.last_mut() {
                    Some(prev) if prev.end + 1 >= range.start => prev.end = range.end,
                    _ => out.push(range),
                }
            }
        }
        done = resync + 1;
    }
    out
}

/// Whether `at` falls in one of `ranges`, sorted and apart as
/// [`misnested_sample_prose`] returns them: a binary search, so that a
/// page's every link can ask.
pub fn in_ranges(ranges: &[Range<usize>], at: usize) -> bool {
    let i = ranges.partition_point(|r| r.end <= at);
    ranges.get(i).is_some_and(|r| r.contains(&at))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doubtful(text: &str) -> Vec<&str> {
        misnested_sample_prose(text)
            .into_iter()
            .map(|r| &text[r])
            .collect()
    }

    #[test]
    fn a_bare_block_inside_a_markdown_sample() {
        // The sample's own bare block (`dist/`), then its `bash` block:
        // CommonMark closes the sample at `dist/`'s fence and reads the
        // sample's closing links as prose.
        let text = "```markdown\n# Build\n\n```bash\nnpm run build\n```\n\nArtifacts:\n\n```\ndist/\n```\n\n```bash\nnpm test\n```\n\nSee [DEPLOYMENT.md](DEPLOYMENT.md).\n```\n\nOwn [guide](guide.md).\n";
        let got = doubtful(text);
        assert!(got.iter().any(|l| l.contains("DEPLOYMENT.md")), "{got:?}");
        assert!(!got.iter().any(|l| l.contains("guide.md")), "{got:?}");
        // Out of step, CommonMark reads the next sample's own blocks as
        // prose too, up to where both readings leave every fence.
        let next = "```markdown\n# Deploy\n\n```bash\nx\n```\n\nSee [ALERTS.md](ALERTS.md).\n```\n";
        let text = format!(
            "{}{next}",
            text.replace("\n\nOwn [guide](guide.md).\n", "\n\n")
        );
        let got = doubtful(&text);
        assert!(got.iter().any(|l| l.contains("ALERTS.md")), "{got:?}");
    }

    #[test]
    fn ranges_are_searched_in_order() {
        let ranges = [2..5, 9..10, 20..30];
        let inside: Vec<usize> = (0..32).filter(|&i| in_ranges(&ranges, i)).collect();
        let want: Vec<usize> = (2..5).chain(9..10).chain(20..30).collect();
        assert_eq!(inside, want);
        assert!(!in_ranges(&[], 0));
    }

    #[test]
    fn a_sample_closed_as_written_is_not_in_doubt() {
        // The sample closes at its bare fence; a later bare block pairs as
        // written and no info-string fence falls inside a plain block.
        let text =
            "```markdown\n# Doc\n```\n\nSee [a](a.md).\n\n```\nplain\n```\n\nAnd [b](b.md).\n";
        assert!(doubtful(text).is_empty());
        // Nested fences with info strings pair already.
        let text = "```markdown\n```bash\nx\n```\n[c](c.md)\n```\n[d](d.md)\n";
        assert!(doubtful(text).is_empty());
        // No Markdown sample: CommonMark's reading stands.
        let text = "```text\n```bash\n```\n[b](b.md)\n```\n";
        assert!(doubtful(text).is_empty());
        assert!(doubtful("no fences [x](x.md)\n").is_empty());
    }
}
