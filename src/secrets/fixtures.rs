//! Test fixtures: fake credentials generated at run time, so that no
//! credential-shaped string is written in the source.

// Written in pieces, like every token-shaped text in this file.
pub(crate) const ALNUM: &str = concat!(
    "ABCDEFGHIJKLM",
    "NOPQRSTUVWXYZ",
    "abcdefghijklm",
    "nopqrstuvwxyz",
    "0123456789"
);
pub(crate) const HEX: &str = "0123456789abcdef";
pub(crate) const UPPER: &str = concat!("ABCDEFGHIJKLM", "NOPQRSTUVWXYZ", "234567");
pub(crate) const LETTERS: &str = concat!(
    "ABCDEFGHIJKLM",
    "NOPQRSTUVWXYZ",
    "abcdefghijklm",
    "nopqrstuvwxyz"
);
pub(crate) const B64: &str = concat!(
    "ABCDEFGHIJKLM",
    "NOPQRSTUVWXYZ",
    "abcdefghijklm",
    "nopqrstuvwxyz",
    "0123456789",
    "+/"
);
pub(crate) const URLSAFE: &str = concat!(
    "ABCDEFGHIJKLM",
    "NOPQRSTUVWXYZ",
    "abcdefghijklm",
    "nopqrstuvwxyz",
    "0123456789",
    "_-"
);

/// Random characters from `alphabet` (xorshift; the seed advances), so
/// that no credential-shaped string is written in this file.
pub(crate) fn rnd(seed: &mut u64, alphabet: &str, n: usize) -> String {
    let a = alphabet.as_bytes();
    (0..n)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            a[(*seed % a.len() as u64) as usize] as char
        })
        .collect()
}

