import fs from "node:fs";
import path from "node:path";
import { hostAdapter } from "../../hosts/index.js";
import { AUTO_MEMORY_FIX, claudeAutoMemoryWritesStore } from "../../hosts/claude/auto-memory.js";
import { readSettings, resolveStoreBudget } from "../config/budget.js";
import { compactStatus, firstCompactBytes } from "../compact/status.js";
import { configuredGuardrails, withDefaults } from "../records/guardrails.js";
import { limitCrossings } from "../records/limit-crossings.js";
import { historyPath, latestByCard, readHistory, sha256Hex, type HistoryEntry } from "../store/history.js";
import { planClaudeImport, projectClaudeDirs } from "../records/import-claude.js";
import { displayDir, measureIndexInjectBytes, type BlockContext } from "../core/block.js";
import type { Io } from "../store/io.js";
import { countPending } from "../records/proposal-read.js";
import { INTENT_RELPATH, readIntent, refusedIntents } from "../records/intent-file.js";
import { RepoRefChecker } from "./repo-refs.js";
import { EPISODES_FILE } from "../store/read.js";
import { syncStatus, type SyncStatus } from "../sync/status.js";
import { liveArrivals } from "../sync/arrival-decide.js";
import { isNote } from "../records/import-prose.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { buildDoctorReport, type DoctorInput, type DoctorReport, type HistoryFacts, type SecretAtRest, type UnimportedClaudeCard } from "./doctor.js";
import { findSecretsInTexts, secretPolicy } from "../records/secrets.js";
import { INDEX_FILE, memctlStateHome, STATE_DIR } from "../store/paths.js";
import { sessionSecretProblem } from "../store/session-secret.js";
import { storeWriteProblem } from "../store/writable.js";
import { INDEX_READ_CAP } from "../store/index-read.js";
import { COMPACT_RELPATH, diagnoseInjection, warnBytesFromConfig, type CompactSlot, type InjectionReport } from "./injection.js";
import { fileBytes, isRegularFile, openStore, type OpenedStore } from "./open.js";
import type { StoreView } from "../records/store-view.js";
import { readJobs } from "../store/jobs.js";
import { cardLinkIssues } from "./card-link-issues.js";
import { jobIssues } from "./job-issues.js";
import { composeFor } from "../config/instructions.js";
import { instructionsReport, type InstructionsReport } from "./instructions-report.js";
import { scopeMatchesSomething } from "./scope-check.js";
import { utcDay } from "../core/frecency.js";
import { isRetired } from "../core/card.js";
import { LOG_MAX_BYTES, readdirNames, readRegularBytes, readRegularUtf8, realpathOr } from "../store/checked-fs.js";
import { ignoredHostDirVars } from "../core/host-dirs.js";
import { SET_ASIDE } from "../usage/format.js";

// Gathers everything doctor looks at (strictly read-only) and hands it to the pure report builder.

export interface DoctorOptions {
  repoRoot?: string;
  allowNonGit?: boolean;
  host?: string;
  /** Told each step as it starts, for a progress line on large stores. */
  onStep?: (step: string) => void;
}

