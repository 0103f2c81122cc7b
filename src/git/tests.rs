#[test]
fn a_blob_held_keeps_no_more_room_than_its_bytes() {
    let mut reused = Vec::with_capacity(64 * 1024);
    reused.extend_from_slice(b"{\"agent_id\": \"a\"}");
    let kept = super::exact(reused);
    assert_eq!(kept, b"{\"agent_id\": \"a\"}");
    assert!(kept.capacity() < 64, "{}", kept.capacity());
    // A buffer that fits is left as it is.
    let fits = Vec::from(&b"abcdefgh"[..]);
    let ptr = fits.as_ptr();
    let same = super::exact(fits);
    assert_eq!(same.as_ptr(), ptr);
}

#[test]
fn prefix_conversion() {
    let to = |prefix: &str, rel: &str| format!("{prefix}{rel}");
    assert_eq!(to("", "a/b"), "a/b");
    assert_eq!(to("sub/", "a/b"), "sub/a/b");
}
