// The host compacted or cleared its conversation: the blocks injected earlier are gone from it, so the session's
// dedupe state starts afresh. Called by `memctl hook pre-compact` (Claude Code / Codex PreCompact) and meant for
// the session-start hook (Claude Code / Codex SessionStart with source compact or clear).
import path from "node:path";
import { readConfig } from "../config/config.js";
import type { Io } from "../store/io.js";
import { resolveMemory } from "../config/resolve.js";
import { hostAdapter, HOSTS } from "../../hosts/index.js";
import { forgetSession, sessionKeys } from "./session-state.js";
import { sessionSecret } from "../store/session-secret.js";

export type ResetStatus = "reset" | "kept" | "no-session" | "no-store" | "failed";

/** SessionStart sources that mean the conversation no longer holds earlier hook output. */
const FRESH_SOURCES = new Set(["compact", "clear"]);

/** Whether a lifecycle payload means the conversation lost its earlier hook output. */
export function startsAfresh(payload: Record<string, unknown>): boolean {
  const event = String(payload.hook_event_name ?? payload.hookEventName ?? "").toLowerCase();
  if (event === "precompact" || event === "pre_compact" || event === "postcompact" || event === "post_compact") return true;
  if (event === "sessionstart" || event === "session_start") return FRESH_SOURCES.has(String(payload.source ?? ""));
  return false;
}

/**
 * Reads a lifecycle payload (snake_case or camelCase) and forgets its session when it starts afresh. Never throws:
 * a compaction must not fail because memory could not be reached (the reason goes to the returned message).
 */
export function resetFromPayload(raw: unknown, hostName: string, io: Io): { status: ResetStatus; message?: string } {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return { status: "no-session" };
  const o = raw as Record<string, unknown>;
  const sessionId = typeof o.session_id === "string" ? o.session_id : typeof o.sessionId === "string" ? o.sessionId : undefined;
  const cwd = typeof o.cwd === "string" ? o.cwd : typeof o.workspaceRoot === "string" ? o.workspaceRoot : undefined;
  if (!sessionId || !cwd || !path.isAbsolute(cwd)) return { status: "no-session" };
  if (!startsAfresh(o)) return { status: "kept" };
  try {
    const resolution = resolveMemory({ repoRoot: cwd, allowNonGit: true, compatibility: true }, io, readConfig(io));
    if (resolution.status !== "resolved" || !resolution.memory_dir) return { status: "no-store" };
    forgetSession(
      resolution.memory_dir,
      sessionKeys(sessionSecret(io), (hostAdapter(hostName) ?? HOSTS.generic).name, sessionId),
      io.now().getTime(),
      String(o.hook_event_name ?? o.hookEventName ?? "reset"),
    );
    return { status: "reset" };
  } catch (err) {
    return { status: "failed", message: (err as Error).message };
  }
}
