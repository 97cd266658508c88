import type { Command } from "./command.js";

/** The command registry. Modules load lazily so `memctl resolve` never pulls in installers or MCP. */
export const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  resolve: { summary: "show which memory directory this project uses and why", load: () => import("./resolve.js") },
  config: { summary: "set, migrate or lint the user config (project → memory dir mappings)", load: () => import("./config.js") },
  doctor: { summary: "check the store is well-formed and what it injects is healthy (read-only)", load: () => import("./doctor.js") },
  stats: { summary: "what memory buys: injected size, hits, concentration, never-hit cards, episodes", load: () => import("./stats.js") },
  init: { summary: "create this project's memory store with a minimal MEMORY.md", load: () => import("./init.js") },
};
