//! What caplint reads, as data: parsed files and the facts rules check.

pub mod skill;
