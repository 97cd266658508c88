import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { findPackageRoot } from "../../install/context.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { childEnv, type Io } from "../store/io.js";
import { inertText } from "../core/sanitize.js";
import { realDir } from "../store/safe-write.js";
import { commitFileSync } from "../store/write.js";
import { git, noIdentity, runGit } from "../sync/git.js";
import { configureDrivers, DRIVER_KINDS, writeRepoRules, type DriverKind } from "../sync/layout.js";
import { runMergeDriver } from "../sync/merge-driver.js";
import { assertOutsideRepos, assertRepoTop, SYNC_DIR, trackBranch } from "../sync/repo.js";
import { DEFAULT_TRUST, isTrustLevel, readTrust, writeTrust, type TrustLevel } from "../sync/trust.js";
import { rebuildHold } from "../sync/rebuild-hold.js";
import { syncStore, type SyncReport } from "../sync/run.js";
import { remoteFrom } from "../sync/remote.js";
import { syncStatus } from "../sync/status.js";
import { configuredGuardrails } from "../records/guardrails.js";
import { secretPolicy } from "../records/secrets.js";
import { ARRIVALS_RELPATH } from "../store/arrivals.js";
import { bool, parseArgs, str, type CommandSpec, type ParsedArgs } from "./args.js";
import { commandSummary } from "./command-summary.js";
import { colorsFor, printJson } from "./output.js";
import { arrivalLines, renderReport, renderStatus } from "./sync-render.js";
import { assertOwnerOnly, JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";

export const spec: CommandSpec = {
  name: "sync",
  summary: commandSummary("sync"),
  positionals: [
    {
      name: "init",
      description:
        "`init <remote-url>`: make the memory directory a git repository syncing with that remote (writes .gitignore, merge rules in .git/info/attributes, merge drivers); `trust own|shared`: change how far this machine trusts the remote",
    },
    { name: "remote", description: "the remote's URL or path (with init); own or shared (with trust)" },
  ],
  flags: {
    status: { type: "boolean", description: "report ahead / behind (as of the last fetch), uncommitted changes, the last sync and unresolved conflicts; no network" },
    detach: { type: "boolean", description: "start the sync in the background and return at once (for a session-end hook); its output goes to .memctl/sync/last.log" },
    trust: {
      type: "string",
      valueName: "LEVEL",
      description:
        "with init: own (only your machines push there: arrivals apply, still checked) or shared (teammates: card, index and compact changes wait for memctl accept); asked on a terminal, else shared",
    },
    "rebuild-hold": {
      type: "boolean",
      description:
        "rebuild this machine's hold list (.memctl/arrivals.json) from git when it is damaged: what this machine committed is yours again; everything a merge brought (or that git cannot tell) is checked and held for memctl review again. No network",
    },
    timeout: { type: "number", valueName: "SECONDS", description: "limit for each network step (fetch, push); default 60" },
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: {
    0: "synced, already up to date, or committed locally (no remote); --status printed; --detach started",
    1: "offline or the remote refused (nothing changed; local commits stay), a git step failed or timed out, another sync is running, the store is not a git repository of its own, or the remote has other branches but not this store's",
    2: "usage error",
    3: "invalid explicit memory selection",
  },
  notes:
    "Commits local memory (the message lists who wrote which cards), fetches, merges, pushes. Logs (episodes, history, proposals log) merge as unions, MEMORY.md lines by card; a card edited on both machines keeps this machine's text and the other arrives as a pending proposal (memctl review shows both); a card removed on one side and edited on the other stays removed and the edit becomes a proposal. Per-machine state under .memctl/ (rank cache, usage, locks, sync state, the job ledger) is never committed. Each sync is a job of this machine's ledger (memctl jobs): a killed one shows as stuck and the next sync resumes it. Every git call has a time limit and never prompts.",
  examples: [
    "memctl sync init git@github.com:me/memory.git --trust own",
    "memctl sync trust shared",
    "memctl sync",
    "memctl sync --status",
    "memctl sync --detach",
    "memctl sync --rebuild-hold",
  ],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  if (argv[0] === "merge-driver") return mergeDriver(argv.slice(1), io);
  const args = parseArgs(spec, argv);
  const [verb, remote] = args.positionals;
  if (verb !== undefined && verb !== "init" && verb !== "trust")
    throw usageError(`unknown sync action "${verb}"; use "memctl sync", "memctl sync init <remote-url>", "memctl sync trust own|shared" or "memctl sync --status"`);
  const trustFlag = str(args, "trust");
  if (trustFlag !== undefined && !isTrustLevel(trustFlag)) throw usageError(`--trust takes own or shared, not "${trustFlag}"`);
  if (trustFlag !== undefined && verb !== "init") throw usageError("--trust goes with memctl sync init; to change it later: memctl sync trust own|shared");
  if (verb === "trust") return setTrust(args, remote, io);
  if (verb === "init" && (remote === undefined || remote === "")) throw usageError("memctl sync init needs the remote: memctl sync init <remote-url>");
  const url = verb === "init" ? remoteFrom(remote!, io.cwd) : "";
  // Where canonical memory is pushed is the owner's choice; a plain sync only moves what is already canonical.
  if (verb === "init") assertOwnerOnly(io, "choose where canonical memory syncs to (memctl sync init)");
  const { memoryDir } = requireStore(args, io);
  const json = bool(args, "json");
  if (bool(args, "status")) {
    const status = await syncStatus(memoryDir, io.env);
    if (json) printJson(io, { memory_dir: memoryDir, ...status });
    else io.stdout.write(renderStatus(memoryDir, status, io));
    return 0;
  }
  if (bool(args, "detach")) return detach(memoryDir, argv, io);
  if (bool(args, "rebuild-hold")) return rebuild(memoryDir, json, io);
  const timeout = args.flags.timeout as number | undefined;
  if (timeout !== undefined && !(timeout > 0)) throw usageError("--timeout takes a positive number of seconds");
  const driverCommand = [process.execPath, path.join(findPackageRoot(), "dist", "cli.js")];
  const setup = verb === "init" ? await init(memoryDir, url, driverCommand, io, trustFlag as TrustLevel | undefined) : null;
  const report = await syncStore({
    memoryDir,
    env: io.env,
    now: io.now,
    driverCommand,
    networkTimeoutMs: timeout !== undefined ? timeout * 1000 : undefined,
    guardrails: configuredGuardrails(io),
    secrets: secretPolicy(io),
    onPhase: pauseFromEnv(io.env),
  }).catch(async (err: unknown) => {
    if (setup === null || !(err instanceof MemctlError)) throw err;
    if (err.code === ERROR_CODES.E_SYNC_OFFLINE) throw await unreachable(memoryDir, url, setup.previous, err, io);
    // Only the init sets the branch's upstream once it pushes: it, not a plain sync, finishes the setup.
    if (err.data?.identity === "missing") throw new MemctlError(err.code, noIdentity(String(err.data.shown), `memctl sync init ${url} --trust ${setup.level}`), err.data);
    throw err;
  });
  if (verb === "init" && report.branch) await setUpstream(memoryDir, report, io);
  if (json) printJson(io, { memory_dir: memoryDir, ...report });
  else io.stdout.write(renderReport(memoryDir, report, io));
  return 0;
}

/** The URL init was given leads nowhere (a typo as often as the network): a remote the store had is put back. */
async function unreachable(memoryDir: string, remote: string, previous: string | null, err: MemctlError, io: Io): Promise<MemctlError> {
  const reached = `cannot reach ${remote} (${String(err.data?.why ?? err.message)})`;
  if (previous !== null && previous !== remote) {
    await git(memoryDir, ["remote", "set-url", "origin", previous], { env: io.env });
    return new MemctlError(err.code, `${reached}; origin is still ${previous}, nothing was pushed. Check the URL, then memctl sync init <remote-url> again`, err.data);
  }
  return new MemctlError(
    err.code,
    `${reached}; nothing was pushed. Check the URL (memctl sync init <remote-url> sets another), or run memctl sync once it can be reached`,
    err.data,
  );
}

/** Returns the origin URL the store had before (null: none) and the trust level chosen. */
async function init(memoryDir: string, remote: string, driverCommand: string[], io: Io, trust: TrustLevel | undefined): Promise<{ previous: string | null; level: TrustLevel }> {
  const opts = { env: io.env };
  const level = trust ?? (await askTrust(remote, io));
  if (!fs.existsSync(path.join(memoryDir, ".git"))) {
    await assertOutsideRepos(memoryDir, opts);
    await git(memoryDir, ["init", "-q", "-b", "main"], opts);
  }
  const current = await runGit(memoryDir, ["remote", "get-url", "origin"], opts);
  if (current.code !== 0) await git(memoryDir, ["remote", "add", "origin", remote], opts);
  else if (current.stdout.trim() !== remote) await git(memoryDir, ["remote", "set-url", "origin", remote], opts);
  await writeRepoRules(memoryDir);
  await configureDrivers(memoryDir, driverCommand, opts);
  await writeTrust(memoryDir, level, opts);
  return { previous: current.code === 0 ? current.stdout.trim() : null, level };
}

/** On a terminal, asks who pushes to the remote; no answer (or no terminal) is the safe default, shared. */
async function askTrust(remote: string, io: Io): Promise<TrustLevel> {
  if (!io.ask) return DEFAULT_TRUST;
  const answer = (await io.ask(`Who pushes to ${inertText(remote)}? own (only your machines) or shared (teammates too) [shared]: `))?.trim().toLowerCase();
  return isTrustLevel(answer) ? answer : DEFAULT_TRUST;
}

async function setTrust(args: ParsedArgs, level: string | undefined, io: Io): Promise<number> {
  if (!isTrustLevel(level)) throw usageError("memctl sync trust takes own or shared: memctl sync trust own");
  // "own" lets what a push brings apply without review: only the owner may lower that.
  assertOwnerOnly(io, `change how far this machine trusts its remote (memctl sync trust ${level})`);
  const { memoryDir } = requireStore(args, io);
  await assertRepoTop(memoryDir, { env: io.env });
  await writeTrust(memoryDir, level, { env: io.env });
  if (bool(args, "json")) printJson(io, { memory_dir: memoryDir, trust: level });
  else
    io.stdout.write(
      `${colorsFor(io).green("✓")} this machine trusts its remote as ${level}: ${level === "own" ? "what arrives applies (still checked like a local write)" : "card, index and compact changes that arrive wait for memctl review / accept"}\n`,
    );
  return 0;
}

/** --rebuild-hold: the owner's repair of a damaged hold list (it releases the owner's own files, so agents may not). */
async function rebuild(memoryDir: string, json: boolean, io: Io): Promise<number> {
  assertOwnerOnly(io, "rebuild the hold list (memctl sync --rebuild-hold)");
  const opts = { env: io.env };
  const trust = (await readTrust(memoryDir, opts)).level;
  const r = await rebuildHold({ memoryDir, now: io.now, trust, guardrails: configuredGuardrails(io), secrets: secretPolicy(io) }, opts);
  if (json) {
    printJson(io, { memory_dir: memoryDir, rebuilt: ARRIVALS_RELPATH, local_commits: r.local_commits, held: r.held });
    return 0;
  }
  const c = colorsFor(io);
  const lines = [
    `${c.green("✓")} rebuilt ${ARRIVALS_RELPATH} from git: ${r.held.length} item(s) held; what ${r.local_commits} commit(s) made on this machine wrote is yours again`,
  ];
  if (r.local_commits === 0)
    lines.push(
      c.yellow(
        "  git's reflog here records no commit made on this machine (expired, or never kept): every file is held; release what you know is yours with memctl accept ID or memctl accept --arrivals",
      ),
    );
  lines.push(...arrivalLines(r.held, c));
  io.stdout.write(lines.join("\n") + "\n");
  return 0;
}

async function setUpstream(memoryDir: string, report: SyncReport, io: Io): Promise<void> {
  if (report.pushed) await trackBranch(memoryDir, report.remote!, report.branch!, { env: io.env });
}

/** Test-only pause (MEMCTL_SYNC_PAUSE=<phase>:<ms>): the SIGKILL test stops a sync there. */
function pauseFromEnv(env: Record<string, string | undefined>): ((phase: string) => Promise<void>) | undefined {
  const m = /^([a-z]+):(\d+)$/.exec(env.MEMCTL_SYNC_PAUSE ?? "");
  if (!m) return undefined;
  return (phase) => (phase === m[1] ? new Promise((r) => setTimeout(r, Number(m[2]))) : Promise.resolve());
}

/** `memctl sync merge-driver <kind> %O %A %B %P`, run by git from .git/config; exit 0 = merged, no markers. */
async function mergeDriver(argv: readonly string[], io: Io): Promise<number> {
  const [kind, base, ours, theirs, file] = argv;
  if (!kind || !(kind in DRIVER_KINDS) || !base || !ours || !theirs || !file)
    throw usageError(`merge-driver takes <${Object.keys(DRIVER_KINDS).join("|")}> %O %A %B %P (git runs it; see .git/config)`);
  const pause = /^driver:(\d+)$/.exec(io.env.MEMCTL_SYNC_PAUSE ?? "");
  if (pause) {
    commitFileSync(path.join(realDir(io.cwd, ...SYNC_DIR.split("/")), "driver-paused"), String(process.pid), { durable: false });
    await new Promise((r) => setTimeout(r, Number(pause[1])));
  }
  runMergeDriver(kind as DriverKind, { base, ours, theirs, path: file, cwd: io.cwd });
  return 0;
}

function detach(memoryDir: string, argv: readonly string[], io: Io): number {
  const log = path.join(realDir(memoryDir, ...SYNC_DIR.split("/")), "last.log");
  const fd = fs.openSync(log, "w");
  const child = spawn(process.execPath, [path.join(findPackageRoot(), "dist", "cli.js"), "sync", ...argv.filter((a) => a !== "--detach")], {
    cwd: io.cwd,
    env: childEnv(io),
    detached: true,
    stdio: ["ignore", fd, fd],
  });
  child.unref();
  fs.closeSync(fd);
  if (bool(parseArgs(spec, argv), "json")) printJson(io, { memory_dir: memoryDir, started: true, pid: child.pid, log });
  else io.stdout.write(`sync started in the background (pid ${child.pid}); its output: ${inertText(log)}; memctl sync --status shows the result\n`);
  return 0;
}
