pub mod claims;
pub mod skillmeta;
pub mod version;
