// What every MCP tool call shares: the server's options, the store resolved afresh for each call (so a config
// change or a new store is seen without restarting the host), the read-only refusal and the result shape.
import { isAgentActor } from "../store/history.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { configuredGuardrails } from "../records/guardrails.js";
import type { Io } from "../store/io.js";
import type { WriteContext } from "../records/save.js";
import { resolveMemory, type Resolution } from "../config/resolve.js";
import { secretPolicy } from "../records/secrets.js";
import { pauseFromEnv } from "../store/write.js";
import { directWriteRefusal } from "../records/actor.js";

export interface McpOptions {
  /** --repo-root; otherwise the server's working directory (where the host started it). */
  repoRoot?: string;
  allowNonGit: boolean;
  /** Who the server's writes are attributed to (default host:mcp). */
  actor: string;
  /** --read-only: refuse memory_manage and memory_log whatever the actor. */
  readOnly: boolean;
}

export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

export interface ToolSession {
  options: McpOptions;
  io: Io;
  /** The subagent this call came from, when the host says so (see subagentOf). */
  subagent?: string;
}

export function isReadOnly(options: McpOptions): boolean {
  return options.readOnly || isAgentActor(options.actor);
}

/** May this server's actor manage files now: a host the owner opted in ([hosts.<name>] write = true, read afresh). */
export function mayManage(options: McpOptions, io: Pick<Io, "env" | "home">): boolean {
  return !isReadOnly(options) && options.actor.startsWith("host:") && directWriteRefusal(options.actor, "manage memory files", io) === undefined;
}

/**
 * The subagent a tools/call came from, from its _meta. Claude Code 2.1.328 puts "claudecode/agentId" there for a
 * subagent's calls (the main agent's carry none), though only for some of Anthropic's own servers so far; no other
 * host marks subagents on MCP calls. An opt-in is the owner's trust in a host's main agent, not its subagents.
 */
export function subagentOf(meta: Record<string, unknown> | undefined): string | undefined {
  const id = meta?.["claudecode/agentId"];
  return typeof id === "string" && id !== "" ? id : undefined;
}

export function refuseSubagent(s: ToolSession, what: string): void {
  if (s.subagent === undefined) return;
  throw new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `Refused: a subagent (${s.subagent}) may not ${what}: the owner's opt-in for ${s.options.actor} trusts the host's main agent, not the subagents it starts. Nothing was written. Stage the change with memory_propose (name, type, description, body, source, kind) for the owner to accept.`,
    { actor: s.options.actor, subagent: s.subagent },
  );
}

/** Resolves the store for this call; an invalid explicit selection is never replaced by another store. */
export function requireStore(s: ToolSession): { memoryDir: string; resolution: Resolution } {
  const resolution = resolveMemory({ repoRoot: s.options.repoRoot, allowNonGit: s.options.allowNonGit }, s.io);
  if (resolution.status === "invalid-explicit") {
    throw new MemctlError(
      ERROR_CODES.E_INVALID_EXPLICIT,
      `invalid explicit memory selection: ${resolution.reason}. Nothing was read or written, and no other store is used instead; check with "memctl resolve --repo-root ${resolution.repo_root}".`,
      { resolution_source: resolution.resolution_source, memory_dir: resolution.memory_dir },
    );
  }
  if (resolution.status !== "resolved" || !resolution.memory_dir) {
    throw new MemctlError(ERROR_CODES.E_UNAVAILABLE, `no memory store for ${resolution.canonical_repo}: ${resolution.reason}`, { resolution_source: resolution.resolution_source });
  }
  return { memoryDir: resolution.memory_dir, resolution };
}

export function refuseIfReadOnly(s: ToolSession, what: string): void {
  if (!isReadOnly(s.options)) return;
  const why = s.options.readOnly ? "this memctl MCP server was started with --read-only" : `its actor ${s.options.actor} is an agent, and agents are read-only`;
  throw new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `Refused: may not ${what}: ${why}. Canonical memory is injected into every later session, so only its owner writes it; nothing was written. ` +
      "Reading works (memory_view, memory_context, memory_search, memory_recall). If you learned something worth keeping, stage it with memory_propose " +
      "(name, type, description, body, source, kind): it waits in the proposal queue and the owner accepts or rejects it (memctl review).",
    { actor: s.options.actor, read_only_flag: s.options.readOnly },
  );
}

export function writeContext(s: ToolSession, memoryDir: string): WriteContext {
  return { memoryDir, actor: s.options.actor, now: s.io.now(), commit: pauseFromEnv(s.io.env), guardrails: configuredGuardrails(s.io), secrets: secretPolicy(s.io) };
}

export function text(body: string, structured?: Record<string, unknown>): ToolResult {
  return { content: [{ type: "text", text: body }], ...(structured ? { structuredContent: structured } : {}) };
}
