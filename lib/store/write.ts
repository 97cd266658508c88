import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../errors.js";

export interface CommitOptions {
  /**
   * The one documented pause point (env MEMCTL_PAUSE_BEFORE_COMMIT_MS, read by the CLI): the new content is
   * complete and fsynced in its temp file, the target is untouched. Tests kill a writer here to show a
   * crash leaves the old file or the new one, never a torn one.
   */
  pauseBeforeCommitMs?: number;
}

/**
 * Replaces `file` atomically: a temp file beside it (O_EXCL|O_NOFOLLOW, a dot-name every reader skips),
 * write + fsync, rename over the target, fsync the directory. Keeps an existing file's mode.
 */
export async function commitFile(file: string, content: string | Buffer, options: CommitOptions = {}): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  let mode = 0o644;
  try {
    mode = fs.lstatSync(file).mode & 0o777;
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, mode);
  try {
    try {
      const buffer = typeof content === "string" ? Buffer.from(content, "utf8") : content;
      let written = 0;
      while (written < buffer.length) written += fs.writeSync(fd, buffer, written, buffer.length - written);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (options.pauseBeforeCommitMs && options.pauseBeforeCommitMs > 0) await new Promise((r) => setTimeout(r, options.pauseBeforeCommitMs));
    fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
  syncDirectory(dir);
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
