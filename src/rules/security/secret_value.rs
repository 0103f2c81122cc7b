//! `security/secret-value`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// any profile field, frontmatter value, skill body or text resource holds a credential (private key block, cloud/API token formats, URL with `user:password@`, `password=`-style assignments); the value is never shown
    ///
    /// ## What it does
    /// Scans every profile, SKILL.md and text resource for credentials, in the formats of gitleaks' rule set: private key blocks; AI provider keys (OpenAI, Anthropic, Hugging Face, Groq, Google and others); code host, registry, chat, mail, cloud and SaaS tokens (GitHub, GitLab, npm, PyPI, Slack, Discord, SendGrid, AWS, Azure, Stripe and many more); JSON Web Tokens; `Authorization` headers, `curl -u user:password` and URLs with a password in them; and `password = "..."`-style assignments, including environment names such as `DB_PASSWORD=`. Placeholders (`xxxx`, `<token>`, `${{ secrets.X }}`, `sk-...`), vendors' documented example values, secret manager references and variable names are not credentials. The finding names the kind of secret and points at it; every output format masks the value.
    ///
    /// ## Why
    /// Profiles and skills are committed, reviewed, copied into prompts and shown to agents. A credential in them is leaked to everyone who can read the repository and to every agent the skill is bound to. An evidence reference names a record; it never carries the credential itself.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"kind": "log", "ref": "https://deploy:S3cr3tPassw0rd@logs.example.com/run/41"}
    /// ```
    /// Good:
    /// ```json
    /// {"kind": "log", "ref": "https://logs.example.com/run/41"}
    /// ```
    ///
    /// ## Fix
    /// Remove the value, rotate the credential (it is in git history now), and refer to the record or to a secret manager entry by name instead.
    pub static RULE = "security/secret-value", Error;
}
