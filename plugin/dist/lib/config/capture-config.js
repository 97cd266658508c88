// lib/config/capture-config.ts
function captureSettings(c, invalid, unknown) {
  const capture = {};
  for (const key of Object.keys(c))
    if (!["enabled", "llm_command", "timeout_seconds", "max_proposals", "verify"].includes(key))
      unknown(`unknown key "capture.${key}" (ignored); the known keys are enabled, llm_command, timeout_seconds, max_proposals, verify`);
  if (c.enabled !== void 0) {
    if (typeof c.enabled !== "boolean") {
      invalid("capture.enabled must be true or false (capture stays off until it is)");
      capture.enabled = false;
    } else capture.enabled = c.enabled;
  }
  if (c.llm_command !== void 0) {
    if (!Array.isArray(c.llm_command) || c.llm_command.length === 0 || !c.llm_command.every((a) => typeof a === "string") || c.llm_command[0] === "")
      invalid('capture.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]');
    else capture.llm_command = c.llm_command;
  }
  if (c.timeout_seconds !== void 0) {
    if (typeof c.timeout_seconds !== "number" || !(c.timeout_seconds > 0)) invalid("capture.timeout_seconds must be a positive number");
    else capture.timeout_seconds = c.timeout_seconds;
  }
  if (c.max_proposals !== void 0) {
    if (typeof c.max_proposals !== "number" || !Number.isInteger(c.max_proposals) || c.max_proposals < 0 || c.max_proposals > 20)
      invalid("capture.max_proposals must be an integer from 0 to 20");
    else capture.max_proposals = c.max_proposals;
  }
  if (c.verify !== void 0) {
    if (typeof c.verify !== "boolean") invalid("capture.verify must be true or false (the verify pass stays on until it is)");
    else capture.verify = c.verify;
  }
  return capture;
}
export {
  captureSettings
};
