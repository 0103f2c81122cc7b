//! `security/secret-value`: credentials in any linted text.
//!
//! The credential formats follow gitleaks' rule set (MIT licence), written
//! here as caplint's own table. Scanning is linear in the text:
//!
//! 1. One case-blind keyword automaton (gitleaks' `keywords`) finds which
//!    rules can match at all; most texts hold none of the keywords.
//! 2. Only those rules' regexes run (the regex crate: finite automata, no
//!    backtracking). Every pattern has a bounded or self-delimiting length,
//!    so no search runs ahead to a far terminator.
//! 3. Each candidate value must then look like a credential: long and
//!    random enough (Shannon entropy, per rule), and not a placeholder,
//!    a documentation value, a reference to a secret manager, a variable
//!    name or a word.
//!
//! Private key blocks are found by their `BEGIN` and `END` lines separately,
//! paired in one pass, and count only with a key body between them.
//! Findings say where and what kind, never the value; the matched bytes are
//! recorded on the source so every renderer masks them.

#[allow(unused_imports)]
use super::*;
use crate::diagnostic::Diagnostic;
use crate::source::{SourceFile, Span};
use aho_corasick::{AhoCorasick, AhoCorasickKind};
use regex::Regex;
use std::sync::OnceLock;

/// One secret found in a text: where, and what kind (never the value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecretMatch {
    /// The bytes to mask (the secret itself, not its surroundings).
    pub range: std::ops::Range<usize>,
    pub kind: &'static str,
}

/// How a candidate value is judged once its pattern matched.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Form {
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

struct Pattern {
    kind: &'static str,
    /// Lower-case words one of which every match holds, in any ASCII case.
    keywords: &'static [&'static str],
    /// For keyed forms: the names (ASCII case-blind alternation) that the
    /// value must follow, as in `name = value`; empty for tokens.
    names: &'static str,
    /// The token, or the value after the name. Capture group 1, when there
    /// is one, is the secret; otherwise the whole match is. `\w` and `\d`
    /// are ASCII here.
    regex: &'static str,
    /// Least Shannon entropy of the secret, in bits per character.
    entropy: f32,
    form: Form,
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
const PATTERNS: &[Pattern] = &[
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
        r"xox[abposr]-[0-9A-Za-z-]{10,250}|xoxe\.xox[bp]-\d-[A-Za-z0-9]{163,166}|xoxe-\d-[A-Za-z0-9]{146}",
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
        r"https?://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{43,120}",
        3.0,
    ),
    token(
        "Discord webhook URL",
        &["discord"],
        r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d{17,20}/[\w-]{60,70}",
        3.0,
    ),
    keyed(
        "Discord bot token",
        &["discord"],
        "discord",
        r"[MNO][\w-]{23,25}\.[\w-]{6}\.[\w-]{27,38}|[a-f0-9]{64}",
        3.5,
    ),
    token("Telegram bot token", &[":aa"], r"\d{8,10}:AA[\w-]{33}", 3.5),
    token(
        "Microsoft Teams webhook URL",
        &["webhook.office.com"],
        r"https://[a-z0-9-]{1,60}\.webhook\.office\.com/webhookb2/[a-z0-9-]{36}@[a-z0-9-]{36}/IncomingWebhook/[a-z0-9]{32}/[a-z0-9-]{36}(?:/[\w-]{10,80})?",
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
        regex: r#"curl[^\n]{0,200}?[ \t](?:-u|--user)(?:=|[ \t]{1,5})["']?[!-~&&[^:"'$]]{1,100}:([!-~&&[^"']]{3,200})"#,
        entropy: 2.0,
        form: Form::Password,
    },
    Pattern {
        kind: "password in URL",
        keywords: &["://"],
        names: "",
        regex: r#"[A-Za-z][A-Za-z0-9+.-]{1,20}://[!-~&&[^/:@"'<>\\]]{0,100}:([!-~&&[^/@"'<>\\]]{1,200})@[A-Za-z0-9.\[-]"#,
        entropy: 2.0,
        form: Form::Password,
    },
    // ---------------------------------------------- generic assignments
    Pattern {
        kind: "password assignment",
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
const DOCUMENTED_EXAMPLES: &[&str] = &[
    // Stripe's API reference.
    concat!("sk_test_", "4eC39HqLy", "jWDarjtT1", "zdp7dc"),
    concat!("sk_test_", "BQokikJOv", "BiI2HlWgH", "4olfQ2"),
    // GitHub's documentation.
    concat!("ghp_", "16C7e42F292", "c6912E7710c", "838347Ae178B4a"),
    // Slack's documentation.
    concat!(
        "xoxb-",
        "17653672481-19874698323-",
        "pdFZKVeTuE8",
        "sk7oOcBrzbqgy"
    ),
];

/// The payload of jwt.io's example token (`{"sub":"1234567890","name":"John
/// Doe","iat":1516239022}`), whatever header and signature go with it.
const JWT_IO_PAYLOAD: &str = concat!(
    "eyJzdWIiOiIxMjM0",
    "NTY3ODkwIiwibmFt",
    "ZSI6IkpvaG4gRG9l",
    "IiwiaWF0IjoxNTE2",
    "MjM5MDIyfQ"
);

/// The regex text of a pattern: ASCII `\w` and `\d`, and for keyed forms
/// the `name = value` frame (group 1 the name, group 2 the value).
fn source(p: &Pattern) -> String {
    let ascii = |s: &str| s.replace(r"\w", "[0-9A-Za-z_]").replace(r"\d", "[0-9]");
    if p.names.is_empty() {
        ascii(p.regex)
    } else {
        format!(
            r#"((?i-u:{})[A-Za-z0-9_.-]{{0,20}})[ \t'"\\]{{0,4}}(?:=|:=|::=|:|=>|>|\?=|\|\|)[ \t'"`\\=]{{0,5}}({})"#,
            ascii(p.names),
            ascii(p.regex)
        )
    }
}

fn regex(i: usize) -> &'static Regex {
    static CELLS: OnceLock<Vec<OnceLock<Regex>>> = OnceLock::new();
    CELLS.get_or_init(|| PATTERNS.iter().map(|_| OnceLock::new()).collect())[i]
        .get_or_init(|| Regex::new(&source(&PATTERNS[i])).expect("secret patterns compile"))
}

