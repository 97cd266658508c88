// lib/reports/run-doctor.ts
import fs from "node:fs";
import path from "node:path";
import { hostAdapter } from "../../hosts/index.js";
import { AUTO_MEMORY_FIX, claudeAutoMemoryWritesStore } from "../../hosts/claude/auto-memory.js";
import { readSettings, resolveStoreBudget } from "../config/budget.js";
import { compactStatus, firstCompactBytes } from "../compact/status.js";
import { configuredGuardrails, withDefaults } from "../records/guardrails.js";
import { limitCrossings } from "../records/limit-crossings.js";
import { historyPath, latestByCard, readHistory, sha256Hex } from "../store/history.js";
import { planClaudeImport, projectClaudeDirs } from "../records/import-claude.js";
import { displayDir, measureIndexInjectBytes } from "../core/block.js";
import { countPending } from "../records/proposal-read.js";
import { INTENT_RELPATH, readIntent, refusedIntents } from "../records/intent-file.js";
import { RepoRefChecker } from "./repo-refs.js";
import { EPISODES_FILE } from "../store/read.js";
import { syncStatus } from "../sync/status.js";
import { liveArrivals } from "../sync/arrival-decide.js";
import { isNote } from "../records/import-prose.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { buildDoctorReport } from "./doctor.js";
import { findSecretsInTexts, secretPolicy } from "../records/secrets.js";
import { INDEX_FILE, memctlStateHome, STATE_DIR } from "../store/paths.js";
import { sessionSecretProblem } from "../store/session-secret.js";
import { storeWriteProblem } from "../store/writable.js";
import { INDEX_READ_CAP } from "../store/index-read.js";
import { COMPACT_RELPATH, diagnoseInjection, warnBytesFromConfig } from "./injection.js";
import { fileBytes, isRegularFile, openStore } from "./open.js";
import { readJobs } from "../store/jobs.js";
import { cardLinkIssues } from "./card-link-issues.js";
import { jobIssues } from "./job-issues.js";
import { composeFor } from "../config/instructions.js";
import { instructionsReport } from "./instructions-report.js";
import { scopeMatchesSomething } from "./scope-check.js";
import { utcDay } from "../core/frecency.js";
import { isRetired } from "../core/card.js";
import { LOG_MAX_BYTES, readdirNames, readRegularBytes, readRegularUtf8, realpathOr } from "../store/checked-fs.js";
import { ignoredHostDirVars } from "../core/host-dirs.js";
import { SET_ASIDE } from "../usage/format.js";
async function runDoctor(options, io) {
  const step = options.onStep ?? (() => {
  });
  step("reading the store");
  const opened = await openStore({ repoRoot: options.repoRoot, allowNonGit: options.allowNonGit, cards: true }, io);
  const { resolution, view, store } = opened;
  const dir = view ? resolution.memory_dir : null;
  const warn = warnBytesFromConfig(opened.config.value.raw);
  const ownErrors = opened.config.errors.filter((e) => e.scope !== "project" || e.project === resolution.project_key);
  const configWarnings = view ? [...warn.problem ? [warn.problem] : [], ...ownErrors.map((e) => `${opened.config.file}: ${e.message}`)] : [];
  const history = dir ? historyFacts(dir) : { status: "absent", malformed: 0, latest: /* @__PURE__ */ new Map() };
  const checker = new RepoRefChecker(resolution.repo_root);
  step("measuring what every prompt injects");
  const injection = view && dir ? injectionFor(opened, options.host ?? "generic", warn, io) : null;
  step("checking the store's limits");
  const limitsExceeded = dir ? limitCrossings(dir, withDefaults(configuredGuardrails(io))) : [];
  step("checking sync");
  const { sync, syncUnreadable } = dir ? await readSync(dir, io) : { sync: null, syncUnreadable: void 0 };
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
    ...dir ? indexOverReadLimit(dir) : {},
    episodesBytes: dir ? fileBytes(path.join(dir, EPISODES_FILE)) : 0,
    presentTargets: new Set(
      view && dir ? [...view.entries, ...view.alsoLinked].filter((e) => e.card !== null && !view.cards.has(e.card) && isRegularFile(dir, e.card)).map((e) => e.card) : []
    ),
    checkRef: (ref) => checker.check(ref),
    today: utcDay(io.now()),
    history,
    cardMatches: (card, sha) => cardMatches(dir, view.cards.get(card)?.text, card, sha),
    unimportedClaude: dir ? unimportedClaude(opened, io) : [],
    injection,
    configWarnings,
    // By file name, as session start counts them: a full queue read whole held 190 MB of bodies.
    pendingProposals: dir ? countPending(dir) : 0,
    limitsExceeded,
    interruptedWrites: dir ? interruptedWrites(dir) : [],
    refusedIntents: dir ? refusedIntentsOf(dir) : [],
    sync,
    ...syncUnreadable ? { syncUnreadable } : {},
    ...dir ? arrivalsOf(dir) : { arrivals: [] },
    ...stateHomeOf(io),
    ignoredEnv: ignoredHostDirVars(io.env),
    ...dir ? { usageSetAside: usageSetAside(dir) } : {},
    ...dir ? storeWritable(dir) : {},
    secretsAtRest,
    ...dir && claudeAutoMemoryWritesStore({ memoryDir: dir, autoMemoryDir: resolution.legacy_dir, projectRoot: resolution.repo_root, env: io.env, home: io.home, readSettings }) ? { claudeAutoMemoryFix: AUTO_MEMORY_FIX } : {},
    ...resolution.git ? { scopeCheck: { repo: resolution.repo_root, matches: (scope) => scopeMatchesSomething(resolution.repo_root, scope) } } : {},
    ...instructions ? { instructions } : {}
  });
}
function arrivalsOf(dir) {
  try {
    return { arrivals: liveArrivals(dir) };
  } catch (err) {
    if (!(err instanceof MemctlError) || err.code !== ERROR_CODES.E_HOLD_DAMAGED) throw err;
    return { arrivals: [], holdDamaged: { code: err.code, file: String(err.data?.file ?? ""), reason: err.message } };
  }
}
function stateHomeOf(io) {
  const found = sessionSecretProblem(io);
  return found === void 0 ? {} : { stateHome: { dir: memctlStateHome(io), ...found } };
}
function usageSetAside(dir) {
  try {
    return readdirNames(path.join(dir, STATE_DIR)).filter((n) => SET_ASIDE.test(n)).sort();
  } catch {
    return [];
  }
}
function storeWritable(dir) {
  const problem = storeWriteProblem(dir);
  return problem ? { storeNotWritable: problem } : {};
}
function instructionsFor(cwd, opened, io) {
  try {
    const { scope, composition } = composeFor(path.resolve(io.cwd, cwd), io, opened.config.value);
    return instructionsReport(scope, composition);
  } catch (err) {
    const problem = { kind: "unreadable", file: cwd, detail: `instruction files not composed: ${err.message}` };
    return instructionsReport({ projectRoot: cwd, userDir: "", files: [], maxBytes: 0, cwd, dirs: [], roots: [], home: "" }, { parts: [], problems: [problem] });
  }
}
async function readSync(dir, io) {
  try {
    return { sync: await syncStatus(dir, io.env) };
  } catch (err) {
    if (err instanceof MemctlError && err.code === ERROR_CODES.E_SYNC_NOT_REPO) return { sync: null, syncUnreadable: err.message };
    throw err;
  }
}
async function findSecretsAtRest(dir, view, io) {
  const files = [[INDEX_FILE, readText(path.join(dir, INDEX_FILE)) ?? ""], ...[...view.cards].map(([file, cf]) => [file, cf.text ?? ""])];
  const found = await findSecretsInTexts(
    files.map(([, text]) => text),
    secretPolicy(io)
  );
  return files.flatMap(([card], i) => found[i].map((f) => ({ card, line: f.line, kind: f.kind, masked: f.masked })));
}
function readText(file) {
  try {
    return readRegularUtf8(file);
  } catch {
    return void 0;
  }
}
function interruptedWrites(dir) {
  try {
    return readIntent(dir)?.changes.map((c) => c.card) ?? [];
  } catch {
    return [INTENT_RELPATH];
  }
}
function refusedIntentsOf(dir) {
  try {
    return refusedIntents(dir);
  } catch (err) {
    return [{ file: INTENT_RELPATH, problems: [`cannot be read: ${err.message}`] }];
  }
}
function historyFacts(dir) {
  const read = readHistory(dir, LOG_MAX_BYTES);
  const exists = fs.existsSync(historyPath(dir));
  const latest = new Map([...latestByCard(read.entries)].map(([card, e]) => [card, { rev: e.rev, op: e.op, at: e.at, sha256: e.sha256 }]));
  const error = read.error ? { error: read.error, ...read.errorCode ? { errorCode: read.errorCode } : {} } : {};
  return { status: read.error ? "error" : exists ? "ok" : "absent", malformed: read.malformed, ...error, latest };
}
function cardMatches(dir, text, card, sha) {
  if (text !== void 0 && sha256Hex(text) === sha) return true;
  try {
    return sha256Hex(readRegularBytes(path.join(dir, card), LOG_MAX_BYTES, { nofollow: true })) === sha;
  } catch {
    return false;
  }
}
function unimportedClaude(opened, io) {
  const dir = opened.resolution.memory_dir;
  const dirs = projectClaudeDirs(opened.resolution, io).filter((d) => realpathOr(d) !== realpathOr(dir));
  if (dirs.length === 0) return [];
  return planClaudeImport(dir, dirs, []).items.filter((item) => item.action === "import").map((item) => ({ dir: item.source.dir, file: item.file, name: item.name, kind: isNote(item.source) ? "note" : "card" }));
}
function injectionFor(opened, host, warn, io) {
  const { view, resolution } = opened;
  const today = utcDay(io.now());
  const retired = /* @__PURE__ */ new Set();
  for (const e of view.entries) {
    const meta = e.card === null ? void 0 : view.cards.get(e.card)?.card?.meta;
    if (meta && isRetired(meta, today)) retired.add(e.card);
  }
  const entries = retired.size > 0 ? view.entries.filter((e) => e.card === null || !retired.has(e.card)) : view.entries;
  const context = { projectKey: resolution.project_key, source: resolution.resolution_source, entryCount: entries.length, dir: displayDir(resolution.memory_dir, io.home) };
  const pinned = entries.filter((e) => e.card !== null && view.cards.get(e.card)?.card?.meta.priority === "always");
  const budget = resolveStoreBudget({ host, config: opened.config.value }, { ...resolution, memory_dir: resolution.memory_dir }, io);
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
    compact: compactSlot(resolution.memory_dir, view, readHistory(resolution.memory_dir, LOG_MAX_BYTES).entries, context, retired)
  });
}
function compactSlot(dir, view, history, context, retired) {
  const s = compactStatus(dir, view, history, context, retired);
  const k = s.read.status === "ok" ? s.read.compact : null;
  return {
    file: COMPACT_RELPATH,
    present: s.read.status !== "absent",
    current: s.current,
    records_since: s.records_since,
    status: s.read.status,
    ...s.read.status === "invalid" ? { problem: s.read.reason } : {},
    generator: k?.generator ?? null,
    generated_at: k?.generated_at ?? null,
    records_covered: k ? k.watermark.length : null,
    inject_bytes_with: s.bytes_with,
    inject_bytes_without: s.bytes_without,
    inject_bytes_first_compact: s.read.status === "absent" ? firstCompactBytes(view, context) : null
  };
}
function indexOverReadLimit(dir) {
  const bytes = fileBytes(path.join(dir, INDEX_FILE));
  return bytes > INDEX_READ_CAP ? { indexOverReadLimit: { bytes, limit: INDEX_READ_CAP } } : {};
}
export {
  compactSlot,
  runDoctor
};
