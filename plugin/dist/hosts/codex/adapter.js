// hosts/codex/adapter.ts
import { asAdditionalContext, HARD_CEILING_BYTES, SHARED_BUDGET, unavailableVia, asSessionStartContext } from "../deliver.js";
import { normalizePayload } from "../payload.js";
var codex = {
  name: "codex",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "auxiliary",
  logCommand: "$mem-log",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: true,
  context: asAdditionalContext,
  sessionContext: asSessionStartContext,
  unavailable: unavailableVia(asAdditionalContext)
};
export {
  codex
};
