// lib/sync/repo.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { commitFile, commitFileSync } from "../store/write.js";
import { git, runGit } from "./git.js";
var SYNC_DIR = `${STATE_DIR}/sync`;
async function assertRepoTop(memoryDir, options) {
  const r = await runGit(memoryDir, ["rev-parse", "--show-toplevel"], options);
  const top = r.code === 0 ? r.stdout.trim() : void 0;
  if (top === void 0 || fs.realpathSync(top) !== fs.realpathSync(memoryDir)) {
    throw new MemctlError(
      ERROR_CODES.E_SYNC_NOT_REPO,
      top === void 0 ? `${memoryDir} is not a git work tree; run "memctl sync init <remote-url>" to make it one` : `${memoryDir} is inside the git work tree ${top}, not the top of its own; sync commits only a memory directory that is its own repository (move it, or point the config at one)`,
      { memory_dir: memoryDir, ...top !== void 0 ? { work_tree: top } : {} }
    );
  }
}
async function assertOutsideRepos(memoryDir, options) {
  const r = await runGit(memoryDir, ["rev-parse", "--show-toplevel"], options);
  if (r.code !== 0) return;
  const top = r.stdout.trim();
  throw new MemctlError(
    ERROR_CODES.E_SYNC_NOT_REPO,
    `${memoryDir} is inside the git work tree ${top}; sync needs a memory directory that is its own repository, so nothing was created (move the store out, or let that repository carry it)`,
    { memory_dir: memoryDir, work_tree: top }
  );
}
async function currentBranch(memoryDir, options) {
  return (await runGit(memoryDir, ["symbolic-ref", "--short", "-q", "HEAD"], options)).stdout.trim();
}
async function findUpstream(memoryDir, options) {
  const branch = await currentBranch(memoryDir, options) || "main";
  const remoteOf = (await runGit(memoryDir, ["config", "--get", `branch.${branch}.remote`], options)).stdout.trim();
  const mergeOf = (await runGit(memoryDir, ["config", "--get", `branch.${branch}.merge`], options)).stdout.trim();
  const remotes = (await runGit(memoryDir, ["remote"], options)).stdout.split("\n").filter(Boolean);
  const remote = remoteOf && remotes.includes(remoteOf) ? remoteOf : remotes.includes("origin") ? "origin" : remotes[0];
  if (remote === void 0) return void 0;
  const remoteBranch = remoteOf === remote && mergeOf.startsWith("refs/heads/") ? mergeOf.slice("refs/heads/".length) : branch;
  return { remote, branch: remoteBranch, trackingRef: `refs/remotes/${remote}/${remoteBranch}` };
}
async function remoteBranches(memoryDir, remote, options) {
  const out = await git(memoryDir, ["ls-remote", "--heads", remote], options);
  return out.split("\n").map((line) => line.split("	")[1] ?? "").filter((ref) => ref.startsWith("refs/heads/")).map((ref) => ref.slice("refs/heads/".length)).sort();
}
async function trackBranch(memoryDir, remote, branch, options) {
  const local = await currentBranch(memoryDir, options);
  if (!local) return;
  await git(memoryDir, ["config", `branch.${local}.remote`, remote], options);
  await git(memoryDir, ["config", `branch.${local}.merge`, `refs/heads/${branch}`], options);
}
async function refExists(memoryDir, ref, options) {
  return (await runGit(memoryDir, ["rev-parse", "--verify", "-q", `${ref}^{commit}`], options)).code === 0;
}
async function headCommit(memoryDir, options) {
  const r = await runGit(memoryDir, ["rev-parse", "--verify", "-q", "HEAD"], options);
  return r.code === 0 ? r.stdout.trim() : void 0;
}
async function aheadBehind(memoryDir, trackingRef, options) {
  if (!await refExists(memoryDir, trackingRef, options)) {
    const head = await headCommit(memoryDir, options);
    if (head === void 0) return { ahead: 0, behind: 0 };
    return { ahead: Number(await git(memoryDir, ["rev-list", "--count", "HEAD"], options)), behind: 0 };
  }
  if (await headCommit(memoryDir, options) === void 0) return { ahead: 0, behind: Number(await git(memoryDir, ["rev-list", "--count", trackingRef], options)) };
  const [ahead, behind] = (await git(memoryDir, ["rev-list", "--left-right", "--count", `HEAD...${trackingRef}`], options)).split(/\s+/).map(Number);
  return { ahead: ahead ?? 0, behind: behind ?? 0 };
}
function gitDir(memoryDir) {
  return path.join(memoryDir, ".git");
}
var SYNC_FILE_MAX_BYTES = 64 * 1024;
function readSyncFile(file) {
  return JSON.parse(readRegularUtf8(file, SYNC_FILE_MAX_BYTES, { nofollow: true }));
}
function readLastSync(memoryDir) {
  try {
    return readSyncFile(path.join(memoryDir, SYNC_DIR, "state.json"));
  } catch {
    return void 0;
  }
}
async function writeLastSync(memoryDir, last) {
  realDir(memoryDir, ...SYNC_DIR.split("/"));
  await commitFile(path.join(memoryDir, SYNC_DIR, "state.json"), JSON.stringify(last, null, 2) + "\n");
}
var journalPath = (memoryDir) => path.join(memoryDir, SYNC_DIR, "journal.json");
function readJournal(memoryDir) {
  try {
    return readSyncFile(journalPath(memoryDir));
  } catch {
    return void 0;
  }
}
function writeJournal(memoryDir, journal) {
  realDir(memoryDir, ...SYNC_DIR.split("/"));
  if (journal === void 0) fs.rmSync(journalPath(memoryDir), { force: true });
  else commitFileSync(journalPath(memoryDir), JSON.stringify(journal), { durable: false });
}
export {
  SYNC_DIR,
  SYNC_FILE_MAX_BYTES,
  aheadBehind,
  assertOutsideRepos,
  assertRepoTop,
  currentBranch,
  findUpstream,
  gitDir,
  headCommit,
  readJournal,
  readLastSync,
  refExists,
  remoteBranches,
  trackBranch,
  writeJournal,
  writeLastSync
};
