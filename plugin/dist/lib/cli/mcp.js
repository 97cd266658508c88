// lib/cli/mcp.ts
import { bool, parseArgs, str } from "./args.js";
import { ACTOR_FLAGS, callerFrom, STORE_FLAGS } from "./store-access.js";
import { usageError } from "../core/errors.js";
import { commandSummary } from "./command-summary.js";
import { DEFAULT_MCP_ACTOR } from "../../install/mcp-command.js";
var spec = {
  name: "mcp",
  summary: commandSummary("mcp"),
  flags: {
    ...STORE_FLAGS,
    ...ACTOR_FLAGS,
    actor: {
      ...ACTOR_FLAGS.actor,
      description: `who the tools write as: ${DEFAULT_MCP_ACTOR} (default), host:<name> (logs and proposes; manages cards only with [hosts.<name>] write = true), agent:<id> (read-only); never human`
    },
    "read-only": { type: "boolean", description: "refuse memory_manage and memory_log (E_READ_ONLY); reading tools still work" }
  },
  exitCodes: { 0: "the client closed the connection", 2: "usage error (bad flag, --actor human or system); nothing was served" },
  notes: "Tools, by who the server acts as:\n  every actor       memory_view, memory_overview, memory_context, memory_search, memory_recall, memory_propose\n  host:<name>       + memory_log\n  opted-in host     + memory_manage (create | str_replace | insert | delete | rename), when the user config has\n                    [hosts.<name>] write = true (re-read on every call: a new opt-in shows after the next call,\n                    announced with tools/list_changed; a withdrawn one refuses at once)\nagent:* actors and --read-only get neither memory_log nor memory_manage. The server is a host's tool, never the owner:\n--actor human is refused (exit 2), and a host's mark in the server's environment (Claude Code and OpenCode set one for\nthe MCP servers they start: CLAUDECODE=1, OPENCODE=1) decides the host whatever --actor says. A call a host marks as a\nsubagent's (_meta claudecode/agentId) may not manage files even when the host is opted in. --actor system is refused.\nThe store is resolved on every call from --repo-root or the directory the host started the server in\n(MEMCTL_MEMORY_DIR \u2192 config \u2192 legacy); an invalid explicit selection makes every tool return an error saying what to fix.\nstdout carries only the protocol; logs go to stderr.",
  examples: ["memctl mcp", "memctl mcp --repo-root /abs/project --actor host:claude", "memctl mcp --read-only"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const options = {
    repoRoot: str(args, "repo-root"),
    allowNonGit: bool(args, "allow-non-git"),
    actor: mcpActor(args, io),
    readOnly: bool(args, "read-only")
  };
  const { serveStdio } = await import("../mcp/server.js");
  await serveStdio(options, io, { stdin: process.stdin, stdout: process.stdout });
  return 0;
}
function mcpActor(args, io) {
  if (str(args, "actor") === "human")
    throw usageError(
      `memctl mcp --actor human is refused: the MCP server is a host's tool, and anything its agent calls would be written as the owner. Launch it as host:<name> (memctl install does); the owner lets that host manage files with [hosts.<name>] write = true in the memctl config.`
    );
  return callerFrom(args, io, DEFAULT_MCP_ACTOR).actor;
}
export {
  run,
  spec
};