export async function runDoctor(options: DoctorOptions, io: Io): Promise<DoctorReport> {
  const step = options.onStep ?? (() => {});
  step("reading the store");
  const opened = await openStore({ repoRoot: options.repoRoot, allowNonGit: options.allowNonGit, cards: true }, io);
  const { resolution, view, store } = opened;
  const dir = view ? resolution.memory_dir : null;
  const warn = warnBytesFromConfig(opened.config.value.raw);
  // Config errors matter here only when an env selection bypassed the config; otherwise resolution reports them.
  // Another project's bad entry is that project's problem (its own doctor and `config lint` report it).
  const ownErrors = opened.config.errors.filter((e) => e.scope !== "project" || e.project === resolution.project_key);
  const configWarnings = view ? [...(warn.problem ? [warn.problem] : []), ...ownErrors.map((e) => `${opened.config.file}: ${e.message}`)] : [];
  const history = dir ? historyFacts(dir) : { status: "absent" as const, malformed: 0, latest: new Map() };
  const checker = new RepoRefChecker(resolution.repo_root);
  step("measuring what every prompt injects");
  const injection = view && dir ? injectionFor(opened, options.host ?? "generic", warn, io) : null;
  step("checking the store's limits");
  const limitsExceeded = dir ? limitCrossings(dir, withDefaults(configuredGuardrails(io))) : [];
  step("checking sync");
  const { sync, syncUnreadable } = dir ? await readSync(dir, io) : { sync: null, syncUnreadable: undefined };
  step("looking for secrets at rest");
  const secretsAtRest = view && dir ? await findSecretsAtRest(dir, view, io) : [];
  step("composing the instruction files");
  const instructions = instructionsFor(options.repoRoot ?? io.cwd, opened, io);
  step(`checking ${view?.cards.size ?? 0} cards`);
  const jobs = dir ? jobIssues(readJobs(dir, io.now()).jobs) : { stuck: [], failed: [] };
  return buildDoctorReport({
    cardLinkIssues: view && dir ? cardLinkIssues(dir, view) : [],
    stuckJobs: jobs.stuck,
    failedJobs: jobs.failed,
    memoryDir: dir,
    resolutionIssues: opened.issue ? [opened.issue] : [],
    view,
    memoryBytes: store?.indexBytes ?? 0,
    ...(dir ? indexOverReadLimit(dir) : {}),
    episodesBytes: dir ? fileBytes(path.join(dir, EPISODES_FILE)) : 0,
    presentTargets: new Set(
      view && dir ? [...view.entries, ...view.alsoLinked].filter((e) => e.card !== null && !view.cards.has(e.card) && isRegularFile(dir, e.card)).map((e) => e.card!) : [],
    ),
    checkRef: (ref) => checker.check(ref),
    today: utcDay(io.now()),
    history,
    cardMatches: (card, sha) => cardMatches(dir!, view!.cards.get(card)?.text, card, sha),
    unimportedClaude: dir ? unimportedClaude(opened, io) : [],
    injection,
    configWarnings,
    // By file name, as session start counts them: a full queue read whole held 190 MB of bodies.
    pendingProposals: dir ? countPending(dir) : 0,
    limitsExceeded,
    interruptedWrites: dir ? interruptedWrites(dir) : [],
    refusedIntents: dir ? refusedIntentsOf(dir) : [],
    sync,
    ...(syncUnreadable ? { syncUnreadable } : {}),
    ...(dir ? arrivalsOf(dir) : { arrivals: [] }),
    ...stateHomeOf(io),
    ignoredEnv: ignoredHostDirVars(io.env),
    ...(dir ? { usageSetAside: usageSetAside(dir) } : {}),
    ...(dir ? storeWritable(dir) : {}),
    secretsAtRest,
    ...(dir && claudeAutoMemoryWritesStore({ memoryDir: dir, autoMemoryDir: resolution.legacy_dir, projectRoot: resolution.repo_root, env: io.env, home: io.home, readSettings })
      ? { claudeAutoMemoryFix: AUTO_MEMORY_FIX }
      : {}),
    ...(resolution.git ? { scopeCheck: { repo: resolution.repo_root, matches: (scope: string) => scopeMatchesSomething(resolution.repo_root, scope) } } : {}),
    ...(instructions ? { instructions } : {}),
  });
}

/** The held arrivals, or (a hold list that cannot be read) what is wrong with it and the repair: never a failed doctor. */
function arrivalsOf(dir: string): Pick<DoctorInput, "arrivals" | "holdDamaged"> {
  try {
    return { arrivals: liveArrivals(dir) };
  } catch (err) {
    if (!(err instanceof MemctlError) || err.code !== ERROR_CODES.E_HOLD_DAMAGED) throw err;
    return { arrivals: [], holdDamaged: { code: err.code, file: String(err.data?.file ?? ""), reason: err.message } };
  }
}

/** The state home when the hook cannot keep its session secret there (a read-only or sandboxed HOME). */
function stateHomeOf(io: Io): Pick<DoctorInput, "stateHome"> {
  const found = sessionSecretProblem(io);
  return found === undefined ? {} : { stateHome: { dir: memctlStateHome(io), ...found } };
}

/** What usage folds renamed aside under .memctl/ (lib/usage/fold.ts); none when there is no state folder. */
function usageSetAside(dir: string): string[] {
  try {
    return readdirNames(path.join(dir, STATE_DIR))
      .filter((n) => SET_ASIDE.test(n))
      .sort();
  } catch {
    return [];
  }
}

