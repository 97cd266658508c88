import { asPlainText, HARD_CEILING_BYTES, SHARED_BUDGET, unavailableVia } from "../deliver.js";
import { normalizePayload } from "../payload.js";
import type { HostAdapter } from "../types.js";

/**
 * Grok Build: UserPromptSubmit is observe-only (stdout and exit code are ignored), so recall there goes
 * through MCP and a rules file. The hook still runs (it records usage) and prints plain text for logs,
 * with the reason for an unavailable or invalid selection on stderr.
 */
export const grok: HostAdapter = {
  name: "grok",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "unknown",
  logCommand: "/mem-log",
  normalize: normalizePayload,
  injectsContext: false,
  keepsContext: false,
  context: asPlainText,
  sessionContext: asPlainText,
  unavailable: unavailableVia(asPlainText),
};
