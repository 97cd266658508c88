import type { Budget, HookOutcome } from "./types.js";

// The few ways hosts take the hook's results; each adapter picks one of each instead of restating them.

/** The shared per-prompt budget; Claude Code halves it because it loads MEMORY.md natively. */
export const SHARED_BUDGET: Readonly<Budget> = Object.freeze({ maxBytes: 3000, maxEntries: 20 });

/** Claude Code spills anything over 10,000 characters and Codex anything over ~2,500 tokens: stay under both. */
export const HARD_CEILING_BYTES = 8000;

/** `hookSpecificOutput.additionalContext` JSON: the only keys Codex's schema accepts, and Claude's preferred form. */
export function asAdditionalContext(text: string): HookOutcome {
  return {
    stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: text } }) + "\n",
    stderr: "",
    exitCode: 0,
  };
}

/** SessionStart's `additionalContext` (Claude Code and Codex read the same shape for that event). */
export function asSessionStartContext(text: string): HookOutcome {
  return {
    stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: text } }) + "\n",
    stderr: "",
    exitCode: 0,
  };
}

/** SessionStart's `additionalContext` plus a `systemMessage` the user sees (Claude Code; Codex's schema has no such key). */
export function asSessionStartWithNotice(text: string, notice?: string): HookOutcome {
  if (!notice) return asSessionStartContext(text);
  return {
    stdout: JSON.stringify({ systemMessage: notice, hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: text } }) + "\n",
    stderr: "",
    exitCode: 0,
  };
}

/** The block as plain text on stdout. */
export function asPlainText(text: string): HookOutcome {
  return { stdout: text, stderr: "", exitCode: 0 };
}

/** Delivers the MEMORY INDEX UNAVAILABLE block like any other context, with the reason on stderr for the host's log. */
export function unavailableVia(deliver: (text: string) => HookOutcome): (text: string, reason: string) => HookOutcome {
  return (text, reason) => ({ ...deliver(text), stderr: `memctl: memory index unavailable: ${reason}\n` });
}
