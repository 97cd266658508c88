import { asPlainText, HARD_CEILING_BYTES, SHARED_BUDGET, unavailableVia } from "../deliver.js";
import { normalizePayload } from "../payload.js";
import type { HostAdapter } from "../types.js";

/** Any other caller: the block as plain text on stdout (the UNAVAILABLE block too, with its reason on stderr). */
export const generic: HostAdapter = {
  name: "generic",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "unknown",
  logCommand: "memctl log",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: false,
  context: asPlainText,
  sessionContext: asPlainText,
  unavailable: unavailableVia(asPlainText),
};
