import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  syncStatus
} from "./sync-layout.mjs";
import {
  liveArrivals
} from "./sync-arrival-decide.mjs";
import {
  COMPACT_RELPATH,
  diagnoseInjection,
  warnBytesFromConfig
} from "./reports-injection.mjs";
import {
  MAX_IMPORT_DEPTH,
  composeFor
} from "./config-instructions.mjs";
import {
  readJobs
} from "./store-jobs.mjs";
import {
  cardLinks,
  cardsFinder
} from "./core-card-links.mjs";
import {
  INTENT_RELPATH,
  readIntent,
  refusedIntents
} from "./records-commit.mjs";
import {
  readPending
} from "./records-proposal-files.mjs";
import {
  fileBytes,
  isRegularFile,
  openStore
} from "./reports-open.mjs";
import {
  compactStatus,
  firstCompactBytes
} from "./compact-status.mjs";
import {
  resolveStoreBudget
} from "./config-budget.mjs";
import {
  INDEX_READ_CAP
} from "./core-line-key.mjs";
import {
  displayDir,
  measureIndexInjectBytes
} from "./core-block.mjs";
import {
  utcDay
} from "./core-frecency.mjs";
import {
  planClaudeImport,
  projectClaudeDirs
} from "./config-claude-memory.mjs";
import {
  isCardFile
} from "./core-card-rules.mjs";
import {
  configuredGuardrails,
  findSecretsInTexts,
  limitCrossings,
  secretPolicy,
  withDefaults
} from "./records-guardrails.mjs";
import {
  historyPath,
  latestByCard,
  readHistory
} from "./store-history.mjs";
import {
  isExpired,
  missingFields,
  parseCard,
  recallKeyProblems
} from "./core-card.mjs";
import {
  isWildSegment,
  normalizeScope,
  scopeEntryProblem,
  scopeProblems,
  segmentMatches
} from "./core-card-types.mjs";
import {
  AUTO_MEMORY_FIX,
  claudeAutoMemoryWritesStore,
  hostAdapter
} from "./config-config-keys.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";
import {
  EPISODES_FILE,
  INDEX_FILE
} from "./store-paths.mjs";

// lib/reports/run-doctor.ts
import fs3 from "node:fs";
import path3 from "node:path";

