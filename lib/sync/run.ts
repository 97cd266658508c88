import fs from "node:fs";
import { backfillHistoryMarks } from "./history-backfill.js";
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { runJob } from "../store/job-run.js";
import { processAlive, withStoreLock } from "../store/lock.js";
import { assertIndexRegular } from "../store/safe-write.js";
import { INDEX_FILE } from "../store/paths.js";
import { stageIncoming, reconcileHistory } from "./conflicts.js";
import { git, gitFailure, NETWORK_TIMEOUT_MS, runGit, type GitOptions } from "./git.js";
import { configureDrivers, writeRepoRules } from "./layout.js";
import { commitLocal, stageAll } from "./stage.js";
import { journalAround } from "../store/write-journal.js";
import { changedSince } from "./tree-journal.js";
import { aheadBehind, assertRepoTop, findUpstream, gitDir, headCommit, readJournal, refExists, writeJournal, writeLastSync, type Upstream } from "./repo.js";
import { branchToTake, fetchUpstream, offline } from "./remote.js";
import { repairKilledMerge } from "./repair.js";
import { resolveUnmerged } from "./unmerged.js";
import { inspectArrivals } from "./arrivals.js";
import { mergeableCommit } from "./incoming.js";
import { readTrust, type TrustLevel } from "./trust.js";
import { readArrivals, type Arrival } from "../store/arrivals.js";
import type { Guardrails } from "../records/guardrails.js";
import type { SecretPolicy } from "../records/secrets.js";
import { notPortable, type NotPortable } from "./status.js";

// One sync: fetch (no lock), then under the store lock commit local changes and merge (local git only,
// seconds at most), then push (no lock). A writer waits at most for the local part; the per-prompt hook never
// takes the store lock. A push that loses a race with another machine fetches and merges again.
// Each sync is a job of this machine's ledger (lib/store/jobs.ts), taken inside the sync lock so a sync refused
// as busy records nothing: a sync killed part way shows as stuck in `memctl jobs` and doctor, and the next sync
// (which repairs what it left) runs as that job's next attempt.

export interface SyncContext {
  memoryDir: string;
  env: Record<string, string | undefined>;
  now: () => Date;
  /** How this machine runs memctl (node and cli.js): the merge drivers in .git/config call it. */
  driverCommand: readonly string[];
  networkTimeoutMs?: number;
  lockTimeoutMs?: number;
  /** The limits and `[secrets] allow` list every arrived file is checked against, as a local write would be. */
  guardrails?: Partial<Guardrails>;
  secrets?: SecretPolicy;
  /** Test hook: called at each phase boundary (the SIGKILL test pauses there). */
  onPhase?: (phase: string) => Promise<void> | void;
}

export interface SyncReport {
  status: "synced" | "up-to-date" | "local-only";
  remote?: string;
  branch?: string;
  committed: number;
  merged: boolean;
  pushed: boolean;
  proposals: string[];
  repaired: string[];
  ahead: number;
  behind: number;
  head?: string;
  /** This machine's trust in the remote, and whether the user chose it (unset reads as shared). */
  trust: TrustLevel;
  trust_chosen: boolean;
  /** What the merges brought in that is held here: pending review (shared remote) or quarantined. */
  arrivals: Arrival[];
  /** Per-machine .memctl/ paths the remote tracks, left out of the merge. */
  left_out: string[];
  /** Index files the remote holds as a link, directory or submodule: not merged, this machine's kept. */
  not_merged: { path: string; reason: string }[];
  /** Files HEAD holds (the owner's: a merge leaves a teammate's out) whose names a Windows checkout refuses. */
  not_portable: NotPortable[];
}

const MAX_ROUNDS = 3;
/** A merge of a 10,000-card store with thousands of changes takes seconds; the bound is for a hung driver. */
const MERGE_TIMEOUT_MS = 180_000;

export async function syncStore(ctx: SyncContext): Promise<SyncReport> {
  const opts: GitOptions = { env: ctx.env };
  await assertRepoTop(ctx.memoryDir, opts);
  try {
    return await withStoreLock(ctx.memoryDir, () => syncAsJob(ctx, opts), { name: "sync-lock", timeoutMs: 0 });
  } catch (err) {
    if (err instanceof MemctlError && err.code === ERROR_CODES.E_LOCK_TIMEOUT && String(err.data?.lock ?? "").endsWith("sync-lock"))
      throw new MemctlError(ERROR_CODES.E_SYNC_BUSY, "another memctl sync of this store is running; nothing was done (it will carry these changes too)", {
        memory_dir: ctx.memoryDir,
      });
    throw err;
  }
}

