// lib/records/import-claude.ts
import fs from "node:fs";
import path from "node:path";
import { claudeConfigHome, findClaudeMemoryDirs, listClaudeCards, readClaudeCard } from "../config/claude-memory.js";
import { findRepo, ownsGitDir } from "../config/git.js";
import { legacyOwner } from "../config/legacy-owner.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { checkBatch, storeLimitsBind, withDefaults } from "./guardrails.js";
import { readHistory } from "../store/history.js";
import { withStoreLock } from "../store/lock.js";
import { claudeSlug } from "../config/project.js";
import { addCardsBatch, pendingBatchFiles } from "./batch.js";
import { DESCRIPTION_MAX, withoutTagBytes } from "../core/card-rules.js";
import { parseCard } from "../core/card.js";
import { EMPTY_INDEX } from "../core/index-edit.js";
import { redactBytes, redactSecrets, warmSecretScan } from "./secrets.js";
import { parseIndex, renderIndexLine } from "../core/index-file.js";
import { INDEX_FILE } from "../store/read.js";
import { DEFAULT_READ_CAP, isDirectory, readRegularUtf8, realpathOr } from "../store/checked-fs.js";
import { claudeCardFiles, earlierNotes, firstOfSection, isNote, listClaudeNotes, noteNow, noteSection, noteText } from "./import-prose.js";
function projectClaudeDirs(resolution, io) {
  const roots = /* @__PURE__ */ new Set([resolution.canonical_repo, resolution.repo_root]);
  const repo = findRepo(resolution.canonical_repo);
  if (repo && ownsGitDir(repo)) {
    const worktrees = path.join(repo.commonDir, "worktrees");
    for (const name of safeReaddir(worktrees)) {
      const gitdir = readOr(path.join(worktrees, name, "gitdir"))?.trim();
      if (!gitdir) continue;
      const root = path.dirname(path.resolve(worktrees, name, gitdir));
      if (findRepo(root)?.commonDir === repo.commonDir) roots.add(root);
    }
  }
  const projects = path.join(claudeConfigHome(io), "projects");
  return [...roots].map((r) => path.join(projects, claudeSlug(r), "memory")).filter((d) => isDirectory(d) && (legacyOwner(d) ?? resolution.canonical_repo) === resolution.canonical_repo).sort();
}
function planClaudeImport(memoryDir, dirs, otherDirs) {
  const store = realpathOr(memoryDir);
  const scanned = [...new Set(dirs.map(realpathOr))].filter((d) => d !== store);
  const byName = /* @__PURE__ */ new Map();
  const skipped = [];
  const notesByName = /* @__PURE__ */ new Map();
  for (const dir of scanned) {
    const cards = listClaudeCards(dir, skipped);
    for (const card of cards) byName.set(card.name, [...byName.get(card.name) ?? [], card]);
    const types = new Map(cards.map((c) => [c.file, c.type]));
    for (const note of listClaudeNotes(dir, claudeCardFiles(dir), types, skipped)) notesByName.set(note.name, [...notesByName.get(note.name) ?? [], note]);
  }
  const history = readHistory(memoryDir);
  const known = new Set(history.entries.map((e) => e.card));
  const pending = pendingBatchFiles(memoryDir);
  const storeNames = storeCardNames(memoryDir);
  const earlier = earlierNotes(parseIndex(readOr(path.join(memoryDir, INDEX_FILE)) ?? "").entries, history.entries);
  const taken = /* @__PURE__ */ new Set();
  const items = [];
  const groups = [...[...byName].sort(byKey), ...[...notesByName].sort(byPlace)];
  for (const [name, found] of groups) {
    const copies = found.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : 1));
    const [source, ...older] = copies;
    let file = source.file;
    let action = "import";
    if (storeNames.has(name) || fs.existsSync(path.join(memoryDir, file))) action = "present";
    else if (known.has(file) && !pending.has(file)) action = "removed";
    else if (isNote(source) && earlier.byTitle.has(source.title ?? "")) [action, file] = ["changed", earlier.byTitle.get(source.title ?? "")];
    else if (isNote(source) && firstOfSection(source) && earlier.removedSections.has(noteSection(source))) action = "removed";
    else if (taken.has(file) || isNote(source) && byName.has(name)) action = "clash";
    if (action === "import") taken.add(file);
    const chars = source.description === void 0 ? 0 : [...source.description].length;
    items.push({ name, file, source, action, older, ...chars > DESCRIPTION_MAX ? { longDescription: chars } : {} });
  }
  return { dirs: scanned, otherDirs: otherDirs.filter((d) => !scanned.includes(realpathOr(d)) && realpathOr(d) !== store), items, skipped };
}
function byKey(a, b) {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}
function byPlace(a, b) {
  const [x, y] = [a[1][0], b[1][0]];
  const [lx, ly] = [isNote(x) ? x.note.line : 0, isNote(y) ? y.note.line : 0];
  return x.path < y.path ? -1 : x.path > y.path ? 1 : lx - ly || byKey(a, b);
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
      const todo = plan.items.filter((i) => i.action === "import" && !fs.existsSync(path.join(ctx.memoryDir, i.file)) && (!known.has(i.file) || pending.has(i.file)));
      checkImportLimits(ctx.memoryDir, todo, limits, options.io, ctx.actor);
      const cards = [];
      const reads = /* @__PURE__ */ new Map();
      for (const item of todo) {
        const read = reads.get(item.source.path) ?? readClaudeCard(item.source.path);
        reads.set(item.source.path, read);
        if ("reason" in read)
          throw new MemctlError(
            ERROR_CODES.E_PATH_ESCAPE,
            `${item.source.path} changed since the preview: ${read.reason || "it is gone"}; nothing was imported. Run the import again.`,
            {
              path: item.source.path
            }
          );
        const visible = withoutTagBytes(importBytes(item, read.bytes));
        const { bytes, redactions } = await redactBytes(Buffer.from(visible.bytes), ctx.secrets);
        if (redactions.length > 0) item.redacted = redactions;
        const hook = (await redactSecrets(withoutTags(item.source.description ?? "").text, ctx.secrets)).text;
        const title = withoutTags(item.source.title ?? item.name);
        if (visible.removed + title.removed > 0) item.hidden = visible.removed + title.removed;
        cards.push({
          file: item.file,
          content: bytes,
          indexLine: renderIndexLine({ title: (await redactSecrets(title.text, ctx.secrets)).text, file: item.file, hook })
        });
      }
      await addCardsBatch(ctx, cards, "import", options.onProgress && ((done) => options.onProgress(done, cards.length)));
      return todo;
    },
    { timeoutMs: ctx.lockTimeoutMs }
  );
}
function withoutTags(text) {
  const { bytes, removed } = withoutTagBytes(Buffer.from(text, "utf8"));
  return { text: removed === 0 ? text : Buffer.from(bytes).toString("utf8"), removed };
}
function importBytes(item, read) {
  const source = item.source;
  if (!isNote(source)) return Buffer.from(read);
  const note = noteNow(source, read, claudeCardFiles(source.dir));
  if (note === void 0)
    throw new MemctlError(
      ERROR_CODES.E_STALE_BASE,
      `${source.path} changed since the preview: the text under "${source.title}" (line ${source.note.line}) is no longer there; nothing was imported. Run the import again.`,
      { path: source.path, line: source.note.line }
    );
  return Buffer.from(noteText(source, note.text));
}
function checkImportLimits(memoryDir, items, limits, io, actor) {
  if (items.length === 0) return;
  const indexFile = path.join(memoryDir, INDEX_FILE);
  const created = !fs.existsSync(indexFile);
  const delta = items.reduce((n, i) => n + Buffer.byteLength(importIndexLine(i)) + 1, created ? Buffer.byteLength(EMPTY_INDEX) : 0);
  checkBatch(
    fs.realpathSync(memoryDir),
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
    const text = readOr(path.join(memoryDir, file));
    const name = text === void 0 ? void 0 : parseCard(text).frontmatter.name;
    names.add(typeof name === "string" ? name.trim() : file.slice(0, -3));
  }
  return names;
}
function safeReaddir(dir) {
  try {
    return fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
}
function readOr(file) {
  try {
    return readRegularUtf8(file, DEFAULT_READ_CAP, { nofollow: true });
  } catch {
    return void 0;
  }
}
export {
  applyClaudeImport,
  checkImportLimits,
  defaultImportDirs,
  planClaudeImport,
  projectClaudeDirs
};
