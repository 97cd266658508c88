import type { Command } from "./command.js";

/** The command registry. Modules load lazily so `memctl resolve` never pulls in installers or MCP. */
export const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  resolve: { summary: "show which memory directory this project uses and why", load: () => import("./resolve.js") },
  config: { summary: "set, migrate or lint the user config (project → memory dir mappings)", load: () => import("./config.js") },
  init: { summary: "create this project's memory store with a minimal MEMORY.md", load: () => import("./init.js") },
  hook: { summary: "run a host hook by hand (user-prompt-submit: rank memory against the prompt on stdin)", load: () => import("./hook.js") },
  context: { summary: "rank memory against a query like the per-prompt hook, with each line's score and why", load: () => import("./context.js") },
  prepare: { summary: "strict resolution plus a bounded memory query for one request (hosts without a hook)", load: () => import("./prepare.js") },
  demo: { summary: "run the per-prompt hook on the built-in sample store for a few sample prompts", load: () => import("./demo.js") },
};
