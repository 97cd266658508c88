// install/mcp-command.ts
import path from "node:path";
import { usageError } from "../lib/core/errors.js";
var DEFAULT_MCP_ACTOR = "host:mcp";
function mcpServerCommand(packageRoot, flags = {}, portable = false) {
  if (portable) return { command: "memctl", args: ["mcp", ...serverFlags(flags)] };
  if (!path.isAbsolute(packageRoot))
    throw usageError(`package root ${JSON.stringify(packageRoot)} must be an absolute path: hosts start the MCP server from their own working directory`);
  return { command: "node", args: [path.join(packageRoot, "dist", "cli.js"), "mcp", ...serverFlags(flags)] };
}
function serverFlags(flags) {
  const args = [];
  if (flags.repoRoot !== void 0) args.push("--repo-root", flags.repoRoot);
  if (flags.actor !== void 0) args.push("--actor", flags.actor);
  if (flags.readOnly) args.push("--read-only");
  return args;
}
export {
  DEFAULT_MCP_ACTOR,
  mcpServerCommand
};
