// The boundary where a host session begins. `memctl hook session-start` calls sessionStarted once per
// SessionStart event, with the host's session id and source (Claude Code / Codex: startup | resume | clear |
// compact; Grok: new | load). Per-session state (issue 19's dedupe of lines already injected this session)
// hangs off this function: after "clear" or "compact" the model no longer holds what was injected before.

export interface SessionStartEvent {
  cwd: string;
  sessionId?: string;
  /** Why the session (re)started, as the host says it. */
  source?: string;
}

/** Sources after which the model's context no longer holds earlier injections. */
export const CONTEXT_RESET_SOURCES: readonly string[] = ["startup", "clear", "compact", "new"];

/** Called once per SessionStart, before anything is printed. Nothing to reset yet: per-session state is issue 19's. */
export function sessionStarted(_memoryDir: string, _event: SessionStartEvent): void {}