/// The keyword automaton: every pattern's keywords, ASCII case folded, and
/// for each keyword the patterns it admits.
struct Keywords {
    automaton: AhoCorasick,
    owners: Vec<Vec<usize>>,
}

fn keywords() -> &'static Keywords {
    static CELL: OnceLock<Keywords> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut words: Vec<&str> = Vec::new();
        let mut owners: Vec<Vec<usize>> = Vec::new();
        for (i, p) in PATTERNS.iter().enumerate() {
            for &w in p.keywords {
                match words.iter().position(|&x| x == w) {
                    Some(k) => owners[k].push(i),
                    None => {
                        words.push(w);
                        owners.push(vec![i]);
                    }
                }
            }
        }
        let automaton = AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .kind(Some(AhoCorasickKind::DFA))
            .build(&words)
            .expect("keywords compile");
        Keywords { automaton, owners }
    })
}

/// Patterns whose keyword counts in one letter case only: (kind, keyword).
const CASE_KEYWORDS: &[(&str, &str)] = &[("Twilio API key", "SK")];

/// Whether `text` holds any case-blind keyword: one pass of a lazily built
/// DFA, a few instructions a byte, stopping at the first. Most texts hold
/// none, and then the keyword automaton below never runs.
fn may_hold_keyword(text: &str) -> bool {
    static WORDS: OnceLock<crate::lazy_dfa::CaseBlindWords> = OnceLock::new();
    WORDS
        .get_or_init(|| {
            let mut words: Vec<&str> = PATTERNS
                .iter()
                .flat_map(|p| p.keywords.iter().copied())
                .collect();
            words.sort_unstable();
            words.dedup();
            crate::lazy_dfa::CaseBlindWords::new(&words, "")
        })
        .may_match(text)
}

/// Which patterns can match `text` (their keywords occur in it).
fn candidates(text: &str) -> Vec<bool> {
    let mut run = vec![false; PATTERNS.len()];
    for (kind, word) in CASE_KEYWORDS {
        if memchr::memmem::find(text.as_bytes(), word.as_bytes()).is_some() {
            for (i, p) in PATTERNS.iter().enumerate() {
                run[i] |= p.kind == *kind && p.keywords.is_empty();
            }
        }
    }
    if !may_hold_keyword(text) {
        return run;
    }
    let kw = keywords();
    let mut seen = vec![false; kw.owners.len()];
    for m in kw.automaton.find_overlapping_iter(text) {
        let k = m.pattern().as_usize();
        if !seen[k] {
            seen[k] = true;
            for &i in &kw.owners[k] {
                run[i] = true;
            }
        }
    }
    run
}

/// Every secret in `text`, in order, without overlaps.
pub fn scan(text: &str) -> Vec<SecretMatch> {
    let mut out = private_keys(text);
    let run = candidates(text);
    for (i, p) in PATTERNS.iter().enumerate() {
        if !run[i] {
            continue;
        }
        for caps in regex(i).captures_iter(text) {
            let (name, secret) = if p.names.is_empty() {
                (None, caps.get(1).or_else(|| caps.get(0)))
            } else {
                (caps.get(1), caps.get(2))
            };
            let Some(secret) = secret else { continue };
            let mut range = secret.range();
            if p.form == Form::Token {
                while range.end > range.start && text.as_bytes()[range.end - 1] == b'.' {
                    range.end -= 1;
                }
            }
            if p.form == Form::Assignment {
                // `api_key=DEMO_KEY&date=…`: the value ends before the next
                // query parameter.
                range.end = range.start + query_value_len(&text[range.clone()]);
            }
            if accept(p, text, name.map(|n| n.range()), range.clone()) {
                out.push(SecretMatch {
                    range,
                    kind: p.kind,
                });
            }
        }
    }
    out.sort_by_key(|m| (m.range.start, std::cmp::Reverse(m.range.end)));
    let mut merged: Vec<SecretMatch> = Vec::new();
    for m in out {
        match merged.last_mut() {
            Some(last) if m.range.start < last.range.end => {
                last.range.end = last.range.end.max(m.range.end)
            }
            _ => merged.push(m),
        }
    }
    merged
}

