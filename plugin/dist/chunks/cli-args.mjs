import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  closest
} from "./core-closest.mjs";
import {
  usageError
} from "./core-errors.mjs";

// lib/cli/args.ts
import fs from "node:fs";
import path from "node:path";
function parseArgs(spec, argv) {
  const flags = {};
  const positionals = [];
  const byShort = new Map(
    Object.entries(spec.flags).filter(([, f]) => f.short).map(([name, f]) => [f.short, name])
  );
  const hint = `run "memctl ${spec.name} --help" for usage`;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-") || /^-\d/.test(arg)) {
      positionals.push(arg);
      continue;
    }
    let name;
    let inline;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq === -1 ? void 0 : arg.slice(eq + 1);
    } else {
      const long = byShort.get(arg.slice(1));
      if (!long) throw usageError(`unknown flag ${arg} for "memctl ${spec.name}"; ${hint}`);
      name = long;
    }
    const flag = spec.flags[name];
    if (!flag) {
      const guess = closest(name, Object.keys(spec.flags));
      throw usageError(`unknown flag --${name} for "memctl ${spec.name}"${guess ? ` (did you mean --${guess}?)` : ""}; ${hint}`);
    }
    if (flag.type === "boolean") {
      if (inline !== void 0) throw usageError(`flag --${name} takes no value; ${hint}`);
      flags[name] = true;
      continue;
    }
    const raw = inline ?? argv[++i];
    if (raw === void 0) throw usageError(`flag --${name} needs a value (${flag.valueName ?? flag.type}); ${hint}`);
    const value = flag.type === "number" ? toNumber(name, raw, hint) : raw;
    if (flag.multiple) flags[name] = [...flags[name] ?? [], value];
    else flags[name] = value;
  }
  const specs = spec.positionals ?? [];
  const required = specs.filter((p) => p.required).length;
  if (positionals.length < required) {
    const missing = specs[positionals.length];
    throw usageError(`missing argument <${missing.name}> for "memctl ${spec.name}"; ${hint}`);
  }
  if (!specs.some((p) => p.variadic) && positionals.length > specs.length) {
    throw usageError(`unexpected argument "${positionals[specs.length]}" for "memctl ${spec.name}"; ${hint}`);
  }
  return { flags, positionals };
}
function toNumber(name, raw, hint) {
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n) || !Number.isInteger(n) || n < 0) {
    throw usageError(`flag --${name} needs a non-negative integer, got "${raw}"; ${hint}`);
  }
  return n;
}
function renderHelp(spec) {
  const pos = (spec.positionals ?? []).map((p) => {
    const inner = `${p.name}${p.variadic ? "..." : ""}`;
    return p.required ? `<${inner}>` : `[${inner}]`;
  });
  const lines = [`memctl ${spec.name} \u2014 ${spec.summary}`, "", `Usage: memctl ${[spec.name, ...pos, "[flags]"].join(" ")}`];
  if (spec.positionals?.length) {
    lines.push("", "Arguments:");
    for (const p of spec.positionals) lines.push(`  ${p.name.padEnd(24)} ${p.description}`);
  }
  const flagRows = Object.entries(spec.flags).map(([name, f]) => {
    const head = `${f.short ? `-${f.short}, ` : ""}--${name}${f.type === "boolean" ? "" : ` ${f.valueName ?? f.type.toUpperCase()}`}`;
    return `  ${head.padEnd(24)} ${f.description}${f.multiple ? " (repeatable)" : ""}`;
  });
  lines.push("", "Flags:", ...flagRows, `  ${"-h, --help".padEnd(24)} show this help`);
  lines.push("", "Exit codes:");
  for (const [code, meaning] of Object.entries(spec.exitCodes)) lines.push(`  ${code}  ${meaning}`);
  if (spec.notes) lines.push("", spec.notes);
  if (spec.examples?.length) lines.push("", "Examples:", ...spec.examples.map((e) => `  ${e}`));
  return lines.join("\n") + "\n";
}
function str(args, name) {
  const v = args.flags[name];
  return typeof v === "string" ? v : void 0;
}
function num(args, name) {
  const v = args.flags[name];
  return typeof v === "number" ? v : void 0;
}
function bool(args, name) {
  return args.flags[name] === true;
}
function dirArg(cwd, flag, value) {
  const dir = path.resolve(cwd, value);
  let stat;
  try {
    stat = fs.statSync(dir, { throwIfNoEntry: false });
  } catch (err) {
    throw usageError(`--${flag} ${value} cannot be read (${err.message}); nothing was done`, { flag, path: dir });
  }
  if (!stat) throw usageError(`--${flag} ${value} does not exist; nothing was done. Pass an existing directory`, { flag, path: dir });
  if (!stat.isDirectory()) throw usageError(`--${flag} ${value} is not a directory; nothing was done. Pass a directory`, { flag, path: dir });
  return dir;
}
function strs(args, name) {
  const v = args.flags[name];
  return Array.isArray(v) ? v.map(String) : [];
}
var PROJECT_FLAGS = Object.freeze({
  "repo-root": { type: "string", valueName: "PATH", description: "a directory inside the project (default: current directory)" },
  "allow-non-git": { type: "boolean", description: "accept a plain (non-git) directory as the project, keyed by its path" }
});
function projectFrom(args) {
  return { repoRoot: str(args, "repo-root"), allowNonGit: bool(args, "allow-non-git") };
}

