import fs from "node:fs";
import path from "node:path";
import { claudeConfigHome, findClaudeMemoryDirs, listClaudeCards, type ClaudeCard } from "./claude-memory.js";
import { findRepo } from "./git.js";
import { appendHistory, makeEntry, readHistory } from "./history.js";
import type { Io } from "./io.js";
import { withStoreLock } from "./lock.js";
import { claudeSlug } from "./project.js";
import { DESCRIPTION_MAX, type WriteContext } from "./records.js";
import type { Resolution } from "./resolve.js";
import { parseCard } from "./store/card.js";
import { EMPTY_INDEX, indexHas, upsertIndexLine } from "./store/index-edit.js";
import { redactBytes, redactSecrets, warmSecretScan, type SecretFinding } from "./secrets.js";
import { renderIndexLine } from "./store/index-file.js";
import { INDEX_FILE } from "./store/read.js";
import { commitFile } from "./store/write.js";

// One-way rescue of Claude Code's own memory into the canonical store. Mechanistic: cards come in byte
// for byte (no 200-character rule, no truncation), attributed to `system`, deduplicated by name with the
// newest copy winning, and only when memctl lacks them — so a re-run imports nothing and never clobbers.

export interface ImportItem {
  name: string;
  /** The file name it gets in the store (the source's own file name). */
  file: string;
  source: ClaudeCard;
  action: "import" | "present" | "removed" | "clash";
  /** Older copies of the same name that lost to `source`. */
  older: ClaudeCard[];
  /** Characters in the description when over the authoring limit (stored verbatim anyway). */
  longDescription?: number;
  /** Secrets replaced by [REDACTED:<kind>] on the way in (imports are stored, never refused). */
  redacted?: SecretFinding[];
}

export interface ImportPlan {
  dirs: string[];
  /** Claude memory directories of other projects, not scanned unless passed with --from. */
  otherDirs: string[];
  items: ImportItem[];
}

/** Claude memory dirs that belong to this project: its canonical root and every linked worktree, by slug. */
export function projectClaudeDirs(resolution: Resolution, io: Pick<Io, "env" | "home">): string[] {
  const roots = new Set([resolution.canonical_repo, resolution.repo_root]);
  const repo = findRepo(resolution.canonical_repo);
  if (repo) {
    const worktrees = path.join(repo.commonDir, "worktrees");
    for (const name of safeReaddir(worktrees)) {
      const gitdir = readOr(path.join(worktrees, name, "gitdir"))?.trim();
      if (gitdir) roots.add(path.dirname(path.resolve(worktrees, name, gitdir)));
    }
  }
  const projects = path.join(claudeConfigHome(io), "projects");
  return [...roots].map((r) => path.join(projects, claudeSlug(r), "memory")).filter((d) => isDirectory(d)).sort();
}

/** What an import would do, without writing anything. */
export function planClaudeImport(memoryDir: string, dirs: string[], otherDirs: string[]): ImportPlan {
  const store = realOr(memoryDir);
  const scanned = [...new Set(dirs.map(realOr))].filter((d) => d !== store);
  const byName = new Map<string, ClaudeCard[]>();
  for (const dir of scanned) for (const card of listClaudeCards(dir)) byName.set(card.name, [...(byName.get(card.name) ?? []), card]);
  const history = readHistory(memoryDir);
  const known = new Set(history.entries.map((e) => e.card));
  const storeNames = storeCardNames(memoryDir);
  const taken = new Set<string>();
  const items: ImportItem[] = [];
  for (const name of [...byName.keys()].sort()) {
    const copies = byName.get(name)!.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : 1));
    const [source, ...older] = copies as [ClaudeCard, ...ClaudeCard[]];
    const file = source.file;
    let action: ImportItem["action"] = "import";
    if (storeNames.has(name) || fs.existsSync(path.join(memoryDir, file))) action = "present";
    else if (known.has(file)) action = "removed";
    else if (taken.has(file)) action = "clash";
    if (action === "import") taken.add(file);
    const chars = source.description === undefined ? 0 : [...source.description].length;
    items.push({ name, file, source, action, older, ...(chars > DESCRIPTION_MAX ? { longDescription: chars } : {}) });
  }
  return { dirs: scanned, otherDirs: otherDirs.filter((d) => !scanned.includes(realOr(d)) && realOr(d) !== store), items };
}

/** Imports every `import` item of the plan under the store lock, re-checking each against the store there. */
export async function applyClaudeImport(ctx: WriteContext, plan: ImportPlan): Promise<ImportItem[]> {
  await warmSecretScan();
  return withStoreLock(ctx.memoryDir, async () => {
    const imported: ImportItem[] = [];
    const entries = [...readHistory(ctx.memoryDir).entries];
    const indexFile = path.join(ctx.memoryDir, INDEX_FILE);
    let index = readOr(indexFile) ?? EMPTY_INDEX;
    const original = index;
    for (const item of plan.items) {
      if (item.action !== "import") continue;
      const target = path.join(ctx.memoryDir, item.file);
      if (fs.existsSync(target) || entries.some((e) => e.card === item.file)) continue; // appeared since planning
      const { bytes, redactions } = await redactBytes(fs.readFileSync(item.source.path), ctx.secrets);
      if (redactions.length > 0) item.redacted = redactions;
      await commitFile(target, bytes, ctx.commit);
      const entry = makeEntry(entries, item.file, "import", ctx.actor, ctx.now, bytes);
      appendHistory(ctx.memoryDir, entry);
      entries.push(entry);
      if (!indexHas(index, item.file)) index = upsertIndexLine(index, item.file, renderIndexLine({ title: item.name, file: item.file, hook: (await redactSecrets(item.source.description ?? "", ctx.secrets)).text }));
      imported.push(item);
    }
    if (index !== original) await commitFile(indexFile, index, ctx.commit);
    return imported;
  }, { timeoutMs: ctx.lockTimeoutMs });
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

function readOr(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function realOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
