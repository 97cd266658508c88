import { readConfig } from "../config/config.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import type { Io } from "../store/io.js";
import { allowRegex, isRegexEntry, mayHoldSecret } from "../core/secret-patterns.js";
import { extraRules, isPlaceholderSecret } from "../core/secret-rules.js";

// Secrets never enter memory: every write path scans what it is about to write with secretlint's maintained
// recommended rule set, plus the formats it lacks as secretlint pattern rules (lib/core/secret-rules.ts).
// Authored writes are refused (E_SECRET, the span shown masked); imports are stored with the secret redacted;
// doctor reports what is already at rest. secretlint loads lazily (~40 ms) and only where text may hold a
// secret, never in the hook (the hook's own redactor is lib/core/secret-patterns.ts).

/** `[secrets] allow` from the user config: exact strings, or "/regex/flags" matched against the found secret. */
export interface SecretPolicy {
  allow: readonly string[];
}

export const NO_ALLOW: SecretPolicy = { allow: [] };

export interface SecretFinding {
  /** The rule's message id in kebab case (aws-access-key-id, github-token, …): what `[REDACTED:<kind>]` says. */
  kind: string;
  /** The secretlint rule that found it. */
  rule: string;
  /** UTF-16 offsets of the secret in the scanned text. */
  start: number;
  end: number;
  /** 1-based line of the secret's start. */
  line: number;
  /** The secret with all but its ends starred (AKIA************MPLE): safe to print. */
  masked: string;
}

/** The allow-list the user configured; an unreadable config allows nothing (stricter, never looser). */
export function secretPolicy(io: Pick<Io, "env" | "home">): SecretPolicy {
  return { allow: readConfig(io).value.secrets?.allow ?? [] };
}

const PATTERN_RULE = "@secretlint/secretlint-rule-pattern";
const GENERIC_KINDS = new Set(["credential-assignment", "url-password", "authorization-header"]);
type Scanner = (text: string) => Promise<{ ruleId: string; messageId: string; range: readonly [number, number]; data?: Record<string, unknown> }[]>;
let scanner: Promise<Scanner> | undefined;

function loadScanner(): Promise<Scanner> {
  return (scanner ??= (async () => {
    const [{ lintSource }, { creator }, pattern] = await Promise.all([
      import("@secretlint/core"),
      import("@secretlint/secretlint-rule-preset-recommend"),
      import("@secretlint/secretlint-rule-pattern"),
    ]);
    const config = {
      rules: [
        {
          id: pattern.creator.meta.id,
          rule: pattern.creator,
          options: { patterns: extraRules().map((r) => ({ name: r.kind, patterns: [`/${r.source}/`] })) },
        },
        {
          id: creator.meta.id,
          rule: creator,
          rules: [
            // Access key ids alone are worth refusing too (the preset scans only the secret key by default).
            { id: "@secretlint/secretlint-rule-aws", options: { enableIDScanRule: true } },
            // "secretlint-disable" comments in the text itself would let a writer switch the scan off: the only escape is the user's allow-list.
            { id: "@secretlint/secretlint-rule-filter-comments", disabled: true },
          ],
        },
      ],
    };
    return async (text: string) => {
      const result = await lintSource({ source: { filePath: "/memory.md", content: text, contentType: "text" }, options: { config, noPhysicFilePath: true } });
      return result.messages as unknown as Awaited<ReturnType<Scanner>>;
    };
  })());
}

/**
 * Loads the scanner (~40 ms, once a process) before a caller takes the store lock, so the lock is held only for
 * the scan; skipped when the given input cannot hold a secret (the scan itself still runs on what is written).
 */
export async function warmSecretScan(input?: string): Promise<void> {
  if (input === undefined || mayHoldSecret(input)) await loadScanner();
}

/** Every secret-looking span in `text` that the policy does not allow, in text order, overlaps merged. */
export async function findSecrets(text: string, policy: SecretPolicy = NO_ALLOW): Promise<SecretFinding[]> {
  if (!mayHoldSecret(text)) return [];
  const messages = await (await loadScanner())(text);
  const allow = policy.allow.map((a) => (isRegexEntry(a) ? allowRegex(a) : a));
  const found: SecretFinding[] = [];
  for (const m of messages) {
    // A service-account JSON is reported whole; its private key is found on its own (and redacted alone).
    if (m.messageId === "PrivateKeyJSON" && messages.length > 1) continue;
    // The pattern rule's range is the match; its kind is the rule's name.
    const extra = m.ruleId === PATTERN_RULE ? String(m.data?.PATTERN_NAME) : undefined;
    const [start, end] = extra ? [m.range[0], m.range[1]] : urlPassword(text, locate(text, m.range, m.data));
    const secret = text.slice(start, end);
    const kind = extra ?? kebab(m.messageId);
    if (isPlaceholderSecret(secret, kind)) continue;
    if (allow.some((a) => (typeof a === "string" ? a === secret : a.test(secret)))) continue;
    found.push({ kind, rule: m.ruleId, start, end, line: lineOf(text, start), masked: maskSecret(secret) });
  }
  // A vendor's rule names a span better than a generic one (aws_access_key_id = AKIA…: aws-access-key-id).
  const overlaps = (f: SecretFinding, g: SecretFinding) => f !== g && f.start < g.end && g.start < f.end;
  const named = found.filter((f) => !GENERIC_KINDS.has(f.kind) || !found.some((g) => !GENERIC_KINDS.has(g.kind) && overlaps(f, g)));
  named.sort((a, b) => a.start - b.start || b.end - a.end);
  return named.filter((f, i) => !named.slice(0, i).some((g) => f.start < g.end));
}

