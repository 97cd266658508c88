// The doctor report's shapes: what doctor gathers (DoctorInput) and what it prints as JSON (DoctorReport).
// Kept apart from the builder (doctor.ts), which is logic.
import type { LimitCrossing } from "../records/limit-crossings.js";
import type { ParsedRef, RefVerdict } from "./repo-refs.js";
import type { LookAlike, SyncStatus } from "../sync/status.js";
import type { Arrival } from "../store/arrivals.js";
import type { InjectionReport } from "./injection.js";
import type { StoreView } from "../records/store-view.js";
import type { CardLinkIssue } from "./card-link-issues.js";
import type { JobIssue } from "./job-issues.js";
import type { InstructionsReport } from "./instructions-report.js";

/** A hold list that cannot be read: its code (E_HOLD_DAMAGED), the file, and what is wrong with it and the repair. */
export interface HoldDamaged {
  code: string;
  file: string;
  reason: string;
}

export interface ResolutionIssue {
  /** The rejected source: env, config, config-legacy-global, none. */
  source: string;
  memory_dir: string | null;
  reason: string;
  /** The one step that fixes it, when it is known from the store (no index: memctl init, or its trash copy). */
  fix?: string;
}

export interface DeadLink {
  line: number;
  title: string;
  target: string;
  reason: string;
  /** A further link on an entry's line (`— see also [B](b.md)`), not the line's own: fixed by removing that link. */
  further?: boolean;
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
  /** How to make it readable, when doctor can tell (the frontmatter line whose value needs quotes). */
  fix?: string;
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
  /** A card file of Claude's, or a note: a run of MEMORY.md prose the import carries as a card. */
  kind: "card" | "note";
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
  /** The error's code when it has its own (E_LOG_TOO_LARGE): its fix differs from an unreadable file's. */
  errorCode?: string;
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
  /** Limits crossed by the store, .memctl/trash or episodes.jsonl (lib/records/limit-crossings.ts). */
  limitsExceeded: LimitCrossing[];
  /** Cards of a write a killed writer left unfinished (lib/records/commit.ts intent); the next write completes it. */
  interruptedWrites?: string[];
  /** Intents memctl will not replay (not this machine's, or a path outside the store): lib/records/commit.ts refusedIntents. */
  refusedIntents?: RefusedIntent[];
  /** Git sync state when the store is a git repository of its own (lib/sync/status.ts); absent otherwise. */
  sync?: SyncStatus | null;
  /** The store is a git repository of its own but git could not be run (not installed, not on PATH): why. */
  syncUnreadable?: string;
  /** What syncs brought in and this machine holds (lib/store/arrivals.ts), still as it arrived. */
  arrivals?: Arrival[];
  /** The hold list cannot be read (E_HOLD_DAMAGED): what it held stays held until the owner repairs it. */
  holdDamaged?: HoldDamaged;
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
  /** memctl's per-user state home when the hook cannot keep its session secret there, with why; `file`: the secret itself is unusable. */
  stateHome?: { dir: string; problem: string; file?: string };
  /** The folder of the store this user cannot write (lib/store/writable.ts), with the errno access() gave. */
  storeNotWritable?: { dir: string; errno: string };
  /** Host folder variables set to a relative path, which every caller ignores (lib/core/host-dirs.ts). */
  ignoredEnv?: { name: string; value: string }[];
  /** Files under .memctl/ a usage fold set aside: folding names that were not regular files. */
  usageSetAside?: string[];
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
  /** The code of history_error when it has one of its own (E_LOG_TOO_LARGE). */
  history_error_code?: string;
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
  /**
   * Present when memctl's per-user state home cannot hold the session secret: per-prompt deduplication is off (every
   * prompt re-sends lines its conversation holds), and, unless the secret file itself is at fault, the hook log cannot
   * be written. One warning.
   */
  state_home?: { dir: string; problem: string; fix: string };
  /** Present when this user cannot write the store: reads and the hook work, every write fails. One warning. */
  store_not_writable?: { code: string; dir: string; problem: string; fix: string };
  /** Host folder variables (CLAUDE_CONFIG_DIR, CODEX_HOME, XDG_CONFIG_HOME) set to a relative path: ignored, the home default used. One warning each. */
  ignored_env?: { name: string; value: string; fix: string }[];
  /** Names under .memctl/ a usage fold set aside (a folding name that was no regular file). One warning. */
  usage_set_aside?: { files: string[]; fix: string };
  /** Synced stores only: files a sync quarantined (each one an issue). */
  quarantined?: QuarantinedFile[];
  /** Synced stores only: arrivals from a shared remote waiting for memctl accept / reject (not injected meanwhile). */
  pending_arrivals?: number;
  /** Synced stores only: held new cards whose names only look like an existing card's (each one a warning). */
  look_alike_arrivals?: LookAlike[];
  /** The hold list cannot be read: every store file older than it is held from agents and sync does not merge. */
  hold_damaged?: HoldDamaged;
  /** Secrets in cards or MEMORY.md as they are on disk, masked (after warnings_count: added later, existing keys keep their places). */
  cards_with_secrets: SecretAtRest[];
  /** Only for a store that is a git repository of its own: ahead/behind, last sync, conflicts, tracked per-machine files. */
  sync?: SyncStatus;
  /** Synced stores only: git could not be run, so the sync state is unknown (the store itself still works). */
  sync_unreadable?: { problem: string; fix: string };
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

/** A crash-recovery intent memctl will never apply, and every reason. */
export interface RefusedIntent {
  file: string;
  problems: string[];
}
