import { normalizePayload } from "./payload.js";
import type { HostAdapter } from "./types.js";

/**
 * Codex CLI: stdout starting with `{` must match its schema exactly (additionalProperties: false), so only
 * `hookSpecificOutput.{hookEventName, additionalContext}` is emitted. Blocking is exit 2 with the reason on
 * stderr. Hook text over about 2,500 tokens is spilled to a file, hence the same 8,000-byte ceiling.
 */
export const codex: HostAdapter = {
  name: "codex",
  budget: { maxBytes: 3000, maxEntries: 20 },
  hardCeilingBytes: 8000,
  nativeMemory: "auxiliary",
  normalize: normalizePayload,
  injectsContext: true,
  context: (text) => ({
    stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: text } }) + "\n",
    stderr: "",
    exitCode: 0,
  }),
  unavailable(text, reason) {
    return { ...this.context(text), stderr: `memctl: memory index unavailable: ${reason}\n` };
  },
  invalidExplicit: (reason) => ({ stdout: "", stderr: reason + "\n", exitCode: 2 }),
};
