import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  keepRevisionsBatch
} from "./store-revisions.mjs";
import {
  DESCRIPTION_MAX
} from "./core-card-rules.mjs";
import {
  journalChange,
  snapshotIndex
} from "./store-write-journal.mjs";
import {
  EMPTY_INDEX
} from "./core-index-edit.mjs";
import {
  checkBatch,
  redactBytes,
  redactSecrets,
  storeLimitsBind,
  warmSecretScan,
  withDefaults
} from "./records-guardrails.mjs";
import {
  appendLine,
  historyPath,
  latestByCard,
  readHistory
} from "./store-history.mjs";
import {
  parseIndex,
  renderIndexLine
} from "./core-index-file.mjs";
import {
  parseCard
} from "./core-card.mjs";
import {
  commitFile,
  commitStaged,
  stageFiles,
  sweepDeadTemps,
  withStoreLock
} from "./store-lock.mjs";
import {
  claudeSlug
} from "./config-project.mjs";
import {
  findRepo
} from "./config-git.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";
import {
  INDEX_FILE,
  STATE_DIR
} from "./store-paths.mjs";
import {
  readRegularBytes
} from "./core-bytes.mjs";
import {
  systemCode
} from "./core-errors.mjs";

// lib/records/import-claude.ts
import fs3 from "node:fs";
import path3 from "node:path";

