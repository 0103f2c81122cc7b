#!/usr/bin/env python3
"""Generate a labelled corpus of fake credentials and look-alikes.

Usage: secrets_corpus.py DEST [--seed 7]

Every value is generated at run time from a seeded random source, so this
file holds no credential-shaped string. Each credential kind and each
look-alike is written in four placements, one file each:

  body     the body of a SKILL.md            skills/<case>-body/SKILL.md
  resource a resource file of a skill        skills/<case>-res/references/setup.md
  notes    a profile's `notes` field         agents/<case>-notes.profile.json
  ref      a bare evidence `ref` string      agents/<case>-ref.profile.json

DEST/labels.json lists every file with its case, family, whether it holds a
credential, and the byte range of the secret value in the file.
"""
import argparse
import json
import os
import random
import string

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DIG = string.digits
ALNUM = UP + LO + DIG
HEX = DIG + "abcdef"
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "_-"
B32 = UP + "234567"


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def r(self, alphabet, n):
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def pick(self, seq):
        return self.rng.choice(seq)


def j(*parts):
    """Joins pieces; prefixes are kept apart in the source on purpose."""
    return "".join(parts)


def kinds(g):
    """(family, kind, text before, secret, text after): one per credential kind."""
    r = g.r
    out = []

    def k(family, kind, secret, before="The staging credential is ", after=" (rotate it monthly)."):
        out.append((family, kind, before, secret, after))

    def env(family, kind, name, secret):
        k(family, kind, secret, before=f"export {name}=", after="\n")

    # AI providers
    env("ai", "openai-project", "OPENAI_API_KEY", j("sk-", "proj-", r(URLSAFE, 156)))
    k("ai", "openai-svcacct", j("sk-", "svcacct-", r(URLSAFE, 74)))
    k("ai", "openai-admin", j("sk-", "admin-", r(URLSAFE, 74)))
    k("ai", "openai-legacy", j("sk-", r(ALNUM, 20), "T3Blbk", "FJ", r(ALNUM, 20)))
    env("ai", "anthropic", "ANTHROPIC_API_KEY", j("sk-", "ant-", "api03-", r(URLSAFE, 93), "AA"))
    k("ai", "anthropic-admin", j("sk-", "ant-", "admin01-", r(URLSAFE, 93), "AA"))
    env("ai", "huggingface", "HF_TOKEN", j("hf", "_", r(UP + LO, 34)))
    k("ai", "huggingface-org", j("api", "_org_", r(UP + LO, 34)))
    env("ai", "groq", "GROQ_API_KEY", j("gsk", "_", r(ALNUM, 52)))
    env("ai", "openrouter", "OPENROUTER_API_KEY", j("sk-", "or-v1-", r(HEX, 64)))
    env("ai", "perplexity", "PPLX_API_KEY", j("pplx", "-", r(ALNUM, 48)))
    env("ai", "xai", "XAI_API_KEY", j("xai", "-", r(ALNUM, 80)))
    env("ai", "replicate", "REPLICATE_API_TOKEN", j("r8", "_", r(ALNUM, 37)))
    env("ai", "langsmith", "LANGSMITH_API_KEY", j("lsv2", "_pt_", r(HEX, 32), "_", r(HEX, 10)))
    k("ai", "langsmith-service", j("lsv2", "_sk_", r(HEX, 32), "_", r(HEX, 10)))
    env("ai", "pinecone", "PINECONE_API_KEY", j("pcsk", "_", r(ALNUM, 6), "_", r(ALNUM, 60)))
    env("ai", "tavily", "TAVILY_API_KEY", j("tvly", "-dev-", r(ALNUM, 32)))
    env("ai", "cohere", "COHERE_API_KEY", r(ALNUM, 40))
    env("ai", "mistral", "MISTRAL_API_KEY", r(ALNUM, 32))
    env("ai", "deepseek", "DEEPSEEK_API_KEY", j("sk-", r(HEX, 32)))
    k("ai", "elevenlabs", j("sk", "_", r(HEX, 48)))
    env("ai", "google-ai", "GOOGLE_API_KEY", j("AI", "za", r(URLSAFE, 35)))
    # code hosts and registries
    k("code", "github-pat", j("gh", "p_", r(ALNUM, 36)))
    k("code", "github-oauth", j("gh", "o_", r(ALNUM, 36)))
    k("code", "github-app", j("gh", "s_", r(ALNUM, 36)))
    k("code", "github-refresh", j("gh", "r_", r(ALNUM, 36)))
    k("code", "github-fine-grained", j("github", "_pat_", r(ALNUM, 22), "_", r(ALNUM, 59)))
    env("code", "gitlab-pat", "GITLAB_TOKEN", j("gl", "pat-", r(URLSAFE, 20)))
    k("code", "gitlab-deploy", j("gl", "dt-", r(URLSAFE, 20)))
    k("code", "gitlab-runner", j("gl", "rt-", r(URLSAFE, 20)))
    k("code", "gitlab-trigger", j("gl", "ptt-", r(HEX, 40)))
    k("code", "npm", j("npm", "_", r(ALNUM, 36)), before="//registry.npmjs.org/:_authToken=", after="\n")
    k("code", "pypi", j("pypi-", "AgEIcHlwaS5vcmc", r(URLSAFE, 70)))
    k("code", "docker-hub", j("dckr", "_pat_", r(URLSAFE, 27)))
    k("code", "bitbucket-app-password", j("AT", "BB", r(ALNUM, 32)))
    k("code", "rubygems", j("rubygems", "_", r(HEX, 48)))
    k("code", "sonarqube", j("sq", "p_", r(HEX, 40)))
    # chat and webhooks
    k("chat", "slack-bot", j("xo", "xb-", r(DIG, 11), "-", r(DIG, 12), "-", r(ALNUM, 24)))
    k("chat", "slack-user", j("xo", "xp-", r(DIG, 11), "-", r(DIG, 11), "-", r(DIG, 12), "-", r(HEX, 32)))
    k("chat", "slack-app", j("xa", "pp-1-A", r(UP + DIG, 10), "-", r(DIG, 13), "-", r(HEX, 64)))
    k("chat", "slack-webhook", j("https://hooks.", "slack.com/services/T", r(B32, 10), "/B", r(B32, 10), "/", r(ALNUM, 24)))
    k("chat", "discord-webhook", j("https://discord", ".com/api/webhooks/", r(DIG, 18), "/", r(URLSAFE, 68)))
    env("chat", "discord-bot", "DISCORD_BOT_TOKEN", j("M", r(URLSAFE, 25), ".", r(URLSAFE, 6), ".", r(URLSAFE, 38)))
    env("chat", "telegram-bot", "TELEGRAM_BOT_TOKEN", j(r("123456789", 10), ":", "AA", r(URLSAFE, 33)))
    k("chat", "teams-webhook", j("https://acme.", "webhook.office.com/webhookb2/",
                                 "-".join(r(HEX, n) for n in (8, 4, 4, 4, 12)), "@",
                                 "-".join(r(HEX, n) for n in (8, 4, 4, 4, 12)), "/IncomingWebhook/", r(HEX, 32), "/",
                                 "-".join(r(HEX, n) for n in (8, 4, 4, 4, 12))))
    # mail and SMS
    env("mail", "sendgrid", "SENDGRID_API_KEY", j("SG", ".", r(URLSAFE, 22), ".", r(URLSAFE, 43)))
    k("mail", "mailgun", j("key", "-", r(HEX, 32)))
    k("mail", "mailchimp", j(r(HEX, 32), "-us", r(DIG, 2)))
    k("mail", "twilio-api-key", j("S", "K", r(HEX, 32)))
    env("mail", "twilio-auth-token", "TWILIO_AUTH_TOKEN", r(HEX, 32))
    k("mail", "brevo", j("xkey", "sib-", r(HEX, 64), "-", r(ALNUM, 16)))
    # clouds
    k("cloud", "aws-access-key-id", j("AK", "IA", r(B32, 16)))
    env("cloud", "aws-secret-env", "AWS_SECRET_ACCESS_KEY", r(B64, 40))
    k("cloud", "aws-secret-iam-json", r(B64, 39) + "/", before='{"AccessKeyId": "AKIA…", "SecretAccessKey": "', after='"}')
    k("cloud", "azure-storage-key", r(B64, 86) + "==", before="DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=", after=";EndpointSuffix=core.windows.net")
    k("cloud", "azure-sas", r(ALNUM, 43) + "%3D", before="https://acme.blob.core.windows.net/reports?sv=2022-11-02&ss=b&sp=r&sig=", after="")
    k("cloud", "azure-ad-client-secret", j(r(ALNUM, 3), r(DIG, 1), "Q~", r(ALNUM + "_~.-", 34)))
    k("cloud", "gcp-service-account", j("-----BEGIN ", "PRIVATE KEY-----\\n", "\\n".join(r(B64, 64) for _ in range(6)), "\\n-----END ", "PRIVATE KEY-----"),
      before='{"type": "service_account", "project_id": "acme", "private_key": "', after='\\n"}')
    k("cloud", "rsa-private-key", j("-----BEGIN RSA ", "PRIVATE KEY-----\n", "\n".join(r(B64, 64) for _ in range(6)), "\n-----END RSA ", "PRIVATE KEY-----"),
      before="Deploy key:\n\n", after="\n")
    k("cloud", "openssh-private-key", j("-----BEGIN OPENSSH ", "PRIVATE KEY-----\n", "\n".join(r(B64, 70) for _ in range(5)), "\n-----END OPENSSH ", "PRIVATE KEY-----"),
      before="id_ed25519:\n", after="\n")
    k("cloud", "digitalocean", j("do", "p_v1_", r(HEX, 64)))
    k("cloud", "heroku", j("HR", "KU-AA", r(URLSAFE, 58)))
    env("cloud", "heroku-uuid", "HEROKU_API_KEY", "-".join(r(HEX, n) for n in (8, 4, 4, 4, 12)))
    k("cloud", "databricks", j("da", "pi", r(HEX, 32)))
    env("cloud", "vault-service", "VAULT_TOKEN", j("hv", "s.", r(URLSAFE, 95)))
    k("cloud", "vault-batch", j("hv", "b.", r(URLSAFE, 150)))
    k("cloud", "alibaba-key-id", j("LT", "AI", r(ALNUM, 20)))
    env("cloud", "cloudflare", "CLOUDFLARE_API_TOKEN", r(URLSAFE, 40))
    k("cloud", "doppler", j("dp", ".pt.", r(ALNUM, 43)))
    k("cloud", "terraform-cloud", j(r(ALNUM, 14), ".atlas", "v1.", r(URLSAFE, 64)))
    k("cloud", "pulumi", j("pu", "l-", r(HEX, 40)))
    k("cloud", "planetscale", j("pscale", "_tkn_", r(URLSAFE, 43)))
    env("cloud", "netlify", "NETLIFY_AUTH_TOKEN", r(URLSAFE, 43))
    # SaaS
    k("saas", "atlassian", j("ATA", "TT3", r(URLSAFE, 186)))
    env("saas", "jira", "JIRA_API_TOKEN", r(ALNUM, 24))
    k("saas", "linear", j("lin", "_api_", r(ALNUM, 40)))
    k("saas", "notion-ntn", j("nt", "n_", r(DIG, 11), r(ALNUM, 35)))
    k("saas", "notion-secret", j("sec", "ret_", r(ALNUM, 43)))
    env("saas", "datadog", "DD_API_KEY", r(HEX, 32))
    k("saas", "postman", j("PM", "AK-", r(HEX, 24), "-", r(HEX, 34)))
    k("saas", "sentry-user", j("sntr", "yu_", r(HEX, 64)))
    k("saas", "grafana-cloud", j("gl", "c_", r(B64, 60), "=="))
    k("saas", "grafana-service-account", j("gl", "sa_", r(ALNUM, 32), "_", r(HEX, 8)))
    k("saas", "new-relic", j("NR", "AK-", r(UP + DIG, 27)))
    env("saas", "okta", "OKTA_API_TOKEN", j("00", r(URLSAFE, 40)))
    k("saas", "shopify", j("shp", "at_", r(HEX, 32)))
    k("saas", "stripe-live", j("sk", "_live_", r(ALNUM, 99)))
    k("saas", "stripe-restricted", j("rk", "_live_", r(ALNUM, 24)))
    k("saas", "stripe-webhook", j("wh", "sec_", r(ALNUM, 32)))
    k("saas", "square", j("EA", "AA", r(URLSAFE, 60)))
    env("saas", "hubspot", "HUBSPOT_API_KEY", "-".join(r(HEX, n) for n in (8, 4, 4, 4, 12)))
    k("saas", "jwt", j("ey", "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.", "ey", "J", r(URLSAFE, 60), ".", r(URLSAFE, 43)))
    # HTTP, URLs and assignments
    k("http", "bearer-header", r(URLSAFE, 40), before='curl -H "Authorization: Bearer ', after='" https://api.acme.dev/v1/runs')
    k("http", "basic-header", r(B64, 31) + "=", before="Authorization: Basic ", after="\n")
    k("http", "curl-user", r(ALNUM, 16), before="curl -u deploy:", after=" https://ci.acme.dev/api")
    k("http", "url-user-password", r(ALNUM, 18), before="postgres://reporter:", after="@db.acme.internal:5432/reports")
    k("http", "url-password-only", r(ALNUM, 18), before="redis://:", after="@cache.acme.internal:6379/0")
    env("assign", "env-db-password", "DB_PASSWORD", r(ALNUM, 18))
    env("assign", "env-pgpassword", "PGPASSWORD", r(ALNUM, 16))
    env("assign", "env-app-secret", "APP_SECRET_KEY", r(ALNUM + "!#%", 32))
    k("assign", "yaml-password", r(ALNUM, 20), before="database:\n  password: ", after="\n")
    k("assign", "json-client-secret", r(URLSAFE, 32), before='{"client_id": "reports", "client_secret": "', after='"}')
    k("assign", "escaped-json-password", r(ALNUM, 20), before='config = "{\\"user\\": \\"svc\\", \\"password\\": \\"', after='\\"}"')
    k("assign", "python-kwarg-api-key", r(ALNUM, 32), before='client = Client(api_key="', after='")')
    return out


