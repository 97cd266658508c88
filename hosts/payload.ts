import type { HookPayload } from "./types.js";

/**
 * Normalises a UserPromptSubmit payload: Claude Code and Codex send snake_case (`session_id`), Grok Build
 * sends camelCase (`sessionId`) — and Grok also runs hooks wired in Claude's settings, so every adapter
 * accepts both. Returns undefined when the payload is not an object or carries no usable prompt.
 */
export function normalizePayload(raw: unknown): HookPayload | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  const prompt = firstString(o.prompt, o.user_prompt, o.userPrompt, o.message);
  if (prompt === undefined) return undefined;
  const cwd = firstString(o.cwd, o.workspaceRoot, o.workspace_root);
  const sessionId = firstString(o.session_id, o.sessionId);
  return { prompt, ...(cwd ? { cwd } : {}), ...(sessionId ? { sessionId } : {}) };
}

function firstString(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === "string") return v;
  return undefined;
}
