import path from "node:path";
import { usageError } from "../core/errors.js";

// How a host launches the memctl MCP server: plain `node <abs>/dist/cli.js mcp`, never npx or a shell
// wrapper (they add hundreds of milliseconds and depend on PATH). Installers turn this into each host's
// config shape (.mcp.json / [mcp_servers.memctl] / opencode `mcp`).

export interface McpServerCommand {
  command: "node";
  args: string[];
}

export interface McpServerFlags {
  repoRoot?: string;
  actor?: string;
  readOnly?: boolean;
}

/** The stdio launch command for the server shipped in `packageRoot` (absolute: hosts start it from any directory). */
export function mcpServerCommand(packageRoot: string, flags: McpServerFlags = {}): McpServerCommand {
  if (!path.isAbsolute(packageRoot))
    throw usageError(`package root ${JSON.stringify(packageRoot)} must be an absolute path: hosts start the MCP server from their own working directory`);
  const args = [path.join(packageRoot, "dist", "cli.js"), "mcp"];
  if (flags.repoRoot !== undefined) args.push("--repo-root", flags.repoRoot);
  if (flags.actor !== undefined) args.push("--actor", flags.actor);
  if (flags.readOnly) args.push("--read-only");
  return { command: "node", args };
}
