import fs from "node:fs";
import path from "node:path";
import { readSummaries } from "../records/proposal-read.js";
import { runGit, type GitOptions } from "./git.js";
import { isPerMachine } from "./layout.js";
import { readIncoming } from "./merge-driver.js";
import { readTrust, type Trust } from "./trust.js";
import { windowsPathProblem } from "../core/portable-name.js";
import type { Arrival } from "../store/arrivals.js";
import { liveArrivals } from "./arrival-decide.js";
import { refusedSyncFiles, type RefusedFile } from "./refused-files.js";
import { aheadBehind, findUpstream, gitDir, readLastSync, type LastSync } from "./repo.js";

// Where a synced store stands, from local git state only (no network): for `sync --status` and doctor.

export interface SyncStatus {
  /** False when the memory directory is not the top of a git work tree (then nothing else is set). */
  repo: boolean;
  remote: string | null;
  branch: string | null;
  /** Commits not pushed / not merged, as of the last fetch. */
  ahead: number;
  behind: number;
  /** Files changed since the last commit (what the next sync commits). */
  uncommitted: number;
  last_sync: LastSync | null;
  /** Conflict records not yet resolved: sync proposals pending review, parked cards, `<file>.theirs-*` copies. */
  conflicts: { proposals: string[]; parked: number; files: string[] };
  /** Per-machine files that are committed (they should not be: memctl sync untracks them). */
  tracked_per_machine: string[];
  merge_in_progress: boolean;
  /** Files (committed or to be) whose names a Windows checkout refuses: pushed, they break a teammate's clone there. */
  not_portable: NotPortable[];
  drivers_configured: boolean;
  /** How far this machine trusts its remote (memctl sync trust); chosen false: never set, treated as shared. */
  trust: Trust;
  /** Held new cards whose names only look like an existing card's (lib/core/look-alike.ts). */
  look_alikes: LookAlike[];
  /** Sync's own files the checked reader refuses (a link, a FIFO, oversize): each treated as absent, named here. */
  refused_files: RefusedFile[];
}

/** A held arrival whose name imitates an existing card's. */
export interface LookAlike {
  id: string;
  path: string;
  looks_like: string;
  state: string;
}

/** The held arrivals that imitate an existing card's name; none when the hold list cannot be read (doctor reports that). */
export function lookAlikes(arrivals: readonly Arrival[]): LookAlike[] {
  return arrivals.flatMap((a) => (a.looks_like && a.state !== "rejected" ? [{ id: a.id, path: a.path, looks_like: a.looks_like, state: a.state }] : []));
}

/** The status, or { repo: false } for a store that is not a git repository of its own (no git spawned then). */
export async function syncStatus(memoryDir: string, env: Record<string, string | undefined>): Promise<SyncStatus> {
  const none: SyncStatus = {
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
    refused_files: refusedSyncFiles(memoryDir),
  };
  if (!fs.existsSync(path.join(memoryDir, ".git"))) return none;
  const opts: GitOptions = { env };
  const top = await runGit(memoryDir, ["rev-parse", "--show-toplevel"], opts);
  if (top.code !== 0 || fs.realpathSync(top.stdout.trim()) !== fs.realpathSync(memoryDir)) return none;
  const upstream = await findUpstream(memoryDir, opts);
  const counts = upstream ? await aheadBehind(memoryDir, upstream.trackingRef, opts) : undefined;
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
      proposals: readSummaries(memoryDir)
        .filter((p) => p.conflict)
        .map((p) => p.id),
      parked: readIncoming(memoryDir).length,
      files: all.stdout.split("\0").filter((f) => /\.theirs-[0-9a-f]{8}$/.test(f)),
    },
    tracked_per_machine: tracked.stdout.split("\0").filter((f) => f !== "" && isPerMachine(f)),
    merge_in_progress: fs.existsSync(path.join(gitDir(memoryDir), "MERGE_HEAD")),
    not_portable: notPortable(all.stdout.split("\0")),
    drivers_configured: drivers.code === 0,
    trust: await readTrust(memoryDir, opts),
    look_alikes: heldLookAlikes(memoryDir),
    refused_files: none.refused_files,
  };
}

export interface NotPortable {
  path: string;
  problem: string;
}

/** What the owner does about such a name: memctl manage renames a card with its index line; git mv any other. */
export const NOT_PORTABLE_FIX =
  "rename each before a teammate on Windows clones the store (its checkout, and every merge there, fails on them): memctl manage rename OLD NEW (a card's MEMORY.md line follows), or git mv OLD NEW for a name memctl refuses; then memctl sync";

/** The paths among `paths` (store-relative, slash-separated) that a Windows checkout refuses, with why. */
export function notPortable(paths: readonly string[]): NotPortable[] {
  return paths.flatMap((p) => {
    const problem = p === "" ? undefined : windowsPathProblem(p);
    return problem ? [{ path: p, problem }] : [];
  });
}

function heldLookAlikes(memoryDir: string): LookAlike[] {
  try {
    return lookAlikes(liveArrivals(memoryDir));
  } catch {
    return [];
  }
}
