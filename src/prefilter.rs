//! Fast yes/no prefilters: a set of literal words, ASCII case folded,
//! searched by regex-automata's lazily built DFA. Its search loop takes a
//! few instructions per byte, where a case-blind Aho-Corasick automaton has
//! no prefilter for words with many common start bytes and takes about
//! sixteen. Used where most texts hold none of the words, so that the
//! expensive exact test runs only on the few that do.

use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::util::pool::Pool;
use regex_automata::Input;
use std::ops::Range;

type CachePool = Pool<
    Cache,
    Box<dyn Fn() -> Cache + Send + Sync + std::panic::RefUnwindSafe + std::panic::UnwindSafe>,
>;

/// A compiled case-blind word search, shareable across threads (each thread
/// takes a search cache from a pool).
pub struct CaseBlindWords {
    dfa: DFA,
    caches: CachePool,
}

impl CaseBlindWords {
    /// Matches any of `words`; `between` (a regex fragment such as
    /// `"[*_]*"`) may stand between their characters. ASCII letters match in
    /// either case; other characters only as written.
    pub fn new(words: &[&str], between: &str) -> CaseBlindWords {
        let alternation = words
            .iter()
            .map(|w| {
                w.chars()
                    .map(|c| regex::escape(c.encode_utf8(&mut [0; 4])))
                    .collect::<Vec<_>>()
                    .join(between)
            })
            .collect::<Vec<_>>()
            .join("|");
        let dfa = DFA::builder()
            .syntax(
                regex_automata::util::syntax::Config::new()
                    .unicode(false)
                    .case_insensitive(true),
            )
            .build(&alternation)
            .expect("literal words always compile");
        let for_caches = dfa.clone();
        CaseBlindWords {
            dfa,
            caches: Pool::new(Box::new(move || for_caches.create_cache())),
        }
    }

    /// The end of the earliest match in `text[range]`. An error when the
    /// search gave up (it cannot with these few states; callers treat it as
    /// a possible match, so the exact test still runs).
    pub fn earliest_end(
        &self,
        text: &str,
        range: Range<usize>,
    ) -> Result<Option<usize>, regex_automata::MatchError> {
        let mut cache = self.caches.get();
        let input = Input::new(text).range(range).earliest(true);
        self.dfa
            .try_search_fwd(&mut cache, &input)
            .map(|m| m.map(|m| m.offset()))
    }

    /// Whether `text` may hold one of the words (a search that gave up
    /// counts as yes).
    pub fn may_match(&self, text: &str) -> bool {
        self.earliest_end(text, 0..text.len())
            .map_or(true, |m| m.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_words_in_any_ascii_case_with_fillers_between_letters() {
        let words = CaseBlindWords::new(&["such", "e.g", "\u{212a}ey"], "[*_]*");
        assert!(words.may_match("SUCH as"));
        assert!(words.may_match("for *e*.g. this"));
        assert!(words.may_match("\u{212a}ey"));
        assert!(!words.may_match("e,g"));
        // ASCII folding only: the long s does not fold to `s`.
        assert!(!words.may_match("\u{17f}uch"));
        assert_eq!(words.earliest_end("a such b", 0..8), Ok(Some(6)));
        assert_eq!(words.earliest_end("a such b", 3..8), Ok(None));
    }

    #[test]
    fn is_shared_across_threads() {
        let words = CaseBlindWords::new(&["secret"], "");
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..100 {
                        assert!(words.may_match("a Secret here"));
                        assert!(!words.may_match("nothing here"));
                    }
                });
            }
        });
    }
}
