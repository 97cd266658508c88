import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../lib/core/errors.js";
import { sha256Hex } from "../lib/core/sha256.js";
import { memctlStateHome } from "../lib/store/paths.js";
import { commitFile } from "../lib/store/write.js";
import { readRegularUtf8, realpathOr, TOO_LARGE } from "../lib/store/checked-fs.js";
import { isInside } from "../lib/core/instruction-imports.js";

/**
 * A pure config edit: the file's text before (null = absent) → after (null = absent). Throws to refuse.
 * `original` is the backup memctl kept before its first change of the file (null when there is none, i.e. the
 * file did not exist then): uninstall uses it to keep containers the user had and to delete files memctl created.
 */
export type TextEdit = (before: string | null, original: string | null) => string | null;

/** What one edit would do (or did) to one file. */
export interface FileChange {
  file: string;
  before: string | null;
  after: string | null;
  changed: boolean;
  /** Where the pre-change copy is (only on the first change of a file that existed). */
  backup?: string;
}

/** Where memctl before this version kept a backup: beside the file, so a project's backups sat untracked in its root. */
export const LEGACY_BACKUP_SUFFIX = ".memctl-backup";

/** The folder of install's backups, beside memctl's other state: <state>/backups. */
export function backupsDir(io: { env: Record<string, string | undefined>; home: string }): string {
  return path.join(memctlStateHome(io), "backups");
}

/** A file's backup: backups/<hash of its absolute path>/<its name>, with `source` naming the file it copies. */
export function backupPath(file: string, backups: string): string {
  return path.join(backups, sha256Hex(path.resolve(file)).slice(0, 16), path.basename(file));
}

/** The backup kept of a file, at its place in the state folder or where an older memctl left it. */
export function findBackup(file: string, backups: string): { path: string; legacy: boolean } | null {
  const current = backupPath(file, backups);
  if (fs.existsSync(current)) return { path: current, legacy: false };
  return fs.existsSync(file + LEGACY_BACKUP_SUFFIX) ? { path: file + LEGACY_BACKUP_SUFFIX, legacy: true } : null;
}

/** The text memctl saved before its first change of the file (null: none, the file did not exist then). */
export function readBackup(file: string, backups: string): string | null {
  const found = findBackup(file, backups);
  return found ? readText(found.path) : null;
}

/**
 * Copies `from` to the file's backup place, with `source` written first; never over an existing copy unless
 * `replace` (a copy left from an install since undone, which no longer says what the file was).
 */
export function keepBackup(file: string, from: string, backups: string, options: { replace?: boolean } = {}): string {
  const target = backupPath(file, backups);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(path.join(path.dirname(target), "source"), path.resolve(file) + "\n");
  if (options.replace) fs.rmSync(target, { force: true });
  fs.copyFileSync(from, target, fs.constants.COPYFILE_EXCL);
  return target;
}

/**
 * The largest host config (JSON, TOML) a project or local install reads: a clone's file, and parsing makes an object
 * per value (a 24 MB `.mcp.json` took `install --status` to 3.2 GB). The user's own files are not bounded by it.
 */
export const PROJECT_CONFIG_MAX_BYTES = 1024 * 1024;

/** The read cap for a host file: PROJECT_CONFIG_MAX_BYTES for a JSON or TOML file inside the project, else none. */
export function hostFileCap(ctx: { projectDir: string; io: { home: string } }, file: string): number | undefined {
  if (!/\.(jsonc?|toml)$/i.test(file)) return undefined;
  const project = realpathOr(ctx.projectDir);
  if (isInside(realpathOr(ctx.io.home), project)) return undefined; // a project holding the home holds the user's own files
  return isInside(realpathOr(file), project) ? PROJECT_CONFIG_MAX_BYTES : undefined;
}

