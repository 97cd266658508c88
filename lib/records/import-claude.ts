import fs from "node:fs";
import path from "node:path";
import { claudeConfigHome, findClaudeMemoryDirs, listClaudeCards, readClaudeCard, type ClaudeCard, type SkippedClaudeFile } from "../config/claude-memory.js";
import { findRepo, ownsGitDir } from "../config/git.js";
import { legacyOwner } from "../config/legacy-owner.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { checkBatch, storeLimitsBind, withDefaults, type Guardrails } from "./guardrails.js";
import { readHistory } from "../store/history.js";
import type { Io } from "../store/io.js";
import { withStoreLock } from "../store/lock.js";
import { claudeSlug } from "../config/project.js";
import { addCardsBatch, pendingBatchFiles, type BatchCard } from "./batch.js";
import { DESCRIPTION_MAX, withoutTagBytes } from "../core/card-rules.js";
import type { WriteContext } from "./save.js";
import type { Resolution } from "../config/resolve.js";
import { parseCard } from "../core/card.js";
import { EMPTY_INDEX } from "../core/index-edit.js";
import { redactBytes, redactSecrets, warmSecretScan, type SecretFinding } from "./secrets.js";
import { parseIndex, renderIndexLine } from "../core/index-file.js";
import { INDEX_FILE } from "../store/read.js";
import { DEFAULT_READ_CAP, isDirectory, readRegularUtf8, realpathOr } from "../store/checked-fs.js";
import { claudeCardFiles, earlierNotes, firstOfSection, isNote, listClaudeNotes, noteNow, noteSection, noteText } from "./import-prose.js";

// One-way rescue of Claude Code's own memory into the canonical store. Mechanistic: cards come in byte
// for byte (no 200-character rule, no truncation), attributed to `system`, deduplicated by name with the
// newest copy winning, and only when memctl lacks them — so a re-run imports nothing and never clobbers.

export interface ImportItem {
  name: string;
  /** The file name it gets in the store (the source's own file name). */
  file: string;
  source: ClaudeCard;
  /** changed: a MEMORY.md section an earlier import made a note of, edited in Claude's copy since (`file` is that note). */
  action: "import" | "present" | "removed" | "clash" | "changed";
  /** Older copies of the same name that lost to `source`. */
  older: ClaudeCard[];
  /** Characters in the description when over the authoring limit (stored verbatim anyway). */
  longDescription?: number;
  /** Secrets replaced by [REDACTED:<kind>] on the way in (imports are stored, never refused). */
  redacted?: SecretFinding[];
  /** Unicode tag characters dropped on the way in, from the card and its title (see withoutTagBytes). */
  hidden?: number;
}

export interface ImportPlan {
  dirs: string[];
  /** Claude memory directories of other projects, not scanned unless passed with --from. */
  otherDirs: string[];
  items: ImportItem[];
  /** Files of the scanned directories never read: links, special files, hard-linked files (with why). */
  skipped: SkippedClaudeFile[];
}

/** Claude memory dirs that belong to this project: its canonical root and every linked worktree, by slug. */
export function projectClaudeDirs(resolution: Resolution, io: Pick<Io, "env" | "home">): string[] {
  const roots = new Set([resolution.canonical_repo, resolution.repo_root]);
  const repo = findRepo(resolution.canonical_repo);
  if (repo && ownsGitDir(repo)) {
    const worktrees = path.join(repo.commonDir, "worktrees");
    for (const name of safeReaddir(worktrees)) {
      const gitdir = readOr(path.join(worktrees, name, "gitdir"))?.trim();
      if (!gitdir) continue;
      // A worktree counts when it names this repository back (its .git file), as findRepo believes one: an unpacked
      // archive's .git/worktrees/x/gitdir can name any checkout, whose Claude memory is another project's.
      const root = path.dirname(path.resolve(worktrees, name, gitdir));
      if (findRepo(root)?.commonDir === repo.commonDir) roots.add(root);
    }
  }
  const projects = path.join(claudeConfigHome(io), "projects");
  return (
    [...roots]
      .map((r) => path.join(projects, claudeSlug(r), "memory"))
      // A folder Claude names this project's may be another project's legacy store (the names collide): not ours.
      .filter((d) => isDirectory(d) && (legacyOwner(d) ?? resolution.canonical_repo) === resolution.canonical_repo)
      .sort()
  );
}