// lib/config/claude-memory.ts
import fs from "node:fs";
import path from "node:path";
var INDEX_READ_CAP = 1024 * 1024;
function claudeConfigHome(io) {
  return io.env.CLAUDE_CONFIG_DIR ? path.resolve(io.env.CLAUDE_CONFIG_DIR) : path.join(io.home, ".claude");
}
function findClaudeMemoryDirs(io, options = {}) {
  const projects = path.join(claudeConfigHome(io), "projects");
  let slugs;
  try {
    slugs = fs.readdirSync(projects);
  } catch {
    return [];
  }
  const excluded = options.exclude ? realOrSelf(options.exclude) : void 0;
  const dirs = [];
  for (const slug of slugs.sort()) {
    const dir = path.join(projects, slug, "memory");
    if (!isDirectory(dir)) continue;
    if (excluded !== void 0 && realOrSelf(dir) === excluded) continue;
    dirs.push(dir);
  }
  return dirs;
}
function listClaudeCards(dir) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const cards = [];
  const titles = indexTitles(dir);
  for (const file of names.sort()) {
    if (!file.endsWith(".md") || file === "MEMORY.md" || file.startsWith(".")) continue;
    const full = path.join(dir, file);
    try {
      const stat = fs.lstatSync(full);
      if (!stat.isFile()) continue;
      const card = parseCard(fs.readFileSync(full, "utf8"));
      const fm = card.frontmatter;
      const name = typeof fm.name === "string" && fm.name.trim() !== "" ? fm.name.trim() : file.slice(0, -3);
      const type = typeof fm.type === "string" ? fm.type : card.meta.metadata?.type;
      cards.push({
        dir,
        file,
        path: full,
        name,
        description: card.meta.description,
        ...titles.has(file) ? { title: titles.get(file) } : {},
        type: typeof type === "string" ? type : void 0,
        mtimeMs: stat.mtimeMs,
        mtime: stat.mtime,
        bytes: stat.size
      });
    } catch {
      continue;
    }
  }
  return cards;
}
function indexTitles(dir) {
  const titles = /* @__PURE__ */ new Map();
  let text;
  try {
    const file = path.join(dir, "MEMORY.md");
    const stat = fs.lstatSync(file);
    if (!stat.isFile() || stat.size > INDEX_READ_CAP) return titles;
    text = fs.readFileSync(file, "utf8");
  } catch {
    return titles;
  }
  for (const entry of parseIndex(text).entries) {
    const file = entry.file.replace(/^\.\//, "");
    const title = entry.title.replace(/[\u0000-\u001f\u007f]/g, " ").trim().slice(0, 300);
    if (title && !file.includes("/") && !titles.has(file)) titles.set(file, title);
  }
  return titles;
}
function isDirectory(p) {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
function realOrSelf(p) {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

// lib/records/batch.ts
import fs2 from "node:fs";
import path2 from "node:path";
var PENDING = "batch-pending.json";
function pendingBatchFiles(memoryDir) {
  try {
    const v = JSON.parse(fs2.readFileSync(path2.join(memoryDir, STATE_DIR, PENDING), "utf8"));
    return new Set(Array.isArray(v.files) ? v.files.filter((f) => typeof f === "string") : []);
  } catch {
    return /* @__PURE__ */ new Set();
  }
}
async function addCardsBatch(ctx, cards, op, onProgress) {
  if (cards.length === 0) return [];
  sweepDeadTemps(ctx.memoryDir);
  const pendingFile = path2.join(ctx.memoryDir, STATE_DIR, PENDING);
  const interrupted = pendingBatchFiles(ctx.memoryDir);
  await commitFile(pendingFile, JSON.stringify({ files: [.../* @__PURE__ */ new Set([...interrupted, ...cards.map((c) => c.file)])] }) + "\n", ctx.commit);
  const targets = cards.map((c) => ({ file: path2.join(ctx.memoryDir, c.file), content: c.content }));
  const before = snapshotIndex(ctx.memoryDir);
  let done = false;
  try {
    const entries = await addStaged(ctx, cards, targets, op, interrupted, pendingFile, onProgress);
    done = true;
    return entries;
  } finally {
    journalChange(ctx.memoryDir, before, done ? cards.map((c) => c.file) : void 0);
  }
}
async function addStaged(ctx, cards, targets, op, interrupted, pendingFile, onProgress) {
  const temps = await stageFiles(targets, onProgress);
  try {
    const entries = historyLines(ctx, cards, op, interrupted);
    const byFile = new Map(cards.map((c) => [c.file, c.content]));
    await keepRevisionsBatch(
      ctx.memoryDir,
      entries.map((entry) => ({ entry, content: byFile.get(entry.card) ?? null }))
    );
    if (entries.length > 0) appendLine(historyPath(ctx.memoryDir), entries.map((e) => JSON.stringify(e) + "\n").join(""));
    await appendIndexLines(ctx, cards);
    commitStaged(temps.map((temp, i) => ({ temp, file: targets[i].file })));
    fs2.rmSync(pendingFile, { force: true });
    return entries;
  } catch (err) {
    for (const temp of temps) fs2.rmSync(temp, { force: true });
    throw err;
  }
}
function historyLines(ctx, cards, op, interrupted) {
  fs2.mkdirSync(path2.dirname(historyPath(ctx.memoryDir)), { recursive: true });
  const latest = latestByCard(readHistory(ctx.memoryDir).entries);
  const at = ctx.now.toISOString();
  const out = [];
  for (const card of cards) {
    const sha256 = sha256Hex(card.content);
    const prev = latest.get(card.file);
    if (prev && interrupted.has(card.file) && prev.op === op && prev.sha256 === sha256) continue;
    out.push({ rev: (prev?.rev ?? 0) + 1, card: card.file, op, actor: ctx.actor, at, sha256, bytes: card.content.length });
  }
  return out;
}
async function appendIndexLines(ctx, cards) {
  const indexFile = path2.join(ctx.memoryDir, INDEX_FILE);
  let bytes;
  try {
    bytes = Buffer.from(readRegularBytes(indexFile));
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
    bytes = Buffer.from(EMPTY_INDEX, "utf8");
  }
  const text = bytes.toString("utf8");
  const linked = new Set(parseIndex(text).entries.map((e) => e.file.replace(/^\.\//, "")));
  const lines = cards.filter((c) => !linked.has(c.file)).map((c) => c.indexLine);
  if (lines.length === 0) return;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const sep = bytes.length === 0 || bytes[bytes.length - 1] === 10 ? "" : eol;
  await commitFile(indexFile, Buffer.concat([bytes, Buffer.from(sep + lines.join(eol) + eol, "utf8")]), ctx.commit);
}

// lib/records/import-claude.ts
function projectClaudeDirs(resolution, io) {
  const roots = /* @__PURE__ */ new Set([resolution.canonical_repo, resolution.repo_root]);
  const repo = findRepo(resolution.canonical_repo);
  if (repo) {
    const worktrees = path3.join(repo.commonDir, "worktrees");
    for (const name of safeReaddir(worktrees)) {
      const gitdir = readOr(path3.join(worktrees, name, "gitdir"))?.trim();
      if (gitdir) roots.add(path3.dirname(path3.resolve(worktrees, name, gitdir)));
    }
  }
  const projects = path3.join(claudeConfigHome(io), "projects");
  return [...roots].map((r) => path3.join(projects, claudeSlug(r), "memory")).filter((d) => isDirectory2(d)).sort();
}
function planClaudeImport(memoryDir, dirs, otherDirs) {
  const store = realOr(memoryDir);
  const scanned = [...new Set(dirs.map(realOr))].filter((d) => d !== store);
  const byName = /* @__PURE__ */ new Map();
  for (const dir of scanned) for (const card of listClaudeCards(dir)) byName.set(card.name, [...byName.get(card.name) ?? [], card]);
  const history = readHistory(memoryDir);
  const known = new Set(history.entries.map((e) => e.card));
  const pending = pendingBatchFiles(memoryDir);
  const storeNames = storeCardNames(memoryDir);
  const taken = /* @__PURE__ */ new Set();
  const items = [];
  for (const name of [...byName.keys()].sort()) {
    const copies = byName.get(name).sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : 1));
    const [source, ...older] = copies;
    const file = source.file;
    let action = "import";
    if (storeNames.has(name) || fs3.existsSync(path3.join(memoryDir, file))) action = "present";
    else if (known.has(file) && !pending.has(file)) action = "removed";
    else if (taken.has(file)) action = "clash";
    if (action === "import") taken.add(file);
    const chars = source.description === void 0 ? 0 : [...source.description].length;
    items.push({ name, file, source, action, older, ...chars > DESCRIPTION_MAX ? { longDescription: chars } : {} });
  }
  return { dirs: scanned, otherDirs: otherDirs.filter((d) => !scanned.includes(realOr(d)) && realOr(d) !== store), items };
}
async function applyClaudeImport(ctx, plan, options) {
  const limits = withDefaults(ctx.guardrails);
  checkImportLimits(
    ctx.memoryDir,
    plan.items.filter((i) => i.action === "import"),
    limits,
    options.io,
    ctx.actor
  );
  await warmSecretScan();
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      const known = new Set(readHistory(ctx.memoryDir).entries.map((e) => e.card));
      const pending = pendingBatchFiles(ctx.memoryDir);
      const todo = plan.items.filter((i) => i.action === "import" && !fs3.existsSync(path3.join(ctx.memoryDir, i.file)) && (!known.has(i.file) || pending.has(i.file)));
      checkImportLimits(ctx.memoryDir, todo, limits, options.io, ctx.actor);
      const cards = [];
      for (const item of todo) {
        const { bytes, redactions } = await redactBytes(fs3.readFileSync(item.source.path), ctx.secrets);
        if (redactions.length > 0) item.redacted = redactions;
        const hook = (await redactSecrets(item.source.description ?? "", ctx.secrets)).text;
        cards.push({ file: item.file, content: bytes, indexLine: renderIndexLine({ title: item.source.title ?? item.name, file: item.file, hook }) });
      }
      await addCardsBatch(ctx, cards, "import", options.onProgress && ((done) => options.onProgress(done, cards.length)));
      return todo;
    },
    { timeoutMs: ctx.lockTimeoutMs }
  );
}
function checkImportLimits(memoryDir, items, limits, io, actor) {
  if (items.length === 0) return;
  const indexFile = path3.join(memoryDir, INDEX_FILE);
  const created = !fs3.existsSync(indexFile);
  const delta = items.reduce((n, i) => n + Buffer.byteLength(importIndexLine(i)) + 1, created ? Buffer.byteLength(EMPTY_INDEX) : 0);
  checkBatch(
    fs3.realpathSync(memoryDir),
    items.map((i) => ({ file: i.file, bytes: i.source.bytes })),
    { delta, created },
    limits,
    io,
    "Import",
    storeLimitsBind(actor)
  );
}
function importIndexLine(item) {
  return renderIndexLine({ title: item.source.title ?? item.name, file: item.file, hook: item.source.description ?? "" });
}
function defaultImportDirs(resolution, io) {
  const dirs = projectClaudeDirs(resolution, io);
  return { dirs, otherDirs: findClaudeMemoryDirs(io).filter((d) => !dirs.includes(d)) };
}
function storeCardNames(memoryDir) {
  const names = /* @__PURE__ */ new Set();
  for (const file of safeReaddir(memoryDir)) {
    if (!file.endsWith(".md") || file === INDEX_FILE) continue;
    const text = readOr(path3.join(memoryDir, file));
    const name = text === void 0 ? void 0 : parseCard(text).frontmatter.name;
    names.add(typeof name === "string" ? name.trim() : file.slice(0, -3));
  }
  return names;
}
function safeReaddir(dir) {
  try {
    return fs3.readdirSync(dir).sort();
  } catch {
    return [];
  }
}
function readOr(file) {
  try {
    return fs3.readFileSync(file, "utf8");
  } catch {
    return void 0;
  }
}
function isDirectory2(p) {
  try {
    return fs3.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
function realOr(p) {
  try {
    return fs3.realpathSync(p);
  } catch {
    return path3.resolve(p);
  }
}

export {
  projectClaudeDirs,
  planClaudeImport,
  applyClaudeImport,
  checkImportLimits,
  defaultImportDirs
};