/// Whether a candidate is a credential: whole (no letters or digits run on
/// past either end), random enough, and none of the things that only look
/// like one.
fn accept(
    p: &Pattern,
    text: &str,
    name: Option<std::ops::Range<usize>>,
    range: std::ops::Range<usize>,
) -> bool {
    let bytes = text.as_bytes();
    let value = &text[range.clone()];
    if value.is_empty() {
        return false;
    }
    if p.form != Form::Assignment && p.form != Form::Password {
        let before = range.start.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(range.end).copied();
        if before.is_some_and(|b| b.is_ascii_alphanumeric())
            || after.is_some_and(|b| b.is_ascii_alphanumeric())
        {
            return false;
        }
    }
    if entropy(value) < p.entropy || is_fake(value) {
        return false;
    }
    // `KEY=\nNEXT=` in a JSON string: the escape of an empty value's line
    // end, not the start of a value.
    if p.form != Form::Token
        && range.start > 0
        && bytes[range.start - 1] == b'\\'
        && matches!(value.as_bytes()[0], b'n' | b'r' | b't')
    {
        return false;
    }
    // Slack tokens carry their team and user numbers: `xoxb-my-bot-token`
    // is a name.
    if p.kind == "Slack token" && value.bytes().filter(u8::is_ascii_digit).count() < 4 {
        return false;
    }
    match p.form {
        Form::Token => {
            if p.kind == "JSON Web Token" && value.split('.').nth(1) == Some(JWT_IO_PAYLOAD) {
                return false;
            }
            !DOCUMENTED_EXAMPLES.contains(&value)
        }
        Form::Keyed => {
            !is_placeholder(value)
                && !is_word(value)
                && !is_demo_password(value)
                && !is_reference(value)
        }
        Form::Password => !is_placeholder(value) && !is_word(value) && !is_demo_password(value),
        Form::Assignment => {
            let name_range = name.clone();
            let name = name.map(|n| full_name(text, n)).unwrap_or_default();
            value.len() >= 8
                && !names_no_secret(&name)
                && !is_placeholder(value)
                && !is_word(value)
                && !is_demo_password(value)
                && !is_reference(value)
                && !value.contains("://")
                && !value.trim_end_matches('=').contains('=')
                && (value.chars().count() < 16 || entropy(value) >= 3.2)
                && !is_code_value(text, name_range, range)
        }
    }
}

/// The length of a value up to a following query parameter (`&name=`).
fn query_value_len(value: &str) -> usize {
    let b = value.as_bytes();
    for (i, _) in value.match_indices('&') {
        let rest = &b[i + 1..];
        let name = rest
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count();
        if name > 0 && rest.get(name) == Some(&b'=') {
            return i;
        }
    }
    value.len()
}

/// The whole name before a keyword match: `DB_PASSWORD` for `PASSWORD`.
fn full_name(text: &str, name: std::ops::Range<usize>) -> String {
    let bytes = text.as_bytes();
    let mut start = name.start;
    while start > 0
        && name.start - start < 40
        && (bytes[start - 1].is_ascii_alphanumeric() || b"_.-".contains(&bytes[start - 1]))
    {
        start -= 1;
    }
    text[start..name.end].to_ascii_lowercase()
}

/// Whether an assigned value is code rather than a literal: a call
/// (`PrivateKey()`, `this.#hash(pw)`), a member chain
/// (`extra._meta?.progressToken`), a negation (`!visible`), a bare
/// identifier after a quoted key in code (`"SECRET_COPY": SecretCopy,`,
/// where a literal would be quoted as well), or the default of a shell parameter
/// expansion (`${TOKEN_X:-$dir/x.py}`). A credential is a quoted or bare
/// literal, never an expression.
fn is_code_value(
    text: &str,
    name: Option<std::ops::Range<usize>>,
    value: std::ops::Range<usize>,
) -> bool {
    let bytes = text.as_bytes();
    let v = &text[value.clone()];
    let after = bytes.get(value.end).copied();
    let ident = |seg: &str| {
        let seg = seg.strip_prefix('#').unwrap_or(seg);
        let seg = seg.strip_suffix('?').unwrap_or(seg);
        seg.bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'$')
            && seg
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
    };
    // Letters that read as words once digits and `_`/`$` are set aside
    // (`IERC20Metadata`, `_meta`), unlike random characters.
    let wordy = |seg: &str| {
        seg.split(|c: char| !c.is_ascii_alphabetic())
            .all(|part| part.is_empty() || is_identifier(part))
    };
    let negated = v.strip_prefix('!');
    let chain = negated.unwrap_or(v);
    let segments: Vec<&str> = chain.split('.').collect();
    if segments.iter().all(|s| ident(s)) {
        // A call or constructor.
        if after == Some(b'(') {
            return true;
        }
        // `!visible`, `a?.b`, `this.#field`: syntax no literal has.
        if segments.iter().all(|s| wordy(s)) && (negated.is_some() || chain.contains(['?', '#'])) {
            return true;
        }
    }
    let Some(name) = name else {
        return false;
    };
    let full_start = {
        let mut s = name.start;
        while s > 0 && (bytes[s - 1].is_ascii_alphanumeric() || bytes[s - 1] == b'_') {
            s -= 1;
        }
        s
    };
    if text[..full_start].ends_with("${") {
        return true;
    }
    // `"KEY": Identifier,`: the key is quoted and the value is not.
    let between = &text[name.end.min(value.start)..value.start];
    let key_quoted = full_start > 0
        && matches!(bytes[full_start - 1], b'"' | b'\'')
        && between.starts_with(['"', '\'']);
    key_quoted
        && !between[1..].contains(['"', '\'', '`'])
        && ident(v)
        // A line of code goes on (`,`, `}`, `)`); in YAML a bare value
        // after a quoted key ends the line, and is a literal.
        && matches!(after, Some(b',' | b'}' | b')'))
}

/// Names that hold something about a secret, not the secret: its id, name,
/// path, length, hash, a count of tokens, a CSRF token, words that only
/// contain `pass` (`bypass`, `passport`).
fn names_no_secret(name: &str) -> bool {
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
    ];
    const HOLDS: &[&str] = &[
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
    ["tokens", "secrets", "keys", "passwords", "credentials"]
        .iter()
        .any(|p| name.ends_with(p))
        || (name.contains(['_', '.', '-']) && ENDS.contains(&last))
        || camel_end
        || HOLDS.iter().any(|h| name.contains(h))
}

