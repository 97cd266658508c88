import { asAdditionalContext, HARD_CEILING_BYTES, SHARED_BUDGET, unavailableVia, asSessionStartContext } from "../deliver.js";
import { normalizePayload } from "../payload.js";
import type { HostAdapter } from "../types.js";

/**
 * Codex CLI: stdout starting with `{` must match its schema exactly (additionalProperties: false), so only
 * `hookSpecificOutput.{hookEventName, additionalContext}` is emitted (memctl never blocks
 * a prompt). Hook text over about 2,500 tokens is spilled to a file, hence the same 8,000-byte ceiling.
 */
export const codex: HostAdapter = {
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
  unavailable: unavailableVia(asAdditionalContext),
};
