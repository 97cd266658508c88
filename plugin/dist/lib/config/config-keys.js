// lib/config/config-keys.ts
import { closest } from "../core/closest.js";
import { HOST_NAMES } from "../../hosts/index.js";
var KNOWN_TOP_LEVEL = ["memory_dir", "projects", "hook", "doctor", "compact", "capture", "recall", "hosts", "guardrails", "secrets", "instructions"];
var HOOK_BUDGET_KEYS = ["max_bytes", "max_entries"];
var HOOK_KEYS = [...HOOK_BUDGET_KEYS, "log_prompts", "keeper"];
var HOOK_TABLES = [...HOST_NAMES, "default"];
var FLAT_TABLES = {
  doctor: ["warn_bytes"],
  compact: ["llm_command", "timeout_seconds"],
  secrets: ["allow"]
};
var PROJECT_KEYS = ["memory_dir", "repo_root"];
function unknownKeyWarnings(raw) {
  const out = [];
  for (const key of Object.keys(raw)) {
    if (!KNOWN_TOP_LEVEL.includes(key)) out.push(`unknown top-level key "${key}" (kept as is${hint(key, KNOWN_TOP_LEVEL)})`);
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
    if (isTable(t)) {
      for (const key of Object.keys(t)) if (!keys.includes(key)) out.push(unknownKey(table, key, keys));
    }
  }
  if (isTable(raw.projects)) {
    for (const [project, entry] of Object.entries(raw.projects)) {
      if (isTable(entry)) {
        for (const key of Object.keys(entry)) if (!PROJECT_KEYS.includes(key)) out.push(unknownKey(`projects."${project}"`, key, PROJECT_KEYS));
      }
    }
  }
  return out;
}
function unknownKey(table, key, known) {
  return `unknown key "${key}" in [${table}] (ignored${hint(key, known)}); the known keys are ${known.join(", ")}`;
}
function hint(word, known) {
  const guess = closest(word, known);
  return guess ? `; did you mean "${guess}"?` : "";
}
function isTable(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
export {
  KNOWN_TOP_LEVEL,
  unknownKeyWarnings
};
