// Secret shapes secretlint's recommended preset (12.x, the last line that runs on Node 20) does not cover, run
// by secretlint's own pattern rule (@secretlint/secretlint-rule-pattern) so every write path shares one scanner,
// and (those marked `hook`) by the hook's redactor. Each names the public format it follows; most are the
// gitleaks default rules' shapes (github.com/gitleaks/gitleaks config/gitleaks.toml, MIT). Pure data, no
// imports: the hook loads this. Sources are written case-explicitly (no `i` flag) so one source serves both.

export interface ExtraRule {
  /** The kind findings carry: `[REDACTED:<kind>]`, doctor's `kind`. */
  kind: string;
  /** A JavaScript regex source (no flags); the secret is the whole match. */
  source: string;
  /** A cheap regex source that every match contains: text with none is never scanned (mayHoldSecret). */
  gate: string;
  /** High-confidence enough for the hook's per-line redactor. */
  hook: boolean;
}

/** A word matched in any case without the `i` flag (the hook combines sources into one flagless regex). */
function anyCase(word: string): string {
  return [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("");
}

/** A URL with a password in its userinfo (scheme://user:password@): the literal every URL-password rule needs. */
export const URL_USERINFO = String.raw`://[^\s/@]{0,256}:[^\s/@]{0,256}@`;

const NOT_TOKEN_BEFORE = "(?<![A-Za-z0-9_])";
const NOT_TOKEN_AFTER = "(?![A-Za-z0-9_])";

// Names that mark an assignment's value as a credential (DB_PASSWORD=, "client_secret": …, apiKey: …).
const SECRET_NAMES = [
  "password",
  "passwd",
  "passphrase",
  "secret",
  "token",
  "api_key",
  "api-key",
  "apikey",
  "access_key",
  "private_key",
  "auth_key",
  "client_secret",
  "credentials",
  "credential",
];

let extraRulesBuilt: readonly ExtraRule[] | undefined;

/**
 * The extra rules, built on first use: building their sources costs ~1 M instructions, which a process that neither
 * scans nor redacts (the hook on a store with no line to print) need not pay (bench/history/2026-12.md, h/bundle).
 */
export function extraRules(): readonly ExtraRule[] {
  return (extraRulesBuilt ??= buildExtraRules());
}

function buildExtraRules(): ExtraRule[] {
  const NAME_WORDS = SECRET_NAMES.map(anyCase).join("|");
  return [
    // Stripe API keys (docs.stripe.com/keys): secret sk_ and restricted rk_, live or test mode; publishable pk_ keys are public.
    {
      kind: "stripe-secret-key",
      source: String.raw`${NOT_TOKEN_BEFORE}[sr]k_(?:live|test|prod)_[A-Za-z0-9]{20,247}${NOT_TOKEN_AFTER}`,
      gate: String.raw`[sr]k_(?:live|test|prod)_`,
      hook: true,
    },
    // Stripe webhook signing secret (docs.stripe.com/webhooks#verify-events): whsec_ then base64.
    { kind: "stripe-webhook-secret", source: String.raw`${NOT_TOKEN_BEFORE}whsec_[A-Za-z0-9+/=]{32,100}${NOT_TOKEN_AFTER}`, gate: "whsec_", hook: true },
    // JSON Web Token, RFC 7519 compact serialization: base64url header and claims (both JSON objects, so "eyJ"), signed.
    {
      kind: "json-web-token",
      source: String.raw`(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}(?![A-Za-z0-9_-])`,
      gate: String.raw`eyJ[A-Za-z0-9_-]+\.eyJ`,
      hook: true,
    },
    // Google API key (cloud.google.com/docs/authentication/api-keys): AIza and 35 url-safe characters.
    { kind: "gcp-api-key", source: String.raw`(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])`, gate: "AIza", hook: true },
    // Google OAuth client secret, the GOCSPX- form Google issues since 2021.
    { kind: "google-oauth-client-secret", source: String.raw`(?<![A-Za-z0-9_-])GOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])`, gate: "GOCSPX-", hook: true },
    // A password in any URL's userinfo (RFC 3986 §3.2.1, deprecated for this): redis://, amqp://, smtp://, … (the
    // preset covers http(s), ftp and the database schemes); the password alone is the secret.
    {
      kind: "url-password",
      source: String.raw`(?<=\b[A-Za-z][A-Za-z0-9+.-]{1,20}://[^:/\s@"'<>]{0,256}:)[^@/\s"'<>]{3,256}(?=@[A-Za-z0-9\[])`,
      gate: URL_USERINFO,
      hook: true,
    },
    // A PEM private key block (RFC 7468), any algorithm (PKCS#1, SEC1, PKCS#8, ENCRYPTED, OPENSSH), from BEGIN to
    // END, its body on one line or many (also JSON-escaped \n); a block cut short ends where base64 does.
    {
      kind: "private-key",
      source: String.raw`-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=:,. \t\r\n-]|\\[nr])*?(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|(?=[^A-Za-z0-9+/=:,. \t\r\n\\-])|$)`,
      gate: "PRIVATE KEY",
      hook: true,
    },
    // age encryption secret key (age-encryption.org/v1): Bech32, HRP AGE-SECRET-KEY-.
    { kind: "age-secret-key", source: "AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", gate: "AGE-SECRET-KEY-1", hook: true },
    // Azure Storage account key / Service Bus shared access key inside a connection string (learn.microsoft.com, "Configure Azure Storage connection strings").
    { kind: "azure-storage-key", source: String.raw`(?<=(?:AccountKey|SharedAccessKey)=)[A-Za-z0-9+/]{40,100}={0,2}`, gate: "(?:AccountKey|SharedAccessKey)=", hook: true },
    // Azure SAS token signature (learn.microsoft.com, "Create a service SAS"): the sig= query parameter.
    { kind: "azure-sas-signature", source: String.raw`(?<=[?&]sig=)[A-Za-z0-9%+/]{40,120}(?:%3D|=){0,2}`, gate: "sig=", hook: true },
    // Microsoft Entra (Azure AD) client secret: three characters, a digit, Q~, then 31-34 (gitleaks azure-ad-client-secret).
    { kind: "azure-ad-client-secret", source: String.raw`(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])`, gate: "Q~", hook: true },
    // SendGrid API key (docs.sendgrid.com, "API keys"): SG., a 22-character id, ".", a 43-character secret, both
    // base64url; the preset's shape misses those with a "-" inside.
    { kind: "sendgrid-key", source: String.raw`(?<![A-Za-z0-9_])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])`, gate: String.raw`SG\.`, hook: true },
    // Twilio API key SID (twilio.com/docs/iam/api-keys): SK and 32 hex. The auth token is caught as an assignment.
    { kind: "twilio-api-key", source: String.raw`(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}(?![A-Za-z0-9])`, gate: "SK[0-9a-fA-F]{32}", hook: true },
    // DigitalOcean personal, OAuth and refresh tokens (docs.digitalocean.com, "Personal access tokens").
    { kind: "digitalocean-token", source: String.raw`${NOT_TOKEN_BEFORE}do[opr]_v1_[a-f0-9]{64}(?![a-f0-9])`, gate: "do[opr]_v1_", hook: true },
    // PyPI API token (pypi.org/help/#apitoken): a macaroon whose first bytes encode "pypi.org".
    { kind: "pypi-token", source: String.raw`pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}`, gate: "pypi-AgEIcHlwaS5vcmc", hook: true },
    // Postman API key (learning.postman.com, "Generate a Postman API key").
    { kind: "postman-api-key", source: String.raw`PMAK-[a-f0-9]{24}-[a-f0-9]{34}`, gate: "PMAK-", hook: true },
    // Doppler tokens (docs.doppler.com, "Token formats"): dp.st., dp.ct., dp.sa., dp.scim., dp.audit.
    {
      kind: "doppler-token",
      source: String.raw`dp\.(?:st|ct|sa|scim|audit)\.(?:[a-z0-9_-]{2,35}\.)?[A-Za-z0-9]{40,44}`,
      gate: String.raw`dp\.(?:st|ct|sa|scim|audit)\.`,
      hook: true,
    },
    // Telegram bot token (core.telegram.org/bots/api#authorizing-your-bot): bot id, colon, 35 characters starting AA.
    { kind: "telegram-bot-token", source: String.raw`(?<![0-9])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])`, gate: ":AA", hook: true },
    // Mailgun private API key (key- and 32 hex) and Mailchimp API key (32 hex, -us and the data centre).
    { kind: "mailgun-api-key", source: String.raw`(?<![A-Za-z0-9_-])key-[0-9a-f]{32}(?![0-9a-zA-Z])`, gate: "key-", hook: true },
    { kind: "mailchimp-api-key", source: String.raw`(?<![0-9a-f])[0-9a-f]{32}-us[0-9]{1,2}(?![0-9])`, gate: String.raw`-us[0-9]`, hook: true },
    // Discord webhook URL (discord.com/developers/docs/resources/webhook): id and token in the path.
    {
      kind: "discord-webhook",
      source: String.raw`https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{60,68}`,
      gate: "discord",
      hook: true,
    },
    // Sentry auth tokens (docs.sentry.io, "Auth tokens"): sntrys_ (organization) and sntryu_ (user).
    { kind: "sentry-token", source: String.raw`${NOT_TOKEN_BEFORE}sntry[su]_[A-Za-z0-9+/=_]{40,}`, gate: "sntry[su]_", hook: true },
    // Atlassian API token (support.atlassian.com, "Manage API tokens"): ATATT3 and ~186 characters.
    { kind: "atlassian-api-token", source: String.raw`${NOT_TOKEN_BEFORE}ATATT3[A-Za-z0-9_=-]{150,250}`, gate: "ATATT3", hook: true },
    // mysql / mysqldump with the password glued to -p (dev.mysql.com, "End-User Guidelines for Password Security").
    { kind: "mysql-cli-password", source: String.raw`(?<=\bmysql(?:dump|admin)?\b[^\n]{0,80}\s-p)[^\s'"]{4,128}`, gate: "mysql", hook: true },
    // .npmrc credentials for any registry (docs.npmjs.com/cli/configuring-npm/npmrc#auth-related-configuration).
    { kind: "npmrc-auth", source: String.raw`(?<=:_(?:authToken|auth|password)\s*=\s*)(?![$"'<{])[^\s"']{8,}`, gate: ":_(?:authToken|auth|password)", hook: true },
    // An HTTP Authorization header's credentials (RFC 9110 §11.6.2): any scheme (Bearer, Basic, Token, SSWS, …).
    {
      kind: "authorization-header",
      source: String.raw`(?<=${anyCase("authorization")}["']?\s*[:=]\s*["']?[A-Za-z][A-Za-z0-9-]{1,20}\s+)[A-Za-z0-9._~+/=-]{16,}`,
      gate: String.raw`(?:[Aa]uthorization|AUTHORIZATION)["']?\s*[:=]`,
      hook: true,
    },
    // A credential-named assignment with a literal value: .env lines (DB_PASSWORD=…), YAML, JSON, code. The value
    // must look like one (8+ characters, a digit or a symbol); templates, placeholders and URLs (their passwords are
    // url-password's) are not reported. Quotes may come escaped or doubled (the text as a YAML or JSON string).
    {
      kind: "credential-assignment",
      source: String.raw`(?<=(?:${NAME_WORDS})(?:[_-][A-Za-z0-9]+)*(?:\\?["'*]){0,3}\s{0,4}(?::=|=>|=|:)\s{0,4}(?:\\?["'\x60]){0,2})(?![$<{%(\[]|process\.env|os\.environ|ENV\[|[A-Za-z][A-Za-z0-9+.-]{0,20}://)(?=[^\s"'\x60;,\\]{0,200}[0-9!@#%^&*+=~?])[^\s"'\x60;,\\]{8,200}`,
      gate: String.raw`(?:${NAME_WORDS})(?:[_-][A-Za-z0-9]+)*(?:\\?["'*]){0,3}\s{0,4}(?::=|=>|=|:)`,
      hook: true,
    },
  ];
}

const PLACEHOLDER_WORDS =
  /EXAMPLE|[Ee]xample|[Pp]laceholder|PLACEHOLDER|[Cc]hange_?me|CHANGE_?ME|REDACTED|[Rr]edacted|[Yy]our[-_][A-Za-z]|YOUR[-_][A-Z]|[Dd]ummy|DUMMY|[Ff]ake[-_]|FAKE[-_]|\.\.\./;
const TEMPLATE = /^(?:\$|<|\{\{|%|@\w+@$)|\$\{|\{\{|process\.env|os\.environ|getenv\(|ENV\[|secrets\.|vars\./;
// A credential name's value that is a file path (the token's file, not the token: `token: ~/.app/session.key`), and
// a query string whose values are all-caps placeholder words (`input_token=TOKEN&access_token=APP_ID|SECRET`).
const FILE_PATH = /^(?:[A-Za-z]:[\\/]|~[\\/]|\.{1,2}[\\/]|\/)(?:[\w.@+-]+[\\/])+[\w@+-][\w.@+-]*\.[A-Za-z][A-Za-z0-9]{0,4}$/;
const CAPS_WORDS = /^[A-Z]{2,}(?:_[A-Z]+)*(?:[|:][A-Z]{2,}(?:_[A-Z]+)*)*$/;
const QUERY_PARAM = /&[A-Za-z_][\w.-]*=/;
const DEFAULT_PASSWORDS = new Set(["password", "passwd", "pass", "pwd", "secret", "postgres", "root", "admin", "guest", "test", "user", "mysql", "redis", "example"]);

/**
 * True when a found span is a placeholder, not a credential (gitleaks' global allowlist does the same): a
 * template or environment reference, a run of one character after the vendor prefix (sk_live_xxxx…, ghp_000…),
 * documentation examples (AKIAIOSFODNN7EXAMPLE), well-known default passwords in URLs, a PEM without a body.
 */
export function isPlaceholderSecret(secret: string, kind: string, loneHeaderIsKey = false): boolean {
  if (kind === "private-key") {
    // The hook redacts a lone header too: the body may follow on lines it never sees.
    const body = secret.replace(/-----[^-]*-----|\\[nr]|[^A-Za-z0-9+/]/g, "").length;
    return body < 40 && !(loneHeaderIsKey && !secret.includes("-----END"));
  }
  if (PLACEHOLDER_WORDS.test(secret) || TEMPLATE.test(secret) || FILE_PATH.test(secret) || CAPS_WORDS.test(secret)) return true;
  if (QUERY_PARAM.test(secret) && secret.split(QUERY_PARAM).every((v) => v.length < 8 || CAPS_WORDS.test(v))) return true;
  if (DEFAULT_PASSWORDS.has(secret.toLowerCase())) return true;
  const body = secret.replace(/^(?:[A-Za-z]{1,10}[_.-]){1,3}/, "");
  const counts = new Map<string, number>();
  for (const c of body) counts.set(c, (counts.get(c) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  return body.length >= 8 && (counts.size <= 2 || top >= body.length * 0.6);
}
