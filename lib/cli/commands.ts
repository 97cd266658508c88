import type { Command } from "./command.js";
import { type CommandGroup, type CommandName, COMMAND_SUMMARIES } from "./command-summary.js";

// Each command's module, loaded lazily so `memctl resolve` never pulls in installers or MCP. Typed by the summaries'
// names: a command listed there without a loader here (or the reverse) does not compile.
const LOADERS: Record<CommandName, () => Promise<Command>> = {
  resolve: () => import("./resolve.js"),
  config: () => import("./config.js"),
  install: () => import("./install.js"),
  uninstall: () => import("./uninstall.js"),
  doctor: () => import("./doctor.js"),
  "fix-fields": () => import("./fix-fields.js"),
  stats: () => import("./stats.js"),
  init: () => import("./init.js"),
  log: () => import("./log.js"),
  remember: () => import("./remember.js"),
  save: () => import("./save.js"),
  keys: () => import("./keys.js"),
  show: () => import("./show.js"),
  list: () => import("./list.js"),
  rm: () => import("./rm.js"),
  restore: () => import("./restore.js"),
  history: () => import("./history.js"),
  view: () => import("./view.js"),
  manage: () => import("./manage.js"),
  import: () => import("./import.js"),
  search: () => import("./search.js"),
  recall: () => import("./recall.js"),
  adopt: () => import("./adopt.js"),
  hook: () => import("./hook.js"),
  instructions: () => import("./instructions.js"),
  why: () => import("./why.js"),
  ui: () => import("./ui.js"),
  context: () => import("./context.js"),
  prepare: () => import("./prepare.js"),
  demo: () => import("./demo.js"),
  mcp: () => import("./mcp.js"),
  propose: () => import("./propose.js"),
  review: () => import("./review.js"),
  accept: () => import("./accept.js"),
  reject: () => import("./reject.js"),
  consolidate: () => import("./consolidate.js"),
  expire: () => import("./expire.js"),
  jobs: () => import("./jobs.js"),
  shard: () => import("./shard.js"),
  "rebuild-summary": () => import("./rebuild-summary.js"),
  sync: () => import("./sync.js"),
  distill: () => import("./distill.js"),
  compress: () => import("./compress.js"),
  completion: () => import("./completion.js"),
  compact: () => import("./compact.js"),
};

/** The command registry: each command's group, summary and module. */
export const COMMANDS: Record<string, { group: CommandGroup; summary: string; load: () => Promise<Command> }> = Object.fromEntries(
  Object.entries(COMMAND_SUMMARIES).map(([name, { group, summary }]) => [name, { group, summary, load: LOADERS[name as CommandName] }]),
);
