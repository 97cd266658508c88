// The hook's last line of defence: a card or MEMORY.md line edited by hand never went through the write-path
// scan (lib/records/secrets.ts, secretlint), so printed lines are redacted here with the high-confidence token
// shapes of the same rule set (secretlint-rule-preset-recommend: aws, github, slack, npm, openai, anthropic,
// linear, sendgrid, shopify, 1password, basicauth, database-connection-string, gitlab, huggingface, …) and the
// extra rules both share (secret-rules.ts, `hook: true`). No imports but that pure data: the hook loads this;
// the kinds are the rules' message ids in kebab case, as lib/records/secrets.ts names them.
import { extraRules, isPlaceholderSecret, URL_USERINFO } from "./secret-rules.js";

const PRESET_SHAPES: readonly (readonly [kind: string, source: string])[] = [
  // AWS's documentation example is not a key (secretlint ignores it the same way).
  ["aws-access-key-id", String.raw`\b(?!AKIAIOSFODNN7EXAMPLE)(?:A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}\b`],
  [
    "aws-secret-access-key",
    String.raw`(?<=(?:AWS|aws|Aws)?_?(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)["']?\s*(?::|=>|=)\s*["']?)[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])`,
  ],
  ["github-token", String.raw`(?<![A-Za-z0-9_])(?:(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36}|github_pat_[A-Za-z0-9_]{82})(?![A-Za-z0-9_])`],
  ["slack-token", String.raw`\b(?:xoxb|xoxp|xapp|xoxa|xoxo|xoxr)-(?:\d-)?(?:[a-zA-Z0-9]{1,40}-)+[a-zA-Z0-9]{1,40}\b`],
  ["incoming-webhook", String.raw`https://hooks\.slack\.com/services/T[a-zA-Z0-9]{1,40}/B[a-zA-Z0-9]{1,40}/[a-zA-Z0-9]{1,40}`],
  ["npm-access-token", String.raw`(?<![A-Za-z])npm_[A-Za-z0-9_]{36}(?![A-Za-z0-9_])`],
  ["openai-token", String.raw`sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{58,74}T3BlbkFJ[A-Za-z0-9_-]{58,74}|sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20}`],
  ["anthropic-api-key", String.raw`(?<![A-Za-z])sk-ant-api0\d-[A-Za-z0-9_-]{90,128}AA(?![A-Za-z0-9_-])`],
  ["linear-api-token", String.raw`(?<![A-Za-z])lin_api_[a-zA-Z0-9_]{32,128}(?![a-zA-Z0-9_])`],
  ["sendgrid-key", String.raw`(?<![A-Za-z])SG\.\w{1,128}\.\w{1,128}[-_]?\w{1,128}(?!\w)`],
  ["shopify-key", String.raw`(?<![A-Za-z])(?:shppa|shpca|shpat|shpss)_[a-zA-Z0-9]{32,64}(?![a-zA-Z0-9])`],
  ["ops-token", String.raw`(?<![A-Za-z])ops_ey[A-Za-z0-9+/=]{100,1280}fQ={0,2}(?![A-Za-z0-9+/=])`],
  // A password in a URL (basic auth, database connection strings): the password alone is redacted.
  ["basic-auth", String.raw`(?<=\b(?:https?|ftps?|mongodb(?:\+srv)?|mysqlx?|postgres(?:ql)?)://[^:/\s@]{1,256}:)[^@/\s]{1,256}(?=@)`],
  // secretlint 12's newer rules, their token shapes as the preset writes them.
  ["gitlab-personal-access-token", String.raw`(?<![A-Za-z])glpat-[A-Za-z0-9_-]{20,128}(?![A-Za-z0-9_-])`],
  ["huggingface-token", String.raw`(?<![A-Za-z])hf_[a-zA-Z]{34}(?![a-zA-Z])`],
  ["groq-api-key", String.raw`(?<![A-Za-z])gsk_[a-zA-Z0-9]{52}(?![a-zA-Z0-9])`],
  ["grafana-token", String.raw`(?<![A-Za-z])(?:glc_[A-Za-z0-9+/]{32,400}={0,2}(?![A-Za-z0-9+/=])|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Fa-f0-9]))`],
  ["hashicorp-vault-token", String.raw`(?<![A-Za-z])(?:hv[sr]\.[A-Za-z0-9_-]{90,120}|hvb\.[A-Za-z0-9_-]{138,300})(?![A-Za-z0-9_-])`],
  ["notion-integration-token", String.raw`(?<![A-Za-z])ntn_[0-9]{11}[A-Za-z0-9]{35}(?![A-Za-z0-9])`],
  ["vercel-token", String.raw`(?<![A-Za-z])(?:vcp|vci|vca|vcr|vck)_[A-Za-z0-9]{20,60}(?![A-Za-z0-9])`],
  ["databricks-token", String.raw`(?<![A-Za-z])dapi[A-Fa-f0-9]{32}(?:-[0-9])?(?![A-Fa-f0-9])`],
  ["docker-personal-access-token", String.raw`(?<![A-Za-z])dckr_pat_[a-zA-Z0-9_-]{27}(?![a-zA-Z0-9_-])`],
  ["figma-token", String.raw`(?<![A-Za-z])figd_[A-Za-z0-9_-]{40,200}(?![A-Za-z0-9_-])`],
];

