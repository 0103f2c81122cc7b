//! Names of assignments that hold something about a secret (its id, its
//! length, a page's token), not the secret.

/// Names that hold something about a secret, not the secret: its id, name,
/// path, length, hash, a count of tokens, a CSRF token, words that only
/// contain `pass` (`bypass`, `passport`).
pub(super) fn names_no_secret(name: &str) -> bool {
    const ENDS: &[&str] = &[
        "id",
        "ids",
        "name",
        "names",
        "url",
        "uri",
        "path",
        "file",
        "dir",
        "type",
        "length",
        "len",
        "size",
        "count",
        "env",
        "var",
        "ttl",
        "expiry",
        "expires",
        "expires_in",
        "endpoint",
        "header",
        "field",
        "hint",
        "policy",
        "limit",
        "limits",
        "usage",
        "prefix",
        "format",
        "hash",
        "ref",
        "arn",
        "version",
        "location",
        "store",
        "manager",
        "provider",
        "tokens",
        "secrets",
        "rotation",
        "mode",
        "method",
        "source",
        "audience",
        // A token's or a wallet's address is public (`token_addr`).
        "addr",
        "address",
    ];
    const HOLDS: &[&str] = &[
        // A page of results, not a credential (`NextToken`, `nextPageToken`,
        // `continuation_token`).
        "next_token",
        "nexttoken",
        "next-token",
        "pagetoken",
        "page_token",
        "page-token",
        "continuation",
        "pagination",
        "cursor",
        "sync_token",
        "synctoken",
        // A value the name itself calls made up (`GSC_FAKE_TOKEN`).
        "fake",
        "dummy",
        "mock",
        "csrf",
        "xsrf",
        "bypass",
        "compass",
        "passport",
        "passenger",
        "passage",
        "passthrough",
        "passive",
        "passing",
        "passed",
        "passes",
        "tokeniz",
        "public",
        "max_",
        "min_",
        "maxtoken",
        "_input",
        "_output",
        "num_",
        "keyvault",
    ];
    let last = name.rsplit(['_', '.', '-']).next().unwrap_or(name);
    let camel_end = ENDS.iter().any(|e| {
        last.len() > e.len()
            && last.ends_with(e)
            && [
                "secret",
                "secrets",
                "token",
                "key",
                "password",
                "pwd",
                "pass",
                "credential",
                "credentials",
            ]
            .iter()
            .any(|k| last[..last.len() - e.len()].ends_with(k))
    });
    // A document's or a file's token in a document store's API (Feishu's
    // `file_token`, `node_token`, `obj_token`): the resource's id, which
    // every reader of the document sees.
    const RESOURCE_TOKENS: &[&str] = &["file", "node", "obj", "doc", "folder"];
    let resource = RESOURCE_TOKENS.iter().any(|r| {
        let (snake, camel) = (format!("{r}_token"), format!("{r}token"));
        [snake.as_str(), camel.as_str()].iter().any(|t| {
            name == *t
                || name
                    .strip_suffix(t)
                    .is_some_and(|head| head.ends_with(['_', '.', '-']))
        })
    });
    resource
        || ["tokens", "secrets", "keys", "passwords", "credentials"]
            .iter()
            .any(|p| name.ends_with(p))
        || (name.contains(['_', '.', '-']) && ENDS.contains(&last))
        || camel_end
        || HOLDS.iter().any(|h| name.contains(h))
}
