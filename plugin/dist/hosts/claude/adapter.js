// hosts/claude/adapter.ts
import { asAdditionalContext, asSessionStartWithNotice, HARD_CEILING_BYTES, SHARED_BUDGET, unavailableVia } from "../deliver.js";
import { claudeLoadsStoreNatively } from "./auto-memory.js";
import { normalizePayload } from "../payload.js";
var claude = {
  name: "claude",
  budget: { maxBytes: 1500, maxEntries: 10 },
  budgetWithoutNativeIndex: SHARED_BUDGET,
  loadsIndexNatively: claudeLoadsStoreNatively,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "auxiliary",
  logCommand: "/mem-log",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: true,
  context: asAdditionalContext,
  sessionContext: asSessionStartWithNotice,
  unavailable: unavailableVia(asAdditionalContext)
};
export {
  claude
};