export function readText(file: string, cap?: number): string | null {
  try {
    // Never blocks: a FIFO or a device (a project's link to /dev/zero) is refused, not read (checked-fs.ts).
    return readRegularUtf8(file, cap);
  } catch (err) {
    if (systemCode(err) === "ENOENT") return null;
    const why = systemCode(err) === TOO_LARGE ? "; a project's host config is at most 1 MiB here (it is the clone's file, not yours), so it was not read" : "";
    throw new MemctlError(ERROR_CODES.E_IO, `cannot read ${file}: ${(err as Error).message}${why}`, { file });
  }
}

/**
 * An older memctl's backup beside the file moves to the state folder: still the original, out of the repository.
 * Returns where the file's backup now is (null: it has none).
 */
export function moveLegacyBackup(file: string, backups: string): string | null {
  const kept = findBackup(file, backups);
  if (!kept?.legacy) return kept?.path ?? null;
  const moved = keepBackup(file, kept.path, backups);
  fs.rmSync(kept.path);
  return moved;
}

/** Runs an edit against the file on disk without writing anything. */
export function planEdit(file: string, edit: TextEdit, backups: string): FileChange {
  const before = readText(file);
  const after = edit(before, readBackup(file, backups));
  return { file, before, after, changed: after !== before };
}

/**
 * The one writer: applies an edit, keeping a backup of the file the first time memctl changes it, writing
 * atomically, deleting when the edit says the file should not exist, and doing nothing when nothing changes.
 */
export async function applyEdit(file: string, edit: TextEdit, options: { backups: string; dryRun?: boolean; stopAt?: string; owned?: boolean }): Promise<FileChange> {
  const change = planEdit(file, edit, options.backups);
  if (!change.changed || options.dryRun) return change;
  return commitChange(change, options);
}

/** Writes a planned change to disk (see applyEdit). A file wholly memctl's (`owned`) gets no backup. */
export async function commitChange(change: FileChange, options: { backups: string; stopAt?: string; owned?: boolean }): Promise<FileChange> {
  const { file, before, after } = change;
  const { stopAt, owned, backups } = options;
  if (!change.changed) return change;
  let backup: string | undefined;
  const kept = moveLegacyBackup(file, backups);
  if (!kept && before !== null && after !== null && !owned) {
    // Edits delete a file only when what is left is memctl's own (or nothing), so a deletion needs no backup.
    backup = keepBackup(file, file, backups);
  }
  if (after === null) {
    fs.rmSync(file, { force: true });
    if (stopAt) removeEmptyDirs(path.dirname(file), stopAt);
  } else {
    // A config kept in a dotfiles repo is often a symlink: write through it, never replace the link.
    await commitFile(file, after, { followLink: true });
  }
  return { ...change, ...(backup ? { backup } : {}) };
}

/**
 * Removes now-empty directories from `dir` up to (not including) `stopAt`, e.g. a skill folder memctl made. Only
 * for files an older memctl wrote, which left no record of the folders it created (record.ts).
 */
export function removeEmptyDirs(dir: string, stopAt: string): void {
  const stop = path.resolve(stopAt);
  let current = path.resolve(dir);
  while (current.startsWith(stop + path.sep) && current !== stop) {
    try {
      fs.rmdirSync(current);
    } catch {
      return;
    }
    current = path.dirname(current);
  }
}

/** A short unified-style diff of one change, for --dry-run. Common leading and trailing lines are elided. */
export function renderDiff(change: FileChange): string {
  const a = change.before === null ? [] : change.before.split("\n");
  const b = change.after === null ? [] : change.after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const context = 2;
  const from = Math.max(0, head - context);
  const lines = [`--- ${change.before === null ? "/dev/null" : change.file}`, `+++ ${change.after === null ? "/dev/null" : change.file}`, `@@ line ${from + 1} @@`];
  for (let i = from; i < head; i++) lines.push(` ${a[i]}`);
  for (let i = head; i < a.length - tail; i++) lines.push(`-${a[i]}`);
  for (let i = head; i < b.length - tail; i++) lines.push(`+${b[i]}`);
  for (let i = a.length - tail; i < Math.min(a.length, a.length - tail + context); i++) lines.push(` ${a[i]}`);
  return lines.join("\n") + "\n";
}