function storeWritable(dir: string): Pick<DoctorInput, "storeNotWritable"> {
  const problem = storeWriteProblem(dir);
  return problem ? { storeNotWritable: problem } : {};
}

/** The instruction layer for the working directory; a fault reading it is a finding, never a failed doctor. */
function instructionsFor(cwd: string, opened: OpenedStore, io: Io): InstructionsReport | undefined {
  try {
    const { scope, composition } = composeFor(path.resolve(io.cwd, cwd), io, opened.config.value);
    return instructionsReport(scope, composition);
  } catch (err) {
    const problem = { kind: "unreadable" as const, file: cwd, detail: `instruction files not composed: ${(err as Error).message}` };
    return instructionsReport({ projectRoot: cwd, userDir: "", files: [], maxBytes: 0, cwd, dirs: [], roots: [], home: "" }, { parts: [], problems: [problem] });
  }
}

/**
 * Every secret in the store's cards and MEMORY.md as they are on disk, masked. Text the gate clears (nearly all)
 * costs a regex test; secretlint loads only when some card may hold a secret.
 */
/** A synced store on a machine without git is still a store: doctor reports the rest and says git is missing. */
async function readSync(dir: string, io: Io): Promise<{ sync: SyncStatus | null; syncUnreadable?: string }> {
  try {
    return { sync: await syncStatus(dir, io.env) };
  } catch (err) {
    if (err instanceof MemctlError && err.code === ERROR_CODES.E_SYNC_NOT_REPO) return { sync: null, syncUnreadable: err.message };
    throw err;
  }
}

async function findSecretsAtRest(dir: string, view: StoreView, io: Io): Promise<SecretAtRest[]> {
  const files: [string, string][] = [[INDEX_FILE, readText(path.join(dir, INDEX_FILE)) ?? ""], ...[...view.cards].map(([file, cf]) => [file, cf.text ?? ""] as [string, string])];
  const found = await findSecretsInTexts(
    files.map(([, text]) => text),
    secretPolicy(io),
  );
  return files.flatMap(([card], i) => found[i]!.map((f) => ({ card, line: f.line, kind: f.kind, masked: f.masked })));
}

/** A store file's text through the checked reader: a link to /proc/self/pagemap (stat size 0) read 4 GB and more. */
function readText(file: string): string | undefined {
  try {
    return readRegularUtf8(file);
  } catch {
    return undefined;
  }
}

/** The cards of an unfinished write (an unreadable intent is reported as itself). */
function interruptedWrites(dir: string): string[] {
  try {
    return readIntent(dir)?.changes.map((c) => c.card) ?? [];
  } catch {
    return [INTENT_RELPATH];
  }
}

function refusedIntentsOf(dir: string): { file: string; problems: string[] }[] {
  try {
    return refusedIntents(dir);
  } catch (err) {
    return [{ file: INTENT_RELPATH, problems: [`cannot be read: ${(err as Error).message}`] }];
  }
}

function historyFacts(dir: string): HistoryFacts {
  const read = readHistory(dir, LOG_MAX_BYTES);
  const exists = fs.existsSync(historyPath(dir));
  const latest = new Map([...latestByCard(read.entries)].map(([card, e]) => [card, { rev: e.rev, op: e.op, at: e.at, sha256: e.sha256 }]));
  const error = read.error ? { error: read.error, ...(read.errorCode ? { errorCode: read.errorCode } : {}) } : {};
  return { status: read.error ? "error" : exists ? "ok" : "absent", malformed: read.malformed, ...error, latest };
}

/** Compares a card's bytes with a recorded sha256: the text as read first, the raw bytes if that differs. */
function cardMatches(dir: string, text: string | undefined, card: string, sha: string): boolean {
  if (text !== undefined && sha256Hex(text) === sha) return true;
  try {
    return sha256Hex(readRegularBytes(path.join(dir, card), LOG_MAX_BYTES, { nofollow: true })) === sha;
  } catch {
    return false;
  }
}

/**
 * This project's Claude Code cards (its canonical checkout and every worktree) that `memctl import claude`
 * would import: the import's own plan decides, so doctor and the import always agree. Never writes.
 */
