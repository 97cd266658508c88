// `[capture]`: session-end capture into proposals (on unless enabled = false), its model command and bound,
// validated like `[recall]`: each bad value is reported and left unset, never a reason to refuse a store.

export interface CaptureSettings {
  enabled?: boolean;
  llm_command?: string[];
  timeout_seconds?: number;
  max_proposals?: number;
  verify?: boolean;
}

/** The settings of a `[capture]` table (config.ts has checked it is a table). */
export function captureSettings(c: Record<string, unknown>, invalid: (message: string) => void, unknown: (message: string) => void): CaptureSettings {
  const capture: CaptureSettings = {};
  for (const key of Object.keys(c))
    if (!["enabled", "llm_command", "timeout_seconds", "max_proposals", "verify"].includes(key))
      unknown(`unknown key "capture.${key}" (ignored); the known keys are enabled, llm_command, timeout_seconds, max_proposals, verify`);
  if (c.enabled !== undefined) {
    // A malformed switch turns capture off: nothing is staged that the owner may have meant to stop.
    if (typeof c.enabled !== "boolean") {
      invalid("capture.enabled must be true or false (capture stays off until it is)");
      capture.enabled = false;
    } else capture.enabled = c.enabled;
  }
  if (c.llm_command !== undefined) {
    if (!Array.isArray(c.llm_command) || c.llm_command.length === 0 || !c.llm_command.every((a) => typeof a === "string") || c.llm_command[0] === "")
      invalid('capture.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]');
    else capture.llm_command = c.llm_command as string[];
  }
  if (c.timeout_seconds !== undefined) {
    if (typeof c.timeout_seconds !== "number" || !(c.timeout_seconds > 0)) invalid("capture.timeout_seconds must be a positive number");
    else capture.timeout_seconds = c.timeout_seconds;
  }
  if (c.max_proposals !== undefined) {
    if (typeof c.max_proposals !== "number" || !Number.isInteger(c.max_proposals) || c.max_proposals < 0 || c.max_proposals > 20)
      invalid("capture.max_proposals must be an integer from 0 to 20");
    else capture.max_proposals = c.max_proposals;
  }
  if (c.verify !== undefined) {
    if (typeof c.verify !== "boolean") invalid("capture.verify must be true or false (the verify pass stays on until it is)");
    else capture.verify = c.verify;
  }
  return capture;
}
