import { recallKeyProblems } from "../core/recall-keys.js";
import { scopeProblems } from "../core/scope.js";
import { isCardFile } from "../core/card-rules.js";
import { isExpired, missingFields, unquotedColonLine } from "../core/card.js";
import { cardRefs } from "./repo-refs.js";
import { lookAlikes } from "../sync/status.js";
import type { StoreView } from "../records/store-view.js";
import { countWarnings } from "./doctor-warnings.js";
import { ERROR_CODES } from "../core/errors.js";

import type { DeadLink, DuplicateHook, HandEdit, DoctorInput, DoctorReport } from "./doctor-types.js";
export type {
  ResolutionIssue,
  DeadLink,
  DuplicateHook,
  StaleRef,
  MissingFields,
  BadFields,
  UnparsedEntry,
  UnreadableCard,
  ExpiredCard,
  HandEdit,
  UnimportedClaudeCard,
  RecordedCard,
  HistoryFacts,
  SecretAtRest,
  DoctorInput,
  QuarantinedFile,
  DoctorReport,
  RefusedIntent,
} from "./doctor-types.js";

// The doctor report as a pure function over a read store plus the facts gathered around it
// (history, Claude memory, injected size). Issues make doctor exit 1; warnings never do.

/** The issue lists, in report order; issues_count is the sum of their lengths. */
export const ISSUE_KINDS = [
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
  "failed_jobs",
] as const;

export function buildDoctorReport(input: DoctorInput): DoctorReport {
  const view = input.view;
  const report: DoctorReport = {
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
    ...(input.history.error !== undefined ? { history_error: input.history.error } : {}),
    ...(input.history.errorCode !== undefined ? { history_error_code: input.history.errorCode } : {}),
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
    scopes_checked_in: input.scopeCheck?.repo ?? null,
  };
  for (const [file, cf] of view?.cards ?? []) {
    // A free note (people/alex.md: not named like a card, linked from no index) has no card rules to break.
    if (!isCardFile(file) && !view!.referenced.has(file)) continue;
    if (cf.readError !== undefined || !cf.card) {
      report.unreadable_cards.push({ card: file, reason: `cannot read: ${cf.readError ?? "unknown error"}` });
      continue;
    }
    const card = cf.card;
    if (card.errors.length > 0) {
      const colon = card.errors[0]?.code === "E_CARD_FRONTMATTER" ? unquotedColonLine(card.frontmatterText) : undefined;
      const fix = colon && `quote the value on line ${colon.line} of ${file} (${colon.key}: "…"): a ": " inside an unquoted value is not YAML`;
      report.unreadable_cards.push({ card: file, reason: card.errors.map((e) => e.message).join("; "), ...(fix ? { fix } : {}) });
      continue;
    }
    const missing = missingFields(card);
    if (missing.length > 0) report.cards_missing_fields.push({ card: file, missing });
    // recall and scope: their own checks (what a save would refuse) replace the generic type warning.
    const scopeIssues = scopeProblems(typeof card.frontmatter.scope === "string" ? [card.frontmatter.scope] : card.frontmatter.scope).map((p) => p.message);
    const bad = [
      ...card.warnings.filter((w) => w.field !== "recall" && w.field !== "scope").map((w) => w.message),
      ...recallKeyProblems(card.frontmatter.recall).map((p) => p.message),
      ...scopeIssues,
    ];
    if (bad.length > 0) report.cards_bad_fields.push({ card: file, problems: bad });
    if (input.scopeCheck && scopeIssues.length === 0)
      for (const scope of card.meta.scope ?? []) if (!input.scopeCheck.matches(scope)) report.unmatched_scopes.push({ card: file, scope });
    for (const ref of cardRefs(card.frontmatter.repo_refs)) {
      const verdict = input.checkRef(ref.parsed);
      if (!verdict.fresh) report.stale_repo_refs.push({ card: file, ref: ref.text, reason: verdict.reason ?? "stale" });
    }
    if (isExpired(card.meta, input.today)) report.expired_cards.push({ card: file, expires_at: card.meta.expires_at! });
  }
  report.issues_count = ISSUE_KINDS.reduce((n, kind) => n + report[kind].length, 0);
  if (input.claudeAutoMemoryFix) {
    report.claude_auto_memory = { fix: input.claudeAutoMemoryFix };
  }
  if (input.indexOverReadLimit) {
    report.index_over_read_limit = input.indexOverReadLimit;
  }
  if (input.stateHome) {
    const { dir, problem, file } = input.stateHome;
    const off = `${problem}: per-prompt deduplication is off, so every prompt re-sends lines its conversation already holds`;
    // A secret that is there but unusable (malformed, a link) leaves the folder writable: the hook still logs.
    report.state_home = file
      ? { dir, problem: off, fix: `delete ${file}: the next prompt makes a new one` }
      : {
          dir,
          problem: `${off}, and the hook cannot log its errors`,
          fix: `make ${dir} writable for this user, or set XDG_STATE_HOME to a directory this user can write (memctl keeps its state in $XDG_STATE_HOME/memctl)`,
        };
  }
  if (input.storeNotWritable) {
    const { dir, errno } = input.storeNotWritable;
    report.store_not_writable = {
      code: ERROR_CODES.E_NOT_WRITABLE,
      dir,
      problem: `this user cannot write ${dir} (${errno}): reads and the hook work, but every write (save, accept, sync, the hook's usage records) fails`,
      fix:
        errno === "EROFS"
          ? "remount the file system read-write, or point memctl at a writable store"
          : "run memctl as the store's owner, or give this user write permission on the store (and its .memctl/), or point memctl at a store of your own",
    };
  }
  if (input.holdDamaged) {
    report.hold_damaged = input.holdDamaged;
    report.issues_count += 1;
  }
  if (input.sync?.repo) {
    const arrivals = input.arrivals ?? [];
    report.quarantined = arrivals.filter((a) => a.state === "quarantined").map((a) => ({ id: a.id, path: a.path, kind: a.kind, reasons: a.reasons, pushed_by: a.pushed_by }));
    report.pending_arrivals = arrivals.filter((a) => a.state === "pending").length;
    report.look_alike_arrivals = lookAlikes(arrivals);
    report.issues_count += report.quarantined.length;
    report.sync = input.sync;
  }
  if (input.syncUnreadable) {
    report.sync_unreadable = { problem: input.syncUnreadable, fix: "the store works without git; memctl sync and the sync state here need it" };
  }
  if (input.ignoredEnv && input.ignoredEnv.length > 0) {
    report.ignored_env = input.ignoredEnv.map((v) => ({ ...v, fix: `set ${v.name} to an absolute path, or unset it` }));
  }
  if (input.usageSetAside && input.usageSetAside.length > 0) {
    report.usage_set_aside = { files: input.usageSetAside, fix: "look at them, then remove them from .memctl/; no usage was lost" };
  }
  if (input.instructions) {
    report.instructions = input.instructions;
  }
  report.warnings_count = countWarnings(report);
  return report;
}

