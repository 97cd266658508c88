import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  readHold
} from "./core-index-file.mjs";
import {
  EXTRA_RULES,
  allowRegex,
  configFilePath,
  isPlaceholderSecret,
  isRegexEntry,
  mayHoldSecret,
  readConfig
} from "./config-config-keys.mjs";
import {
  EPISODES_FILE,
  STATE_DIR
} from "./store-paths.mjs";
import {
  ERROR_CODES,
  MemctlError,
  systemCode
} from "./core-errors.mjs";

// lib/records/guardrails.ts
import fs from "node:fs";
import path from "node:path";
var GUARDRAIL_CONFIG_KEYS = Object.freeze({
  maxDepth: "max_depth",
  maxSegmentBytes: "max_segment_bytes",
  maxFileBytes: "max_file_bytes",
  maxTotalBytes: "max_total_bytes",
  maxFiles: "max_files",
  maxTrashFiles: "max_trash_files",
  maxTrashBytes: "max_trash_bytes",
  maxEpisodesBytes: "max_episodes_bytes",
  maxEpisodesLines: "max_episodes_lines",
  maxRevisionsPerCard: "max_revisions_per_card",
  maxRevisionBytes: "max_revision_bytes"
});
var DEFAULT_GUARDRAILS = Object.freeze({
  maxDepth: 4,
  maxSegmentBytes: 128,
  maxFileBytes: 100 * 1024,
  maxTotalBytes: 10 * 1024 * 1024,
  maxFiles: 2e3,
  maxTrashFiles: 2e3,
  maxTrashBytes: 10 * 1024 * 1024,
  maxEpisodesBytes: 10 * 1024 * 1024,
  maxEpisodesLines: 2e4,
  maxRevisionsPerCard: 20,
  maxRevisionBytes: 10 * 1024 * 1024
});
function measureStore(base) {
  const usage = { files: 0, bytes: 0 };
  const hold = readHold(base);
  const prefix = Buffer.byteLength(base) + 1;
  const walk = (dir, top) => {
    for (const entry of gone(() => fs.readdirSync(dir, { withFileTypes: true, encoding: "buffer" })) ?? []) {
      if (top && entry.name.toString() === STATE_DIR) continue;
      const full = Buffer.concat([dir, Buffer.from("/"), entry.name]);
      if (entry.isDirectory()) walk(full, false);
      else if (entry.isFile()) {
        const size = gone(() => fs.lstatSync(full).size);
        if (size === void 0) continue;
        if (hold?.held(full.subarray(prefix).toString())?.state === "quarantined") continue;
        usage.files++;
        usage.bytes += size;
      }
    }
  };
  walk(Buffer.from(base), true);
  return usage;
}
function gone(read) {
  try {
    return read();
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return void 0;
    throw err;
  }
}
function checkPathShape(segments, limits, shown) {
  if (segments.length > limits.maxDepth) {
    throw guardrail(`Error: ${shown} is ${segments.length} levels deep; the limit is ${limits.maxDepth}. Use a shallower path.`, {
      limit: "maxDepth",
      value: segments.length,
      max: limits.maxDepth
    });
  }
  for (const segment of segments) {
    const bytes = Buffer.byteLength(segment);
    if (bytes > limits.maxSegmentBytes) {
      throw guardrail(`Error: the name "${segment.slice(0, 40)}\u2026" in ${shown} is ${bytes} bytes; the limit is ${limits.maxSegmentBytes}. Use a shorter name.`, {
        limit: "maxSegmentBytes",
        value: bytes,
        max: limits.maxSegmentBytes
      });
    }
  }
}
function storeLimitsBind(actor) {
  return actor !== "human" && actor !== "system";
}
function checkWrite(base, shown, oldBytes, newBytes, limits, store = true) {
  if (newBytes > limits.maxFileBytes) {
    throw guardrail(`Error: ${shown} would be ${newBytes} bytes; the per-file limit is ${limits.maxFileBytes}. Split it into smaller files.`, {
      limit: "maxFileBytes",
      value: newBytes,
      max: limits.maxFileBytes
    });
  }
  if (!store) return;
  const usage = measureStore(base);
  const files = usage.files + (oldBytes === void 0 ? 1 : 0);
  if (files > limits.maxFiles) {
    throw guardrail(
      `Error: the memory directory would hold ${files} files; the limit is ${limits.maxFiles}. Delete or merge files first, or raise it: ${raiseHint("maxFiles", files)}.`,
      { limit: "maxFiles", value: files, max: limits.maxFiles }
    );
  }
  const total = usage.bytes - (oldBytes ?? 0) + newBytes;
  if (total > limits.maxTotalBytes) {
    throw guardrail(
      `Error: the memory directory would hold ${total} bytes; the limit is ${limits.maxTotalBytes}. Delete or shorten files first, or raise it: ${raiseHint("maxTotalBytes", total)}.`,
      { limit: "maxTotalBytes", value: total, max: limits.maxTotalBytes }
    );
  }
}
function withDefaults(partial = {}) {
  return { ...DEFAULT_GUARDRAILS, ...partial };
}
function configuredGuardrails(io) {
  const set = readConfig(io).value.guardrails;
  const out = {};
  for (const [field, key] of Object.entries(GUARDRAIL_CONFIG_KEYS)) {
    const v = set[key];
    if (v !== void 0) out[field] = v;
  }
  return out;
}
function raiseHint(limit, needed, configFile) {
  return `set [guardrails] ${GUARDRAIL_CONFIG_KEYS[limit]} = ${needed} in ${configFile ?? "memctl's user config"}`;
}
function checkBatch(base, batch, index, limits, io, what, store = true) {
  const config = configFilePath(io);
  const refuse = (limit, message, value, max) => {
    const raise = `[guardrails]
  ${GUARDRAIL_CONFIG_KEYS[limit]} = ${value}`;
    return new MemctlError(
      ERROR_CODES.E_GUARDRAIL,
      `${message}; the limit is ${max.toLocaleString("en-US")} (${GUARDRAIL_CONFIG_KEYS[limit]}). Nothing was written. ${what} fewer, or raise the limit in ${config}:
  ${raise}`,
      { limit: GUARDRAIL_CONFIG_KEYS[limit], value, max, config_file: config }
    );
  };
  for (const f of batch) {
    checkPathShape(f.file.split("/"), limits, f.file);
    if (f.bytes > limits.maxFileBytes) throw refuse("maxFileBytes", `${f.file} is ${f.bytes.toLocaleString("en-US")} bytes`, f.bytes, limits.maxFileBytes);
  }
  if (!store) return;
  const usage = measureStore(base);
  const files = usage.files + batch.length + (index.created ? 1 : 0);
  if (files > limits.maxFiles) throw refuse("maxFiles", `the memory directory would hold ${files.toLocaleString("en-US")} files`, files, limits.maxFiles);
  const total = usage.bytes + batch.reduce((n, f) => n + f.bytes, 0) + index.delta;
  if (total > limits.maxTotalBytes) throw refuse("maxTotalBytes", `the memory directory would hold ${total.toLocaleString("en-US")} bytes`, total, limits.maxTotalBytes);
}
function guardrail(message, data) {
  return new MemctlError(ERROR_CODES.E_GUARDRAIL, message, data);
}
function limitCrossings(memoryDir, limits) {
  const store = measureTree(memoryDir);
  const trash = measureTree(path.join(memoryDir, STATE_DIR, "trash"));
  const episodes = measureLines(path.join(memoryDir, EPISODES_FILE));
  const checks = [
    ["store", "maxFiles", store.files],
    ["store", "maxTotalBytes", store.bytes],
    ["trash", "maxTrashFiles", trash.files],
    ["trash", "maxTrashBytes", trash.bytes],
    ["episodes", "maxEpisodesLines", episodes.lines],
    ["episodes", "maxEpisodesBytes", episodes.bytes]
  ];
  return checks.filter(([, field, value]) => value > limits[field]).map(([area, field, value]) => ({ area, limit: GUARDRAIL_CONFIG_KEYS[field], value, max: limits[field] }));
}
function measureTree(dir) {
  try {
    return fs.lstatSync(dir).isDirectory() ? measureStore(dir) : { files: 0, bytes: 0 };
  } catch {
    return { files: 0, bytes: 0 };
  }
}
function measureLines(file) {
  let stat;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return { lines: 0, bytes: 0 };
  }
  if (!stat.isFile()) return { lines: 0, bytes: 0 };
  let lines = 0;
  let fd;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    return { lines: 0, bytes: stat.size };
  }
  try {
    const buf = Buffer.alloc(1 << 16);
    let prev = 10;
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0; ) {
      for (let i = 0; i < n; i++) {
        if (buf[i] === 10 && prev !== 10) lines++;
        prev = buf[i];
      }
    }
    if (prev !== 10) lines++;
  } finally {
    fs.closeSync(fd);
  }
  return { lines, bytes: stat.size };
}

// lib/records/secrets.ts
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
      import("./module-npm-secretlint-core-module-RuleContext.mjs"),
      import("./module-npm-secretlint-secretlint-rule-preset-recommend-module-index.mjs"),
      import("./module-npm-secretlint-secretlint-rule-pattern-module-index.mjs")
    ]);
    const config = {
      rules: [
        {
          id: pattern.creator.meta.id,
          rule: pattern.creator,
          options: { patterns: EXTRA_RULES.map((r) => ({ name: r.kind, patterns: [`/${r.source}/`] })) }
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
  measureStore,
  checkPathShape,
  storeLimitsBind,
  checkWrite,
  withDefaults,
  configuredGuardrails,
  checkBatch,
  limitCrossings,
  secretPolicy,
  warmSecretScan,
  findSecrets,
  findSecretsInTexts,
  assertNoSecrets,
  redactSecrets,
  redactBytes
};
