//! Bytes as a profile for `caplint report` (the reference checker's summary):
//! whatever the input, an outcome with exit code 0, 1 or 2 and no panic.
#![no_main]

use caplint::report::{run_bytes, Date};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let as_of = Date::parse_ymd("2026-10-15").unwrap();
    let out = run_bytes(data, as_of);
    assert!(out.exit_code <= 2);
    assert!(out.stdout.ends_with('\n'));
});
