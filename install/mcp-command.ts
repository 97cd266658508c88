import path from "node:path";
import { usageError } from "../lib/core/errors.js";

// How a host launches the memctl MCP server: plain `node <abs>/dist/cli.js mcp` for configs that stay on this
// machine, `memctl mcp` from PATH for committed ones (a teammate's memctl lives elsewhere); never npx or a shell
// wrapper. Installers turn this into each host's config shape (.mcp.json / [mcp_servers.memctl] / opencode `mcp`).

/** Who the server writes as when launched without --actor (a generic MCP client). */
export const DEFAULT_MCP_ACTOR = "host:mcp";

export interface McpServerCommand {
  command: string;
  args: string[];
}

export interface McpServerFlags {
  repoRoot?: string;
  actor?: string;
  readOnly?: boolean;
}

/** The stdio launch command for the server shipped in `packageRoot` (absolute: hosts start it from any directory). */
export function mcpServerCommand(packageRoot: string, flags: McpServerFlags = {}, portable = false): McpServerCommand {
  if (portable) return { command: "memctl", args: ["mcp", ...serverFlags(flags)] };
  if (!path.isAbsolute(packageRoot))
    throw usageError(`package root ${JSON.stringify(packageRoot)} must be an absolute path: hosts start the MCP server from their own working directory`);
  return { command: "node", args: [path.join(packageRoot, "dist", "cli.js"), "mcp", ...serverFlags(flags)] };
}

function serverFlags(flags: McpServerFlags): string[] {
  const args: string[] = [];
  if (flags.repoRoot !== undefined) args.push("--repo-root", flags.repoRoot);
  if (flags.actor !== undefined) args.push("--actor", flags.actor);
  if (flags.readOnly) args.push("--read-only");
  return args;
}
