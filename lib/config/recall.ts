// `[recall]`: the model command that writes cards' recall keys (memctl keys, [recall] on_save), validated like
// `[compact]` and `[capture]`. Unset, the command falls back to `[compact] llm_command`, as capture's does: one
// configured model serves every model pass unless the owner splits them.
import path from "node:path";

export interface RecallSettings {
  llm_command?: string[];
  timeout_seconds?: number;
  on_save?: boolean;
  /**
   * Languages people ask in beyond those the store's cards are written in (e.g. ["Chinese"] or ["zh"]): keys are
   * written in them too. Set, it replaces the languages detected from the owner's prompts; [] turns detection off.
   */
  languages?: string[];
}

/** Seconds a key-writing call may take when neither [recall] nor [compact] says (one card's prompt is short). */
export const DEFAULT_RECALL_TIMEOUT_SECONDS = 60;

const KEYS = ["llm_command", "timeout_seconds", "on_save", "languages"];

/** The `[recall]` table's settings; each bad value is reported and left unset (never a reason to refuse a store). */
export function validateRecallTable(raw: unknown, invalid: (message: string) => void, unknown: (message: string) => void): RecallSettings {
  const out: RecallSettings = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || raw instanceof Date) {
    invalid('recall must be a table, e.g. [recall] llm_command = ["claude", "-p"]');
    return out;
  }
  const r = raw as Record<string, unknown>;
  for (const key of Object.keys(r)) if (!KEYS.includes(key)) unknown(`unknown key "recall.${key}" (ignored); the known keys are ${KEYS.join(", ")}`);
  if (r.llm_command !== undefined) {
    const cmd = r.llm_command;
    if (!Array.isArray(cmd) || cmd.length === 0 || !cmd.every((a) => typeof a === "string") || cmd[0] === "")
      invalid('recall.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]');
    else out.llm_command = cmd as string[];
  }
  if (r.timeout_seconds !== undefined) {
    if (typeof r.timeout_seconds !== "number" || !(r.timeout_seconds > 0)) invalid("recall.timeout_seconds must be a positive number");
    else out.timeout_seconds = r.timeout_seconds;
  }
  if (r.on_save !== undefined) {
    // A malformed switch is off: no model runs that the owner may not have meant to start.
    if (typeof r.on_save !== "boolean") invalid("recall.on_save must be true or false (it stays off until it is)");
    else out.on_save = r.on_save;
  }
  if (r.languages !== undefined) {
    const langs = r.languages;
    if (!Array.isArray(langs) || !langs.every((l) => typeof l === "string" && l.trim() !== "" && l.length <= 40) || langs.length > 12)
      invalid('recall.languages must be a list of at most 12 language names, e.g. ["Chinese", "French"]');
    else out.languages = langs.map((l: string) => l.trim());
  }
  return out;
}

export interface RecallModel {
  command: string[];
  timeoutMs: number;
  /** Where the command came from, for messages: "[recall] llm_command" or "[compact] llm_command". */
  from: string;
  /** The history actor of the keys it writes: model:<the command's file name>. */
  actor: string;
  /**
   * [recall] languages: asked for besides the languages the store's cards are in, in place of the languages the
   * why log shows the owner prompting in; undefined (not set) lets that detection decide.
   */
  languages?: string[];
}

/** The configured key-writing model, or undefined when neither [recall] nor [compact] names a command. */
export function recallModel(config: { recall?: RecallSettings; compact?: { llm_command?: string[] } }): RecallModel | undefined {
  const own = config.recall?.llm_command;
  const command = own ?? config.compact?.llm_command;
  if (!command || command.length === 0) return undefined;
  const seconds = config.recall?.timeout_seconds ?? DEFAULT_RECALL_TIMEOUT_SECONDS;
  return {
    command,
    timeoutMs: seconds * 1000,
    from: own ? "[recall] llm_command" : "[compact] llm_command",
    actor: `model:${modelName(command[0]!)}`,
    ...(config.recall?.languages !== undefined ? { languages: config.recall.languages } : {}),
  };
}

/** A command's file name as an actor id (letters, digits, . _ @ -), e.g. "/usr/bin/claude" → "claude". */
export function modelName(cmd: string): string {
  const base = path
    .basename(cmd)
    .replace(/[^A-Za-z0-9._@-]/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "");
  return (base || "command").slice(0, 128);
}

/** What to put in the config to enable keys: the message `memctl keys` prints when no model is configured. */
export function recallSetupHint(configFile: string): string {
  return `no model command is configured: add to ${configFile}\n  [recall]\n  llm_command = ["claude", "-p"]\n(the card's prompt arrives on stdin; the command prints one key per line; [compact] llm_command is used when [recall] sets none)`;
}
