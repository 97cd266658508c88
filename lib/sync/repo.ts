import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { commitFile, commitFileSync } from "../store/write.js";
import { git, runGit, type GitOptions } from "./git.js";

// Where a synced store's git state is: the work tree (the memory directory itself), its remote and branch,
// and memctl's per-machine sync files (.memctl/sync/: the journal of a running sync, the last result).

export const SYNC_DIR = `${STATE_DIR}/sync`;

export interface Upstream {
  remote: string;
  branch: string;
  /** refs/remotes/<remote>/<branch>: what the last fetch saw. */
  trackingRef: string;
}

/** Fails with E_SYNC_NOT_REPO unless the memory directory is the top of a git work tree. */
export async function assertRepoTop(memoryDir: string, options: GitOptions): Promise<void> {
  const r = await runGit(memoryDir, ["rev-parse", "--show-toplevel"], options);
  const top = r.code === 0 ? r.stdout.trim() : undefined;
  if (top === undefined || fs.realpathSync(top) !== fs.realpathSync(memoryDir)) {
    throw new MemctlError(
      ERROR_CODES.E_SYNC_NOT_REPO,
      top === undefined
        ? `${memoryDir} is not a git work tree; run "memctl sync init <remote-url>" to make it one`
        : `${memoryDir} is inside the git work tree ${top}, not the top of its own; sync commits only a memory directory that is its own repository (move it, or point the config at one)`,
      { memory_dir: memoryDir, ...(top !== undefined ? { work_tree: top } : {}) },
    );
  }
}

/** Fails with E_SYNC_NOT_REPO when the memory directory is inside another git work tree (a project's): a repository of its own there would nest. */
export async function assertOutsideRepos(memoryDir: string, options: GitOptions): Promise<void> {
  const r = await runGit(memoryDir, ["rev-parse", "--show-toplevel"], options);
  if (r.code !== 0) return;
  const top = r.stdout.trim();
  throw new MemctlError(
    ERROR_CODES.E_SYNC_NOT_REPO,
    `${memoryDir} is inside the git work tree ${top}; sync needs a memory directory that is its own repository, so nothing was created (move the store out, or let that repository carry it)`,
    { memory_dir: memoryDir, work_tree: top },
  );
}

/** The local branch HEAD names (born or not); "" when HEAD is detached. */
export async function currentBranch(memoryDir: string, options: GitOptions): Promise<string> {
  return (await runGit(memoryDir, ["symbolic-ref", "--short", "-q", "HEAD"], options)).stdout.trim();
}

/** The branch's upstream, else `origin` and the current branch; undefined when there is no remote. */
export async function findUpstream(memoryDir: string, options: GitOptions): Promise<Upstream | undefined> {
  const branch = (await currentBranch(memoryDir, options)) || "main";
  const remoteOf = (await runGit(memoryDir, ["config", "--get", `branch.${branch}.remote`], options)).stdout.trim();
  const mergeOf = (await runGit(memoryDir, ["config", "--get", `branch.${branch}.merge`], options)).stdout.trim();
  const remotes = (await runGit(memoryDir, ["remote"], options)).stdout.split("\n").filter(Boolean);
  const remote = remoteOf && remotes.includes(remoteOf) ? remoteOf : remotes.includes("origin") ? "origin" : remotes[0];
  if (remote === undefined) return undefined;
  const remoteBranch = remoteOf === remote && mergeOf.startsWith("refs/heads/") ? mergeOf.slice("refs/heads/".length) : branch;
  return { remote, branch: remoteBranch, trackingRef: `refs/remotes/${remote}/${remoteBranch}` };
}

/** The branch names the remote has (one `ls-remote`, under the caller's time limit). */
export async function remoteBranches(memoryDir: string, remote: string, options: GitOptions): Promise<string[]> {
  const out = await git(memoryDir, ["ls-remote", "--heads", remote], options);
  return out
    .split("\n")
    .map((line) => line.split("\t")[1] ?? "")
    .filter((ref) => ref.startsWith("refs/heads/"))
    .map((ref) => ref.slice("refs/heads/".length))
    .sort();
}