def lookalikes(g):
    """(family, text): documentation values, placeholders and prose."""
    r = g.r
    x = lambda n: "x" * n
    X = lambda n: "X" * n
    items = [
        j("gh", "p_", x(36)),
        j("gh", "p_", X(36)),
        j("xo", "xb-", "your-bot-token"),
        j("xo", "xp-", "..."),
        j("https://hooks.", "slack.com/services/T00000000/B00000000/", X(24)),
        j("-----BEGIN ", "PRIVATE KEY-----\n", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n", "-----END ", "PRIVATE KEY-----"),
        j("-----BEGIN RSA ", "PRIVATE KEY-----\n...\n-----END RSA ", "PRIVATE KEY-----"),
        j("The line -----BEGIN ", "PRIVATE KEY----- marks the start of the key in a PEM file."),
        "client = OpenAI(api_key=openai_key)",
        "secret: projects/acme/secrets/db-password/versions/latest",
        j('{"sec', 'ret": "prod/reports/db"}'),
        "password: arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db",
        "token: op://Engineering/deploy/credential",
        "api_key: vault:secret/data/reports#api_key",
        "PWD=/home/runner/work/reports/reports",
        "Secret: Rotation happens every 90 days.",
        "The value is secret: comparing it needs a constant-time check.",
        j("AI", "za", X(35)),
        j("Example: ", "AK", "IAIOSFODNN7", "EXAMPLE"),
        j("aws_secret_", "access_key = ", "wJalrXUtnFEMI", "/K7MDENG/", "bPxRfiCY", "EXAMPLEKEY"),
        j('{"username": "admin", "pass', 'word":"Test', '123!"}'),
        j("sk", "_live_", "xxx"),
        j("sk", "_test_", "4eC39HqLyjWD", "arjtT1zdp7dc"),
        j("ey", "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.", "ey", "JzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.",
          "SflKxwRJSMeKKF2Q", "T4fwpMeJf36POk6y", "JV_adQssw5c"),
        "password: <your password>",
        'password = os.environ["DB_PASSWORD"]',
        "token: process.env.SLACK_TOKEN",
        "api_key: ${API_KEY}",
        "token: ${{ secrets.GITHUB_TOKEN }}",
        "password=%DB_PASSWORD%",
        "password=$DB_PASSWORD",
        "token: YOUR_TOKEN_HERE",
        j("OPENAI_API_KEY=", "sk-", "..."),
        j("ANTHROPIC_API_KEY=", "sk-", "ant-", "..."),
        "api_key: A1B2C3D4E5F6G7H8",
        "secret: abcdef123456",
        "token = 1234567890",
        "Never put a password or token in a profile.",
        "set the password=changeme default",
        j("Proxy URL (e.g. `http://user:", "pass@host:port`)"),
        "curl -u user:pass https://api.example.com",
        'curl -u "$USER:$PASS" https://api.example.com',
        "Authorization: Bearer $TOKEN",
        "Authorization: Bearer <token>",
        "max_tokens: 4096",
        "secret_name: prod-db-password",
        j("postgres://postgres:", "postgres123@localhost/db"),
        j("sk-", "proj-", "0" * 60),
        j("gl", "pat-", X(20)),
        j("npm", "_", "0" * 36),
        j("AK", "IA", "0" * 16),
        j("hf", "_", x(34)),
        "password: ********",
        "api_key: <OPENAI_API_KEY>",
        "Set `api_key` to the value from the dashboard.",
        "The token: a short-lived credential issued per run.",
        "export DB_PASSWORD=$(vault read -field=password secret/db)",
        "password: !vault |",
        j("DATABASE_URL=postgres://user:", "password@localhost:5432/app"),
        "secret_key_base: <%= ENV['SECRET_KEY_BASE'] %>",
        "api_key = get_secret('openai')",
        "token: {{ .Values.token }}",
        "password: REPLACE_ME",
        "access_token: null",
        "private_key_path: ~/.ssh/id_ed25519",
        j("-----BEGIN ", "OPENSSH PRIVATE KEY-----\n<paste your key here>\n-----END ", "OPENSSH PRIVATE KEY-----"),
        "Bearer tokens expire after one hour; refresh with the stored refresh token.",
    ]
    return [("lookalike", t) for t in items]


def skill_md(name, body):
    return f"---\nname: {name}\ndescription: Fixture for the secret scanner corpus.\n---\n# {name}\n\n{body}\n"


def profile(agent_id, notes=None, ref="run-2026-09-28"):
    doc = {"agent_id": agent_id, "version": "1", "declared_at": "2026-10-01"}
    if notes is not None:
        doc["notes"] = notes
    doc["skills"] = [{"name": "report-writing", "level": "basic",
                      "evidence": [{"kind": "log", "ref": ref}]}]
    doc["tools"] = []
    doc["limits"] = ["Read-only access."]
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def write(dest, rel, text):
    path = os.path.join(dest, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def place(dest, case, text, secret):
    """Writes `text` in the four placements; the labels of the files."""
    rows = []

    def label(rel, content):
        start = content.find(secret) if secret else -1
        if secret and start < 0:
            start = content.find(json.dumps(secret)[1:-1])
            length = len(json.dumps(secret)[1:-1].encode())
            start = len(content[:start].encode()) if start >= 0 else -1
        elif secret:
            length = len(secret.encode())
            start = len(content[:start].encode())
        else:
            length = 0
        rows.append({"file": rel, "start": start, "length": length})

    rel = f"skills/{case}-body/SKILL.md"
    content = skill_md(f"{case}-body", f"Setup notes.\n\n{text}\n\nThen run the report.")
    write(dest, rel, content)
    label(rel, content)
    write(dest, f"skills/{case}-res/SKILL.md", skill_md(f"{case}-res", "See [setup](references/setup.md)."))
    rel = f"skills/{case}-res/references/setup.md"
    content = f"# Setup\n\n{text}\n"
    write(dest, rel, content)
    label(rel, content)
    rel = f"agents/{case}-notes.profile.json"
    content = profile(f"{case}-notes", notes=text)
    write(dest, rel, content)
    label(rel, content)
    rel = f"agents/{case}-ref.profile.json"
    content = profile(f"{case}-ref", ref=text)
    write(dest, rel, content)
    label(rel, content)
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dest")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    g = Gen(args.seed)
    labels = []
    for n, (family, kind, before, secret, after) in enumerate(kinds(g)):
        case = f"k{n:03d}-{kind}"
        for row in place(args.dest, case, before + secret + after, secret):
            labels.append({**row, "case": kind, "family": family, "credential": True})
    for n, (family, text) in enumerate(lookalikes(g)):
        case = f"n{n:03d}"
        for row in place(args.dest, case, text, None):
            labels.append({**row, "case": text, "family": family, "credential": False})
    with open(os.path.join(args.dest, "labels.json"), "w") as f:
        json.dump(labels, f, indent=1)
    kinds_n = len({l["case"] for l in labels if l["credential"]})
    print(f"{kinds_n} credential kinds and {len(lookalikes(g))} look-alikes, {len(labels)} files in {args.dest}")


if __name__ == "__main__":
    main()
