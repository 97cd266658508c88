// lib/sync/run.ts
import fs from "node:fs";
import { backfillHistoryMarks } from "./history-backfill.js";
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { runJob } from "../store/job-run.js";
import { processAlive, withStoreLock } from "../store/lock.js";
import { assertIndexRegular } from "../store/safe-write.js";
import { INDEX_FILE } from "../store/paths.js";
import { stageIncoming, reconcileHistory } from "./conflicts.js";
import { git, gitFailure, NETWORK_TIMEOUT_MS, runGit } from "./git.js";
import { configureDrivers, writeRepoRules } from "./layout.js";
import { commitLocal, stageAll } from "./stage.js";
import { journalAround } from "../store/write-journal.js";
import { changedSince } from "./tree-journal.js";
import { aheadBehind, assertRepoTop, findUpstream, gitDir, headCommit, readJournal, refExists, writeJournal, writeLastSync } from "./repo.js";
import { branchToTake, fetchUpstream, offline } from "./remote.js";
import { repairKilledMerge } from "./repair.js";
import { resolveUnmerged } from "./unmerged.js";
import { inspectArrivals } from "./arrivals.js";
import { mergeableCommit } from "./incoming.js";
import { readTrust } from "./trust.js";
import { readArrivals } from "../store/arrivals.js";
import { notPortable } from "./status.js";
var MAX_ROUNDS = 3;
var MERGE_TIMEOUT_MS = 18e4;
async function syncStore(ctx) {
  const opts = { env: ctx.env };
  await assertRepoTop(ctx.memoryDir, opts);
  try {
    return await withStoreLock(ctx.memoryDir, () => syncAsJob(ctx, opts), { name: "sync-lock", timeoutMs: 0 });
  } catch (err) {
    if (err instanceof MemctlError && err.code === ERROR_CODES.E_LOCK_TIMEOUT && String(err.data?.lock ?? "").endsWith("sync-lock"))
      throw new MemctlError(ERROR_CODES.E_SYNC_BUSY, "another memctl sync of this store is running; nothing was done (it will carry these changes too)", {
        memory_dir: ctx.memoryDir
      });
    throw err;
  }
}
async function syncAsJob(ctx, opts) {
  let report;
  await runJob(
    { memoryDir: ctx.memoryDir, now: ctx.now, lockTimeoutMs: ctx.lockTimeoutMs },
    "sync",
    async () => {
      report = await syncLocked(ctx, opts);
      const { status, committed, merged, pushed, head, repaired } = report;
      return { status, committed, merged, pushed, head: head ?? null, repaired: repaired.length, proposals: report.proposals.length, arrivals: report.arrivals.length };
    },
    { command: "memctl sync" }
  );
  return report;
}
async function syncLocked(ctx, opts) {
  let upstream = await findUpstream(ctx.memoryDir, opts);
  const trust = await readTrust(ctx.memoryDir, opts);
  const report = {
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
    not_portable: []
  };
  if (upstream) Object.assign(report, { remote: upstream.remote, branch: upstream.branch });
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    if (upstream && !await fetchUpstream(ctx.memoryDir, upstream, networkOptions(ctx, opts)) && round === 1) {
      upstream = await branchToTake(ctx.memoryDir, upstream, networkOptions(ctx, opts));
      Object.assign(report, { branch: upstream.branch });
    }
    await ctx.onPhase?.("fetched");
    await withStoreLock(ctx.memoryDir, () => local(ctx, upstream, opts, report), { timeoutMs: ctx.lockTimeoutMs ?? 1e4 });
    if (!upstream) break;
    const counts = await aheadBehind(ctx.memoryDir, upstream.trackingRef, opts) ?? { ahead: 0, behind: 0 };
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
    const counts = await aheadBehind(ctx.memoryDir, upstream.trackingRef, opts) ?? { ahead: 0, behind: 0 };
    Object.assign(report, counts);
    report.status = report.committed > 0 || report.merged || report.pushed ? "synced" : "up-to-date";
  }
  report.head = await headCommit(ctx.memoryDir, opts);
  if (report.head) report.not_portable = notPortable((await git(ctx.memoryDir, ["ls-tree", "-r", "-z", "--name-only", "HEAD"], opts)).split("\0"));
  await writeLastSync(ctx.memoryDir, { at: ctx.now().toISOString(), result: report.status, head: report.head, remote: upstream?.remote, branch: upstream?.branch });
  return report;
}
function networkOptions(ctx, opts) {
  return { ...opts, timeoutMs: ctx.networkTimeoutMs ?? NETWORK_TIMEOUT_MS };
}
async function local(ctx, upstream, opts, report) {
  const repairFirst = readJournal(ctx.memoryDir) !== void 0;
  if (!repairFirst) await refuseLinkedIndex(ctx, opts);
  const tracked = {
    ...opts,
    onSpawn: (pid) => writeJournal(ctx.memoryDir, { ...readJournal(ctx.memoryDir) ?? { pid: process.pid, phase: "commit" }, git_pid: pid })
  };
  await journalAround(
    ctx.memoryDir,
    async () => {
      const repaired = await repair(ctx, upstream, opts, report);
      report.repaired.push(...repaired);
      if (repairFirst) await refuseLinkedIndex(ctx, opts);
      const rules = (await writeRepoRules(ctx.memoryDir)).filter((f) => !f.startsWith(".git/"));
      const merged = await commitAndMerge(ctx, upstream, opts, tracked, report);
      return repaired.length > 0 || merged === void 0 ? void 0 : [...rules, ...merged];
    },
    (touched) => touched
  );
  writeJournal(ctx.memoryDir, void 0);
}
async function refuseLinkedIndex(ctx, opts) {
  try {
    assertIndexRegular(ctx.memoryDir);
  } catch (err) {
    if ((await runGit(ctx.memoryDir, ["diff", "--quiet", "HEAD", "--", INDEX_FILE], opts)).code !== 0) throw err;
  }
}
async function commitAndMerge(ctx, upstream, opts, tracked, report) {
  await configureDrivers(ctx.memoryDir, ctx.driverCommand, opts);
  writeJournal(ctx.memoryDir, { pid: process.pid, phase: "commit" });
  report.committed += await commitLocal(ctx.memoryDir, tracked);
  if (report.trust === "shared") await backfillHistoryMarks(ctx.memoryDir, opts);
  if (upstream && await refExists(ctx.memoryDir, upstream.trackingRef, opts)) {
    const head = await headCommit(ctx.memoryDir, opts);
    const upToDate = head !== void 0 && (await runGit(ctx.memoryDir, ["merge-base", "--is-ancestor", upstream.trackingRef, "HEAD"], opts)).code === 0;
    if (!upToDate) {
      readArrivals(ctx.memoryDir);
      writeJournal(ctx.memoryDir, { pid: process.pid, phase: "merge", head_before: head });
      const incoming = await mergeableCommit(ctx.memoryDir, upstream.trackingRef, opts);
      report.left_out.push(...incoming.dropped.filter((f) => !report.left_out.includes(f)));
      report.not_merged.push(...incoming.refused.filter((f) => !report.not_merged.some((n) => n.path === f.path)));
      await ctx.onPhase?.("merge");
      const args = head === void 0 ? ["reset", "--hard", "-q", incoming.commit] : [
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
        incoming.commit
      ];
      const r = await runGit(ctx.memoryDir, args, { ...tracked, timeoutMs: MERGE_TIMEOUT_MS });
      if (r.code !== 0) {
        if (!fs.existsSync(path.join(gitDir(ctx.memoryDir), "MERGE_HEAD"))) throw gitFailure(args, r);
        await finishMerge(ctx, tracked);
      }
      report.merged = true;
      await ctx.onPhase?.("merged");
      await afterMerge(ctx, head, upstream, tracked, report);
      return head === void 0 ? void 0 : changedSince(ctx.memoryDir, head, opts);
    }
  }
  return [];
}
async function finishMerge(ctx, opts) {
  writeJournal(ctx.memoryDir, { ...readJournal(ctx.memoryDir) ?? { pid: process.pid }, pid: process.pid, phase: "resolve" });
  await resolveUnmerged(ctx.memoryDir, opts);
  await git(ctx.memoryDir, ["commit", "-q", "--no-verify", "--no-edit"], opts);
}
async function afterMerge(ctx, headBefore, upstream, opts, report) {
  const changed = headBefore === void 0 ? [] : (await git(ctx.memoryDir, ["diff", "--name-only", "--no-renames", "-z", headBefore, "HEAD"], opts)).split("\0").filter(Boolean);
  const staged = await stageIncoming(ctx.memoryDir, ctx.now());
  report.proposals.push(...staged.map((p) => p.id));
  reconcileHistory(ctx.memoryDir, [...changed, ...staged.map((p) => p.conflict?.card ?? "")], ctx.now());
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
      opts
    );
  }
}
async function repair(ctx, upstream, opts, report) {
  const repaired = [];
  const journal = readJournal(ctx.memoryDir);
  const indexLock = path.join(gitDir(ctx.memoryDir), "index.lock");
  if (fs.existsSync(indexLock)) {
    const ours = journal !== void 0 && !processAlive(journal.pid) && (journal.git_pid === void 0 || !processAlive(journal.git_pid));
    if (!ours)
      throw new MemctlError(
        ERROR_CODES.E_SYNC_BUSY,
        `git is running in ${ctx.memoryDir} (.git/index.lock exists); retry when it is done, or remove that file if no git is running`
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
  if (journal !== void 0 && journal.phase !== "commit" && !processAlive(journal.pid)) {
    const head = await headCommit(ctx.memoryDir, opts);
    if (journal.phase === "merge" && head === journal.head_before) await repairKilledMerge(ctx.memoryDir, opts);
    else if (!inspected && head !== void 0 && head !== journal.head_before) await afterMerge(ctx, journal.head_before, upstream, opts, report);
    repaired.push(`resumed after a sync killed in its ${journal.phase} step`);
  }
  return repaired;
}
export {
  syncStore
};
