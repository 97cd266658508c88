import type { Io } from "../store/io.js";
import { bool, parseArgs, str, type CommandSpec } from "./args.js";
import { ACTOR_FLAGS, actorFrom, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./commands.js";
import { DEFAULT_MCP_ACTOR } from "../install/mcp-command.js";

export const spec: CommandSpec = {
  name: "mcp",
  summary: commandSummary("mcp"),
  flags: {
    ...STORE_FLAGS,
    ...ACTOR_FLAGS,
    actor: {
      ...ACTOR_FLAGS.actor!,
      description: `who the tools write as: ${DEFAULT_MCP_ACTOR} (default), host:<name> (logs and proposes; manages cards only with [hosts.<name>] write = true), agent:<id> (read-only)`,
    },
    "read-only": { type: "boolean", description: "refuse memory_manage and memory_log (E_READ_ONLY); reading tools still work" },
  },
  exitCodes: { 0: "the client closed the connection", 2: "usage error (bad flag or --actor); nothing was served" },
  notes:
    "Tools: memory_view, memory_manage (create | str_replace | insert | delete | rename), memory_context, memory_search,\n" +
    "memory_recall, memory_log. The store is resolved on every call from --repo-root or the directory the host started the\n" +
    "server in (MEMCTL_MEMORY_DIR → config → legacy); an invalid explicit selection makes every tool return an error saying\n" +
    "what to fix. Writes are attributed to --actor (default host:mcp); agent:* actors and --read-only are refused writes.\n" +
    "A host actor (host:<name>) logs and proposes; memory_manage needs the owner's opt-in, [hosts.<name>] write = true in\n" +
    "memctl's config, read on every call. --actor system is refused (it is memctl's importer).\n" +
    "stdout carries only the protocol; logs go to stderr.",
  examples: ["memctl mcp", "memctl mcp --repo-root /abs/project --actor host:claude", "memctl mcp --read-only"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  // Loaded here so that `memctl mcp --help` and every other command never load the MCP SDK.
  const options = {
    repoRoot: str(args, "repo-root"),
    allowNonGit: bool(args, "allow-non-git"),
    actor: actorFrom(args, DEFAULT_MCP_ACTOR),
    readOnly: bool(args, "read-only"),
  };
  const { serveStdio } = await import("../mcp/server.js");
  // The protocol needs the raw process streams; io.stdout is a text sink and nothing else may write there.
  await serveStdio(options, io, { stdin: process.stdin, stdout: process.stdout });
  return 0;
}