/**
 * findSecrets over many texts in few secretlint runs (one run costs ~10 ms whatever its size): the texts are
 * joined with a NUL line no rule's match crosses, and each finding is given back to its text, its line counted
 * there. Texts the gate clears are skipped.
 */
export async function findSecretsInTexts(texts: readonly string[], policy: SecretPolicy = NO_ALLOW): Promise<SecretFinding[][]> {
  const out = texts.map((): SecretFinding[] => []);
  const gated = texts.flatMap((t, i) => (mayHoldSecret(t) ? [i] : []));
  for (let from = 0; from < gated.length; ) {
    const batch: number[] = [];
    let size = 0;
    while (from < gated.length && (batch.length === 0 || size + texts[gated[from]!]!.length < BATCH_CHARS)) {
      size += texts[gated[from]!]!.length + SEPARATOR.length;
      batch.push(gated[from++]!);
    }
    const starts: number[] = [];
    let joined = "";
    for (const i of batch) {
      starts.push(joined.length);
      joined += texts[i]! + SEPARATOR;
    }
    for (const f of await findSecrets(joined, policy)) {
      let k = starts.length - 1;
      while (starts[k]! > f.start) k--;
      const text = texts[batch[k]!]!;
      const start = f.start - starts[k]!;
      const end = Math.min(f.end - starts[k]!, text.length);
      out[batch[k]!]!.push({ ...f, start, end, line: lineOf(text, start) });
    }
  }
  return out;
}

const SEPARATOR = "\n\u0000\n";
const BATCH_CHARS = 1_000_000;

/** Refuses an authored write: E_SECRET naming each span masked, and what to do. */
export async function assertNoSecrets(text: string, policy: SecretPolicy | undefined, what: string): Promise<void> {
  const found = await findSecrets(text, policy);
  if (found.length === 0) return;
  const spans = found.map((f) => `  line ${f.line}: ${f.masked} (${f.kind})`).join("\n");
  throw new MemctlError(
    ERROR_CODES.E_SECRET,
    `refused: ${what} contains ${found.length === 1 ? "what looks like a secret" : `${found.length} spans that look like secrets`}; memory is injected into every later session, so nothing was written.\n${spans}\n` +
      'Remove it (keep the secret in a secret manager or an untracked env file, and note only where it lives). If it is not a secret, allow it in the user config: [secrets] allow = ["<the exact string>"] or a "/regex/".',
    { secrets: found.map(({ kind, rule, line, masked }) => ({ kind, rule, line, masked })) },
  );
}

/** `text` with every secret replaced by `[REDACTED:<kind>]`, and what was replaced. */
export async function redactSecrets(text: string, policy: SecretPolicy | undefined): Promise<{ text: string; redactions: SecretFinding[] }> {
  const redactions = await findSecrets(text, policy);
  let out = "";
  let at = 0;
  for (const f of redactions) {
    out += `${text.slice(at, f.start)}[REDACTED:${f.kind}]`;
    at = f.end;
  }
  return { text: redactions.length === 0 ? text : out + text.slice(at), redactions };
}

/**
 * Bytes with every secret redacted, every other byte kept (read as Latin-1, so text that is not UTF-8 survives
 * byte for byte; the patterns are ASCII). The original buffer comes back when there is nothing to redact.
 */
export async function redactBytes(bytes: Buffer, policy: SecretPolicy | undefined): Promise<{ bytes: Buffer; redactions: SecretFinding[] }> {
  const { text, redactions } = await redactSecrets(bytes.toString("latin1"), policy);
  return { bytes: redactions.length === 0 ? bytes : Buffer.from(text, "latin1"), redactions };
}

/** All but the ends starred: 4 kept at each end of a long secret, 2 of a medium one, none of a short one. */
export function maskSecret(secret: string): string {
  const chars = [...secret];
  const keep = chars.length >= 16 ? 4 : chars.length > 8 ? 2 : 0;
  return chars.slice(0, keep).join("") + "*".repeat(chars.length - 2 * keep) + (keep ? chars.slice(-keep).join("") : "");
}

// Some rules report the whole assignment's range (aws_secret_access_key = …): the secret is the value the
// rule names in its data, found at or after the reported start.
function locate(text: string, range: readonly [number, number], data: Record<string, unknown> | undefined): [number, number] {
  const values = Object.values(data ?? {}).filter((v): v is string => typeof v === "string" && v.length >= 8);
  for (const value of values.sort((a, b) => b.length - a.length)) {
    let at = text.indexOf(value, range[0]);
    if (at < 0 || at > range[1]) at = text.lastIndexOf(value, range[1]);
    if (at >= 0) return [at, at + value.length];
  }
  return [range[0], range[1]];
}

// The database connection rules report the whole URI: the secret is its password (what is redacted and judged).
function urlPassword(text: string, [start, end]: [number, number]): [number, number] {
  const m = /^[A-Za-z][A-Za-z0-9+.:-]{1,20}:\/\/[^:/\s@]{1,256}:([^@/\s]{1,256})@/.exec(text.slice(start, end));
  if (!m) return [start, end];
  const at = start + m[0].length - 1 - m[1]!.length;
  return [at, at + m[1]!.length];
}

// Message ids whose camel case splits badly; the rest are kebab-cased as they are.
const KINDS: Record<string, string> = { PostgreSQLConnection: "postgresql-connection", MySQLConnection: "mysql-connection", MongoDBConnection: "mongodb-connection" };

function kebab(id: string): string {
  return (
    KINDS[id] ??
    id
      .replace(/_/g, "-")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
      .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
      .toLowerCase()
  );
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