// lib/reports/repo-refs.ts
import fs from "node:fs";
import path from "node:path";
var SYMBOL = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
var FLAG_TOKEN = /^--[A-Za-z0-9][A-Za-z0-9_.-]*(?:=.*)?$/;
var CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
function pathProblem(p) {
  if (p === "") return "empty path";
  if (CONTROL.test(p)) return "path contains a control character";
  if (p.startsWith("/") || p.startsWith("\\") || /^[A-Za-z]:[\\/]/.test(p)) return "path is absolute; it must be repo-root-relative";
  if (p.startsWith("~")) return "path is home-relative; it must be repo-root-relative";
  if (p.split(/[\\/]/).includes("..")) return "path contains a .. segment; it must stay inside the repository";
  return void 0;
}
function parseRepoRef(text) {
  const ref = text.trim();
  const colon = ref.indexOf(":");
  const kind = colon === -1 ? "" : ref.slice(0, colon);
  const rest = ref.slice(colon + 1).trim();
  if (kind === "path") {
    const problem = pathProblem(rest);
    return problem ? { ok: false, reason: problem } : { ok: true, kind: "path", path: rest };
  }
  if (kind === "fn") {
    const hash = rest.lastIndexOf("#");
    if (hash === -1) return { ok: false, reason: "fn: ref needs <path>#<symbol>" };
    const file = rest.slice(0, hash).trim();
    const symbol = rest.slice(hash + 1).trim();
    const problem = pathProblem(file);
    if (problem) return { ok: false, reason: problem };
    if (!SYMBOL.test(symbol)) return { ok: false, reason: `"${symbol}" is not an identifier` };
    return { ok: true, kind: "fn", path: file, symbol };
  }
  if (kind === "flag") {
    const words = rest.split(/\s+/).filter(Boolean);
    const at = findLastIndex(words, (w) => FLAG_TOKEN.test(w));
    if (at === -1) return { ok: false, reason: "flag: ref has no --flag token" };
    return { ok: true, kind: "flag", invocation: words.slice(0, at).join(" "), token: words[at].split("=")[0] };
  }
  return { ok: false, reason: `unknown ref kind${kind ? ` "${kind}"` : ""}; use path:, fn: or flag:` };
}
function cardRefs(value) {
  if (value === void 0 || value === null) return [];
  const items = Array.isArray(value) ? value : typeof value === "string" ? splitFlowString(value) : [value];
  return items.map((item) => {
    if (typeof item === "string") return { text: item, parsed: parseRepoRef(item) };
    if (item !== null && typeof item === "object" && !Array.isArray(item)) {
      const text = Object.entries(item).map(([k, v]) => `${k}: ${String(v)}`).join(", ");
      return { text, parsed: { ok: false, reason: 'YAML read this item as a mapping; write it without a space after the colon ("path:lib/x.ts")' } };
    }
    return { text: String(item), parsed: { ok: false, reason: "ref is not a string" } };
  });
}
function splitFlowString(value) {
  const t = value.trim();
  if (t.startsWith("[") && t.endsWith("]")) {
    return t.slice(1, -1).split(",").map((s) => s.trim().replace(/^(["'])(.*)\1$/, "$2")).filter(Boolean);
  }
  return t === "" ? [] : [t];
}
function findLastIndex(items, test) {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}
var END = "(?![A-Za-z0-9_$])";
var DEFINITION_FORMS = [
  (n) => `(?:function\\s+)?${n}\\s*\\(\\s*\\)`,
  // shell: name() { … } / function name() { … }
  (n) => `(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:async\\s+)?function\\s*\\*?\\s*${n}${END}`,
  // shell `function name`, JS/TS
  (n) => `(?:export\\s+)?(?:declare\\s+)?(?:const|let|var)\\s+${n}${END}`,
  (n) => `(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:abstract\\s+)?(?:class|interface|type|enum)\\s+${n}${END}`,
  (n) => `(?:async\\s+)?def\\s+${n}\\s*\\(`
  // Python (class is covered above)
];
var LINE_START = "^[ \\t]*";
var SYMBOL_EXTRACTORS = DEFINITION_FORMS.map((form) => new RegExp(`${LINE_START}${form("([A-Za-z_$][A-Za-z0-9_$]*)")}`, "gm"));
function definedSymbols(text) {
  const names = /* @__PURE__ */ new Set();
  for (const re of SYMBOL_EXTRACTORS) for (const m of text.matchAll(re)) names.add(m[1]);
  return names;
}
var SKIP_DIRS = /* @__PURE__ */ new Set([".git", "node_modules", "dist", "build", "coverage", ".memctl", ".next", "target", "vendor"]);
var MAX_FILE_BYTES = 1 << 20;
var MAX_SCAN_FILES = 2e4;
var RepoRefChecker = class {
  constructor(repoRoot) {
    this.repoRoot = repoRoot;
    this.texts = /* @__PURE__ */ new Map();
    this.files = /* @__PURE__ */ new Map();
    this.flagVerdicts = /* @__PURE__ */ new Map();
    this.symbols = /* @__PURE__ */ new Map();
  }
  check(ref) {
    if (!ref.ok) return { fresh: false, reason: `out of grammar: ${ref.reason}` };
    if (ref.kind === "path") return this.isFile(ref.path) ? { fresh: true } : { fresh: false, reason: `${ref.path} does not exist in the repository` };
    if (ref.kind === "fn") {
      const text = this.read(ref.path);
      if (text === null) return { fresh: false, reason: `${ref.path} does not exist in the repository` };
      let defined = this.symbols.get(ref.path);
      if (!defined) this.symbols.set(ref.path, defined = definedSymbols(text));
      return defined.has(ref.symbol) ? { fresh: true } : { fresh: false, reason: `no definition of ${ref.symbol} in ${ref.path}` };
    }
    let verdict = this.flagVerdicts.get(ref.token);
    if (!verdict) {
      verdict = this.findFlag(ref.token);
      this.flagVerdicts.set(ref.token, verdict);
    }
    return verdict;
  }
  isFile(rel) {
    let known = this.files.get(rel);
    if (known === void 0) {
      try {
        known = fs.statSync(path.join(this.repoRoot, rel)).isFile();
      } catch {
        known = false;
      }
      this.files.set(rel, known);
    }
    return known;
  }
  /** File text, or null when it is missing, not a regular file, too large or unreadable. */
  read(rel) {
    const full = path.join(this.repoRoot, rel);
    if (this.texts.has(full)) return this.texts.get(full);
    let text = null;
    try {
      const stat = fs.statSync(full);
      if (stat.isFile() && stat.size <= MAX_FILE_BYTES) text = fs.readFileSync(full, "utf8");
    } catch {
      text = null;
    }
    this.texts.set(full, text);
    return text;
  }
  findFlag(token) {
    const scan = this.scanFiles();
    const where = scan.root === this.repoRoot ? "the repository" : "scripts/";
    const pattern = new RegExp(`(?<![A-Za-z0-9_-])${token.replace(/[.]/g, "\\.")}(?![A-Za-z0-9_-])`);
    for (const file of scan.files) {
      const text = this.read(path.relative(this.repoRoot, file));
      if (text !== null && text.includes(token) && pattern.test(text)) return { fresh: true };
    }
    const limit = scan.truncated ? ` (searched the first ${MAX_SCAN_FILES} files)` : "";
    return { fresh: false, reason: `${token} not found under ${where}${limit}` };
  }
  /** Files the flag search reads: scripts/ when it exists, else the whole checkout (minus build/vendor dirs). */
  scanFiles() {
    if (this.flagFiles) return this.flagFiles;
    const scripts = path.join(this.repoRoot, "scripts");
    let root = this.repoRoot;
    try {
      if (fs.statSync(scripts).isDirectory()) root = scripts;
    } catch {
    }
    const files = [];
    const stack = [root];
    let truncated = false;
    while (stack.length > 0 && !truncated) {
      const dir = stack.pop();
      let entries;
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries.sort((a, b) => a.name < b.name ? -1 : 1)) {
        if (e.isDirectory() && !SKIP_DIRS.has(e.name)) stack.push(path.join(dir, e.name));
        else if (e.isFile()) files.push(path.join(dir, e.name));
        if (files.length >= MAX_SCAN_FILES) {
          truncated = true;
          break;
        }
      }
    }
    this.flagFiles = { files, root, truncated };
    return this.flagFiles;
  }
};

// lib/reports/instructions-report.ts
var LISTS = {
  "dead-import": "dead_imports",
  cycle: "cycles",
  unsafe: "unsafe_imports",
  depth: "too_deep",
  unreadable: "unreadable"
};
function instructionsReport(scope, composition) {
  if (composition.parts.length === 0 && composition.problems.length === 0) return void 0;
  const bytes = composition.parts.reduce((n, p) => n + p.bytes, 0);
  const report = {
    project_root: scope.projectRoot,
    user_dir: scope.userDir,
    files: scope.files,
    parts: composition.parts.length,
    always_on_bytes: bytes,
    max_bytes: scope.maxBytes,
    over_budget: bytes > scope.maxBytes,
    max_import_depth: MAX_IMPORT_DEPTH,
    dead_imports: [],
    cycles: [],
    unsafe_imports: [],
    too_deep: [],
    unreadable: []
  };
  for (const p of composition.problems) report[LISTS[p.kind]].push(finding(p));
  return report;
}
function instructionWarnings(r) {
  if (!r) return 0;
  return r.dead_imports.length + r.cycles.length + r.unsafe_imports.length + r.too_deep.length + r.unreadable.length + (r.over_budget ? 1 : 0);
}
function finding(p) {
  return { file: p.file, line: p.line ?? null, target: p.target ?? null, detail: p.detail };
}

// lib/reports/doctor.ts
var ISSUE_KINDS = [
  "dead_links",
  "orphan_cards",
  "duplicate_hooks",
  "stale_repo_refs",
  "cards_missing_fields",
  "cards_bad_fields",
  "unparsed_index_entries",
  "unreadable_cards",
  "expired_cards",
  "resolution_issues",
  "refused_intents",
  "cards_with_secrets",
  "dead_card_links",
  "stuck_jobs",
  "failed_jobs"
];
function buildDoctorReport(input) {
  const view = input.view;
  const report = {
    memory_dir: input.memoryDir,
    entry_count: view?.entries.length ?? 0,
    memory_bytes: input.memoryBytes,
    episodes_bytes: input.episodesBytes,
    shard_count: view ? view.shards.length + view.episodeShards.length : 0,
    dead_links: view ? deadLinks(view, input.presentTargets) : [],
    orphan_cards: view ? [...view.cards.keys()].filter((c) => isCardFile(c) && !view.referenced.has(c)) : [],
    duplicate_hooks: view ? duplicateHooks(view) : [],
    stale_repo_refs: [],
    cards_missing_fields: [],
    cards_bad_fields: [],
    unparsed_index_entries: (view?.unparsed ?? []).map((u) => ({ line: u.line, text: u.raw.trim(), reason: u.reason })),
    unreadable_cards: [],
    expired_cards: [],
    resolution_issues: input.resolutionIssues,
    issues_count: 0,
    injection: input.injection,
    hand_edited_cards: view ? handEdits(view, input) : [],
    history_status: input.history.status,
    ...input.history.error !== void 0 ? { history_error: input.history.error } : {},
    history_malformed: input.history.malformed,
    unimported_claude_memory: view ? input.unimportedClaude : [],
    config_warnings: input.configWarnings,
    pending_proposals: input.pendingProposals,
    limits_exceeded: input.limitsExceeded,
    refused_intents: input.refusedIntents ?? [],
    warnings_count: 0,
    cards_with_secrets: input.secretsAtRest ?? [],
    dead_card_links: input.cardLinkIssues ?? [],
    stuck_jobs: input.stuckJobs ?? [],
    failed_jobs: input.failedJobs ?? [],
    unmatched_scopes: [],
    scopes_checked_in: input.scopeCheck?.repo ?? null
  };
  for (const [file, cf] of view?.cards ?? []) {
    if (!isCardFile(file) && !view.referenced.has(file)) continue;
    if (cf.readError !== void 0 || !cf.card) {
      report.unreadable_cards.push({ card: file, reason: `cannot read: ${cf.readError ?? "unknown error"}` });
      continue;
    }
    const card = cf.card;
    if (card.errors.length > 0) {
      report.unreadable_cards.push({ card: file, reason: card.errors.map((e) => e.message).join("; ") });
      continue;
    }
    const missing = missingFields(card);
    if (missing.length > 0) report.cards_missing_fields.push({ card: file, missing });
    const scopeIssues = scopeProblems(typeof card.frontmatter.scope === "string" ? [card.frontmatter.scope] : card.frontmatter.scope).map((p) => p.message);
    const bad = [
      ...card.warnings.filter((w) => w.field !== "recall" && w.field !== "scope").map((w) => w.message),
      ...recallKeyProblems(card.frontmatter.recall).map((p) => p.message),
      ...scopeIssues
    ];
    if (bad.length > 0) report.cards_bad_fields.push({ card: file, problems: bad });
    if (input.scopeCheck && scopeIssues.length === 0) {
      for (const scope of card.meta.scope ?? []) if (!input.scopeCheck.matches(scope)) report.unmatched_scopes.push({ card: file, scope });
    }
    for (const ref of cardRefs(card.frontmatter.repo_refs)) {
      const verdict = input.checkRef(ref.parsed);
      if (!verdict.fresh) report.stale_repo_refs.push({ card: file, ref: ref.text, reason: verdict.reason ?? "stale" });
    }
    if (isExpired(card.meta, input.today)) report.expired_cards.push({ card: file, expires_at: card.meta.expires_at });
  }
  report.issues_count = ISSUE_KINDS.reduce((n, kind) => n + report[kind].length, 0);
  const injectionWarnings = input.injection && (input.injection.over_warn || input.injection.pinned_over_budget) ? 1 : 0;
  report.warnings_count = injectionWarnings + report.hand_edited_cards.length + new Set(report.unimported_claude_memory.map((x) => x.dir)).size + report.config_warnings.length + (input.pendingProposals > 0 ? 1 : 0) + report.limits_exceeded.length + report.unmatched_scopes.length + (input.history.status === "error" ? 1 : 0) + (input.history.malformed > 0 ? 1 : 0);
  if (input.claudeAutoMemoryFix) {
    report.claude_auto_memory = { fix: input.claudeAutoMemoryFix };
    report.warnings_count += 1;
  }
  if (input.indexOverReadLimit) {
    report.index_over_read_limit = input.indexOverReadLimit;
    report.warnings_count += 1;
  }
  if (input.sync?.repo) {
    const arrivals = input.arrivals ?? [];
    report.quarantined = arrivals.filter((a) => a.state === "quarantined").map((a) => ({ id: a.id, path: a.path, kind: a.kind, reasons: a.reasons, pushed_by: a.pushed_by }));
    report.pending_arrivals = arrivals.filter((a) => a.state === "pending").length;
    report.issues_count += report.quarantined.length;
    report.warnings_count += report.pending_arrivals > 0 ? 1 : 0;
    report.sync = input.sync;
    report.warnings_count += syncWarnings(input.sync);
  }
  if (input.instructions) {
    report.instructions = input.instructions;
    report.warnings_count += instructionWarnings(input.instructions);
  }
  return report;
}
function syncWarnings(s) {
  const conflicts = s.conflicts.proposals.length + s.conflicts.parked + s.conflicts.files.length;
  return (s.tracked_per_machine.length > 0 ? 1 : 0) + (conflicts > 0 ? 1 : 0) + (s.merge_in_progress ? 1 : 0);
}
function deadLinks(view, present) {
  const out = [];
  for (const e of view.entries) {
    if (e.card === null) out.push({ line: e.line, title: e.title, target: e.file, reason: "points outside the memory directory" });
    else if (!view.cards.has(e.card) && !present.has(e.card)) out.push({ line: e.line, title: e.title, target: e.file, reason: "file does not exist" });
  }
  return out;
}
function duplicateHooks(view) {
  const byHook = /* @__PURE__ */ new Map();
  for (const e of view.entries) {
    const hook = e.hook.replace(/\s+/g, " ").trim();
    if (hook === "") continue;
    if (e.card !== null && view.cards.get(e.card)?.card?.meta.status === "superseded") continue;
    const d = byHook.get(hook) ?? { hook, lines: [], cards: [] };
    d.lines.push(e.line);
    d.cards.push(e.file);
    byHook.set(hook, d);
  }
  return [...byHook.values()].filter((d) => d.lines.length >= 2);
}
function handEdits(view, input) {
  const interrupted = new Set(input.interruptedWrites ?? []);
  const out = [...interrupted].map((card) => ({
    card,
    change: "interrupted",
    rev: input.history.latest.get(card)?.rev ?? 0,
    recorded_at: input.history.latest.get(card)?.at ?? ""
  }));
  for (const [card, rec] of input.history.latest) {
    if (interrupted.has(card)) continue;
    const onDisk = view.cards.get(card);
    const base = { card, rev: rec.rev, recorded_at: rec.at };
    if (rec.op === "delete" || rec.sha256 === null) {
      if (onDisk) out.push({ ...base, change: "revived" });
    } else if (!onDisk) out.push({ ...base, change: "removed" });
    else if (onDisk.readError === void 0 && !input.cardMatches(card, rec.sha256)) out.push({ ...base, change: "modified" });
  }
  return out.sort((a, b) => a.card < b.card ? -1 : a.card > b.card ? 1 : 0);
}

// lib/reports/card-link-issues.ts
function cardLinkIssues(memoryDir, view) {
  const finder = cardsFinder(view.cards);
  const out = [];
  for (const [file, cf] of view.cards) {
    const text = cf.text;
    if (text === void 0 || !(text.includes("[[") || text.includes(".md"))) continue;
    const body = parseCard(text).body;
    const offset = text.endsWith(body) ? text.slice(0, text.length - body.length).split("\n").length - 1 : 0;
    for (const l of cardLinks(memoryDir, text, finder)) {
      if (l.status === "ok") continue;
      out.push({ card: file, line: l.line + offset, link: l.link, status: l.status, reason: l.reason ?? l.status });
    }
  }
  return out;
}

// lib/reports/job-issues.ts
function jobIssues(jobs) {
  const doneAfter = (j) => jobs.some((o) => o !== j && o.kind === j.kind && o.status === "done" && o.updated_at >= j.updated_at);
  const issue = (j, status) => ({
    id: j.id,
    kind: j.kind,
    status,
    attempts: j.attempts,
    max_attempts: j.max_attempts,
    last_error: j.last_error,
    lease_until: j.lease_until,
    updated_at: j.updated_at,
    resume: j.command ?? `memctl ${j.kind}`
  });
  return {
    stuck: jobs.filter((j) => j.status === "stuck" && !doneAfter(j)).map((j) => issue(j, "stuck")),
    failed: jobs.filter((j) => j.status === "failed" && j.attempts >= j.max_attempts && !doneAfter(j)).map((j) => issue(j, "failed"))
  };
}

// lib/reports/scope-check.ts
import fs2 from "node:fs";
import path2 from "node:path";
var SCOPE_CHECK_BUDGET = 2e5;
var OverBudget = class extends Error {
};
function scopeMatchesSomething(root, scope, budget = SCOPE_CHECK_BUDGET) {
  if (scopeEntryProblem(scope) !== void 0) return true;
  const segments = normalizeScope(scope).split("/");
  let left = budget;
  const list = (dir) => {
    let entries;
    try {
      entries = fs2.readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    left -= entries.length;
    if (left < 0) throw new OverBudget();
    return entries;
  };
  const walk = (dir, i) => {
    if (i === segments.length) return true;
    const seg = segments[i];
    if (seg === ".git") return false;
    const last = i === segments.length - 1;
    if (seg === "**") {
      if (walk(dir, i + 1)) return true;
      return list(dir).some((e) => e.isDirectory() && e.name !== ".git" && walk(path2.join(dir, e.name), i));
    }
    if (!isWildSegment(seg)) {
      const at = path2.join(dir, seg);
      if (last) return lexists(at);
      return isDirectory(at) && walk(at, i + 1);
    }
    return list(dir).some((e) => segmentMatches(seg, e.name) && (last || e.isDirectory() && e.name !== ".git" && walk(path2.join(dir, e.name), i + 1)));
  };
  try {
    return walk(root, 0);
  } catch (err) {
    if (err instanceof OverBudget) return true;
    throw err;
  }
}
function lexists(p) {
  try {
    fs2.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}
function isDirectory(p) {
  try {
    return fs2.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

// lib/reports/run-doctor.ts
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
  const sync = dir ? await syncStatus(dir, io.env) : null;
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
    episodesBytes: dir ? fileBytes(path3.join(dir, EPISODES_FILE)) : 0,
    presentTargets: new Set(view && dir ? view.entries.filter((e) => e.card !== null && !view.cards.has(e.card) && isRegularFile(dir, e.card)).map((e) => e.card) : []),
    checkRef: (ref) => checker.check(ref),
    today: utcDay(io.now()),
    history,
    cardMatches: (card, sha) => cardMatches(dir, view.cards.get(card)?.text, card, sha),
    unimportedClaude: dir ? unimportedClaude(opened, io) : [],
    injection,
    configWarnings,
    pendingProposals: dir ? readPending(dir).proposals.length : 0,
    limitsExceeded,
    interruptedWrites: dir ? interruptedWrites(dir) : [],
    refusedIntents: dir ? refusedIntentsOf(dir) : [],
    sync,
    arrivals: dir ? liveArrivals(dir) : [],
    secretsAtRest,
    ...dir && claudeAutoMemoryWritesStore({ memoryDir: dir, autoMemoryDir: resolution.legacy_dir, projectRoot: resolution.repo_root, env: io.env, home: io.home }) ? { claudeAutoMemoryFix: AUTO_MEMORY_FIX } : {},
    ...resolution.git ? { scopeCheck: { repo: resolution.repo_root, matches: (scope) => scopeMatchesSomething(resolution.repo_root, scope) } } : {},
    ...instructions ? { instructions } : {}
  });
}
function instructionsFor(cwd, opened, io) {
  try {
    const { scope, composition } = composeFor(path3.resolve(io.cwd, cwd), io, opened.config.value);
    return instructionsReport(scope, composition);
  } catch (err) {
    const problem = { kind: "unreadable", file: cwd, detail: `instruction files not composed: ${err.message}` };
    return instructionsReport({ projectRoot: cwd, userDir: "", files: [], maxBytes: 0, cwd, dirs: [], roots: [] }, { parts: [], problems: [problem] });
  }
}
async function findSecretsAtRest(dir, view, io) {
  const files = [[INDEX_FILE, readText(path3.join(dir, INDEX_FILE)) ?? ""], ...[...view.cards].map(([file, cf]) => [file, cf.text ?? ""])];
  const found = await findSecretsInTexts(
    files.map(([, text]) => text),
    secretPolicy(io)
  );
  return files.flatMap(([card], i) => found[i].map((f) => ({ card, line: f.line, kind: f.kind, masked: f.masked })));
}
function readText(file) {
  try {
    return fs3.readFileSync(file, "utf8");
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
  const read = readHistory(dir);
  const exists = fs3.existsSync(historyPath(dir));
  const latest = new Map([...latestByCard(read.entries)].map(([card, e]) => [card, { rev: e.rev, op: e.op, at: e.at, sha256: e.sha256 }]));
  return { status: read.error ? "error" : exists ? "ok" : "absent", malformed: read.malformed, ...read.error ? { error: read.error } : {}, latest };
}
function cardMatches(dir, text, card, sha) {
  if (text !== void 0 && sha256Hex(text) === sha) return true;
  try {
    return sha256Hex(fs3.readFileSync(path3.join(dir, card))) === sha;
  } catch {
    return false;
  }
}
function unimportedClaude(opened, io) {
  const dir = opened.resolution.memory_dir;
  const dirs = projectClaudeDirs(opened.resolution, io).filter((d) => real(d) !== real(dir));
  if (dirs.length === 0) return [];
  return planClaudeImport(dir, dirs, []).items.filter((item) => item.action === "import").map((item) => ({ dir: item.source.dir, file: item.file, name: item.name }));
}
function injectionFor(opened, host, warn, io) {
  const { view, resolution } = opened;
  const entries = view.entries;
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
    compact: compactSlot(resolution.memory_dir, view, readHistory(resolution.memory_dir).entries, context)
  });
}
function compactSlot(dir, view, history, context) {
  const s = compactStatus(dir, view, history, context);
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
function real(p) {
  try {
    return fs3.realpathSync(p);
  } catch {
    return path3.resolve(p);
  }
}
function indexOverReadLimit(dir) {
  const bytes = fileBytes(path3.join(dir, INDEX_FILE));
  return bytes > INDEX_READ_CAP ? { indexOverReadLimit: { bytes, limit: INDEX_READ_CAP } } : {};
}

export {
  ISSUE_KINDS,
  runDoctor
};
