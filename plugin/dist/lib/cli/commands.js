// lib/cli/commands.ts
var COMMAND_GROUPS = ["Set up", "Hosts and hooks", "Read memory", "Write memory", "Review proposals", "Maintain"];
var COMMANDS = {
  resolve: { group: "Set up", summary: "show which memory directory this project uses and why", load: () => import("./resolve.js") },
  config: { group: "Set up", summary: "set, migrate or lint the user config (project \u2192 memory dir mappings)", load: () => import("./config.js") },
  install: {
    group: "Hosts and hooks",
    summary: "wire memctl into a host (claude, codex, opencode, grok, generic); --status reports every host",
    load: () => import("./install.js")
  },
  uninstall: { group: "Hosts and hooks", summary: "remove exactly what install added for a host", load: () => import("./uninstall.js") },
  doctor: { group: "Maintain", summary: "check the store is well-formed and what it injects is healthy (read-only)", load: () => import("./doctor.js") },
  "fix-fields": {
    group: "Maintain",
    summary: "add the standard fields doctor finds missing (topics, priority, status, updated_at, repo_refs) to every card, nothing else",
    load: () => import("./fix-fields.js")
  },
  stats: { group: "Maintain", summary: "what memory buys: injected size, hits, concentration, never-hit cards, episodes", load: () => import("./stats.js") },
  init: { group: "Set up", summary: "create this project's memory store with a minimal MEMORY.md", load: () => import("./init.js") },
  log: { group: "Write memory", summary: "append one session summary (episode) to episodes.jsonl", load: () => import("./log.js") },
  remember: {
    group: "Write memory",
    summary: "one sentence to keep: tier and title inferred; a card from the owner at a terminal, else a proposal",
    load: () => import("./remember.js")
  },
  save: { group: "Write memory", summary: "create or update a card and its index line (attributed, in history)", load: () => import("./save.js") },
  keys: {
    group: "Write memory",
    summary: "recall keys (ways people will ask for a card) written by your configured model: one card, or --backfill",
    load: () => import("./keys.js")
  },
  show: { group: "Read memory", summary: "print one card in full", load: () => import("./show.js") },
  list: { group: "Read memory", summary: "the cards as a table", load: () => import("./list.js") },
  rm: { group: "Write memory", summary: "tombstone a card (leaves the index, history stays)", load: () => import("./rm.js") },
  restore: { group: "Write memory", summary: "write an earlier revision of a card back as a new revision (memctl history NAME shows them)", load: () => import("./restore.js") },
  history: { group: "Read memory", summary: "who wrote what, when, with revision and content hash", load: () => import("./history.js") },
  view: { group: "Read memory", summary: "show a memory file with line numbers, or a directory (memory tool view)", load: () => import("./view.js") },
  manage: { group: "Write memory", summary: "create / str_replace / insert / delete / rename memory files, path-safe and locked", load: () => import("./manage.js") },
  import: { group: "Set up", summary: "import existing Claude Code memory cards (preview; --yes to write)", load: () => import("./import.js") },
  search: { group: "Read memory", summary: "search card bodies and episodes, ranked, with the matching line", load: () => import("./search.js") },
  recall: { group: "Read memory", summary: "the last episodes and the cards most relevant to them", load: () => import("./recall.js") },
  adopt: { group: "Write memory", summary: "record hand edits of cards into history", load: () => import("./adopt.js") },
  hook: {
    group: "Hosts and hooks",
    summary: "run a host hook by hand (user-prompt-submit: rank memory against the prompt on stdin; session-end: capture proposals)",
    load: () => import("./hook.js")
  },
  instructions: {
    group: "Read memory",
    summary: "the always-on instruction files composed (user \u2192 project \u2192 subtree, @imports), where each part came from; --host: what that host gets",
    load: () => import("./instructions.js")
  },
  why: { group: "Read memory", summary: "what the per-prompt hook injected on the last prompts, and the rule that chose each line", load: () => import("./why.js") },
  ui: { group: "Read memory", summary: "a local web view of the memory: cards, injection timeline, review queue, health", load: () => import("./ui.js") },
  context: { group: "Read memory", summary: "rank memory against a query like the per-prompt hook, with each line's score and why", load: () => import("./context.js") },
  prepare: { group: "Hosts and hooks", summary: "strict resolution plus a bounded memory query for one request (hosts without a hook)", load: () => import("./prepare.js") },
  demo: { group: "Set up", summary: "run the per-prompt hook on the built-in sample store for a few sample prompts", load: () => import("./demo.js") },
  mcp: {
    group: "Hosts and hooks",
    summary: "serve the memory tools over stdio as an MCP server (view, overview, context, search, recall, propose, log, manage)",
    load: () => import("./mcp.js")
  },
  propose: { group: "Review proposals", summary: "stage a candidate card with its source for the owner (agents and read-only hosts too)", load: () => import("./propose.js") },
  review: { group: "Review proposals", summary: "pending proposals with duplicate / conflict / stale flags, or one with its diff", load: () => import("./review.js") },
  accept: { group: "Review proposals", summary: "promote a proposal into a card (owner only; provenance, history, index line)", load: () => import("./accept.js") },
  reject: { group: "Review proposals", summary: "decline a proposal; archived with the reason (owner only)", load: () => import("./reject.js") },
  consolidate: {
    group: "Review proposals",
    summary: "owner pass: merge duplicate proposals, flag conflicts, optionally accept facts (a ledger job)",
    load: () => import("./consolidate.js")
  },
  expire: { group: "Maintain", summary: "list cards past expires_at; --yes removes them, each restorable (a ledger job)", load: () => import("./expire.js") },
  jobs: { group: "Maintain", summary: "the job ledger: running, stuck (retryable), failed, done", load: () => import("./jobs.js") },
  shard: { group: "Maintain", summary: "move episodes older than a month into episodes.YYYY-MM.jsonl (locked, crash safe)", load: () => import("./shard.js") },
  "rebuild-summary": { group: "Maintain", summary: "write episodes.summary.md from the episode shards, skipping empty skeletons", load: () => import("./rebuild-summary.js") },
  sync: { group: "Maintain", summary: "commit, fetch, merge and push the memory through git, losing nothing (init <remote>, --status, --detach)", load: () => import("./sync.js") },
  distill: {
    group: "Review proposals",
    summary: "what /mem-distill reads: known index lines, episodes since the last distill, the tiers (--llm stages candidates)",
    load: () => import("./distill.js")
  },
  compress: {
    group: "Review proposals",
    summary: "shorter hooks and merges ranked by bytes saved per prompt, staged as proposals (card bodies untouched)",
    load: () => import("./compress.js")
  },
  completion: { group: "Set up", summary: "print a shell completion script (bash, zsh or fish)", load: () => import("./completion.js") },
  compact: { group: "Maintain", summary: "replace the injected full index with a smaller derived summary (--show, --clear)", load: () => import("./compact.js") }
};
function commandSummary(name) {
  const command = COMMANDS[name];
  if (!command) throw new Error(`no command "${name}" in the registry`);
  return command.summary;
}
export {
  COMMANDS,
  COMMAND_GROUPS,
  commandSummary
};
