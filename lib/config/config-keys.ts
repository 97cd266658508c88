// The keys memctl reads from the user config, table by table. A typo (`[hook] max_byte`, `[hook.claud]`,
// `[compact] llm_comand`) would otherwise be read as absent and do nothing, silently, while `config lint` said
// the file was valid: every unknown key and table is named here, with the nearest known one when it is close.
// Tables whose validators check their own keys (capture, recall, hosts.*, guardrails, instructions) are theirs;
// this covers the rest, and validateConfig (config.ts) calls it once, so one pass reports every problem.
import { closest } from "../core/closest.js";
import { HOST_NAMES } from "../../hosts/index.js";

export const KNOWN_TOP_LEVEL = ["memory_dir", "projects", "hook", "doctor", "compact", "capture", "recall", "hosts", "guardrails", "secrets", "instructions"] as const;

const HOOK_BUDGET_KEYS = ["max_bytes", "max_entries"];
/** [hook]: the default budget and switches; [hook.<host>]: one host's budget. */
const HOOK_KEYS = [...HOOK_BUDGET_KEYS, "log_prompts", "keeper"];
const HOOK_TABLES: readonly string[] = [...HOST_NAMES, "default"];
const FLAT_TABLES: Record<string, readonly string[]> = {
  doctor: ["warn_bytes"],
  compact: ["llm_command", "timeout_seconds"],
  secrets: ["allow"],
};
const PROJECT_KEYS = ["memory_dir", "repo_root"];

/** One warning per unknown key or table, in file order of tables. */
export function unknownKeyWarnings(raw: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of Object.keys(raw)) {
    if (!(KNOWN_TOP_LEVEL as readonly string[]).includes(key)) out.push(`unknown top-level key "${key}" (kept as is${hint(key, KNOWN_TOP_LEVEL)})`);
  }
  const hook = raw.hook;
  if (isTable(hook)) {
    for (const [key, v] of Object.entries(hook)) {
      if (isTable(v)) {
        if (!HOOK_TABLES.includes(key))
          out.push(`unknown table [hook.${key}] (ignored${hint(key, HOOK_TABLES)}); a host's own budget is [hook.<host>] for ${HOST_NAMES.join(", ")}`);
        else for (const k of Object.keys(v)) if (!HOOK_BUDGET_KEYS.includes(k)) out.push(unknownKey(`hook.${key}`, k, HOOK_BUDGET_KEYS));
      } else if (!HOOK_KEYS.includes(key)) out.push(unknownKey("hook", key, HOOK_KEYS));
    }
  }
  for (const [table, keys] of Object.entries(FLAT_TABLES)) {
    const t = raw[table];
    if (isTable(t)) for (const key of Object.keys(t)) if (!keys.includes(key)) out.push(unknownKey(table, key, keys));
  }
  if (isTable(raw.projects)) {
    for (const [project, entry] of Object.entries(raw.projects)) {
      if (isTable(entry)) for (const key of Object.keys(entry)) if (!PROJECT_KEYS.includes(key)) out.push(unknownKey(`projects."${project}"`, key, PROJECT_KEYS));
    }
  }
  return out;
}

function unknownKey(table: string, key: string, known: readonly string[]): string {
  return `unknown key "${key}" in [${table}] (ignored${hint(key, known)}); the known keys are ${known.join(", ")}`;
}

function hint(word: string, known: readonly string[]): string {
  const guess = closest(word, known);
  return guess ? `; did you mean "${guess}"?` : "";
}

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
