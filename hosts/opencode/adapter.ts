import { asPlainText, HARD_CEILING_BYTES, SHARED_BUDGET, unavailableVia } from "../deliver.js";
import { normalizePayload } from "../payload.js";
import type { HostAdapter } from "../types.js";

/**
 * OpenCode has no shell hooks: its TypeScript plugin calls the same library function (or this entry) and
 * pushes the plain-text block into the system prompt, the UNAVAILABLE block included.
 */
export const opencode: HostAdapter = {
  name: "opencode",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "unknown",
  logCommand: "/mem-log",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: false,
  context: asPlainText,
  sessionContext: asPlainText,
  unavailable: unavailableVia(asPlainText),
};
