import { normalizePayload } from "./payload.js";
import type { HostAdapter } from "./types.js";

/**
 * Grok Build: UserPromptSubmit is observe-only (stdout and exit code are ignored), so recall there goes
 * through MCP and a rules file. The hook still runs (it records usage) and prints plain text for logs;
 * an invalid explicit selection can only be reported on stderr.
 */
export const grok: HostAdapter = {
  name: "grok",
  budget: { maxBytes: 3000, maxEntries: 20 },
  hardCeilingBytes: 8000,
  nativeMemory: "unknown",
  normalize: normalizePayload,
  injectsContext: false,
  context: (text) => ({ stdout: text, stderr: "", exitCode: 0 }),
  unavailable(text, reason) {
    return { ...this.context(text), stderr: `memctl: memory index unavailable: ${reason}\n` };
  },
  invalidExplicit: (reason) => ({ stdout: "", stderr: reason + "\n", exitCode: 0 }),
};
