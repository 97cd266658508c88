// lib/records/secrets.ts
import { readConfig } from "../config/config.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { allowRegex, isRegexEntry, mayHoldSecret } from "../core/secret-patterns.js";
import { extraRules, isPlaceholderSecret } from "../core/secret-rules.js";
var NO_ALLOW = { allow: [] };
function secretPolicy(io) {
  return { allow: readConfig(io).value.secrets?.allow ?? [] };
}
var PATTERN_RULE = "@secretlint/secretlint-rule-pattern";
var GENERIC_KINDS = /* @__PURE__ */ new Set(["credential-assignment", "url-password", "authorization-header"]);
var scanner;
function loadScanner() {
  return scanner ??= (async () => {
    const [{ lintSource }, { creator }, pattern] = await Promise.all([
      import("../../vendor/@secretlint/core.js"),
      import("../../vendor/@secretlint/secretlint-rule-preset-recommend.js"),
      import("../../vendor/@secretlint/secretlint-rule-pattern.js")
    ]);
    const config = {
      rules: [
        {
          id: pattern.creator.meta.id,
          rule: pattern.creator,
          options: { patterns: extraRules().map((r) => ({ name: r.kind, patterns: [`/${r.source}/`] })) }
        },
        {
          id: creator.meta.id,
          rule: creator,
          rules: [
            // Access key ids alone are worth refusing too (the preset scans only the secret key by default).
            { id: "@secretlint/secretlint-rule-aws", options: { enableIDScanRule: true } },
            // "secretlint-disable" comments in the text itself would let a writer switch the scan off: the only escape is the user's allow-list.
            { id: "@secretlint/secretlint-rule-filter-comments", disabled: true }
          ]
        }
      ]
    };
    return async (text) => {
      const result = await lintSource({ source: { filePath: "/memory.md", content: text, contentType: "text" }, options: { config, noPhysicFilePath: true } });
      return result.messages;
    };
  })();
}
async function warmSecretScan(input) {
  if (input === void 0 || mayHoldSecret(input)) await loadScanner();
}
async function findSecrets(text, policy = NO_ALLOW) {
  if (!mayHoldSecret(text)) return [];
  const messages = await (await loadScanner())(text);
  const allow = policy.allow.map((a) => isRegexEntry(a) ? allowRegex(a) : a);
  const found = [];
  for (const m of messages) {
    if (m.messageId === "PrivateKeyJSON" && messages.length > 1) continue;
    const extra = m.ruleId === PATTERN_RULE ? String(m.data?.PATTERN_NAME) : void 0;
    const [start, end] = extra ? [m.range[0], m.range[1]] : urlPassword(text, locate(text, m.range, m.data));
    const secret = text.slice(start, end);
    const kind = extra ?? kebab(m.messageId);
    if (isPlaceholderSecret(secret, kind)) continue;
    if (allow.some((a) => typeof a === "string" ? a === secret : a.test(secret))) continue;
    found.push({ kind, rule: m.ruleId, start, end, line: lineOf(text, start), masked: maskSecret(secret) });
  }
  const overlaps = (f, g) => f !== g && f.start < g.end && g.start < f.end;
  const named = found.filter((f) => !GENERIC_KINDS.has(f.kind) || !found.some((g) => !GENERIC_KINDS.has(g.kind) && overlaps(f, g)));
  named.sort((a, b) => a.start - b.start || b.end - a.end);
  return named.filter((f, i) => !named.slice(0, i).some((g) => f.start < g.end));
}
async function findSecretsInTexts(texts, policy = NO_ALLOW) {
  const out = texts.map(() => []);
  const gated = texts.flatMap((t, i) => mayHoldSecret(t) ? [i] : []);
  for (let from = 0; from < gated.length; ) {
    const batch = [];
    let size = 0;
    while (from < gated.length && (batch.length === 0 || size + texts[gated[from]].length < BATCH_CHARS)) {
      size += texts[gated[from]].length + SEPARATOR.length;
      batch.push(gated[from++]);
    }
    const starts = [];
    let joined = "";
    for (const i of batch) {
      starts.push(joined.length);
      joined += texts[i] + SEPARATOR;
    }
    for (const f of await findSecrets(joined, policy)) {
      let k = starts.length - 1;
      while (starts[k] > f.start) k--;
      const text = texts[batch[k]];
      const start = f.start - starts[k];
      const end = Math.min(f.end - starts[k], text.length);
      out[batch[k]].push({ ...f, start, end, line: lineOf(text, start) });
    }
  }
  return out;
}
var SEPARATOR = "\n\0\n";
var BATCH_CHARS = 1e6;
async function assertNoSecrets(text, policy, what) {
  const found = await findSecrets(text, policy);
  if (found.length === 0) return;
  const spans = found.map((f) => `  line ${f.line}: ${f.masked} (${f.kind})`).join("\n");
  throw new MemctlError(
    ERROR_CODES.E_SECRET,
    `refused: ${what} contains ${found.length === 1 ? "what looks like a secret" : `${found.length} spans that look like secrets`}; memory is injected into every later session, so nothing was written.
${spans}
Remove it (keep the secret in a secret manager or an untracked env file, and note only where it lives). If it is not a secret, allow it in the user config: [secrets] allow = ["<the exact string>"] or a "/regex/".`,
    { secrets: found.map(({ kind, rule, line, masked }) => ({ kind, rule, line, masked })) }
  );
}
async function redactSecrets(text, policy) {
  const redactions = await findSecrets(text, policy);
  let out = "";
  let at = 0;
  for (const f of redactions) {
    out += `${text.slice(at, f.start)}[REDACTED:${f.kind}]`;
    at = f.end;
  }
  return { text: redactions.length === 0 ? text : out + text.slice(at), redactions };
}
async function redactBytes(bytes, policy) {
  const { text, redactions } = await redactSecrets(bytes.toString("latin1"), policy);
  return { bytes: redactions.length === 0 ? bytes : Buffer.from(text, "latin1"), redactions };
}
function maskSecret(secret) {
  const chars = [...secret];
  const keep = chars.length >= 16 ? 4 : chars.length > 8 ? 2 : 0;
  return chars.slice(0, keep).join("") + "*".repeat(chars.length - 2 * keep) + (keep ? chars.slice(-keep).join("") : "");
}
function locate(text, range, data) {
  const values = Object.values(data ?? {}).filter((v) => typeof v === "string" && v.length >= 8);
  for (const value of values.sort((a, b) => b.length - a.length)) {
    let at = text.indexOf(value, range[0]);
    if (at < 0 || at > range[1]) at = text.lastIndexOf(value, range[1]);
    if (at >= 0) return [at, at + value.length];
  }
  return [range[0], range[1]];
}
function urlPassword(text, [start, end]) {
  const m = /^[A-Za-z][A-Za-z0-9+.:-]{1,20}:\/\/[^:/\s@]{1,256}:([^@/\s]{1,256})@/.exec(text.slice(start, end));
  if (!m) return [start, end];
  const at = start + m[0].length - 1 - m[1].length;
  return [at, at + m[1].length];
}
var KINDS = { PostgreSQLConnection: "postgresql-connection", MySQLConnection: "mysql-connection", MongoDBConnection: "mongodb-connection" };
function kebab(id) {
  return KINDS[id] ?? id.replace(/_/g, "-").replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2").replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}
function lineOf(text, index) {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
export {
  NO_ALLOW,
  assertNoSecrets,
  findSecrets,
  findSecretsInTexts,
  maskSecret,
  redactBytes,
  redactSecrets,
  secretPolicy,
  warmSecretScan
};
