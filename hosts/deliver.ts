import type { PiecedText } from "../lib/core/pieced-text.js";
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
export function asSessionStartContext(text: string | PiecedText): HookOutcome {
  return asJson(text, (context) => ({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } }));
}

/** SessionStart's `additionalContext` plus a `systemMessage` the user sees (Claude Code; Codex's schema has no such key). */
export function asSessionStartWithNotice(text: string | PiecedText, notice?: string): HookOutcome {
  if (!notice) return asSessionStartContext(text);
  return asJson(text, (context) => ({ systemMessage: notice, hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } }));
}

/** The block as plain text on stdout. */
export function asPlainText(text: string | PiecedText): HookOutcome {
  return typeof text === "string" ? { stdout: text, stderr: "", exitCode: 0 } : chunked(text.utf8());
}

/**
 * `shape(text)` as one JSON line. A pieced text is never one string: the JSON around it is cut at a marker that
 * stands where the text goes (the last one: the text is the shape's last value), and the text's escaped pieces
 * go between, the bytes JSON.stringify would have printed.
 */
function asJson(text: string | PiecedText, shape: (text: string) => object): HookOutcome {
  if (typeof text === "string") return { stdout: JSON.stringify(shape(text)) + "\n", stderr: "", exitCode: 0 };
  const whole = JSON.stringify(shape(MARK));
  const at = whole.lastIndexOf(MARK_JSON);
  return chunked([Buffer.from(`${whole.slice(0, at)}"`, "utf8"), ...text.json(), Buffer.from(`"${whole.slice(at + MARK_JSON.length)}\n`, "utf8")]);
}

const MARK = "\u0000memctl-text\u0000";
const MARK_JSON = JSON.stringify(MARK);

/** An outcome printed as `chunks`; its `stdout` string is made only if something reads it (tests, the demo). */
function chunked(chunks: readonly Uint8Array[]): HookOutcome {
  let stdout: string | undefined;
  return {
    chunks,
    get stdout() {
      stdout ??= Buffer.concat(chunks).toString("utf8");
      return stdout;
    },
    stderr: "",
    exitCode: 0,
  };
}

/** Delivers the MEMORY INDEX UNAVAILABLE block like any other context, with the reason on stderr for the host's log. */
export function unavailableVia(deliver: (text: string) => HookOutcome): (text: string, reason: string) => HookOutcome {
  return (text, reason) => ({ ...deliver(text), stderr: `memctl: memory index unavailable: ${reason}\n` });
}
