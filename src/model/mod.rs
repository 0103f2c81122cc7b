pub mod claims;
pub mod decision;
pub mod matching;
pub mod plugin;
pub mod profile;
pub mod requirements;
pub mod skill;
pub mod version;