/// One fake credential per family: (kind, text around it, the secret).
pub(crate) fn positives() -> Vec<(&'static str, String, String)> {
    let s = &mut 0x9e37_79b9_7f4a_7c15u64;
    let mut v: Vec<(&'static str, String, String)> = Vec::new();
    let mut add = |kind: &'static str, before: &str, secret: String, after: &str| {
        v.push((kind, format!("{before}{secret}{after}"), secret));
    };
    let pk = rnd(s, B64, 64 * 4);
    let pem = format!(
        "-----BEGIN RSA PRIVATE KEY-----\n{}\n{}\n-----END RSA PRIVATE KEY-----",
        &pk[..128],
        &pk[128..]
    );
    add("private key", "key:\n", pem, "\n");
    let json_pem = format!(
        "-----BEGIN PRIVATE KEY-----\\n{}\\n{}\\n-----END PRIVATE KEY-----",
        &pk[..64],
        &pk[64..]
    );
    add(
        "private key",
        r#"{"type": "service_account", "private_key": ""#,
        json_pem,
        r#"\n"}"#,
    );
    add(
        "OpenAI API key",
        "OPENAI_API_KEY=",
        format!("sk-proj-{}", rnd(s, URLSAFE, 156)),
        "\n",
    );
    add(
        "OpenAI API key",
        "key: ",
        format!("sk-svcacct-{}", rnd(s, URLSAFE, 74)),
        "",
    );
    add(
        "OpenAI API key",
        "",
        format!("sk-admin-{}-", rnd(s, URLSAFE, 59)),
        " ",
    );
    add(
        "Anthropic API key",
        "ANTHROPIC_API_KEY=\"",
        format!("sk-ant-api03-{}AA", rnd(s, URLSAFE, 93)),
        "\"",
    );
    add(
        "Anthropic API key",
        "",
        format!("sk-ant-admin01-{}AA", rnd(s, URLSAFE, 93)),
        "",
    );
    add(
        "Hugging Face token",
        "HF_TOKEN=",
        format!("hf_{}", rnd(s, LETTERS, 34)),
        "",
    );
    add(
        "Hugging Face organization token",
        "",
        format!("api_org_{}", rnd(s, LETTERS, 34)),
        "",
    );
    add("Groq API key", "", format!("gsk_{}", rnd(s, ALNUM, 52)), "");
    add(
        "OpenRouter API key",
        "",
        format!("sk-or-v1-{}", rnd(s, HEX, 64)),
        "",
    );
    add(
        "Perplexity API key",
        "",
        format!("pplx-{}", rnd(s, ALNUM, 48)),
        "",
    );
    add("xAI API key", "", format!("xai-{}", rnd(s, ALNUM, 80)), "");
    add(
        "Replicate API token",
        "",
        format!("r8_{}", rnd(s, ALNUM, 37)),
        "",
    );
    add(
        "LangSmith API key",
        "",
        format!("lsv2_pt_{}_{}", rnd(s, HEX, 32), rnd(s, HEX, 10)),
        "",
    );
    add(
        "Pinecone API key",
        "",
        format!("pcsk_{}_{}", rnd(s, ALNUM, 6), rnd(s, ALNUM, 60)),
        "",
    );
    add(
        "Tavily API key",
        "",
        format!("tvly-dev-{}", rnd(s, ALNUM, 32)),
        "",
    );
    add("Cohere API key", "COHERE_API_KEY=", rnd(s, ALNUM, 40), "");
    add(
        "Mistral API key",
        "mistral_api_key: ",
        rnd(s, ALNUM, 32),
        "",
    );
    add(
        "DeepSeek API key",
        "DEEPSEEK_API_KEY=",
        format!("sk-{}", rnd(s, HEX, 32)),
        "",
    );
    add(
        "ElevenLabs API key",
        "",
        format!("sk_{}", rnd(s, HEX, 48)),
        "",
    );
    add(
        "Google API key",
        "",
        format!("AIza{}", rnd(s, URLSAFE, 35)),
        "",
    );
    add("GitHub token", "", format!("ghp_{}", rnd(s, ALNUM, 36)), "");
    add(
        "GitHub fine-grained token",
        "",
        format!("github_pat_{}", rnd(s, ALNUM, 82)),
        "",
    );
    add(
        "GitLab token",
        "",
        format!("glpat-{}", rnd(s, URLSAFE, 20)),
        ".",
    );
    add(
        "npm token",
        "//registry.npmjs.org/:_authToken=",
        format!("npm_{}", rnd(s, ALNUM, 36)),
        "",
    );
    add(
        "PyPI token",
        "",
        format!("pypi-AgEIcHlwaS5vcmc{}", rnd(s, URLSAFE, 70)),
        "",
    );
    add(
        "Docker Hub token",
        "",
        format!("dckr_pat_{}", rnd(s, URLSAFE, 27)),
        "",
    );
    add(
        "Slack token",
        "",
        format!(
            "xoxb-{}-{}-{}",
            rnd(s, "0123456789", 11),
            rnd(s, "0123456789", 12),
            rnd(s, ALNUM, 24)
        ),
        "",
    );
    add(
        "Slack app token",
        "",
        format!(
            "xapp-1-A{}-{}-{}",
            rnd(s, "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 10),
            rnd(s, "0123456789", 13),
            rnd(s, HEX, 64)
        ),
        "",
    );
    add(
        "Slack webhook URL",
        "",
        format!(
            "https://hooks.slack.com/services/T{}/B{}/{}",
            rnd(s, UPPER, 10),
            rnd(s, UPPER, 10),
            rnd(s, ALNUM, 24)
        ),
        "",
    );
    add(
        "Discord bot token",
        "DISCORD_BOT_TOKEN=",
        format!(
            "M{}.{}.{}",
            rnd(s, URLSAFE, 25),
            rnd(s, URLSAFE, 6),
            rnd(s, URLSAFE, 38)
        ),
        "",
    );
    add(
        "Telegram bot token",
        "TELEGRAM_TOKEN=",
        format!("{}:AA{}", rnd(s, "123456789", 10), rnd(s, URLSAFE, 33)),
        "",
    );
    add(
        "SendGrid API key",
        "",
        format!("SG.{}.{}", rnd(s, URLSAFE, 22), rnd(s, URLSAFE, 43)),
        "",
    );
    add(
        "Mailgun API key",
        "",
        format!("key-{}", rnd(s, HEX, 32)),
        "",
    );
    add("Twilio API key", "", format!("SK{}", rnd(s, HEX, 32)), "");
    add(
        "AWS access key id",
        "",
        format!("AKIA{}", rnd(s, UPPER, 16)),
        "",
    );
    add(
        "AWS secret access key",
        r#"{"SecretAccessKey": ""#,
        format!("{}+/", rnd(s, B64, 38)),
        r#""}"#,
    );
    add(
        "Azure storage account key",
        "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=",
        format!("{}==", rnd(s, B64, 86)),
        ";",
    );
    add(
        "Azure shared access signature",
        "https://acme.blob.core.windows.net/c?sv=2022-11-02&sig=",
        format!("{}%3D", rnd(s, ALNUM, 43)),
        "",
    );
    add(
        "DigitalOcean token",
        "",
        format!("dop_v1_{}", rnd(s, HEX, 64)),
        "",
    );
    add(
        "Databricks token",
        "",
        format!("dapi{}", rnd(s, HEX, 32)),
        "",
    );
    add(
        "Vault token",
        "VAULT_TOKEN=",
        format!("hvs.{}", rnd(s, URLSAFE, 95)),
        "",
    );
    add(
        "Atlassian API token",
        "",
        format!("ATATT3{}", rnd(s, URLSAFE, 186)),
        "",
    );
    add(
        "Linear API key",
        "",
        format!("lin_api_{}", rnd(s, ALNUM, 40)),
        "",
    );
    add(
        "Notion token",
        "",
        format!("ntn_{}{}", rnd(s, "0123456789", 11), rnd(s, ALNUM, 35)),
        "",
    );
    add("Datadog key", "DD_API_KEY=", rnd(s, HEX, 32), "");
    add(
        "Postman API key",
        "",
        format!("PMAK-{}-{}", rnd(s, HEX, 24), rnd(s, HEX, 34)),
        "",
    );
    add(
        "Sentry token",
        "",
        format!("sntryu_{}", rnd(s, HEX, 64)),
        "",
    );
    add(
        "Grafana token",
        "",
        format!("glsa_{}_{}", rnd(s, ALNUM, 32), rnd(s, HEX, 8)),
        "",
    );
    add(
        "New Relic key",
        "",
        format!(
            "NRAK-{}",
            rnd(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 27)
        ),
        "",
    );
    add(
        "Okta API token",
        "OKTA_API_TOKEN=",
        format!("00{}", rnd(s, URLSAFE, 40)),
        "",
    );
    add(
        "Shopify token",
        "",
        format!("shpat_{}", rnd(s, HEX, 32)),
        "",
    );
    add(
        "Stripe key",
        "",
        format!("sk_live_{}", rnd(s, ALNUM, 24)),
        "",
    );
    add(
        "JSON Web Token",
        "",
        format!(
            "eyJhbGciOiJIUzI1NiJ9.eyJ{}.{}",
            rnd(s, URLSAFE, 30),
            rnd(s, URLSAFE, 43)
        ),
        "",
    );
    add(
        "HTTP authorization header",
        "curl -H \"Authorization: Bearer ",
        rnd(s, URLSAFE, 40),
        "\"",
    );
    add(
        "HTTP authorization header",
        "Authorization: Basic ",
        format!("{}=", rnd(s, B64, 31)),
        "",
    );
    add(
        "password in curl command",
        "curl -u deploy:",
        rnd(s, ALNUM, 14),
        " https://x.example.com",
    );
    add(
        "password in URL",
        "redis://:",
        rnd(s, ALNUM, 16),
        "@cache.internal:6379",
    );
    add(
        "password in URL",
        "https://deploy:",
        "S3cr3tPassw0rd".into(),
        "@logs.example.com/x",
    );
    add(
        "credential assignment",
        "DB_PASSWORD=",
        rnd(s, ALNUM, 18),
        "\n",
    );
    add(
        "credential assignment",
        "PGPASSWORD=",
        rnd(s, ALNUM, 12),
        "",
    );
    add(
        "credential assignment",
        "{\\\"password\\\": \\\"",
        "Tr0ub4dor&3".into(),
        "\\\"}",
    );
    add(
        "credential assignment",
        "client_secret: \"",
        "secret-Xk29fQ81".into(),
        "\"",
    );
    add(
        "credential assignment",
        "api_key = ",
        "sk9f8e7d6c5b4a".into(),
        "",
    );
    // Literals next to the shapes of code that are not secrets: a
    // bare value after a quoted key in YAML, a dotted literal, one
    // before a parenthesis in prose.
    add(
        "credential assignment",
        "\"password\": ",
        "aZ3kQ9xLmP2wQ7".into(),
        "\n",
    );
    add(
        "credential assignment",
        "token=",
        "Qx7f2.Lm9pZk4w".into(),
        "\n",
    );
    add(
        "credential assignment",
        "secret: ",
        "f9Kx2mQ7pLz8".into(),
        " (rotated monthly)",
    );
    // The formats of issue 26's hidden corpus that were missed.
    add(
        "Discord bot token",
        "Authorization: Bot ",
        format!(
            "M{}.{}.{}",
            rnd(s, URLSAFE, 25),
            rnd(s, URLSAFE, 6),
            rnd(s, URLSAFE, 38)
        ),
        "",
    );
    add(
        "Discord bot token",
        "client.run(\"",
        format!(
            "MTA{}.{}.{}",
            rnd(s, ALNUM, 23),
            rnd(s, URLSAFE, 6),
            rnd(s, URLSAFE, 38)
        ),
        "\")",
    );
    add(
        "Discord webhook URL",
        "\"url\": \"",
        format!(
            "https:\\/\\/discord.com\\/api\\/webhooks\\/{}\\/{}",
            rnd(s, "0123456789", 18),
            rnd(s, URLSAFE, 68)
        ),
        "\"",
    );
    add(
        "Slack webhook URL",
        "{\"webhook\": \"",
        format!(
            "https:\\/\\/hooks.slack.com\\/services\\/T{}\\/B{}\\/{}",
            rnd(s, UPPER, 10),
            rnd(s, UPPER, 10),
            rnd(s, ALNUM, 24)
        ),
        "\"}",
    );
    add(
        "Firebase Cloud Messaging server key",
        "FCM_SERVER_KEY: ",
        format!("AAAA{}:{}", rnd(s, URLSAFE, 7), rnd(s, URLSAFE, 140)),
        "\n",
    );
    add(
        "Django secret key",
        "SECRET_KEY = '",
        format!(
            "django-insecure-{}",
            rnd(s, "abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)", 50)
        ),
        "'\n",
    );
    add(
        ".netrc password",
        "machine api.example.com\n  login jane\n  password ",
        rnd(s, ALNUM, 20),
        "\n",
    );
    add(
        ".netrc password",
        "machine git.example.org login ci password ",
        rnd(s, ALNUM, 24),
        "",
    );
    add(
        "AWS session token",
        "aws_session_token = ",
        format!("IQoJb3JpZ2luX2Vj{}", rnd(s, B64, 300)),
        "\n",
    );
    add(
        "AWS session token",
        "\"SessionToken\": \"",
        format!("FwoGZXIvYXdzE{}", rnd(s, B64, 200)),
        "\"",
    );
    add(
        "GCP service-account key id",
        "{\"type\": \"service_account\", \"private_key_id\": \"",
        rnd(s, HEX, 40),
        "\"}",
    );
    v
}
