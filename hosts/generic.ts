import { normalizePayload } from "./payload.js";
import type { HostAdapter } from "./types.js";

/** Any other caller: the block as plain text on stdout; an invalid explicit selection exits 2 with the reason on stderr. */
export const generic: HostAdapter = {
  name: "generic",
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