/// Shannon entropy in bits per byte.
fn entropy(s: &str) -> f32 {
    let mut counts = [0u32; 256];
    for &b in s.as_bytes() {
        counts[b as usize] += 1;
    }
    let n = s.len() as f32;
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = c as f32 / n;
            -p * p.log2()
        })
        .sum()
}

/// A value that shows the shape of a credential without being one: a
/// truncation, a run of one character, a sequence, a marked example.
fn is_fake(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    const MARKS: &[&str] = &[
        "example",
        "your",
        "xxxx",
        "****",
        "####",
        "placeholder",
        "redacted",
        "dummy",
        "sample",
        "changeme",
        "change_me",
        "insert",
        "replace",
        "...",
        "\u{2026}",
        "fake",
    ];
    if MARKS.iter().any(|m| lower.contains(m)) {
        return true;
    }
    let bytes = value.as_bytes();
    let n = bytes.len();
    // The longest run of one character, and of an ascending sequence
    // (`abcdef`, `123456`), straight or interleaved (`A1B2C3D4`).
    let (mut run, mut longest_run) = (1, 1);
    let (mut up, mut longest_up) = (1, 1);
    let mut up2 = [1usize, 1];
    let mut longest_up2 = 1;
    for i in 1..n {
        run = if bytes[i] == bytes[i - 1] { run + 1 } else { 1 };
        longest_run = longest_run.max(run);
        let next = |a: u8, b: u8| a.is_ascii_alphanumeric() && b == a.wrapping_add(1);
        up = if next(bytes[i - 1], bytes[i]) {
            up + 1
        } else {
            1
        };
        longest_up = longest_up.max(up);
        if i >= 2 {
            let k = i % 2;
            up2[k] = if next(
                bytes[i - 2].to_ascii_lowercase(),
                bytes[i].to_ascii_lowercase(),
            ) {
                up2[k] + 1
            } else {
                1
            };
            longest_up2 = longest_up2.max(up2[0].min(up2[1]));
        }
    }
    longest_run >= 6.max(n / 3) || longest_up >= 6 || longest_up2 >= 4 || {
        // Mostly made of short sequences: `ABC1234XYZ`.
        let mut in_runs = 0;
        let mut i = 0;
        while i < n {
            let mut j = i + 1;
            while j < n
                && bytes[j - 1].is_ascii_alphanumeric()
                && bytes[j] == bytes[j - 1].wrapping_add(1)
            {
                j += 1;
            }
            if j - i >= 3 {
                in_runs += j - i;
            }
            i = j;
        }
        in_runs * 10 >= n * 6
    }
}

/// A value that stands for a secret: `$VAR`, `${VAR}`, `%VAR%`, `<token>`,
/// `{{ secrets.X }}`, `@VAR@`.
fn is_placeholder(value: &str) -> bool {
    value.starts_with(['$', '%', '<', '{', '(', '[', '@', '&', '*', '#'])
        || value.ends_with(['%', '>', '}', '@'])
        || value.contains("${")
        || value.contains("{{")
}

/// Words and `_.-` only (`openai_key`, `process.env.TOKEN`, `Rotation`), or
/// digits and separators only (a number, a date, a version): a name or a
/// value, never a credential. Random letters (`qgIgBabqmLCiSRHx`) are not
/// words.
fn is_word(value: &str) -> bool {
    (value
        .bytes()
        .all(|b| b.is_ascii_alphabetic() || b"_.-".contains(&b))
        && value
            .split(['_', '.', '-'])
            .all(|part| part.is_empty() || is_identifier(part)))
        || value
            .bytes()
            .all(|b| b.is_ascii_digit() || b"_.-:/".contains(&b))
}