/** What an import would do, without writing anything. */
export function planClaudeImport(memoryDir: string, dirs: string[], otherDirs: string[]): ImportPlan {
  const store = realpathOr(memoryDir);
  const scanned = [...new Set(dirs.map(realpathOr))].filter((d) => d !== store);
  const byName = new Map<string, ClaudeCard[]>();
  const skipped: SkippedClaudeFile[] = [];
  const notesByName = new Map<string, ClaudeCard[]>();
  for (const dir of scanned) {
    const cards = listClaudeCards(dir, skipped);
    for (const card of cards) byName.set(card.name, [...(byName.get(card.name) ?? []), card]);
    // MEMORY.md's prose, one note per run; kept apart so a note never stands in for a card of the same name.
    const types = new Map(cards.map((c) => [c.file, c.type]));
    for (const note of listClaudeNotes(dir, claudeCardFiles(dir), types, skipped)) notesByName.set(note.name, [...(notesByName.get(note.name) ?? []), note]);
  }
  const history = readHistory(memoryDir);
  const known = new Set(history.entries.map((e) => e.card));
  const pending = pendingBatchFiles(memoryDir); // recorded by an import that was killed before placing them
  const storeNames = storeCardNames(memoryDir);
  const earlier = earlierNotes(parseIndex(readOr(path.join(memoryDir, INDEX_FILE)) ?? "").entries, history.entries);
  const taken = new Set<string>();
  const items: ImportItem[] = [];
  // Notes in MEMORY.md's order (the order a person reads them in), after the cards.
  const groups = [...[...byName].sort(byKey), ...[...notesByName].sort(byPlace)];
  for (const [name, found] of groups) {
    const copies = found.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : 1));
    const [source, ...older] = copies as [ClaudeCard, ...ClaudeCard[]];
    let file = source.file;
    let action: ImportItem["action"] = "import";
    if (storeNames.has(name) || fs.existsSync(path.join(memoryDir, file))) action = "present";
    else if (known.has(file) && !pending.has(file)) action = "removed";
    else if (isNote(source) && earlier.byTitle.has(source.title ?? "")) [action, file] = ["changed", earlier.byTitle.get(source.title ?? "")!];
    else if (isNote(source) && firstOfSection(source) && earlier.removedSections.has(noteSection(source))) action = "removed";
    else if (taken.has(file) || (isNote(source) && byName.has(name))) action = "clash";
    if (action === "import") taken.add(file);
    const chars = source.description === undefined ? 0 : [...source.description].length;
    items.push({ name, file, source, action, older, ...(chars > DESCRIPTION_MAX ? { longDescription: chars } : {}) });
  }
  return { dirs: scanned, otherDirs: otherDirs.filter((d) => !scanned.includes(realpathOr(d)) && realpathOr(d) !== store), items, skipped };
}

function byKey(a: [string, unknown], b: [string, unknown]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

function byPlace(a: [string, ClaudeCard[]], b: [string, ClaudeCard[]]): number {
  const [x, y] = [a[1][0]!, b[1][0]!];
  const [lx, ly] = [isNote(x) ? x.note.line : 0, isNote(y) ? y.note.line : 0];
  return x.path < y.path ? -1 : x.path > y.path ? 1 : lx - ly || byKey(a, b);
}

/** What apply needs besides the plan: the config limits, who to tell about progress. */
export interface ApplyOptions {
  io: Pick<Io, "env" | "home">;
  /** Told how many of `total` cards are written so far. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Imports every `import` item of the plan in one batch under the store lock, re-checking each against the
 * store there. The guardrails are checked for the whole import before the lock (so a refusal creates nothing,
 * not even .memctl/) and again inside it; a refusal writes nothing.
 */
export async function applyClaudeImport(ctx: WriteContext, plan: ImportPlan, options: ApplyOptions): Promise<ImportItem[]> {
  const limits = withDefaults(ctx.guardrails);
  checkImportLimits(
    ctx.memoryDir,
    plan.items.filter((i) => i.action === "import"),
    limits,
    options.io,
    ctx.actor,
  );
  await warmSecretScan();
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      const known = new Set(readHistory(ctx.memoryDir).entries.map((e) => e.card));
      const pending = pendingBatchFiles(ctx.memoryDir);
      // Appeared since planning: a file now present, or a card history now knows (unless a killed import left it).
      const todo = plan.items.filter((i) => i.action === "import" && !fs.existsSync(path.join(ctx.memoryDir, i.file)) && (!known.has(i.file) || pending.has(i.file)));
      checkImportLimits(ctx.memoryDir, todo, limits, options.io, ctx.actor);
      // Imports are stored with any secret redacted (and the redaction reported), never refused.
      const cards: BatchCard[] = [];
      const reads = new Map<string, ReturnType<typeof readClaudeCard>>();
      for (const item of todo) {
        // Read again as it was planned: a file swapped for a link, a FIFO or a hard link since is refused.
        const read = reads.get(item.source.path) ?? readClaudeCard(item.source.path);
        reads.set(item.source.path, read);
        if ("reason" in read)
          throw new MemctlError(
            ERROR_CODES.E_PATH_ESCAPE,
            `${item.source.path} changed since the preview: ${read.reason || "it is gone"}; nothing was imported. Run the import again.`,
            {
              path: item.source.path,
            },
          );
        const visible = withoutTagBytes(importBytes(item, read.bytes));
        const { bytes, redactions } = await redactBytes(Buffer.from(visible.bytes), ctx.secrets);
        if (redactions.length > 0) item.redacted = redactions;
        // The hook is the card's description, whose tag characters were counted in the card.
        const hook = (await redactSecrets(withoutTags(item.source.description ?? "").text, ctx.secrets)).text;
        const title = withoutTags(item.source.title ?? item.name);
        if (visible.removed + title.removed > 0) item.hidden = visible.removed + title.removed;
        cards.push({
          file: item.file,
          content: bytes,
          indexLine: renderIndexLine({ title: (await redactSecrets(title.text, ctx.secrets)).text, file: item.file, hook }),
        });
      }
      await addCardsBatch(ctx, cards, "import", options.onProgress && ((done) => options.onProgress!(done, cards.length)));
      return todo;
    },
    { timeoutMs: ctx.lockTimeoutMs },
  );
}