// Literal fragments one of which every shape contains: a line without any (nearly all) is never run through
// the shapes, whose lookbehinds cost ~20 us a line (a rank cache rebuild renders every index line).
const PRESET_TRIGGERS = String.raw`A3T|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA|[Ss]ecret_?[Aa]ccess|SECRET_?ACCESS|gh[pousr]_|github_pat_|xox[bparo]-|xapp-|hooks\.slack|npm_|sk-|lin_api_|SG\.|shp(?:pa|ca|at|ss)_|ops_ey|glpat-|hf_|gsk_|gl(?:c|sa)_|hv[sbr]\.|ntn_|vc[piark]_|dapi|dckr_pat_|figd_`;
// Each pattern is built on first use, as the extra rules it takes in are (secret-rules.ts extraRules).
let triggerPattern: RegExp | undefined;
let shapes: (readonly [kind: string, source: string])[] | undefined;
let combined: RegExp | undefined;
const hookRules = () => extraRules().filter((r) => r.hook);
const triggers = () => (triggerPattern ??= new RegExp([PRESET_TRIGGERS, URL_USERINFO, ...hookRules().map((r) => r.gate)].join("|")));

/** The line with every secret-looking span replaced by `[REDACTED:<kind>]`; most lines come back unchanged. */
export function redactSecretLike(line: string): string {
  if (!triggers().test(line)) return line;
  // One pass of one pattern; the kind is worked out only for a line that has a match (rare).
  const all = (shapes ??= [...PRESET_SHAPES, ...hookRules().map((r) => [r.kind, r.source] as const)]);
  combined ??= new RegExp(all.map(([, s]) => `(${s})`).join("|"), "g");
  return line.replace(combined, (match: string, ...groups: unknown[]) => {
    const kind = all[groups.slice(0, all.length).findIndex((g) => g !== undefined)]![0];
    if (isPlaceholderSecret(match, kind, true)) return match;
    // A lone header (its body on lines this line does not hold): the header goes, the words after it stay.
    const header = kind === "private-key" && isPlaceholderSecret(match, kind) ? PEM_OPEN.exec(match) : null;
    return header ? `[REDACTED:${kind}]${match.slice(header[0].length)}` : `[REDACTED:${kind}]`;
  });
}

const PEM_OPEN = /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/;
const PEM_CLOSE = /-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/;

/**
 * Lines of one text, each redacted, and a private key whose body runs over several lines redacted whole: the
 * lines after a header up to its END line are dropped (the header's line says [REDACTED:private-key]).
 */
export function redactSecretLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  let inKey = false;
  for (const line of lines) {
    if (inKey) {
      const end = PEM_CLOSE.exec(line);
      if (!end) continue;
      inKey = false;
      const rest = line.slice(end.index + end[0].length);
      if (rest.trim() !== "") out.push(redactSecretLike(rest));
      continue;
    }
    const open = PEM_OPEN.exec(line);
    if (open && !PEM_CLOSE.test(line.slice(open.index))) inKey = true;
    out.push(redactSecretLike(line));
  }
  return out;
}

/**
 * The preset's rules (by id) that mayHoldSecret's gate was checked against: test/lib/records/secrets.test.ts fails when secretlint
 * adds a rule, so the gate is reviewed before a new rule could be skipped by it.
 */
export const GATED_RULES = [
  "aws",
  "gcp",
  "npm",
  "slack",
  "basicauth",
  "openai",
  "anthropic",
  "linear",
  "privatekey",
  "sendgrid",
  "shopify",
  "github",
  "1password",
  "database-connection-string",
  "filter-comments",
  "databricks",
  "docker",
  "figma",
  "gitlab",
  "grafana",
  "groq",
  "hashicorp-vault",
  "huggingface",
  "notion",
  "vercel",
].map((r) => `@secretlint/secretlint-rule-${r}`);

// A literal every finding of those rules and of the extra rules needs (the triggers, every extra rule's gate, the AWS
// account id and .npmrc token forms): text with none of them cannot hold a finding, so writes of ordinary text
// never load secretlint (~40 ms a process).
let scanGate: RegExp | undefined;

/** False only when no rule of the preset or the extra rules could match anywhere in `text`. */
export function mayHoldSecret(text: string): boolean {
  scanGate ??= new RegExp([triggers().source, ...extraRules().map((r) => r.gate), "ccount|CCOUNT|_authToken"].join("|"));
  return scanGate.test(text);
}

/** An allow-list entry written "/regex/flags" (anything else is an exact string). */
export function isRegexEntry(entry: string): boolean {
  return /^\/.+\/[a-z]*$/s.test(entry);
}

export function allowRegex(entry: string): RegExp {
  const close = entry.lastIndexOf("/");
  return new RegExp(entry.slice(1, close), entry.slice(close + 1).replace(/g/g, ""));
}

/** What is wrong with a "/regex/" allow entry (undefined when it compiles, or is an exact string). */
export function allowEntryProblem(entry: string): string | undefined {
  if (!isRegexEntry(entry)) return undefined;
  try {
    allowRegex(entry);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}
