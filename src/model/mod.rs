pub mod claims;
pub mod profile;
pub mod skill;
pub mod skillmeta;
pub mod version;
