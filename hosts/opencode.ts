import { asPlainText, blockWithExit2, HARD_CEILING_BYTES, SHARED_BUDGET, unavailableVia } from "./deliver.js";
import { normalizePayload } from "./payload.js";
import type { HostAdapter } from "./types.js";

/**
 * OpenCode has no shell hooks: its TypeScript plugin calls the same library function (or this entry) and
 * pushes the plain-text block into the system prompt; an invalid explicit selection exits 2 with the reason.
 */
export const opencode: HostAdapter = {
  name: "opencode",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "unknown",
  normalize: normalizePayload,
  injectsContext: true,
  context: asPlainText,
  unavailable: unavailableVia(asPlainText),
  invalidExplicit: blockWithExit2,
};
