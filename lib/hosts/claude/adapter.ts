import { asAdditionalContext, HARD_CEILING_BYTES, unavailableVia, asSessionStartContext } from "../deliver.js";
import { normalizePayload } from "../payload.js";
import type { HostAdapter } from "../types.js";

/**
 * Claude Code: UserPromptSubmit context goes in `hookSpecificOutput.additionalContext` (plain stdout works
 * too, but plugin hooks have had bugs with it); memctl never blocks a prompt. Claude already
 * loads MEMORY.md natively once per session, hence the halved budget. Output over 10,000 characters is
 * spilled to a file and only a 2 KB preview reaches the model, so the block never exceeds 8,000 bytes.
 */
export const claude: HostAdapter = {
  name: "claude",
  budget: { maxBytes: 1500, maxEntries: 10 },
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "auxiliary",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: true,
  context: asAdditionalContext,
  sessionContext: asSessionStartContext,
  loadsNativeIndex: true,
  unavailable: unavailableVia(asAdditionalContext),
};