async function syncAsJob(ctx: SyncContext, opts: GitOptions): Promise<SyncReport> {
  let report: SyncReport | undefined;
  await runJob(
    { memoryDir: ctx.memoryDir, now: ctx.now, lockTimeoutMs: ctx.lockTimeoutMs },
    "sync",
    async () => {
      report = await syncLocked(ctx, opts);
      // The ledger keeps what the sync did, not the arrivals it lists.
      const { status, committed, merged, pushed, head, repaired } = report;
      return { status, committed, merged, pushed, head: head ?? null, repaired: repaired.length, proposals: report.proposals.length, arrivals: report.arrivals.length };
    },
    { command: "memctl sync" },
  );
  return report!;
}

async function syncLocked(ctx: SyncContext, opts: GitOptions): Promise<SyncReport> {
  let upstream = await findUpstream(ctx.memoryDir, opts);
  const trust = await readTrust(ctx.memoryDir, opts);
  const report: SyncReport = {
    status: "local-only",
    committed: 0,
    merged: false,
    pushed: false,
    proposals: [],
    repaired: [],
    ahead: 0,
    behind: 0,
    trust: trust.level,
    trust_chosen: trust.chosen,
    arrivals: [],
    left_out: [],
    not_merged: [],
    not_portable: [],
  };
  if (upstream) Object.assign(report, { remote: upstream.remote, branch: upstream.branch });
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    if (upstream && !(await fetchUpstream(ctx.memoryDir, upstream, networkOptions(ctx, opts))) && round === 1) {
      upstream = await branchToTake(ctx.memoryDir, upstream, networkOptions(ctx, opts));
      Object.assign(report, { branch: upstream.branch });
    }
    await ctx.onPhase?.("fetched");
    await withStoreLock(ctx.memoryDir, () => local(ctx, upstream, opts, report), { timeoutMs: ctx.lockTimeoutMs ?? 10_000 });
    if (!upstream) break;
    const counts = (await aheadBehind(ctx.memoryDir, upstream.trackingRef, opts)) ?? { ahead: 0, behind: 0 };
    if (counts.ahead === 0) break;
    const push = await runGit(ctx.memoryDir, ["push", "--quiet", "--no-verify", upstream.remote, `HEAD:refs/heads/${upstream.branch}`], networkOptions(ctx, opts));
    if (push.code === 0) {
      report.pushed = true;
      await git(ctx.memoryDir, ["update-ref", upstream.trackingRef, "HEAD"], opts);
      break;
    }
    const rejected = /\[rejected\]|non-fast-forward|fetch first|failed to push some refs/.test(push.stderr);
    if (!rejected || round === MAX_ROUNDS) throw offline(upstream, push.stderr, "your commits stay here and go with the next sync");
  }
  if (upstream) {
    const counts = (await aheadBehind(ctx.memoryDir, upstream.trackingRef, opts)) ?? { ahead: 0, behind: 0 };
    Object.assign(report, counts);
    report.status = report.committed > 0 || report.merged || report.pushed ? "synced" : "up-to-date";
  }
  report.head = await headCommit(ctx.memoryDir, opts);
  if (report.head) report.not_portable = notPortable((await git(ctx.memoryDir, ["ls-tree", "-r", "-z", "--name-only", "HEAD"], opts)).split("\0"));
  await writeLastSync(ctx.memoryDir, { at: ctx.now().toISOString(), result: report.status, head: report.head, remote: upstream?.remote, branch: upstream?.branch });
  return report;
}

/** The caller's git options with the network time limit (fetch, ls-remote, push). */
function networkOptions(ctx: SyncContext, opts: GitOptions): GitOptions {
  return { ...opts, timeoutMs: ctx.networkTimeoutMs ?? NETWORK_TIMEOUT_MS };
}