/** Records `branch` of `remote` as what the store's current local branch syncs with (local git config only). */
export async function trackBranch(memoryDir: string, remote: string, branch: string, options: GitOptions): Promise<void> {
  const local = await currentBranch(memoryDir, options);
  if (!local) return;
  await git(memoryDir, ["config", `branch.${local}.remote`, remote], options);
  await git(memoryDir, ["config", `branch.${local}.merge`, `refs/heads/${branch}`], options);
}

export async function refExists(memoryDir: string, ref: string, options: GitOptions): Promise<boolean> {
  return (await runGit(memoryDir, ["rev-parse", "--verify", "-q", `${ref}^{commit}`], options)).code === 0;
}

export async function headCommit(memoryDir: string, options: GitOptions): Promise<string | undefined> {
  const r = await runGit(memoryDir, ["rev-parse", "--verify", "-q", "HEAD"], options);
  return r.code === 0 ? r.stdout.trim() : undefined;
}

/** Commits ahead of and behind the tracking ref, as the last fetch saw it. */
export async function aheadBehind(memoryDir: string, trackingRef: string, options: GitOptions): Promise<{ ahead: number; behind: number } | undefined> {
  if (!(await refExists(memoryDir, trackingRef, options))) {
    const head = await headCommit(memoryDir, options);
    if (head === undefined) return { ahead: 0, behind: 0 };
    return { ahead: Number(await git(memoryDir, ["rev-list", "--count", "HEAD"], options)), behind: 0 };
  }
  if ((await headCommit(memoryDir, options)) === undefined) return { ahead: 0, behind: Number(await git(memoryDir, ["rev-list", "--count", trackingRef], options)) };
  const [ahead, behind] = (await git(memoryDir, ["rev-list", "--left-right", "--count", `HEAD...${trackingRef}`], options)).split(/\s+/).map(Number);
  return { ahead: ahead ?? 0, behind: behind ?? 0 };
}

export function gitDir(memoryDir: string): string {
  return path.join(memoryDir, ".git");
}

/** The last sync's outcome on this machine (.memctl/sync/state.json). */
export interface LastSync {
  at: string;
  result: string;
  head?: string;
  remote?: string;
  branch?: string;
  message?: string;
}

/**
 * The most either sync file (state.json, journal.json) may hold: each is a few hundred bytes. A store kept in a
 * project checkout can bring them as links to /dev/zero or FIFOs; the checked reader refuses those (E_NOT_REGULAR,
 * ELOOP for a link, E_TOO_LARGE) and the file counts as absent, as a torn one always has.
 */
export const SYNC_FILE_MAX_BYTES = 64 * 1024;

function readSyncFile(file: string): unknown {
  return JSON.parse(readRegularUtf8(file, SYNC_FILE_MAX_BYTES, { nofollow: true }));
}

export function readLastSync(memoryDir: string): LastSync | undefined {
  try {
    return readSyncFile(path.join(memoryDir, SYNC_DIR, "state.json")) as LastSync;
  } catch {
    return undefined;
  }
}

export async function writeLastSync(memoryDir: string, last: LastSync): Promise<void> {
  realDir(memoryDir, ...SYNC_DIR.split("/"));
  await commitFile(path.join(memoryDir, SYNC_DIR, "state.json"), JSON.stringify(last, null, 2) + "\n");
}

/** What a running sync is doing, for the next sync to repair after a kill (.memctl/sync/journal.json). */
export interface Journal {
  pid: number;
  phase: "commit" | "merge" | "resolve";
  git_pid?: number;
  head_before?: string;
}

const journalPath = (memoryDir: string) => path.join(memoryDir, SYNC_DIR, "journal.json");

export function readJournal(memoryDir: string): Journal | undefined {
  try {
    return readSyncFile(journalPath(memoryDir)) as Journal;
  } catch {
    return undefined;
  }
}

export function writeJournal(memoryDir: string, journal: Journal | undefined): void {
  realDir(memoryDir, ...SYNC_DIR.split("/"));
  if (journal === undefined) fs.rmSync(journalPath(memoryDir), { force: true });
  // Small and rewritten often (each git child's pid): renamed into place without fsync, read back tolerantly.
  else commitFileSync(journalPath(memoryDir), JSON.stringify(journal), { durable: false });
}