function withoutTags(text: string): { text: string; removed: number } {
  const { bytes, removed } = withoutTagBytes(Buffer.from(text, "utf8"));
  return { text: removed === 0 ? text : Buffer.from(bytes).toString("utf8"), removed };
}

/** What an item writes: a card file's bytes as read, or for a MEMORY.md note the card made from its text as it is now. */
function importBytes(item: ImportItem, read: Uint8Array): Buffer {
  const source = item.source;
  if (!isNote(source)) return Buffer.from(read);
  const note = noteNow(source, read, claudeCardFiles(source.dir));
  if (note === undefined)
    throw new MemctlError(
      ERROR_CODES.E_STALE_BASE,
      `${source.path} changed since the preview: the text under "${source.title}" (line ${source.note.line}) is no longer there; nothing was imported. Run the import again.`,
      { path: source.path, line: source.note.line },
    );
  return Buffer.from(noteText(source, note.text));
}

/**
 * Throws E_GUARDRAIL when importing `items` as `actor` would take the store past a limit (lib/records/guardrails.ts
 * checkBatch); the owner's import (`system`) is checked per file only.
 */
export function checkImportLimits(memoryDir: string, items: readonly ImportItem[], limits: Guardrails, io: Pick<Io, "env" | "home">, actor: string): void {
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
    storeLimitsBind(actor),
  );
}

/** The index line an imported card gets (before redaction: what the guardrails count up front). */
function importIndexLine(item: ImportItem): string {
  return renderIndexLine({ title: item.source.title ?? item.name, file: item.file, hook: item.source.description ?? "" });
}

/** The default scan: this project's Claude memory dirs; every other one found is listed, not read. */
export function defaultImportDirs(resolution: Resolution, io: Pick<Io, "env" | "home">): { dirs: string[]; otherDirs: string[] } {
  const dirs = projectClaudeDirs(resolution, io);
  return { dirs, otherDirs: findClaudeMemoryDirs(io).filter((d) => !dirs.includes(d)) };
}

function storeCardNames(memoryDir: string): Set<string> {
  const names = new Set<string>();
  for (const file of safeReaddir(memoryDir)) {
    if (!file.endsWith(".md") || file === INDEX_FILE) continue;
    const text = readOr(path.join(memoryDir, file));
    const name = text === undefined ? undefined : parseCard(text).frontmatter.name;
    names.add(typeof name === "string" ? name.trim() : file.slice(0, -3));
  }
  return names;
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** A file's text through the checked reader (a store in a project checkout brings links: one to /dev/zero grew an import past 2.8 GB), or undefined. */
function readOr(file: string): string | undefined {
  try {
    return readRegularUtf8(file, DEFAULT_READ_CAP, { nofollow: true });
  } catch {
    return undefined;
  }
}