/** The part under the store lock: repair, commit, merge, resolve. */
async function local(ctx: SyncContext, upstream: Upstream | undefined, opts: GitOptions, report: SyncReport): Promise<void> {
  // A killed sync's journal means a repair first: it puts back what HEAD holds, links the merge left included.
  const repairFirst = readJournal(ctx.memoryDir) !== undefined;
  if (!repairFirst) await refuseLinkedIndex(ctx, opts);
  const tracked: GitOptions = {
    ...opts,
    onSpawn: (pid) => writeJournal(ctx.memoryDir, { ...(readJournal(ctx.memoryDir) ?? { pid: process.pid, phase: "commit" }), git_pid: pid }),
  };
  // The files the round changed in the work tree go into the write journal (tree-journal.ts says how they are told).
  await journalAround(
    ctx.memoryDir,
    async () => {
      const repaired = await repair(ctx, upstream, opts, report);
      report.repaired.push(...repaired);
      if (repairFirst) await refuseLinkedIndex(ctx, opts);
      const rules = (await writeRepoRules(ctx.memoryDir)).filter((f) => !f.startsWith(".git/"));
      const merged = await commitAndMerge(ctx, upstream, opts, tracked, report);
      return repaired.length > 0 || merged === undefined ? undefined : [...rules, ...merged];
    },
    (touched) => touched,
  );
  writeJournal(ctx.memoryDir, undefined);
}

/**
 * Before a commit or a merge (after the repair of a killed sync, which puts back what HEAD holds): git would commit a
 * linked index as a link, naming where it leads. One HEAD already holds (committed with git by hand) this
 * sync does not commit, and its merge may bring the file back.
 */
async function refuseLinkedIndex(ctx: SyncContext, opts: GitOptions): Promise<void> {
  try {
    assertIndexRegular(ctx.memoryDir);
  } catch (err) {
    if ((await runGit(ctx.memoryDir, ["diff", "--quiet", "HEAD", "--", INDEX_FILE], opts)).code !== 0) throw err;
  }
}

/** Commits local changes and merges the remote's; returns the files the merge changed ([] for none, undefined: not known). */
async function commitAndMerge(ctx: SyncContext, upstream: Upstream | undefined, opts: GitOptions, tracked: GitOptions, report: SyncReport): Promise<string[] | undefined> {
  await configureDrivers(ctx.memoryDir, ctx.driverCommand, opts);
  writeJournal(ctx.memoryDir, { pid: process.pid, phase: "commit" });
  report.committed += await commitLocal(ctx.memoryDir, tracked);
  // Lines an older memctl merged unmarked are marked once, before this merge brings more (marked as they arrive).
  if (report.trust === "shared") await backfillHistoryMarks(ctx.memoryDir, opts);
  if (upstream && (await refExists(ctx.memoryDir, upstream.trackingRef, opts))) {
    const head = await headCommit(ctx.memoryDir, opts);
    const upToDate = head !== undefined && (await runGit(ctx.memoryDir, ["merge-base", "--is-ancestor", upstream.trackingRef, "HEAD"], opts)).code === 0;
    if (!upToDate) {
      // Merged over a hold list that cannot be read, what arrives would be held by nobody: E_HOLD_DAMAGED first.
      readArrivals(ctx.memoryDir);
      writeJournal(ctx.memoryDir, { pid: process.pid, phase: "merge", head_before: head });
      const incoming = await mergeableCommit(ctx.memoryDir, upstream.trackingRef, opts);
      report.left_out.push(...incoming.dropped.filter((f) => !report.left_out.includes(f)));
      report.not_merged.push(...incoming.refused.filter((f) => !report.not_merged.some((n) => n.path === f.path)));
      // No rename detection: cards share their frontmatter, so git would take a removed card and a new one for a
      // rename and merge an edit into the wrong card. (git 2.39's ort ignores -X no-renames; recursive honours it.)
      await ctx.onPhase?.("merge");
      const args =
        head === undefined
          ? ["reset", "--hard", "-q", incoming.commit]
          : [
              "merge",
              "--no-edit",
              "-q",
              "-s",
              "recursive",
              "-X",
              "no-renames",
              "--allow-unrelated-histories",
              "-m",
              `memory: merge ${upstream.remote}/${upstream.branch}`,
              incoming.commit,
            ];
      const r = await runGit(ctx.memoryDir, args, { ...tracked, timeoutMs: MERGE_TIMEOUT_MS });
      if (r.code !== 0) {
        if (!fs.existsSync(path.join(gitDir(ctx.memoryDir), "MERGE_HEAD"))) throw gitFailure(args, r);
        await finishMerge(ctx, tracked);
      }
      report.merged = true;
      await ctx.onPhase?.("merged");
      await afterMerge(ctx, head, upstream, tracked, report);
      return head === undefined ? undefined : changedSince(ctx.memoryDir, head, opts);
    }
  }
  return [];
}