/// Whether ASCII letters read as words: one case throughout, or humps of
/// camel case (`openaiKey`, `XMLHttpRequest`, `ThisIsMyPassword`) whose
/// short humps are two-letter words. Random letters have humps such as `Ig`.
fn is_identifier(letters: &str) -> bool {
    const TWO: &[&str] = &[
        "an", "as", "at", "be", "by", "do", "go", "id", "if", "in", "is", "it", "me", "my", "no",
        "of", "ok", "on", "or", "so", "to", "up", "us", "we",
    ];
    let b = letters.as_bytes();
    if !b.iter().all(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    if b.iter().all(|c| c.is_ascii_lowercase()) || b.iter().all(|c| c.is_ascii_uppercase()) {
        return true;
    }
    let mut i = 0;
    while i < b.len() {
        let u0 = i;
        while i < b.len() && b[i].is_ascii_uppercase() {
            i += 1;
        }
        let l0 = i;
        while i < b.len() && b[i].is_ascii_lowercase() {
            i += 1;
        }
        let (ups, lows) = (l0 - u0, i - l0);
        if lows == 0 {
            // A trailing acronym.
            return ups >= 2;
        }
        // `XMLHttp`: the acronym `XML`, then the word `Http`.
        if ups == 2 {
            return false;
        }
        let word = &letters[if ups > 0 { l0 - 1 } else { l0 }..i];
        if lows < 2 && !TWO.contains(&word.to_ascii_lowercase().as_str()) {
            return false;
        }
    }
    true
}

/// Words with a few digits and a symbol at the end: an identifier
/// (`openai_key_v2`, `mySecret2`) or a demonstration password (`Test123!`,
/// `Summer2024`).
fn is_demo_password(value: &str) -> bool {
    let core = value.trim_end_matches(|c: char| "!?@#$%^&*+=~".contains(c));
    !core.is_empty()
        && core.split(['_', '.', '-', ':']).all(|part| {
            let letters = part.trim_end_matches(|c: char| c.is_ascii_digit());
            part.len() - letters.len() <= 4 && (letters.is_empty() || is_identifier(letters))
        })
}

/// A reference to a secret kept elsewhere: a secret manager path
/// (`projects/x/secrets/y/versions/latest`, `prod/reports/db`), a file path,
/// or a name with a scheme (`arn:aws:secretsmanager:…`, `vault:…`, `op://…`).
fn is_reference(value: &str) -> bool {
    if value.starts_with(['/', '~']) || value.starts_with("./") || value.starts_with("../") {
        return true;
    }
    let scheme = value.split_once(':').is_some_and(|(s, _)| {
        (2..=24).contains(&s.len())
            && s.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+.-".contains(&b))
    });
    scheme
        || (value.contains('/')
            && value.split('/').all(|seg| {
                seg.len() <= 40
                    && seg.bytes().all(|b| {
                        b.is_ascii_lowercase() || b.is_ascii_digit() || b"_.-*".contains(&b)
                    })
            }))
}

// ------------------------------------------------------------ private keys

/// Private key blocks: each `BEGIN … PRIVATE KEY` line paired with the first
/// `END` line after it (and before the next `BEGIN`), counted only with a
/// key body between. A `BEGIN` with no `END` counts when a key body follows
/// it. Every byte is looked at a bounded number of times.
fn private_keys(text: &str) -> Vec<SecretMatch> {
    static MARKS: OnceLock<(Regex, Regex)> = OnceLock::new();
    if memchr::memmem::find(text.as_bytes(), b"-----BEGIN").is_none() {
        return Vec::new();
    }
    let (begin, end) = MARKS.get_or_init(|| {
        (
            Regex::new(r"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----").unwrap(),
            Regex::new(r"-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----").unwrap(),
        )
    });
    let begins: Vec<_> = begin.find_iter(text).map(|m| m.range()).collect();
    let ends: Vec<_> = end.find_iter(text).map(|m| m.range()).collect();
    let mut out = Vec::new();
    let mut e = 0;
    for (i, b) in begins.iter().enumerate() {
        let limit = begins.get(i + 1).map_or(text.len(), |n| n.start);
        while e < ends.len() && ends[e].start < b.end {
            e += 1;
        }
        let closed = ends.get(e).filter(|x| x.end <= limit);
        let body_end = match closed {
            Some(x) => x.start,
            None => key_body_extent(text, b.end, limit),
        };
        if is_key_body(&text[b.end..body_end]) {
            out.push(SecretMatch {
                range: b.start..closed.map_or(body_end, |x| x.end),
                kind: "private key",
            });
        }
    }
    out
}

/// Where the key body after an unterminated `BEGIN` line ends: after the
/// last of the lines of base64 that follow it (lines end at a line break or
/// at an escaped one, `\n` in a JSON string); header lines (`Proc-Type:`)
/// may come first. Each byte is looked at once.
fn key_body_extent(text: &str, from: usize, limit: usize) -> usize {
    let bytes = &text.as_bytes()[..limit];
    let mut i = from;
    let mut last = from;
    while i < limit {
        let mut end = i;
        while end < limit
            && bytes[end] != b'\n'
            && !(bytes[end] == b'\\' && matches!(bytes.get(end + 1), Some(b'n' | b'r')))
        {
            end += 1;
        }
        let line = text[i..end].trim_matches(|c: char| c.is_whitespace() || c == '\\');
        if line.is_empty() || (line.contains(':') && last == from) {
            // A blank or a header line.
        } else if line
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
        {
            last = i + text[i..end]
                .trim_end_matches(|c: char| c.is_whitespace() || c == '\\')
                .len();
        } else {
            break;
        }
        i = if end < limit && bytes[end] == b'\\' {
            end + 2
        } else {
            end + 1
        };
    }
    last
}

/// A key body: lines of base64 (headers such as `Proc-Type:` aside), at
/// least 64 characters of it, not a template (`MIIE...`) or a run of one
/// character.
fn is_key_body(body: &str) -> bool {
    let mut chars = 0usize;
    let mut counts = [0u32; 256];
    for line in body.split(['\n', '\r']).flat_map(|l| l.split("\\n")) {
        let line = line.trim_matches(|c: char| c.is_whitespace() || c == '\\');
        let line = line
            .strip_suffix("\\r")
            .unwrap_or(line)
            .trim_matches(|c: char| c.is_whitespace() || c == '\\');
        if line.is_empty() || line.contains(':') {
            continue;
        }
        if !line
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
        {
            return false;
        }
        chars += line.len();
        for b in line.bytes() {
            counts[b as usize] += 1;
        }
    }
    let distinct = counts.iter().filter(|&&c| c > 0).count();
    chars >= 64 && distinct >= 16
}

/// Scans a source, records the secret ranges on it for masking, and returns
/// one diagnostic per secret.
pub fn check(source: &mut SourceFile) -> Vec<Diagnostic> {
    let found = scan(&source.text);
    let mut out = Vec::new();
    for m in found {
        source.add_secret(m.range.clone());
        out.push(
            Diagnostic::new(SECRET_VALUE, source.path.clone(), format!("{} in committed text", m.kind))
                .at(Span::from_range(m.range))
                .label(format!("{} (value hidden)", m.kind))
                .help("remove it, rotate the credential, and refer to the record or secret by name instead"),
        );
    }
    out
}

/// Findings for a file too large to be read whole: one per secret found in
/// it (placed by byte offset, without a snippet, as the file is not held),
/// or one saying it could not be scanned. Never silence.
pub fn check_large(path: &str, secrets: Option<&[SecretMatch]>) -> Vec<Diagnostic> {
    let mib = crate::model::skill::limits::MAX_RESOURCE_BYTES >> 20;
    match secrets {
        Some(found) => found
            .iter()
            .map(|m| {
                Diagnostic::new(
                    SECRET_VALUE,
                    path,
                    format!(
                        "{} in committed text, at byte {} of a file over {mib} MiB (shown without context)",
                        m.kind, m.range.start
                    ),
                )
                .help("remove it, rotate the credential, and refer to the record or secret by name instead")
            })
            .collect(),
        None => vec![Diagnostic::new(
            SECRET_VALUE,
            path,
            format!("a file over {mib} MiB could not be read to scan it for secrets"),
        )
        .help("make the file readable, or keep large data out of the skill folder")],
    }
}

/// How much of a large file is scanned at once, and how far consecutive
/// pieces overlap (more than the longest secret the patterns match, private
/// key blocks included).
const CHUNK: usize = 4 << 20;
const OVERLAP: usize = 64 << 10;

/// Scans a file too large to be read whole, piece by piece, in memory
/// bounded by [`CHUNK`]: the secrets found, as byte offsets in the file.
/// A piece that is not UTF-8 text is scanned up to its first bad byte.
pub fn scan_reader(mut reader: impl std::io::Read) -> std::io::Result<Vec<SecretMatch>> {
    let mut out: Vec<SecretMatch> = Vec::new();
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK + OVERLAP);
    // File offset of buf[0].
    let mut base = 0usize;
    let mut eof = false;
    while !eof {
        let want = CHUNK + OVERLAP;
        while buf.len() < want {
            let old = buf.len();
            buf.resize(want, 0);
            match reader.read(&mut buf[old..]) {
                Ok(0) => {
                    buf.truncate(old);
                    eof = true;
                    break;
                }
                Ok(n) => buf.truncate(old + n),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => buf.truncate(old),
                Err(e) => return Err(e),
            }
        }
        // A piece may start inside a character that the last one split.
        let skip = buf
            .iter()
            .take(3)
            .take_while(|&&b| (0x80..0xc0).contains(&b))
            .count();
        let text = match std::str::from_utf8(&buf[skip..]) {
            Ok(t) => t,
            Err(e) => std::str::from_utf8(&buf[skip..skip + e.valid_up_to()]).unwrap_or_default(),
        };
        let origin = base + skip;
        // Secrets that start in the overlap are found again in the next piece.
        let keep = if eof { usize::MAX } else { CHUNK - skip };
        for m in scan(text) {
            let start = origin + m.range.start;
            if m.range.start < keep && out.last().is_none_or(|l| l.range.end <= start) {
                out.push(SecretMatch {
                    range: start..origin + m.range.end,
                    kind: m.kind,
                });
            }
        }
        if eof {
            break;
        }
        buf.drain(..CHUNK);
        base += CHUNK;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Written in pieces, like every token-shaped text in this file.
    const ALNUM: &str = concat!(
        "ABCDEFGHIJKLM",
        "NOPQRSTUVWXYZ",
        "abcdefghijklm",
        "nopqrstuvwxyz",
        "0123456789"
    );
    const HEX: &str = "0123456789abcdef";
    const UPPER: &str = concat!("ABCDEFGHIJKLM", "NOPQRSTUVWXYZ", "234567");
    const LETTERS: &str = concat!(
        "ABCDEFGHIJKLM",
        "NOPQRSTUVWXYZ",
        "abcdefghijklm",
        "nopqrstuvwxyz"
    );
    const B64: &str = concat!(
        "ABCDEFGHIJKLM",
        "NOPQRSTUVWXYZ",
        "abcdefghijklm",
        "nopqrstuvwxyz",
        "0123456789",
        "+/"
    );
    const URLSAFE: &str = concat!(
        "ABCDEFGHIJKLM",
        "NOPQRSTUVWXYZ",
        "abcdefghijklm",
        "nopqrstuvwxyz",
        "0123456789",
        "_-"
    );

    /// Random characters from `alphabet` (xorshift; the seed advances), so
    /// that no credential-shaped string is written in this file.
    fn rnd(seed: &mut u64, alphabet: &str, n: usize) -> String {
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
    fn positives() -> Vec<(&'static str, String, String)> {
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
            "password assignment",
            "DB_PASSWORD=",
            rnd(s, ALNUM, 18),
            "\n",
        );
        add("password assignment", "PGPASSWORD=", rnd(s, ALNUM, 12), "");
        add(
            "password assignment",
            "{\\\"password\\\": \\\"",
            "Tr0ub4dor&3".into(),
            "\\\"}",
        );
        add(
            "password assignment",
            "client_secret: \"",
            "secret-Xk29fQ81".into(),
            "\"",
        );
        add(
            "password assignment",
            "api_key = ",
            "sk9f8e7d6c5b4a".into(),
            "",
        );
        // Literals next to the shapes of code that are not secrets: a
        // bare value after a quoted key in YAML, a dotted literal, one
        // before a parenthesis in prose.
        add(
            "password assignment",
            "\"password\": ",
            "aZ3kQ9xLmP2wQ7".into(),
            "\n",
        );
        add(
            "password assignment",
            "token=",
            "Qx7f2.Lm9pZk4w".into(),
            "\n",
        );
        add(
            "password assignment",
            "secret: ",
            "f9Kx2mQ7pLz8".into(),
            " (rotated monthly)",
        );
        v
    }

    #[test]
    fn finds_every_family_and_covers_the_whole_value() {
        for (kind, text, secret) in positives() {
            let found = scan(&text);
            let start = text.find(&secret).unwrap();
            assert_eq!(found.len(), 1, "{kind}: {text:?} gave {found:?}");
            assert_eq!(
                found[0].range,
                start..start + secret.len(),
                "{kind}: {text:?} covers {:?}",
                &text[found[0].range.clone()]
            );
            assert_eq!(found[0].kind, kind, "{text:?}");
        }
    }

    #[test]
    fn the_keywords_admit_every_match() {
        // Each pattern's keywords are in every text it matches, so running
        // only the patterns whose keywords occur loses nothing.
        for (kind, text, _) in positives() {
            let run = candidates(&text);
            for (i, p) in PATTERNS.iter().enumerate() {
                if regex(i).is_match(&text) {
                    assert!(run[i], "{kind}: keywords of {} miss {text:?}", p.kind);
                }
            }
            // Upper case too.
            let upper = text.to_ascii_uppercase();
            let run = candidates(&upper);
            for (i, p) in PATTERNS.iter().enumerate() {
                if regex(i).is_match(&upper) {
                    assert!(run[i], "{kind}: keywords of {} miss {upper:?}", p.kind);
                }
            }
        }
        assert!(candidates("Summarise the quarterly report for the team.")
            .iter()
            .all(|&r| !r));
    }

    #[test]
    fn every_pattern_compiles_and_is_exercised() {
        for i in 0..PATTERNS.len() {
            regex(i);
        }
    }

    #[test]
    fn ignores_placeholders_examples_references_and_prose() {
        let x36 = "x".repeat(36);
        let jwt_io = format!(
            "{}.{}.{}",
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9",
            JWT_IO_PAYLOAD,
            concat!("SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV", "_adQssw5c")
        );
        let texts: Vec<String> = vec![
            format!("ghp_{x36}"),
            "xoxb-your-bot-token".into(),
            format!("https://hooks.slack.com/services/T00000000/B00000000/{}", "X".repeat(24)),
            "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n-----END PRIVATE KEY-----".into(),
            "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----".into(),
            "The line -----BEGIN PRIVATE KEY----- marks the start of a key.".into(),
            "client = OpenAI(api_key=openai_key)".into(),
            // Code, not literals: calls, member chains, negations, a bare
            // identifier after a quoted key, a shell parameter's default.
            "let signingKey = Ed448.KeyAgreement.SigningKey()".into(),
            "uint256 tokenUnits = IERC721Receiver(vault).units();".into(),
            "this.#password = this.#deriveSecret(input);".into(),
            "const token = ctx._params?.resumeToken;".into(),
            "showToken = !showTokenValue".into(),
            r#"    "TOKEN_LEAK": TokenLeakDemoPoC,"#.into(),
            "runner=${RUN_TOKEN_HELPER:-$base_dir/helper.py}".into(),
            "secret: projects/acme/secrets/db-password/versions/latest".into(),
            r#"{"secret": "prod/reports/db"}"#.into(),
            "password: arn:aws:secretsmanager:us-east-1:123456789012:secret:db".into(),
            "token: op://vault/item/field".into(),
            "api_key: vault:secret/data/api#key".into(),
            "PWD=/home/runner/work/repo".into(),
            "Secret: Rotation happens every 90 days.".into(),
            "The key is secret: comparing hashes is enough.".into(),
            format!("AIza{}", "X".repeat(35)),
            "Example: AKIAIOSFODNN7EXAMPLE".into(),
            "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY".into(),
            r#"{"password":"Test123!"}"#.into(),
            "sk_live_xxx".into(),
            concat!("sk_test_", "4eC39HqLyjWDarjtT1zdp7dc").into(),
            jwt_io,
            "password: <your password>".into(),
            "password = os.environ[\"PW\"]".into(),
            "token: process.env.SLACK_TOKEN".into(),
            "api_key: ${API_KEY}".into(),
            "token: ${{ secrets.GITHUB_TOKEN }}".into(),
            "password=%DB_PASSWORD%".into(),
            "password=$DB_PASSWORD".into(),
            "token: YOUR_TOKEN_HERE".into(),
            "OPENAI_API_KEY=sk-...".into(),
            "api_key: A1B2C3D4E5F6G7H8".into(),
            "secret: abcdef123456".into(),
            "token = 1234567890".into(),
            "Never put a password or token in a profile.".into(),
            "https://example.org/reviews/41".into(),
            "set the password=changeme default".into(),
            "https://user@host.example.com/x".into(),
            "qpdf --password=mypassword --decrypt in.pdf out.pdf".into(),
            "qpdf --password=secret123 --decrypt in.pdf out.pdf".into(),
            "AccessToken:  \"xoxp-...\",".into(),
            "client_secret: \"abc123...\"".into(),
            "Proxy URL (e.g., `http://user:pass@host:port`)".into(),
            "curl -u user:pass https://api.example.com".into(),
            "curl -u \"$USER:$PASS\" https://api.example.com".into(),
            "Authorization: Bearer $TOKEN".into(),
            "Authorization: Bearer <token>".into(),
            "max_tokens: 4096000".into(),
            "password_hash: 9f86d081884c7d659a2feaa0c55ad015".into(),
            "secret_name: prod-db-password".into(),
            "postgres://postgres:postgres123@localhost/db".into(),
            format!("sk-proj-{}", "0".repeat(60)),
            "  -H \"Authorization: Bearer token123\" \\".into(),
            "https://api.nasa.gov/planetary/apod?api_key=DEMO_KEY&date=2024-01-15".into(),
            "model.train(dataset='tokens.parquet', epochs=100)".into(),
            "    +deviceTokens: List~string~".into(),
            "with Gateway(USERNAME, PASSWORD, host=HOST, port=PORT) as conn:".into(),
            "zot = Zotero(library_id='123456', api_key='ABC1234XYZ')".into(),
            "ds = ds.map(tokenize_function, batched=True)".into(),
            "xoxb-xoxb-my-bot-token".into(),
            "xoxa-access-token-string".into(),
            format!("credentialsId: '{}'", "ff083f76-7804-4ef1-80e4-fe975bb9141b"),
            format!("TOKEN_AUDIENCE = \"{}\"", "25872395-ed3a-4703-b647-22ec53f3683c"),
            format!("<UserSecretsId>{}</UserSecretsId>", "79a3edd0-2092-40a2-a04d-dcb46d5ca9ed"),
            r#"{"notes": "GITHUB_API_KEY=\nDYNATRACE_API_KEY="}"#.into(),
        ];
        for text in &texts {
            assert!(scan(text).is_empty(), "{text}: {:?}", scan(text));
        }
    }

    #[test]
    fn values_must_be_whole() {
        let s = &mut 7u64;
        // A longer run of token characters is another thing, not this token.
        let t = format!("AKIA{}", rnd(s, UPPER, 20));
        assert!(scan(&t).is_empty());
        let t = format!("xAKIA{}", rnd(s, UPPER, 16));
        assert!(scan(&t).is_empty());
        // A trailing `/`, `+`, `-` or `=` is part of the value.
        let key = format!("{}+/", rnd(s, B64, 38));
        let text = format!("aws_secret_access_key={key} ");
        let m = &scan(&text)[0];
        assert_eq!(&text[m.range.clone()], key);
    }

    #[test]
    fn non_ascii_text_keeps_the_fast_path() {
        let s = &mut 11u64;
        let key = format!("AKIA{}", rnd(s, UPPER, 16));
        let text = "All work is logged. ".repeat(1 << 16) + "é " + &key;
        assert_eq!(scan(&text).len(), 1);
        let text = format!("é{key}é");
        assert_eq!(scan(&text).len(), 1);
    }

    #[test]
    fn unterminated_private_keys_are_linear_and_need_a_body() {
        let s = &mut 3u64;
        // One unterminated BEGIN every 2 KB: each is looked at up to the next.
        let filler = "word ".repeat(400);
        let text = format!("-----BEGIN PRIVATE KEY-----{filler}\n").repeat(1024);
        let start = std::time::Instant::now();
        assert!(scan(&text).is_empty());
        // Debug builds are slow; this bounds a quadratic scan, not speed.
        assert!(start.elapsed() < std::time::Duration::from_secs(10));
        // With a body and no END: found, up to the end of the body.
        let body = rnd(s, B64, 128);
        let text = format!("-----BEGIN EC PRIVATE KEY-----\n{body}\nmore text");
        let m = scan(&text);
        assert_eq!(m.len(), 1);
        assert_eq!(
            &text[m[0].range.clone()],
            format!("-----BEGIN EC PRIVATE KEY-----\n{body}")
        );
    }

    #[test]
    fn large_files_are_scanned_in_pieces() {
        let s = &mut 5u64;
        let key = format!("AKIA{}", rnd(s, UPPER, 16));
        // A secret across the first piece boundary, one in the overlap, one
        // at the end, and a multi-byte character split by a boundary.
        let mut text = "é".repeat(CHUNK / 2 - 5);
        text.push_str(&format!(" {key} "));
        while text.len() < CHUNK + OVERLAP / 2 {
            text.push_str("ab ");
        }
        text.push_str(&format!(" {key} "));
        text.push_str(&"x ".repeat(CHUNK / 2));
        text.push_str(&format!(" {key}"));
        let found = scan_reader(text.as_bytes()).unwrap();
        let whole = scan(&text);
        assert_eq!(found, whole);
        assert_eq!(found.len(), 3);
    }

    #[test]
    fn ranges_are_whole_characters_sorted_and_apart_on_mixed_input() {
        // Fragments of every pattern's frame, non-ASCII letters between.
        let s = &mut 0x1234_5678_9abc_def1u64;
        let fragments = [
            "sk-proj-",
            "ghp_",
            "AKIA",
            "xoxb-",
            "=",
            ": ",
            "\"",
            "\\\"",
            "é",
            "😀",
            "password",
            "DB_PASSWORD=",
            "-----BEGIN PRIVATE KEY-----",
            "-----END PRIVATE KEY-----",
            "\\n",
            "\n",
            "https://",
            ":",
            "@",
            "Authorization: Bearer ",
            "curl -u a:",
            "&x=",
            "sig=",
            "AccountKey=",
            "eyJ",
            ".",
            " ",
        ];
        for _ in 0..300 {
            let mut text = String::new();
            for _ in 0..40 {
                let k = rnd(s, "0123456789", 2).parse::<usize>().unwrap();
                if k % 3 == 0 {
                    text.push_str(&rnd(s, B64, k % 50 + 1));
                } else {
                    text.push_str(fragments[k % fragments.len()]);
                }
            }
            let found = scan(&text);
            let mut last = 0;
            for m in &found {
                assert!(
                    m.range.start < m.range.end && m.range.start >= last,
                    "{text:?}"
                );
                assert!(text.is_char_boundary(m.range.start) && text.is_char_boundary(m.range.end));
                last = m.range.end;
            }
        }
    }

    #[test]
    fn masks_only_the_value() {
        let text = "https://deploy:S3cr3tPass@logs.example.com/x";
        let m = &scan(text)[0];
        assert_eq!(&text[m.range.clone()], "S3cr3tPass");
    }
}
