//! The credential formats, after gitleaks' `config/gitleaks.toml` (MIT):
//! each pattern's kind, keywords, regex, least entropy and how its value is
//! judged, and the documented values that are not credentials.

/// How a candidate value is judged once its pattern matched.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Form {
    /// A token with its own prefix (`ghp_…`): random enough, and not a
    /// placeholder or a documented example.
    Token,
    /// A value after a name (`COHERE_API_KEY=…`, `Authorization: Bearer …`):
    /// as a token, and not a word, a variable name or a reference.
    Keyed,
    /// A value after a password/secret/token/API-key name: as keyed, and not
    /// a demonstration password (`Test123!`) or a path.
    Assignment,
    /// A password in a URL or a `curl -u` argument.
    Password,
}

pub(super) struct Pattern {
    pub(super) kind: &'static str,
    /// Lower-case words one of which every match holds, in any ASCII case.
    pub(super) keywords: &'static [&'static str],
    /// For keyed forms: the names (ASCII case-blind alternation) that the
    /// value must follow, as in `name = value`; empty for tokens.
    pub(super) names: &'static str,
    /// The token, or the value after the name. Capture group 1, when there
    /// is one, is the secret; otherwise the whole match is. `\w` and `\d`
    /// are ASCII here.
    pub(super) regex: &'static str,
    /// Least Shannon entropy of the secret, in bits per character.
    pub(super) entropy: f32,
    pub(super) form: Form,
}

const fn token(
    kind: &'static str,
    keywords: &'static [&'static str],
    regex: &'static str,
    entropy: f32,
) -> Pattern {
    Pattern {
        kind,
        keywords,
        names: "",
        regex,
        entropy,
        form: Form::Token,
    }
}

const fn keyed(
    kind: &'static str,
    keywords: &'static [&'static str],
    names: &'static str,
    value: &'static str,
    entropy: f32,
) -> Pattern {
    Pattern {
        kind,
        keywords,
        names,
        regex: value,
        entropy,
        form: Form::Keyed,
    }
}

const UUID: &str = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

