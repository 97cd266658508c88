import { normalizePayload } from "./payload.js";
import type { HostAdapter } from "./types.js";

/**
 * OpenCode has no shell hooks: its TypeScript plugin calls the same library function (or this entry) and
 * pushes the plain-text block into the system prompt; an invalid explicit selection exits 2 with the reason.
 */
export const opencode: HostAdapter = {
  name: "opencode",
  budget: { maxBytes: 3000, maxEntries: 20 },
  hardCeilingBytes: 8000,
  nativeMemory: "unknown",
  normalize: normalizePayload,
  injectsContext: true,
  context: (text) => ({ stdout: text, stderr: "", exitCode: 0 }),
  unavailable(text, reason) {
    return { ...this.context(text), stderr: `memctl: memory index unavailable: ${reason}\n` };
  },
  invalidExplicit: (reason) => ({ stdout: "", stderr: reason + "\n", exitCode: 2 }),
};