// lib/cli/commands.ts
var COMMAND_GROUPS = ["Set up", "Hosts and hooks", "Read memory", "Write memory", "Review proposals", "Maintain"];
var COMMANDS = {
  resolve: { group: "Set up", summary: "show which memory directory this project uses and why", load: () => import("./resolve.mjs") },
  config: { group: "Set up", summary: "set, migrate or lint the user config (project \u2192 memory dir mappings)", load: () => import("./config.mjs") },
  install: {
    group: "Hosts and hooks",
    summary: "wire memctl into a host (claude, codex, opencode, grok, generic); --status reports every host",
    load: () => import("./install.mjs")
  },
  uninstall: { group: "Hosts and hooks", summary: "remove exactly what install added for a host", load: () => import("./uninstall.mjs") },
  doctor: { group: "Maintain", summary: "check the store is well-formed and what it injects is healthy (read-only)", load: () => import("./doctor.mjs") },
  "fix-fields": {
    group: "Maintain",
    summary: "add the standard fields doctor finds missing (topics, priority, status, updated_at, repo_refs) to every card, nothing else",
    load: () => import("./fix-fields.mjs")
  },
  stats: { group: "Maintain", summary: "what memory buys: injected size, hits, concentration, never-hit cards, episodes", load: () => import("./stats.mjs") },
  init: { group: "Set up", summary: "create this project's memory store with a minimal MEMORY.md", load: () => import("./init.mjs") },
  log: { group: "Write memory", summary: "append one session summary (episode) to episodes.jsonl", load: () => import("./log.mjs") },
  remember: {
    group: "Write memory",
    summary: "one sentence to keep: tier and title inferred; a card from the owner at a terminal, else a proposal",
    load: () => import("./remember.mjs")
  },
  save: { group: "Write memory", summary: "create or update a card and its index line (attributed, in history)", load: () => import("./save.mjs") },
  keys: {
    group: "Write memory",
    summary: "recall keys (ways people will ask for a card) written by your configured model: one card, or --backfill",
    load: () => import("./keys.mjs")
  },
  show: { group: "Read memory", summary: "print one card in full", load: () => import("./show.mjs") },
  list: { group: "Read memory", summary: "the cards as a table", load: () => import("./list.mjs") },
  rm: { group: "Write memory", summary: "tombstone a card (leaves the index, history stays)", load: () => import("./rm.mjs") },
  restore: { group: "Write memory", summary: "write an earlier revision of a card back as a new revision (memctl history NAME shows them)", load: () => import("./restore.mjs") },
  history: { group: "Read memory", summary: "who wrote what, when, with revision and content hash", load: () => import("./history.mjs") },
  view: { group: "Read memory", summary: "show a memory file with line numbers, or a directory (memory tool view)", load: () => import("./view.mjs") },
  manage: { group: "Write memory", summary: "create / str_replace / insert / delete / rename memory files, path-safe and locked", load: () => import("./manage.mjs") },
  import: { group: "Set up", summary: "import existing Claude Code memory cards (preview; --yes to write)", load: () => import("./import.mjs") },
  search: { group: "Read memory", summary: "search card bodies and episodes, ranked, with the matching line", load: () => import("./search.mjs") },
  recall: { group: "Read memory", summary: "the last episodes and the cards most relevant to them", load: () => import("./recall.mjs") },
  adopt: { group: "Write memory", summary: "record hand edits of cards into history", load: () => import("./adopt.mjs") },
  hook: {
    group: "Hosts and hooks",
    summary: "run a host hook by hand (user-prompt-submit: rank memory against the prompt on stdin; session-end: capture proposals)",
    load: () => import("./hook.mjs")
  },
  instructions: {
    group: "Read memory",
    summary: "the always-on instruction files composed (user \u2192 project \u2192 subtree, @imports), where each part came from; --host: what that host gets",
    load: () => import("./instructions.mjs")
  },
  why: { group: "Read memory", summary: "what the per-prompt hook injected on the last prompts, and the rule that chose each line", load: () => import("./why.mjs") },
  ui: { group: "Read memory", summary: "a local web view of the memory: cards, injection timeline, review queue, health", load: () => import("./ui.mjs") },
  context: { group: "Read memory", summary: "rank memory against a query like the per-prompt hook, with each line's score and why", load: () => import("./context.mjs") },
  prepare: { group: "Hosts and hooks", summary: "strict resolution plus a bounded memory query for one request (hosts without a hook)", load: () => import("./prepare.mjs") },
  demo: { group: "Set up", summary: "run the per-prompt hook on the built-in sample store for a few sample prompts", load: () => import("./demo.mjs") },
  mcp: {
    group: "Hosts and hooks",
    summary: "serve the memory tools over stdio as an MCP server (view, overview, context, search, recall, propose, log, manage)",
    load: () => import("./mcp.mjs")
  },
  propose: { group: "Review proposals", summary: "stage a candidate card with its source for the owner (agents and read-only hosts too)", load: () => import("./propose-cli-propose.mjs") },
  review: { group: "Review proposals", summary: "pending proposals with duplicate / conflict / stale flags, or one with its diff", load: () => import("./review.mjs") },
  accept: { group: "Review proposals", summary: "promote a proposal into a card (owner only; provenance, history, index line)", load: () => import("./accept.mjs") },
  reject: { group: "Review proposals", summary: "decline a proposal; archived with the reason (owner only)", load: () => import("./reject.mjs") },
  consolidate: {
    group: "Review proposals",
    summary: "owner pass: merge duplicate proposals, flag conflicts, optionally accept facts (a ledger job)",
    load: () => import("./consolidate.mjs")
  },
  expire: { group: "Maintain", summary: "list cards past expires_at; --yes removes them, each restorable (a ledger job)", load: () => import("./expire.mjs") },
  jobs: { group: "Maintain", summary: "the job ledger: running, stuck (retryable), failed, done", load: () => import("./jobs.mjs") },
  shard: { group: "Maintain", summary: "move episodes older than a month into episodes.YYYY-MM.jsonl (locked, crash safe)", load: () => import("./shard.mjs") },
  "rebuild-summary": { group: "Maintain", summary: "write episodes.summary.md from the episode shards, skipping empty skeletons", load: () => import("./rebuild-summary.mjs") },
  sync: { group: "Maintain", summary: "commit, fetch, merge and push the memory through git, losing nothing (init <remote>, --status, --detach)", load: () => import("./sync.mjs") },
  distill: {
    group: "Review proposals",
    summary: "what /mem-distill reads: known index lines, episodes since the last distill, the tiers (--llm stages candidates)",
    load: () => import("./distill.mjs")
  },
  compress: {
    group: "Review proposals",
    summary: "shorter hooks and merges ranked by bytes saved per prompt, staged as proposals (card bodies untouched)",
    load: () => import("./compress.mjs")
  },
  completion: { group: "Set up", summary: "print a shell completion script (bash, zsh or fish)", load: () => import("./completion.mjs") },
  compact: { group: "Maintain", summary: "replace the injected full index with a smaller derived summary (--show, --clear)", load: () => import("./compact.mjs") }
};
function commandSummary(name) {
  const command = COMMANDS[name];
  if (!command) throw new Error(`no command "${name}" in the registry`);
  return command.summary;
}

export {
  parseArgs,
  renderHelp,
  str,
  num,
  bool,
  dirArg,
  strs,
  PROJECT_FLAGS,
  projectFrom,
  COMMAND_GROUPS,
  COMMANDS,
  commandSummary
};
