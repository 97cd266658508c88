// lib/mcp/tool-session.ts
import { isAgentActor } from "../store/history.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { configuredGuardrails } from "../records/guardrails.js";
import { resolveMemory } from "../config/resolve.js";
import { secretPolicy } from "../records/secrets.js";
import { pauseFromEnv } from "../store/write.js";
import { directWriteRefusal } from "../records/actor.js";
function isReadOnly(options) {
  return options.readOnly || isAgentActor(options.actor);
}
function mayManage(options, io) {
  return !isReadOnly(options) && options.actor.startsWith("host:") && directWriteRefusal(options.actor, "manage memory files", io) === void 0;
}
function subagentOf(meta) {
  const id = meta?.["claudecode/agentId"];
  return typeof id === "string" && id !== "" ? id : void 0;
}
function refuseSubagent(s, what) {
  if (s.subagent === void 0) return;
  throw new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `Refused: a subagent (${s.subagent}) may not ${what}: the owner's opt-in for ${s.options.actor} trusts the host's main agent, not the subagents it starts. Nothing was written. Stage the change with memory_propose (name, type, description, body, source, kind) for the owner to accept.`,
    { actor: s.options.actor, subagent: s.subagent }
  );
}
function requireStore(s) {
  const resolution = resolveMemory({ repoRoot: s.options.repoRoot, allowNonGit: s.options.allowNonGit }, s.io);
  if (resolution.status === "invalid-explicit") {
    throw new MemctlError(
      ERROR_CODES.E_INVALID_EXPLICIT,
      `invalid explicit memory selection: ${resolution.reason}. Nothing was read or written, and no other store is used instead; check with "memctl resolve --repo-root ${resolution.repo_root}".`,
      { resolution_source: resolution.resolution_source, memory_dir: resolution.memory_dir }
    );
  }
  if (resolution.status !== "resolved" || !resolution.memory_dir) {
    throw new MemctlError(ERROR_CODES.E_UNAVAILABLE, `no memory store for ${resolution.canonical_repo}: ${resolution.reason}`, { resolution_source: resolution.resolution_source });
  }
  return { memoryDir: resolution.memory_dir, resolution };
}
function refuseIfReadOnly(s, what) {
  if (!isReadOnly(s.options)) return;
  const why = s.options.readOnly ? "this memctl MCP server was started with --read-only" : `its actor ${s.options.actor} is an agent, and agents are read-only`;
  throw new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `Refused: may not ${what}: ${why}. Canonical memory is injected into every later session, so only its owner writes it; nothing was written. Reading works (memory_view, memory_context, memory_search, memory_recall). If you learned something worth keeping, stage it with memory_propose (name, type, description, body, source, kind): it waits in the proposal queue and the owner accepts or rejects it (memctl review).`,
    { actor: s.options.actor, read_only_flag: s.options.readOnly }
  );
}
function writeContext(s, memoryDir) {
  return { memoryDir, actor: s.options.actor, now: s.io.now(), commit: pauseFromEnv(s.io.env), guardrails: configuredGuardrails(s.io), secrets: secretPolicy(s.io) };
}
function text(body, structured) {
  return { content: [{ type: "text", text: body }], ...structured ? { structuredContent: structured } : {} };
}
export {
  isReadOnly,
  mayManage,
  refuseIfReadOnly,
  refuseSubagent,
  requireStore,
  subagentOf,
  text,
  writeContext
};
