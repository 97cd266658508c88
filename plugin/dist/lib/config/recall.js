// lib/config/recall.ts
import path from "node:path";
var DEFAULT_RECALL_TIMEOUT_SECONDS = 60;
var KEYS = ["llm_command", "timeout_seconds", "on_save", "languages"];
function validateRecallTable(raw, invalid, unknown) {
  const out = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || raw instanceof Date) {
    invalid('recall must be a table, e.g. [recall] llm_command = ["claude", "-p"]');
    return out;
  }
  const r = raw;
  for (const key of Object.keys(r)) if (!KEYS.includes(key)) unknown(`unknown key "recall.${key}" (ignored); the known keys are ${KEYS.join(", ")}`);
  if (r.llm_command !== void 0) {
    const cmd = r.llm_command;
    if (!Array.isArray(cmd) || cmd.length === 0 || !cmd.every((a) => typeof a === "string") || cmd[0] === "")
      invalid('recall.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]');
    else out.llm_command = cmd;
  }
  if (r.timeout_seconds !== void 0) {
    if (typeof r.timeout_seconds !== "number" || !(r.timeout_seconds > 0)) invalid("recall.timeout_seconds must be a positive number");
    else out.timeout_seconds = r.timeout_seconds;
  }
  if (r.on_save !== void 0) {
    if (typeof r.on_save !== "boolean") invalid("recall.on_save must be true or false (it stays off until it is)");
    else out.on_save = r.on_save;
  }
  if (r.languages !== void 0) {
    const langs = r.languages;
    if (!Array.isArray(langs) || !langs.every((l) => typeof l === "string" && l.trim() !== "" && l.length <= 40) || langs.length > 12)
      invalid('recall.languages must be a list of at most 12 language names, e.g. ["Chinese", "French"]');
    else out.languages = langs.map((l) => l.trim());
  }
  return out;
}
function recallModel(config) {
  const own = config.recall?.llm_command;
  const command = own ?? config.compact?.llm_command;
  if (!command || command.length === 0) return void 0;
  const seconds = config.recall?.timeout_seconds ?? DEFAULT_RECALL_TIMEOUT_SECONDS;
  return {
    command,
    timeoutMs: seconds * 1e3,
    from: own ? "[recall] llm_command" : "[compact] llm_command",
    actor: `model:${modelName(command[0])}`,
    ...config.recall?.languages !== void 0 ? { languages: config.recall.languages } : {}
  };
}
function modelName(cmd) {
  const base = path.basename(cmd).replace(/[^A-Za-z0-9._@-]/g, "-").replace(/^[^A-Za-z0-9]+/, "");
  return (base || "command").slice(0, 128);
}
function recallSetupHint(configFile) {
  return `no model command is configured: add to ${configFile}
  [recall]
  llm_command = ["claude", "-p"]
(the card's prompt arrives on stdin; the command prints one key per line; [compact] llm_command is used when [recall] sets none)`;
}
export {
  DEFAULT_RECALL_TIMEOUT_SECONDS,
  modelName,
  recallModel,
  recallSetupHint,
  validateRecallTable
};