/// The credential formats, after gitleaks' `config/gitleaks.toml` (MIT).
/// Specific formats come first: when two patterns cover the same bytes,
/// the earlier one names the kind.
pub(super) const PATTERNS: &[Pattern] = &[
    // ------------------------------------------------------ AI providers
    token(
        "OpenAI API key",
        &["sk-proj-", "sk-svcacct-", "sk-admin-", "t3blbkfj"],
        r"sk-(?:proj|svcacct|admin)-[\w-]{40,250}|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}",
        3.5,
    ),
    token(
        "Anthropic API key",
        &["sk-ant-"],
        r"sk-ant-(?:api|admin|oat|sid)\d\d-[\w-]{80,120}",
        3.5,
    ),
    token(
        "OpenRouter API key",
        &["sk-or-"],
        r"sk-or-v1-[a-f0-9]{64}",
        3.0,
    ),
    token("Hugging Face token", &["hf_"], r"hf_[A-Za-z]{34}", 3.0),
    token(
        "Hugging Face organization token",
        &["api_org_"],
        r"api_org_[A-Za-z]{34}",
        3.0,
    ),
    token("Groq API key", &["gsk_"], r"gsk_[A-Za-z0-9]{52}", 3.5),
    token(
        "Perplexity API key",
        &["pplx-"],
        r"pplx-[A-Za-z0-9]{48}",
        3.5,
    ),
    token("xAI API key", &["xai-"], r"xai-[A-Za-z0-9]{80}", 3.5),
    token("Replicate API token", &["r8_"], r"r8_[A-Za-z0-9]{37}", 3.5),
    token(
        "LangSmith API key",
        &["lsv2_"],
        r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}",
        3.0,
    ),
    token(
        "Pinecone API key",
        &["pcsk_"],
        r"pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{40,80}",
        3.5,
    ),
    keyed("Pinecone API key", &["pinecone"], "pinecone", UUID, 3.0),
    token(
        "Tavily API key",
        &["tvly-"],
        r"tvly-(?:dev-|prod-)?[A-Za-z0-9]{32}",
        3.5,
    ),
    keyed(
        "Cohere API key",
        &["cohere", "co_api_key"],
        "cohere|co_api_key",
        r"[A-Za-z0-9]{40}",
        3.5,
    ),
    keyed(
        "Mistral API key",
        &["mistral"],
        "mistral",
        r"[A-Za-z0-9]{32}",
        3.5,
    ),
    keyed(
        "DeepSeek API key",
        &["deepseek"],
        "deepseek",
        r"sk-[a-f0-9]{32}",
        3.0,
    ),
    token("ElevenLabs API key", &["sk_"], r"sk_[a-f0-9]{48}", 3.0),
    keyed(
        "ElevenLabs API key",
        &["elevenlabs", "eleven_labs", "xi-api-key", "xi_api_key"],
        "eleven_?labs|xi[_-]api[_-]key",
        r"[a-f0-9]{32}",
        3.0,
    ),
    token("Google API key", &["aiza"], r"AIza[\w-]{35}", 4.0),
    token(
        "Google OAuth client secret",
        &["gocspx-"],
        r"GOCSPX-[\w-]{28}",
        3.0,
    ),
    // ---------------------------------------------- code hosts, registries
    token(
        "GitHub token",
        &["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
        r"gh[pousr]_[A-Za-z0-9]{36,255}",
        3.0,
    ),
    token(
        "GitHub fine-grained token",
        &["github_pat_"],
        r"github_pat_\w{82}",
        3.0,
    ),
    token(
        "GitLab token",
        &[
            "glpat-",
            "gldt-",
            "glrt-",
            "glcbt-",
            "glft-",
            "glimt-",
            "glagent-",
            "gloas-",
            "glsoat-",
            "glffct-",
            "glptt-",
            "gr1348941",
        ],
        r"(?:glpat|gldt|glrt|glcbt|glft|glimt|glagent|gloas|glsoat|glffct)-[\w.-]{20,300}|glptt-[a-f0-9]{40}|GR1348941[\w-]{20}",
        3.0,
    ),
    token("npm token", &["npm_"], r"npm_[A-Za-z0-9]{36}", 3.0),
    token("PyPI token", &["pypi-age"], r"pypi-AgE[\w-]{50,1000}", 3.0),
    token(
        "Docker Hub token",
        &["dckr_pat_", "dckr_oat_"],
        r"dckr_(?:pat|oat)_[\w-]{27,64}",
        3.0,
    ),
    token(
        "Bitbucket app password",
        &["atbb"],
        r"ATBB[A-Za-z0-9_=.-]{32}",
        3.0,
    ),
    token(
        "RubyGems token",
        &["rubygems_"],
        r"rubygems_[a-f0-9]{48}",
        3.0,
    ),
    token(
        "Artifactory API key",
        &["akcp"],
        r"AKCp[A-Za-z0-9]{69}",
        4.0,
    ),
    token(
        "SonarQube token",
        &["squ_", "sqp_", "sqa_"],
        r"sq[upa]_[a-f0-9]{40}",
        3.0,
    ),
    token(
        "Sourcegraph token",
        &["sgp_"],
        r"sgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}|sgp_[a-fA-F0-9]{40}",
        3.0,
    ),
    // ------------------------------------------------ chat and webhooks
    token(
        "Slack token",
        &["xox"],
        r"xox[bpos]-\d[0-9A-Za-z-]{9,249}|xox[ar]-[0-9A-Za-z-]{10,250}|xoxe\.xox[bp]-\d-[A-Za-z0-9]{163,166}|xoxe-\d-[A-Za-z0-9]{146}",
        3.0,
    ),
    token(
        "Slack app token",
        &["xapp-"],
        r"xapp-\d-[A-Z0-9]{1,40}-\d{1,20}-[a-z0-9]{10,100}",
        3.0,
    ),
    token(
        "Slack webhook URL",
        &["hooks.slack.com"],
        r"https?:\\?/\\?/hooks\.slack\.com\\?/(?:services|workflows|triggers)\\?/(?:[A-Za-z0-9+]|\\?/){43,160}",
        3.0,
    ),
    token(
        "Discord webhook URL",
        &["discord"],
        r"https?:\\?/\\?/(?:ptb\.|canary\.)?discord(?:app)?\.com\\?/api\\?/(?:v\d{1,2}\\?/)?webhooks\\?/\d{17,20}\\?/[\w-]{60,70}",
        3.0,
    ),
    keyed(
        "Discord bot token",
        &["discord"],
        "discord",
        r"[MNO][\w-]{23,25}\.[\w-]{6}\.[\w-]{27,38}|[a-f0-9]{64}",
        3.5,
    ),
    // A bot token after `Bot ` (the Authorization header's scheme), or bare:
    // its first part is the base64 of a numeric id (`MT…`, `Nz…`, `OD…`).
    token(
        "Discord bot token",
        &["bot"],
        r"(?i-u:\bbot)[ \t]{1,4}([MNO][\w-]{23,25}\.[\w-]{6}\.[\w-]{27,38})",
        3.5,
    ),
    token(
        "Discord bot token",
        &[],
        r"(?:M[TDjz]|N[DTjz]|O[DT])[A-Za-z0-9]{22,24}\.[\w-]{6}\.[\w-]{27,38}",
        3.8,
    ),
    token("Telegram bot token", &[":aa"], r"\d{8,10}:AA[\w-]{33}", 3.5),
    token(
        "Microsoft Teams webhook URL",
        &["webhook.office.com"],
        r"https?:\\?/\\?/[a-z0-9-]{1,60}\.webhook\.office\.com\\?/webhookb2\\?/[a-z0-9-]{36}@[a-z0-9-]{36}\\?/IncomingWebhook\\?/[a-z0-9]{32}\\?/[a-z0-9-]{36}(?:\\?/[\w-]{10,80})?",
        3.0,
    ),
    // ------------------------------------------------------ mail and SMS
    token(
        "SendGrid API key",
        &["sg."],
        r"SG\.[\w-]{22}\.[\w-]{43}",
        3.0,
    ),
    token("Mailgun API key", &["key-"], r"key-[a-f0-9]{32}", 3.0),
    token(
        "Mailchimp API key",
        &["-us"],
        r"[a-f0-9]{32}-us\d{1,2}",
        3.0,
    ),
    // Its keyword is `SK` in this case only (see [`CASE_KEYWORDS`]): `sk`
    // in any case is in most texts (`skills`, `task`).
    token("Twilio API key", &[], r"SK[0-9a-fA-F]{32}", 3.0),
    keyed(
        "Twilio auth token",
        &["twilio"],
        "twilio",
        r"[a-f0-9]{32}",
        3.0,
    ),
    token(
        "Brevo API key",
        &["xkeysib-"],
        r"xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}",
        3.0,
    ),
    // ------------------------------------------------------------ clouds
    token(
        "AWS access key id",
        &["a3t", "akia", "asia", "abia", "acca"],
        r"(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}",
        3.0,
    ),
    // An STS session token after its name, or by the prefix every one
    // has (`IQoJb3JpZ2lu…`, older `FwoGZXIvYXdz…`).
    keyed(
        "AWS session token",
        &["session", "security-token", "security_token"],
        r"aws[_.-]?session[_.-]?token|session[_.-]?token|x-amz-security-token|security[_.-]?token",
        r"[A-Za-z0-9/+]{100,2000}={0,2}",
        4.0,
    ),
    token(
        "AWS session token",
        &[],
        r"(?:IQoJb3JpZ2lu|FwoGZXIvYXdz)[A-Za-z0-9/+]{100,2000}={0,2}",
        4.0,
    ),
    // A GCP service-account key file's key id (its `private_key` is a
    // private key block).
    keyed(
        "GCP service-account key id",
        &["private_key_id"],
        "private_key_id",
        r"[a-f0-9]{40}",
        3.0,
    ),
    token(
        "Firebase Cloud Messaging server key",
        &[],
        r"AAAA[\w-]{7}:[\w-]{140}",
        4.0,
    ),
    keyed(
        "AWS secret access key",
        &["secret"],
        r"aws[_.-]?secret(?:[_.-]?access)?(?:[_.-]?key)?|secret[_.-]?access[_.-]?key",
        r"[A-Za-z0-9/+]{40}",
        4.0,
    ),
    token(
        "Amazon Bedrock API key",
        &["absk"],
        r"ABSK[A-Za-z0-9+/]{109,269}={0,2}",
        3.5,
    ),
    token(
        "Azure storage account key",
        &["accountkey="],
        r"(?i-u:accountkey)=([A-Za-z0-9+/]{86}==)",
        4.0,
    ),
    token(
        "Azure shared access signature",
        &["sig="],
        r"[?&;]sig=([A-Za-z0-9%+/]{40,200}={0,2})",
        4.0,
    ),
    token(
        "Azure AD client secret",
        &["q~"],
        r"[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}",
        3.0,
    ),
    token(
        "DigitalOcean token",
        &["dop_v1_", "doo_v1_", "dor_v1_"],
        r"do[opr]_v1_[a-f0-9]{64}",
        3.0,
    ),
    token("Heroku API key", &["hrku-"], r"HRKU-AA[\w-]{58}", 3.5),
    keyed("Heroku API key", &["heroku"], "heroku", UUID, 3.0),
    token(
        "Databricks token",
        &["dapi"],
        r"dapi[a-f0-9]{32}(?:-\d)?",
        3.0,
    ),
    token(
        "Vault token",
        &["hvs.", "hvb."],
        r"hvs\.[\w-]{90,120}|hvb\.[\w-]{138,300}",
        3.5,
    ),
    token(
        "Alibaba Cloud access key id",
        &["ltai"],
        r"LTAI[A-Za-z0-9]{20}",
        3.0,
    ),
    keyed(
        "Alibaba Cloud secret key",
        &["alibaba"],
        "alibaba",
        r"[A-Za-z0-9]{30}",
        3.5,
    ),
    keyed(
        "Cloudflare API token",
        &["cloudflare"],
        "cloudflare",
        r"[\w-]{40}|[a-f0-9]{37}",
        3.5,
    ),
    token(
        "Doppler token",
        &["dp.pt."],
        r"dp\.pt\.[A-Za-z0-9]{43}",
        3.0,
    ),
    token(
        "Terraform Cloud token",
        &["atlasv1"],
        r"[A-Za-z0-9]{14}\.atlasv1\.[\w=-]{60,70}",
        3.5,
    ),
    token("Pulumi token", &["pul-"], r"pul-[a-f0-9]{40}", 3.0),
    token(
        "PlanetScale token",
        &["pscale_"],
        r"pscale_(?:tkn|oauth|pw)_[\w.=-]{32,64}",
        3.0,
    ),
    keyed(
        "Netlify token",
        &["netlify"],
        "netlify",
        r"[\w=-]{40,46}",
        3.5,
    ),
    token(
        "1Password service account token",
        &["ops_eyj"],
        r"ops_eyJ[A-Za-z0-9+/]{250,}={0,3}",
        4.0,
    ),
    token(
        "age secret key",
        &["age-secret-key-1"],
        r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}",
        3.0,
    ),
    // -------------------------------------------------------------- SaaS
    token(
        "Atlassian API token",
        &["atatt3"],
        r"ATATT3[\w=-]{186}",
        3.5,
    ),
    keyed(
        "Atlassian API token",
        &["atlassian", "confluence", "jira"],
        "atlassian|confluence|jira",
        r"[A-Za-z0-9]{24}",
        3.5,
    ),
    token(
        "Linear API key",
        &["lin_api_"],
        r"lin_api_[A-Za-z0-9]{40}",
        3.0,
    ),
    token(
        "Notion token",
        &["ntn_", "secret_"],
        r"ntn_\d{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43}",
        4.0,
    ),
    keyed(
        "Datadog key",
        &[
            "datadog", "dd_api", "dd-api", "ddapi", "dd_app", "dd-app", "ddapp",
        ],
        r"datadog|dd[_-]?api|dd[_-]?app",
        r"[a-f0-9]{40}|[a-f0-9]{32}",
        3.0,
    ),
    token(
        "Postman API key",
        &["pmak-"],
        r"PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}",
        3.0,
    ),
    token(
        "Sentry token",
        &["sntryu_", "sntrys_"],
        r"sntryu_[a-f0-9]{64}|sntrys_eyJ[A-Za-z0-9+/=]{50,600}_[A-Za-z0-9+/]{43}",
        3.5,
    ),
    token(
        "Grafana token",
        &["glc_", "glsa_", "eyjrijoi"],
        r"glc_[A-Za-z0-9+/]{32,400}={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|eyJrIjoi[A-Za-z0-9]{70,400}={0,3}",
        3.0,
    ),
    token(
        "New Relic key",
        &["nrak-", "nrii-", "nrjs-"],
        r"NRAK-[A-Z0-9]{27}|NRII-[\w-]{32}|NRJS-[a-f0-9]{19}",
        3.0,
    ),
    keyed("Okta API token", &["okta"], "okta", r"00[\w=-]{40}", 4.0),
    token(
        "Shopify token",
        &["shpat_", "shpca_", "shppa_", "shpss_"],
        r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}",
        3.0,
    ),
    token(
        "Stripe key",
        &[
            "sk_live", "sk_test", "sk_prod", "rk_live", "rk_test", "rk_prod",
        ],
        r"[sr]k_(?:live|test|prod)_[A-Za-z0-9]{10,247}",
        3.0,
    ),
    token(
        "Stripe webhook secret",
        &["whsec_"],
        r"whsec_[A-Za-z0-9]{32,64}",
        3.5,
    ),
    token(
        "Square token",
        &["eaaa", "sq0atp-", "sq0csp-"],
        r"EAAA[\w-]{22,60}|sq0atp-[\w-]{22}|sq0csp-[\w-]{43}",
        3.0,
    ),
    token(
        "Facebook access token",
        &["eaam", "eaac"],
        r"EAA[MC][A-Za-z0-9]{100,400}",
        4.0,
    ),
    keyed("HubSpot API key", &["hubspot"], "hubspot", UUID, 3.0),
    keyed("Snyk token", &["snyk"], "snyk", UUID, 3.0),
    keyed(
        "Algolia API key",
        &["algolia"],
        "algolia",
        r"[a-f0-9]{32}",
        3.0,
    ),
    token(
        "Shippo token",
        &["shippo_"],
        r"shippo_(?:live|test)_[a-fA-F0-9]{40}",
        3.0,
    ),
    token(
        "Dynatrace token",
        &["dt0c01."],
        r"dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}",
        4.0,
    ),
    token("Readme API key", &["rdme_"], r"rdme_[a-z0-9]{70}", 3.0),
    token("Prefect API key", &["pnu_"], r"pnu_[A-Za-z0-9]{36}", 3.0),
    token("Infracost API key", &["ico-"], r"ico-[A-Za-z0-9]{32}", 3.0),
    token(
        "Flutterwave key",
        &["flwseck_", "flwpubk_"],
        r"FLW(?:SECK|PUBK)_TEST-[a-hA-H0-9]{32}-X",
        3.0,
    ),
    token(
        "JSON Web Token",
        &["eyj"],
        r"eyJ[A-Za-z0-9_-]{15,}\.eyJ[A-Za-z0-9_-]{15,}\.[A-Za-z0-9_-]{10,}",
        3.0,
    ),
    // ------------------------------------------------------ HTTP and URLs
    Pattern {
        kind: "HTTP authorization header",
        keywords: &["authorization"],
        names: "",
        regex: r#"(?i-u:authorization)[ \t'"\\]{0,4}[:=][ \t'"\\]{0,4}(?i-u:bearer|basic|token|bot)[ \t]+([A-Za-z0-9._~+/-]{8,1000}=*)"#,
        entropy: 3.0,
        form: Form::Keyed,
    },
    Pattern {
        kind: "password in curl command",
        keywords: &["curl"],
        names: "",
        regex: r#"curl[^\n]{0,200}?[ \t](?:-u|--user)(?:=|[ \t]{1,5})["']?[!-~&&[^:"'$`]]{1,100}:([!-~&&[^"'`]]{3,200})"#,
        entropy: 2.0,
        form: Form::Password,
    },
    Pattern {
        kind: "password in URL",
        keywords: &["://"],
        names: "",
        regex: r#"[A-Za-z][A-Za-z0-9+.-]{1,20}://[!-~&&[^/?#:@"'<>\\]]{0,100}:([!-~&&[^/?#@"'<>\\]]{1,200})@[A-Za-z0-9.\[-]"#,
        entropy: 2.0,
        form: Form::Password,
    },
    // Django's `SECRET_KEY`: 50 characters of its own alphabet, which holds
    // the brackets and symbols a generic value stops at.
    keyed(
        "Django secret key",
        &["secret_key", "secret-key", "secretkey"],
        r"(?:django[_.-]?)?secret[_.-]?key",
        r"django-insecure-[a-z0-9!@#$%^&*(\-_=+)]{30,80}|[a-z0-9!@#$%^&*(\-_=+)]{50}",
        4.0,
    ),
    // A `.netrc` entry: `machine HOST login USER password VALUE`, on one
    // line or several.
    Pattern {
        kind: ".netrc password",
        keywords: &["machine", "default"],
        names: "",
        regex: r"(?i-u:\b(?:machine[ \t\r\n]{1,20}[!-~]{1,256}|default))(?:[ \t\r\n]{1,20}(?i-u:login|account)[ \t\r\n]{1,20}[!-~]{1,256})?[ \t\r\n]{1,20}(?i-u:password)[ \t\r\n]{1,20}([!-~]{4,200})",
        entropy: 2.5,
        form: Form::Password,
    },
    // ---------------------------------------------- generic assignments
    Pattern {
        kind: "credential assignment",
        keywords: &[
            "pass",
            "pwd",
            "secret",
            "api_key",
            "api-key",
            "api.key",
            "apikey",
            "token",
            "access_key",
            "access-key",
            "access.key",
            "accesskey",
            "credential",
            "creds",
            "private_key",
            "private-key",
            "private.key",
            "privatekey",
            "auth_key",
            "auth-key",
            "authkey",
            "signing_key",
            "signing-key",
            "signingkey",
            "encryption_key",
            "encryption-key",
            "encryptionkey",
            "master_key",
            "master-key",
            "masterkey",
        ],
        names: r"passw(?:or)?d|pwd|pass(?:phrase)?|secret|api[_.-]?key|token|access[_.-]?key|credentials?|creds|private[_.-]?key|auth[_.-]?key|signing[_.-]?key|encryption[_.-]?key|master[_.-]?key",
        regex: r"[!-~&&[^'`\x22\\,;(){}\[\]<>|]]{8,200}",
        entropy: 2.8,
        form: Form::Assignment,
    },
];

