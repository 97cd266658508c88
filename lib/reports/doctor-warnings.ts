import type { DoctorReport } from "./doctor-types.js";
import { DEFAULT_WARN_BYTES } from "./injection.js";
import { instructionWarnings } from "./instructions-report.js";

// Every warning doctor can print, as one table: warnings_count is the sum of its counts and `doctor --help` lists
// its texts, so a warning missing here is neither counted nor documented (a test checks the help against it).

export interface WarningKind {
  /** What `doctor --help` says this warning is about. */
  help: string;
  /** How many times the report prints it (one line per item, or one line for the lot). */
  count: (r: DoctorReport) => number;
}

const syncConflicts = (r: DoctorReport): number => (r.sync ? r.sync.conflicts.proposals.length + r.sync.conflicts.parked + r.sync.conflicts.files.length : 0);

export const WARNING_KINDS = {
  injected_size: {
    help: `injected size over [doctor] warn_bytes (default ${DEFAULT_WARN_BYTES}), or pinned cards over the budget`,
    count: (r) => (r.injection && (r.injection.over_warn || r.injection.pinned_over_budget) ? 1 : 0),
  },
  hand_edited_cards: { help: "hand edits (or an interrupted write) since memctl last recorded a card", count: (r) => r.hand_edited_cards.length },
  history_unreadable: { help: ".memctl/history.jsonl unreadable", count: (r) => (r.history_status === "error" ? 1 : 0) },
  history_malformed: { help: "malformed lines in .memctl/history.jsonl", count: (r) => (r.history_malformed > 0 ? 1 : 0) },
  unimported_claude_memory: { help: "Claude Code memory not yet imported (one per folder)", count: (r) => new Set(r.unimported_claude_memory.map((x) => x.dir)).size },
  claude_auto_memory: { help: "Claude Code's auto memory writing into this store", count: (r) => (r.claude_auto_memory ? 1 : 0) },
  state_home: { help: "a state home this user cannot write, or a session secret there memctl cannot use (no per-prompt deduplication)", count: (r) => (r.state_home ? 1 : 0) },
  store_not_writable: { help: "a store this user cannot write (reads work, writes fail: E_NOT_WRITABLE)", count: (r) => (r.store_not_writable ? 1 : 0) },
  ignored_env: { help: "CLAUDE_CONFIG_DIR, CODEX_HOME or XDG_CONFIG_HOME relative (ignored: the home default is used)", count: (r) => (r.ignored_env ?? []).length },
  usage_set_aside: { help: "usage folding files a fold set aside because they were not regular files", count: (r) => (r.usage_set_aside ? 1 : 0) },
  index_over_read_limit: { help: "MEMORY.md over the hook's read limit", count: (r) => (r.index_over_read_limit ? 1 : 0) },
  config_warnings: { help: "user config warnings (memctl config lint)", count: (r) => r.config_warnings.length },
  limits_exceeded: { help: "guardrail limits crossed ([guardrails]: the store, .memctl/trash, episodes.jsonl)", count: (r) => r.limits_exceeded.length },
  unmatched_scopes: { help: "scopes that match nothing in this repository", count: (r) => (r.unmatched_scopes ?? []).length },
  look_alike_arrivals: { help: "a card arrived by sync whose name only looks like an existing card's", count: (r) => (r.look_alike_arrivals ?? []).length },
  pending_arrivals: { help: "changes from memctl sync awaiting review", count: (r) => (r.pending_arrivals ? 1 : 0) },
  pending_proposals: { help: "proposals awaiting review", count: (r) => (r.pending_proposals > 0 ? 1 : 0) },
  tracked_per_machine: { help: "per-machine files committed to the sync repository", count: (r) => (r.sync && r.sync.tracked_per_machine.length > 0 ? 1 : 0) },
  sync_conflicts: { help: "sync conflicts awaiting review", count: (r) => (syncConflicts(r) > 0 ? 1 : 0) },
  sync_unreadable: { help: "sync state unreadable (git missing or failing)", count: (r) => (r.sync_unreadable ? 1 : 0) },
  sync_file_refused: { help: "a sync file (.memctl/sync/…) that is a link, FIFO or oversize: skipped as absent", count: (r) => r.sync?.refused_files.length ?? 0 },
  merge_in_progress: { help: "a sync merge stopped half way", count: (r) => (r.sync?.merge_in_progress ? 1 : 0) },
  not_portable: { help: "file names a Windows checkout refuses", count: (r) => (r.sync && r.sync.not_portable.length > 0 ? 1 : 0) },
  instructions: {
    help: "instruction files: dead, cyclic, unsafe, too deep or unreadable @imports, always-on text over its budget",
    count: (r) => instructionWarnings(r.instructions),
  },
} satisfies Record<string, WarningKind>;

/** The report's warnings_count: the sum over the table, so a warning not in the table is not counted. */
export function countWarnings(r: DoctorReport): number {
  return Object.values(WARNING_KINDS).reduce((n, kind: WarningKind) => n + kind.count(r), 0);
}