function unimportedClaude(opened: OpenedStore, io: Io): UnimportedClaudeCard[] {
  const dir = opened.resolution.memory_dir!;
  const dirs = projectClaudeDirs(opened.resolution, io).filter((d) => realpathOr(d) !== realpathOr(dir));
  if (dirs.length === 0) return [];
  return planClaudeImport(dir, dirs, [])
    .items.filter((item) => item.action === "import")
    .map((item) => ({ dir: item.source.dir, file: item.file, name: item.name, kind: isNote(item.source) ? ("note" as const) : ("card" as const) }));
}

function injectionFor(opened: OpenedStore, host: string, warn: ReturnType<typeof warnBytesFromConfig>, io: Io): InjectionReport {
  const { view, resolution } = opened;
  // Cards no longer true (superseded, or past expires_at today) are printed by neither hook: not measured either.
  const today = utcDay(io.now());
  const retired = new Set<string>();
  for (const e of view!.entries) {
    const meta = e.card === null ? undefined : view!.cards.get(e.card)?.card?.meta;
    if (meta && isRetired(meta, today)) retired.add(e.card!);
  }
  const entries = retired.size > 0 ? view!.entries.filter((e) => e.card === null || !retired.has(e.card)) : view!.entries;
  // Sized as the hook prints it: the preamble names the store (stats and compact measure the same).
  const context = { projectKey: resolution.project_key, source: resolution.resolution_source, entryCount: entries.length, dir: displayDir(resolution.memory_dir!, io.home) };
  const pinned = entries.filter((e) => e.card !== null && view!.cards.get(e.card)?.card?.meta.priority === "always");
  const budget = resolveStoreBudget({ host, config: opened.config.value }, { ...resolution, memory_dir: resolution.memory_dir! }, io);
  const emptyBlock = measureIndexInjectBytes([], context);
  const pinnedBlock = pinned.length > 0 ? measureIndexInjectBytes(pinned, context) : 0;
  return diagnoseInjection({
    host,
    indexInjectBytes: measureIndexInjectBytes(entries, context),
    pinnedInjectBytes: pinnedBlock,
    pinnedLineBytes: pinned.length > 0 ? pinnedBlock - emptyBlock : 0,
    pinnedCards: pinned.length,
    budgetBytes: budget.maxBytes,
    budgetEntries: budget.maxEntries,
    ceilingBytes: hostAdapter(host)?.hardCeilingBytes ?? Number.MAX_SAFE_INTEGER,
    warnBytes: warn.value,
    warnBytesSource: warn.source,
    compact: compactSlot(resolution.memory_dir!, view!, readHistory(resolution.memory_dir!, LOG_MAX_BYTES).entries, context, retired),
  });
}

/**
 * The compact slot against the records (lib/compact/status.ts): current when nothing was written or removed
 * since its watermark, and the assembled body measured with and without it — the numbers compact quotes.
 * An unreadable slot is present but of unknown state (current null), so it is never called "behind".
 */
export function compactSlot(dir: string, view: StoreView, history: readonly HistoryEntry[], context: BlockContext, retired?: ReadonlySet<string>): CompactSlot {
  const s = compactStatus(dir, view, history, context, retired);
  const k = s.read.status === "ok" ? s.read.compact : null;
  return {
    file: COMPACT_RELPATH,
    present: s.read.status !== "absent",
    current: s.current,
    records_since: s.records_since,
    status: s.read.status,
    ...(s.read.status === "invalid" ? { problem: s.read.reason } : {}),
    generator: k?.generator ?? null,
    generated_at: k?.generated_at ?? null,
    records_covered: k ? k.watermark.length : null,
    inject_bytes_with: s.bytes_with,
    inject_bytes_without: s.bytes_without,
    inject_bytes_first_compact: s.read.status === "absent" ? firstCompactBytes(view, context) : null,
  };
}

/** MEMORY.md past the hook's read limit (lib/store/index-read.ts): the lines after it are never ranked. */
function indexOverReadLimit(dir: string): { indexOverReadLimit?: { bytes: number; limit: number } } {
  const bytes = fileBytes(path.join(dir, INDEX_FILE));
  return bytes > INDEX_READ_CAP ? { indexOverReadLimit: { bytes, limit: INDEX_READ_CAP } } : {};
}
