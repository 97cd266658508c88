import { asAdditionalContext, asSessionStartWithNotice, HARD_CEILING_BYTES, SHARED_BUDGET, unavailableVia } from "../deliver.js";
import { claudeLoadsStoreNatively } from "./auto-memory.js";
import { normalizePayload } from "../payload.js";
import type { HostAdapter } from "../types.js";

/**
 * Claude Code: UserPromptSubmit context goes in `hookSpecificOutput.additionalContext` (plain stdout works
 * too, but plugin hooks have had bugs with it); memctl never blocks a prompt. Where Claude loads the store's
 * MEMORY.md natively (the store is its auto-memory directory and auto memory is on) the budget is halved;
 * elsewhere it is the shared one (hosts/claude-auto-memory.ts decides). Output over 10,000 characters is
 * spilled to a file and only a 2 KB preview reaches the model, so the block never exceeds 8,000 bytes.
 */
export const claude: HostAdapter = {
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
  unavailable: unavailableVia(asAdditionalContext),
};