async function finishMerge(ctx: SyncContext, opts: GitOptions): Promise<void> {
  writeJournal(ctx.memoryDir, { ...(readJournal(ctx.memoryDir) ?? { pid: process.pid }), pid: process.pid, phase: "resolve" });
  await resolveUnmerged(ctx.memoryDir, opts);
  await git(ctx.memoryDir, ["commit", "-q", "--no-verify", "--no-edit"], opts);
}

/** Lost sides become proposals; history is reconciled with the merged files; both committed. */
async function afterMerge(ctx: SyncContext, headBefore: string | undefined, upstream: Upstream | undefined, opts: GitOptions, report: SyncReport): Promise<void> {
  const changed = headBefore === undefined ? [] : (await git(ctx.memoryDir, ["diff", "--name-only", "--no-renames", "-z", headBefore, "HEAD"], opts)).split("\0").filter(Boolean);
  const staged = await stageIncoming(ctx.memoryDir, ctx.now());
  report.proposals.push(...staged.map((p) => p.id));
  reconcileHistory(ctx.memoryDir, [...changed, ...staged.map((p) => (p as { conflict?: { card?: string } }).conflict?.card ?? "")], ctx.now());
  if (upstream) {
    const held = await inspectArrivals({ ...ctx, trust: report.trust }, headBefore, upstream.trackingRef, opts);
    report.arrivals.push(...held);
  }
  await stageAll(ctx.memoryDir, opts);
  if ((await runGit(ctx.memoryDir, ["diff", "--cached", "--quiet"], opts)).code !== 0) {
    const n = staged.length;
    await git(
      ctx.memoryDir,
      ["commit", "-q", "--no-verify", "-m", `memory: merge follow-up${n > 0 ? `, ${n} conflicting edit${n === 1 ? "" : "s"} kept as proposal${n === 1 ? "" : "s"}` : ""}`],
      opts,
    );
  }
}

/**
 * Repairs what a killed sync left: a git index lock whose git is gone, a merge stopped half way (finished
 * here), parked cards not yet proposals (staged by afterMerge). Returns what it repaired.
 */
async function repair(ctx: SyncContext, upstream: Upstream | undefined, opts: GitOptions, report: SyncReport): Promise<string[]> {
  const repaired: string[] = [];
  const journal = readJournal(ctx.memoryDir);
  const indexLock = path.join(gitDir(ctx.memoryDir), "index.lock");
  if (fs.existsSync(indexLock)) {
    const ours = journal !== undefined && !processAlive(journal.pid) && (journal.git_pid === undefined || !processAlive(journal.git_pid));
    if (!ours)
      throw new MemctlError(
        ERROR_CODES.E_SYNC_BUSY,
        `git is running in ${ctx.memoryDir} (.git/index.lock exists); retry when it is done, or remove that file if no git is running`,
      );
    fs.rmSync(indexLock, { force: true });
    repaired.push("removed the git index lock a killed sync left");
  }
  let inspected = false;
  if (fs.existsSync(path.join(gitDir(ctx.memoryDir), "MERGE_HEAD"))) {
    const head = await headCommit(ctx.memoryDir, opts);
    await finishMerge(ctx, opts);
    await afterMerge(ctx, head, upstream, opts, report);
    inspected = true;
    repaired.push("finished a merge a killed sync left");
  }
  if (journal !== undefined && journal.phase !== "commit" && !processAlive(journal.pid)) {
    const head = await headCommit(ctx.memoryDir, opts);
    if (journal.phase === "merge" && head === journal.head_before) await repairKilledMerge(ctx.memoryDir, opts);
    // A merge committed by a sync killed before it held what the merge brought: held now (the next round finds
    // itself up to date and merges nothing, so nothing else would look at it).
    else if (!inspected && head !== undefined && head !== journal.head_before) await afterMerge(ctx, journal.head_before, upstream, opts, report);
    repaired.push(`resumed after a sync killed in its ${journal.phase} step`);
  }
  return repaired;
}
