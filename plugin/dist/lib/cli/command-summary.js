// lib/cli/command-summary.ts
var COMMAND_GROUPS = ["Set up", "Hosts and hooks", "Read memory", "Write memory", "Review proposals", "Maintain"];
var COMMAND_SUMMARIES = {
  resolve: { group: "Set up", summary: "show which memory directory this project uses and why" },
  config: { group: "Set up", summary: "set, migrate or lint the user config (project \u2192 memory dir mappings)" },
  install: { group: "Hosts and hooks", summary: "wire memctl into a host (claude, codex, opencode, grok, generic); --status reports every host" },
  uninstall: { group: "Hosts and hooks", summary: "remove exactly what install added for a host" },
  doctor: { group: "Maintain", summary: "check the store is well-formed and what it injects is healthy (read-only)" },
  "fix-fields": {
    group: "Maintain",
    summary: "add the standard fields doctor finds missing (topics, priority, status, updated_at, repo_refs) to every card, nothing else"
  },
  stats: { group: "Maintain", summary: "what memory buys: injected size, hits, concentration, never-hit cards, episodes" },
  init: { group: "Set up", summary: "create this project's memory store with a minimal MEMORY.md" },
  log: { group: "Write memory", summary: "append one session summary (episode) to episodes.jsonl" },
  remember: { group: "Write memory", summary: "one sentence to keep: tier and title inferred; a card from the owner at a terminal, else a proposal" },
  save: { group: "Write memory", summary: "create or update a card and its index line (attributed, in history)" },
  keys: { group: "Write memory", summary: "recall keys (ways people will ask for a card) written by your configured model: one card, or --backfill" },
  show: { group: "Read memory", summary: "print one card in full" },
  list: { group: "Read memory", summary: "the cards as a table" },
  rm: { group: "Write memory", summary: "tombstone a card (leaves the index, history stays)" },
  restore: { group: "Write memory", summary: "write an earlier revision of a card back as a new revision (memctl history NAME shows them)" },
  history: { group: "Read memory", summary: "who wrote what, when, with revision and content hash" },
  view: { group: "Read memory", summary: "show a memory file with line numbers, or a directory (memory tool view)" },
  manage: { group: "Write memory", summary: "create / str_replace / insert / delete / rename memory files, path-safe and locked" },
  import: { group: "Set up", summary: "import existing Claude Code memory: its cards and MEMORY.md prose (preview; --yes to write)" },
  search: { group: "Read memory", summary: "search card bodies and episodes, ranked, with the matching line" },
  recall: { group: "Read memory", summary: "the last episodes and the cards most relevant to them" },
  adopt: { group: "Write memory", summary: "record hand edits of cards into history" },
  hook: {
    group: "Hosts and hooks",
    summary: "run a host hook by hand (user-prompt-submit: rank memory against the prompt on stdin; session-end: capture proposals)"
  },
  instructions: {
    group: "Read memory",
    summary: "the always-on instruction files composed (user \u2192 project \u2192 subtree, @imports), where each part came from; --host: what that host gets"
  },
  why: { group: "Read memory", summary: "what the per-prompt hook injected on the last prompts, and the rule that chose each line" },
  ui: { group: "Read memory", summary: "a local web view of the memory: cards, injection timeline, review queue, health" },
  context: { group: "Read memory", summary: "rank memory against a query like the per-prompt hook, with each line's score and why" },
  prepare: { group: "Hosts and hooks", summary: "strict resolution plus a bounded memory query for one request (hosts without a hook)" },
  demo: { group: "Set up", summary: "run the per-prompt hook on the built-in sample store for a few sample prompts" },
  mcp: {
    group: "Hosts and hooks",
    summary: "serve the memory tools over stdio as an MCP server (view, overview, context, search, recall, propose, log, manage)"
  },
  propose: { group: "Review proposals", summary: "stage a candidate card with its source for the owner (agents and read-only hosts too)" },
  review: { group: "Review proposals", summary: "pending proposals with duplicate / conflict / stale flags, or one with its diff" },
  accept: { group: "Review proposals", summary: "promote a proposal into a card (owner only; provenance, history, index line)" },
  reject: { group: "Review proposals", summary: "decline a proposal; archived with the reason (owner only)" },
  consolidate: { group: "Review proposals", summary: "owner pass: merge duplicate proposals, flag conflicts, optionally accept facts (a ledger job)" },
  expire: { group: "Maintain", summary: "list cards past expires_at; --yes removes them, each restorable (a ledger job)" },
  jobs: { group: "Maintain", summary: "the job ledger: running, stuck (retryable), failed, done" },
  shard: { group: "Maintain", summary: "move episodes older than a month into episodes.YYYY-MM.jsonl (locked, crash safe)" },
  "rebuild-summary": { group: "Maintain", summary: "write episodes.summary.md from the episode shards, skipping empty skeletons" },
  sync: { group: "Maintain", summary: "commit, fetch, merge and push the memory through git, losing nothing (init <remote>, --status, --detach, --rebuild-hold)" },
  distill: {
    group: "Review proposals",
    summary: "what /mem-distill reads: known index lines, episodes since the last distill, the tiers (--llm stages candidates)"
  },
  compress: { group: "Review proposals", summary: "shorter hooks and merges ranked by bytes saved per prompt, staged as proposals (card bodies untouched)" },
  completion: { group: "Set up", summary: "print a shell completion script (bash, zsh or fish)" },
  compact: { group: "Maintain", summary: "replace the injected full index with a smaller derived summary (--show, --clear)" }
};
function commandSummary(name) {
  return COMMAND_SUMMARIES[name].summary;
}
export {
  COMMAND_GROUPS,
  COMMAND_SUMMARIES,
  commandSummary
};