function deadLinks(view: StoreView, present: ReadonlySet<string>): DeadLink[] {
  const out: DeadLink[] = [];
  const check = (e: StoreView["entries"][number], also: boolean) => {
    const more = also ? { further: true } : {};
    if (e.card === null) out.push({ line: e.line, title: e.title, target: e.file, reason: "points outside the memory directory", ...more });
    else if (!view.cards.has(e.card) && !present.has(e.card)) out.push({ line: e.line, title: e.title, target: e.file, reason: "file does not exist", ...more });
  };
  for (const e of view.entries) check(e, false);
  // A further link on an entry's line (see also [B](b.md)) names a card too: a dead one is reported, in line order.
  for (const e of view.alsoLinked) check(e, true);
  return out.sort((a, b) => a.line - b.line);
}

/**
 * Hook text (whitespace collapsed, case kept) on two or more index lines. A superseded card's line is left out:
 * it may repeat its successor's hook by design (it is kept as history and sinks in ranking).
 */
function duplicateHooks(view: StoreView): DuplicateHook[] {
  const byHook = new Map<string, DuplicateHook>();
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

/** Cards whose bytes differ from their latest history record, or that history says are gone (or present). */
function handEdits(view: StoreView, input: DoctorInput): HandEdit[] {
  const interrupted = new Set(input.interruptedWrites ?? []);
  const out: HandEdit[] = [...interrupted].map((card) => ({
    card,
    change: "interrupted" as const,
    rev: input.history.latest.get(card)?.rev ?? 0,
    recorded_at: input.history.latest.get(card)?.at ?? "",
  }));
  for (const [card, rec] of input.history.latest) {
    if (interrupted.has(card)) continue;
    const onDisk = view.cards.get(card);
    const base = { card, rev: rec.rev, recorded_at: rec.at };
    if (rec.op === "delete" || rec.sha256 === null) {
      if (onDisk) out.push({ ...base, change: "revived" });
    } else if (!onDisk) out.push({ ...base, change: "removed" });
    else if (onDisk.readError === undefined && !input.cardMatches(card, rec.sha256)) out.push({ ...base, change: "modified" });
  }
  return out.sort((a, b) => (a.card < b.card ? -1 : a.card > b.card ? 1 : 0));
}
