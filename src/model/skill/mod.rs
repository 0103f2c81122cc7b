//! A skill as data: its `SKILL.md` split and parsed ([`parsed`],
//! [`frontmatter`]), the clients it targets ([`targets`]), the files of its
//! folder ([`folder`]) and the references between them ([`references`], found once per
//! skill: [`graph`]).

pub mod citations;
pub mod folder;
pub mod frontmatter;
pub mod graph;
pub mod install;
pub mod limits;
pub mod lines;
pub mod meta;
pub mod mirror;
pub mod parsed;
pub mod paths;
pub mod prose;
pub mod references;
pub mod targets;
pub mod templates;
pub mod unmarked;
