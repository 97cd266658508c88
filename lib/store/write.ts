import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { processAlive } from "./lock.js";
import { writeNewFile } from "./safe-write.js";
import { realpathOr } from "./checked-fs.js";

/** Random hex for temp names; node:crypto is loaded here, not at import: the hook's path imports this module (a
 * legacy store's owner record) and a typical prompt writes nothing. */
function randomHex(bytes: number): string {
  return (process.getBuiltinModule("node:crypto") as typeof import("node:crypto")).randomBytes(bytes).toString("hex");
}

export interface CommitOptions {
  /**
   * The one documented pause point (env MEMCTL_PAUSE_BEFORE_COMMIT_MS, read by the CLI): the new content is
   * complete and fsynced in its temp file, the target is untouched. Tests kill a writer here to show a
   * crash leaves the old file or the new one, never a torn one.
   */
  pauseBeforeCommitMs?: number;
  /** Never replace: the finished temp file is hard-linked to the target (EEXIST if it exists), then removed. */
  exclusive?: boolean;
  /**
   * For a user's file outside the store (a host or memctl config, often a symlink into a dotfiles repo): replace the
   * link's target, keeping the link, and create missing parent directories. Never used under a store.
   */
  followLink?: boolean;
  /**
   * false for transient state nobody needs after a crash (sync's journal, the merge result git reads back at once):
   * no fsync of the file or its directory. Still a temp and a rename, so a reader never sees a torn file.
   */
  durable?: boolean;
  /**
   * false: skip listing the directory for temps a killed writer left (sweepDeadTemps). For writes whose killed writer
   * is always followed by a recovery that sweeps (a card write's intent, lib/records/commit.ts): at 100,000 cards one
   * listing of the store root costs more than the rest of a save.
   */
  sweep?: boolean;
}

/**
 * Replaces `file` atomically: a temp file beside it (writeNewFile: O_EXCL|O_NOFOLLOW, a dot-name every reader skips),
 * write + fsync, rename over the target, fsync the directory. Keeps an existing file's mode.
 */
export async function commitFile(file: string, content: string | Buffer | Iterable<Uint8Array>, options: CommitOptions = {}): Promise<void> {
  const staged = stageOne(file, content, options);
  await pauseBeforeCommit(options);
  renameOne(staged, options);
}

/** The commit's pause point (tests widen the window a concurrent writer or a kill must land in). */
export async function pauseBeforeCommit(options: Pick<CommitOptions, "pauseBeforeCommitMs"> = {}): Promise<void> {
  if (options.pauseBeforeCommitMs && options.pauseBeforeCommitMs > 0) await new Promise((r) => setTimeout(r, options.pauseBeforeCommitMs));
}

/** commitFile for synchronous callers (sync's merge driver, git's work tree repairs); no pause point. */
export function commitFileSync(file: string, content: string | Buffer, options: Omit<CommitOptions, "pauseBeforeCommitMs"> = {}): void {
  renameOne(stageOne(file, content, options), options);
}

/** The content complete in a temp beside the target (fsynced when durable); the target untouched. */
function stageOne(file: string, content: string | Buffer | Iterable<Uint8Array>, options: CommitOptions): { file: string; temp: string } {
  if (options.followLink) {
    file = realpathOr(file); // where a link leads, all the way; the path itself when nothing is there
    fs.mkdirSync(path.dirname(file), { recursive: true });
  }
  const dir = path.dirname(file);
  if (options.sweep !== false) sweepDeadTemps(dir);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomHex(4)}.tmp`);
  let mode = 0o644;
  try {
    const stat = fs.lstatSync(file);
    // A link's own mode is 0777: the replacement gets the default, never that.
    if (stat.isFile()) mode = stat.mode & 0o777;
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  // The temp is removed by writeNewFile if writing it fails (a full disk), and by renameOne if the rename does.
  writeNewFile(temp, typeof content === "string" ? Buffer.from(content, "utf8") : content, { mode, fsync: options.durable !== false });
  return { file, temp };
}

function renameOne({ file, temp }: { file: string; temp: string }, options: CommitOptions): void {
  try {
    // rename replaces a link at `file` itself; it never writes through one. An exclusive create links the temp into
    // place instead, which fails rather than overwrite a name that appeared meanwhile.
    if (options.exclusive) {
      fs.linkSync(temp, file);
      fs.rmSync(temp, { force: true });
    } else fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
  if (options.durable !== false) syncDirectory(path.dirname(file));
}

const TEMP = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/**
 * Removes temp files left in `dir` by writers that were killed before their rename (their pid is gone).
 * Callers hold the store lock, so no live memctl writer is mid-write here.
 */
export function sweepDeadTemps(dir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = TEMP.exec(name)?.[1];
    if (pid !== undefined && !processAlive(Number(pid))) fs.rmSync(path.join(dir, name), { force: true });
  }
}

/** Makes a rename durable; some filesystems refuse fsync on a directory, which is harmless. */
export function syncDirectory(dir: string): void {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* best effort */
  }
}

/** The pause point from the environment (see CommitOptions); absent or invalid means no pause. */
export function pauseFromEnv(env: Record<string, string | undefined>): CommitOptions {
  const ms = Number(env.MEMCTL_PAUSE_BEFORE_COMMIT_MS);
  return Number.isFinite(ms) && ms > 0 ? { pauseBeforeCommitMs: ms } : {};
}

/**
 * The first half of commitFile for many files at once: each content complete and fsynced in its own temp file
 * beside its target (the same dot-name pattern, so a killed writer's temps are swept), `concurrency` at a time
 * so the disk can group the flushes. Returns the temp paths in input order; on failure removes every temp it made.
 * The caller renames them into place (commitStaged) once whatever must precede the files is written.
 */
export async function stageFiles(files: readonly { file: string; content: Buffer }[], onStaged?: (done: number) => void, concurrency = 8): Promise<string[]> {
  const random = randomHex(4 * files.length); // one call: thousands of small ones cost more than the writes
  const temps = files.map(({ file }, i) => path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${random.slice(8 * i, 8 * i + 8)}.tmp`));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      const handle = await fs.promises.open(temps[i]!, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o644);
      try {
        await handle.writeFile(files[i]!.content);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      onStaged?.(++done);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  } catch (err) {
    for (const temp of temps) fs.rmSync(temp, { force: true });
    throw err;
  }
  return temps;
}

/** The second half: renames staged temps over their targets, then makes the renames durable with one fsync per directory. */
export function commitStaged(pairs: readonly { temp: string; file: string }[]): void {
  const dirs = new Set<string>();
  for (const { temp, file } of pairs) {
    fs.renameSync(temp, file);
    dirs.add(path.dirname(file));
  }
  for (const dir of dirs) syncDirectory(dir);
}
