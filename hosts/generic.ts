import { asPlainText, blockWithExit2, HARD_CEILING_BYTES, SHARED_BUDGET, unavailableVia } from "./deliver.js";
import { normalizePayload } from "./payload.js";
import type { HostAdapter } from "./types.js";

/** Any other caller: the block as plain text on stdout; an invalid explicit selection exits 2 with the reason on stderr. */
export const generic: HostAdapter = {
  name: "generic",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "unknown",
  normalize: normalizePayload,
  injectsContext: true,
  context: asPlainText,
  unavailable: unavailableVia(asPlainText),
  invalidExplicit: blockWithExit2,
};