/// Values that vendors print in their documentation. Split so that this
/// file does not itself hold a credential-shaped string.
pub(super) const DOCUMENTED_EXAMPLES: &[&str] = &[
    // Stripe's API reference.
    concat!("sk_test_", "4eC39HqLy", "jWDarjtT1", "zdp7dc"),
    concat!("sk_test_", "BQokikJOv", "BiI2HlWgH", "4olfQ2"),
    // GitHub's documentation.
    concat!("ghp_", "16C7e42F292", "c6912E7710c", "838347Ae178B4a"),
    // OAuth 2.0's (RFC 6749) example access token, refresh token and
    // authorization code, and RFC 6750's bearer token: in every sample of
    // a token reply.
    concat!("2YotnFZFEjr1", "zCsicMWpAA"),
    concat!("tGzv3JOkF0XG", "5Qx2TlKWIA"),
    concat!("SplxlOBeZQQY", "bYS6WxSbIA"),
    concat!("mF_9.B5f-4", ".1JqM"),
    // Slack's documentation.
    concat!(
        "xoxb-",
        "17653672481-19874698323-",
        "pdFZKVeTuE8",
        "sk7oOcBrzbqgy"
    ),
];

/// The start of a vendor's documented example that authors edit the end
/// of (`…EXAMPLEKEY` becomes `…PRODUCTIONKEY` in a sample of two
/// profiles): AWS's example access key id and secret key.
pub(super) const DOCUMENTED_STEMS: &[&str] = &[
    concat!("AKIA", "IOSFODNN7"),
    concat!("wJalrXUtnFEMI", "/K7MDENG/", "bPxRfiCY"),
];

/// The payload of jwt.io's example token (`{"sub":"1234567890","name":"John
/// Doe","iat":1516239022}`), whatever header and signature go with it.
pub(super) const JWT_IO_PAYLOAD: &str = concat!(
    "eyJzdWIiOiIxMjM0",
    "NTY3ODkwIiwibmFt",
    "ZSI6IkpvaG4gRG9l",
    "IiwiaWF0IjoxNTE2",
    "MjM5MDIyfQ"
);

/// Patterns whose keyword counts in one letter case only: (kind, keyword).
pub(super) const CASE_KEYWORDS: &[(&str, &str)] = &[
    ("Twilio API key", "SK"),
    ("Discord bot token", "MT"),
    ("Discord bot token", "MD"),
    ("Discord bot token", "Mj"),
    ("Discord bot token", "Mz"),
    ("Discord bot token", "ND"),
    ("Discord bot token", "NT"),
    ("Discord bot token", "Nj"),
    ("Discord bot token", "Nz"),
    ("Discord bot token", "OD"),
    ("Discord bot token", "OT"),
    ("AWS session token", "IQoJb3JpZ2lu"),
    ("AWS session token", "FwoGZXIvYXdz"),
    ("Firebase Cloud Messaging server key", "AAAA"),
];
