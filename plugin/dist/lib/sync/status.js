// lib/sync/status.ts
import fs from "node:fs";
import path from "node:path";
import { readSummaries } from "../records/proposal-read.js";
import { runGit } from "./git.js";
import { isPerMachine } from "./layout.js";
import { readIncoming } from "./merge-driver.js";
import { readTrust } from "./trust.js";
import { windowsPathProblem } from "../core/portable-name.js";
import { liveArrivals } from "./arrival-decide.js";
import { refusedSyncFiles } from "./refused-files.js";
import { aheadBehind, findUpstream, gitDir, readLastSync } from "./repo.js";
function lookAlikes(arrivals) {
  return arrivals.flatMap((a) => a.looks_like && a.state !== "rejected" ? [{ id: a.id, path: a.path, looks_like: a.looks_like, state: a.state }] : []);
}
async function syncStatus(memoryDir, env) {
  const none = {
    repo: false,
    remote: null,
    branch: null,
    ahead: 0,
    behind: 0,
    uncommitted: 0,
    last_sync: null,
    conflicts: { proposals: [], parked: 0, files: [] },
    tracked_per_machine: [],
    merge_in_progress: false,
    not_portable: [],
    drivers_configured: false,
    trust: { level: "shared", chosen: false },
    look_alikes: [],
    refused_files: refusedSyncFiles(memoryDir)
  };
  if (!fs.existsSync(path.join(memoryDir, ".git"))) return none;
  const opts = { env };
  const top = await runGit(memoryDir, ["rev-parse", "--show-toplevel"], opts);
  if (top.code !== 0 || fs.realpathSync(top.stdout.trim()) !== fs.realpathSync(memoryDir)) return none;
  const upstream = await findUpstream(memoryDir, opts);
  const counts = upstream ? await aheadBehind(memoryDir, upstream.trackingRef, opts) : void 0;
  const porcelain = await runGit(memoryDir, ["status", "--porcelain", "-z", "--untracked-files=all"], opts);
  const tracked = await runGit(memoryDir, ["ls-files", "-z", "--", ".memctl"], opts);
  const all = await runGit(memoryDir, ["ls-files", "-z", "--others", "--cached", "--exclude-standard"], opts);
  const drivers = await runGit(memoryDir, ["config", "--local", "--get", "merge.memctl-log.driver"], opts);
  return {
    repo: true,
    remote: upstream?.remote ?? null,
    branch: upstream?.branch ?? null,
    ahead: counts?.ahead ?? 0,
    behind: counts?.behind ?? 0,
    uncommitted: porcelain.stdout.split("\0").filter((r) => r.length > 3 && r[2] === " ").length,
    last_sync: readLastSync(memoryDir) ?? null,
    conflicts: {
      proposals: readSummaries(memoryDir).filter((p) => p.conflict).map((p) => p.id),
      parked: readIncoming(memoryDir).length,
      files: all.stdout.split("\0").filter((f) => /\.theirs-[0-9a-f]{8}$/.test(f))
    },
    tracked_per_machine: tracked.stdout.split("\0").filter((f) => f !== "" && isPerMachine(f)),
    merge_in_progress: fs.existsSync(path.join(gitDir(memoryDir), "MERGE_HEAD")),
    not_portable: notPortable(all.stdout.split("\0")),
    drivers_configured: drivers.code === 0,
    trust: await readTrust(memoryDir, opts),
    look_alikes: heldLookAlikes(memoryDir),
    refused_files: none.refused_files
  };
}
var NOT_PORTABLE_FIX = "rename each before a teammate on Windows clones the store (its checkout, and every merge there, fails on them): memctl manage rename OLD NEW (a card's MEMORY.md line follows), or git mv OLD NEW for a name memctl refuses; then memctl sync";
function notPortable(paths) {
  return paths.flatMap((p) => {
    const problem = p === "" ? void 0 : windowsPathProblem(p);
    return problem ? [{ path: p, problem }] : [];
  });
}
function heldLookAlikes(memoryDir) {
  try {
    return lookAlikes(liveArrivals(memoryDir));
  } catch {
    return [];
  }
}
export {
  NOT_PORTABLE_FIX,
  lookAlikes,
  notPortable,
  syncStatus
};
