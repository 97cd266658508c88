import { recallKeyProblems } from "../core/recall-keys.js";
import { scopeProblems } from "../core/scope.js";
import type { LimitCrossing } from "../records/guardrails.js";
import { isCardFile } from "../core/card-rules.js";
import { isExpired, missingFields } from "../core/card.js";
import { cardRefs, type ParsedRef, type RefVerdict } from "./repo-refs.js";
import type { SyncStatus } from "../sync/status.js";
import type { Arrival } from "../store/arrivals.js";
import type { InjectionReport } from "./injection.js";
import type { StoreView } from "../records/store-view.js";
import type { CardLinkIssue } from "./card-link-issues.js";
import type { JobIssue } from "./job-issues.js";
import { instructionWarnings, type InstructionsReport } from "./instructions-report.js";

// The doctor report as a pure function over a read store plus the facts gathered around it
// (history, Claude memory, injected size). Issues make doctor exit 1; warnings never do.

export interface ResolutionIssue {
  /** The rejected source: env, config, config-legacy-global, none. */
  source: string;
  memory_dir: string | null;
  reason: string;
}

export interface DeadLink {
  line: number;
  title: string;
  target: string;
  reason: string;
}
export interface DuplicateHook {
  hook: string;
  lines: number[];
  cards: string[];
}
export interface StaleRef {
  card: string;
  ref: string;
  reason: string;
}
export interface MissingFields {
  card: string;
  missing: string[];
}
/** A card whose field holds a value ranking reads as absent ("priority: urgent"). */
export interface BadFields {
  card: string;
  problems: string[];
}
export interface UnparsedEntry {
  line: number;
  text: string;
  reason: string;
}
export interface UnreadableCard {
  card: string;
  reason: string;
}
export interface ExpiredCard {
  card: string;
  expires_at: string;
}
export interface HandEdit {
  card: string;
  change: "modified" | "removed" | "revived" | "interrupted";
  rev: number;
  recorded_at: string;
}
export interface UnimportedClaudeCard {
  dir: string;
  file: string;
  name: string;
}

/** The latest history record of one card (lib/store/history.ts latestByCard). */
export interface RecordedCard {
  rev: number;
  op: string;
  at: string;
  sha256: string | null;
}

export interface HistoryFacts {
  status: "absent" | "ok" | "error";
  malformed: number;
  error?: string;
  latest: Map<string, RecordedCard>;
}

/** A secret found in a card or MEMORY.md as it is on disk (a hand edit, an older memctl, a merge): never the secret itself. */
export interface SecretAtRest {
  card: string;
  line: number;
  kind: string;
  masked: string;
}

export interface DoctorInput {
  memoryDir: string | null;
  resolutionIssues: ResolutionIssue[];
  /** Absent when no store could be read (then only resolution_issues are reported). */
  view?: StoreView;
  memoryBytes: number;
  episodesBytes: number;
  /** Link targets missing from the card scan that nonetheless exist as regular files (e.g. symlinked cards). */
  presentTargets: ReadonlySet<string>;
  checkRef: (ref: ParsedRef) => RefVerdict;
  today: string;
  history: HistoryFacts;
  /** True when a card file's bytes hash to the recorded sha256. */
  cardMatches: (card: string, sha256: string) => boolean;
  /** This project's Claude Code cards that `memctl import claude` would import (lib/records/import-claude.ts plan). */
  unimportedClaude: UnimportedClaudeCard[];
  injection: InjectionReport | null;
  configWarnings: string[];
  /** Proposals staged under .memctl/proposals/ awaiting the owner (lib/proposals/propose.ts). */
  pendingProposals: number;
  /** Limits crossed by the store, .memctl/trash or episodes.jsonl (lib/records/guardrails.ts limitCrossings). */
  limitsExceeded: LimitCrossing[];
  /** Cards of a write a killed writer left unfinished (lib/records/commit.ts intent); the next write completes it. */
  interruptedWrites?: string[];
  /** Intents memctl will not replay (not this machine's, or a path outside the store): lib/records/commit.ts refusedIntents. */
  refusedIntents?: RefusedIntent[];
  /** Git sync state when the store is a git repository of its own (lib/sync/status.ts); absent otherwise. */
  sync?: SyncStatus | null;
  /** What syncs brought in and this machine holds (lib/store/arrivals.ts), still as it arrived. */
  arrivals?: Arrival[];
  /** Secrets the write-path scanner finds in the files as they are (lib/records/secrets.ts findSecrets). */
  secretsAtRest?: SecretAtRest[];
  /** Claude Code's auto memory writes into this store unreviewed: the fix to print. */
  claudeAutoMemoryFix?: string;
  /** Dead or unsafe links in card bodies (lib/reports/card-link-issues.ts). */
  cardLinkIssues?: CardLinkIssue[];
  /** Ledger jobs left stuck, or failed with no attempt left (lib/reports/job-issues.ts). */
  stuckJobs?: JobIssue[];
  failedJobs?: JobIssue[];
  /**
   * The repository scopes are checked against (the worktree doctor runs in) and the check; absent outside a git
   * repository, where no scope is checked (a store may serve several repositories: each one's doctor checks its own).
   */
  scopeCheck?: { repo: string; matches: (scope: string) => boolean };
  /** The composed instruction files for the working directory (lib/reports/instructions-report.ts); absent when there are none. */
  instructions?: InstructionsReport;
  /** MEMORY.md's size when it is over the hook's read limit (lib/store/index-read.ts), with the limit. */
  indexOverReadLimit?: { bytes: number; limit: number };
}

