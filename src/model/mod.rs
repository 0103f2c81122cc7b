pub mod claims;
pub mod profile;
pub mod skillmeta;
pub mod version;
