import { normalizePayload } from "./payload.js";
import type { HostAdapter } from "./types.js";

/**
 * Claude Code: UserPromptSubmit context goes in `hookSpecificOutput.additionalContext` (plain stdout works
 * too, but plugin hooks have had bugs with it); `{"decision":"block"}` blocks the prompt. Claude already
 * loads MEMORY.md natively once per session, hence the halved budget. Output over 10,000 characters is
 * spilled to a file and only a 2 KB preview reaches the model, so the block never exceeds 8,000 bytes.
 */
export const claude: HostAdapter = {
  name: "claude",
  budget: { maxBytes: 1500, maxEntries: 10 },
  hardCeilingBytes: 8000,
  nativeMemory: "auxiliary",
  normalize: normalizePayload,
  injectsContext: true,
  context: (text) => ({
    stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: text } }) + "\n",
    stderr: "",
    exitCode: 0,
  }),
  unavailable(text, reason) {
    return { ...this.context(text), stderr: `memctl: memory index unavailable: ${reason}\n` };
  },
  invalidExplicit: (reason) => ({ stdout: JSON.stringify({ decision: "block", reason }) + "\n", stderr: "", exitCode: 0 }),
};