/** A file a sync quarantined: kept in git, never injected or shown here. */
export interface QuarantinedFile {
  id: string;
  path: string;
  kind: string;
  reasons: string[];
  pushed_by: string[];
}

export interface DoctorReport {
  memory_dir: string | null;
  entry_count: number;
  memory_bytes: number;
  episodes_bytes: number;
  shard_count: number;
  dead_links: DeadLink[];
  orphan_cards: string[];
  duplicate_hooks: DuplicateHook[];
  stale_repo_refs: StaleRef[];
  cards_missing_fields: MissingFields[];
  cards_bad_fields: BadFields[];
  unparsed_index_entries: UnparsedEntry[];
  unreadable_cards: UnreadableCard[];
  expired_cards: ExpiredCard[];
  resolution_issues: ResolutionIssue[];
  issues_count: number;
  injection: InjectionReport | null;
  hand_edited_cards: HandEdit[];
  history_status: HistoryFacts["status"];
  /** Why the history could not be read (only with history_status "error"). */
  history_error?: string;
  history_malformed: number;
  unimported_claude_memory: UnimportedClaudeCard[];
  config_warnings: string[];
  pending_proposals: number;
  limits_exceeded: LimitCrossing[];
  /** Issues too (counted in issues_count), after the seed's fields: intents memctl will never replay. */
  refused_intents: RefusedIntent[];
  warnings_count: number;
  /** Present when Claude Code's auto memory is on and this store is its auto-memory folder: the fix. */
  claude_auto_memory?: { fix: string };
  /** Present when MEMORY.md is over the hook's read limit: the lines past it are never ranked. One warning. */
  index_over_read_limit?: { bytes: number; limit: number };
  /** Synced stores only: files a sync quarantined (each one an issue). */
  quarantined?: QuarantinedFile[];
  /** Synced stores only: arrivals from a shared remote waiting for memctl accept / reject (not injected meanwhile). */
  pending_arrivals?: number;
  /** Secrets in cards or MEMORY.md as they are on disk, masked (after warnings_count: added later, existing keys keep their places). */
  cards_with_secrets: SecretAtRest[];
  /** Only for a store that is a git repository of its own: ahead/behind, last sync, conflicts, tracked per-machine files. */
  sync?: SyncStatus;
  /** Links in card bodies that lead nowhere (`[[no-such-card]]`, a missing `(file.md)`) or are unsafe (`..`, absolute). */
  dead_card_links: CardLinkIssue[];
  /** Ledger jobs whose holder died or whose lease ran out before done: each with the command that resumes it. */
  stuck_jobs: JobIssue[];
  /** Ledger jobs that failed on every attempt (max_attempts): the last error and the command to run again. */
  failed_jobs: JobIssue[];
  /** Scopes (lib/core/scope.ts) that name no file or directory in scopes_checked_in: warnings, since another repository using this store may hold them. */
  unmatched_scopes: { card: string; scope: string }[];
  /** The repository unmatched_scopes was checked against (the worktree doctor ran in); null outside a git repository. */
  scopes_checked_in: string | null;
  /** Only when instruction files compose here: the always-on size against its budget, and imports that do not compose (warnings). */
  instructions?: InstructionsReport;
}

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

/** A crash-recovery intent memctl will never apply, and every reason. */
export interface RefusedIntent {
  file: string;
  problems: string[];
}

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
      report.unreadable_cards.push({ card: file, reason: card.errors.map((e) => e.message).join("; ") });
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
  // Counted as doctor prints them: one injected-size warning (its cause says which limit), one per Claude folder.
  const injectionWarnings = input.injection && (input.injection.over_warn || input.injection.pinned_over_budget) ? 1 : 0;
  report.warnings_count =
    injectionWarnings +
    report.hand_edited_cards.length +
    new Set(report.unimported_claude_memory.map((x) => x.dir)).size +
    report.config_warnings.length +
    (input.pendingProposals > 0 ? 1 : 0) +
    report.limits_exceeded.length +
    report.unmatched_scopes.length +
    (input.history.status === "error" ? 1 : 0) +
    (input.history.malformed > 0 ? 1 : 0);
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

/** Warnings a synced store adds: per-machine files committed, conflicts left to resolve, a merge stopped half way. */
export function syncWarnings(s: SyncStatus): number {
  const conflicts = s.conflicts.proposals.length + s.conflicts.parked + s.conflicts.files.length;
  return (s.tracked_per_machine.length > 0 ? 1 : 0) + (conflicts > 0 ? 1 : 0) + (s.merge_in_progress ? 1 : 0);
}

function deadLinks(view: StoreView, present: ReadonlySet<string>): DeadLink[] {
  const out: DeadLink[] = [];
  for (const e of view.entries) {
    if (e.card === null) out.push({ line: e.line, title: e.title, target: e.file, reason: "points outside the memory directory" });
    else if (!view.cards.has(e.card) && !present.has(e.card)) out.push({ line: e.line, title: e.title, target: e.file, reason: "file does not exist" });
  }
  return out;
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
