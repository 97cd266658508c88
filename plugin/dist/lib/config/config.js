// lib/config/config.ts
import path from "node:path";
import { parse as parseToml } from "../../vendor/smol-toml.js";
import { describeTomlError } from "../core/toml-error.js";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { validateHostsTable } from "./hosts.js";
import { exists, readUtf8 } from "../store/checked-fs.js";
import { allowEntryProblem } from "../core/secret-patterns.js";
import { joinPath } from "../store/paths.js";
import { validateRecallTable } from "./recall.js";
import { validateInstructions } from "./instructions-config.js";
import { unknownKeyWarnings } from "./config-keys.js";
import { captureSettings } from "./capture-config.js";
import { hostDir } from "../core/host-dirs.js";
var GUARDRAIL_KEYS = [
  "max_depth",
  "max_segment_bytes",
  "max_file_bytes",
  "max_total_bytes",
  "max_files",
  "max_trash_files",
  "max_trash_bytes",
  "max_episodes_bytes",
  "max_episodes_lines",
  "max_revisions_per_card",
  "max_revision_bytes"
];
function configFilePath(io) {
  if (io.env.MEMCTL_CONFIG_FILE) return path.resolve(io.env.MEMCTL_CONFIG_FILE);
  return joinPath(hostDir(io.env, io.home, "XDG_CONFIG_HOME"), "memctl", "config.toml");
}
var emptyConfig = () => ({ projects: {}, hook: {}, hosts: {}, guardrails: {}, raw: {} });
function validateConfig(raw) {
  const value = emptyConfig();
  value.raw = raw;
  const errors = [];
  const warnings = [];
  const invalid = (message) => errors.push({ code: ERROR_CODES.E_CONFIG_INVALID, message, scope: "file" });
  const invalidEntry = (project, message) => errors.push({ code: ERROR_CODES.E_CONFIG_INVALID, message, scope: "project", project });
  const invalidSetting = (message) => errors.push({ code: ERROR_CODES.E_CONFIG_INVALID, message, scope: "setting" });
  if ("memory_dir" in raw) {
    if (typeof raw.memory_dir === "string") value.legacyGlobalDir = raw.memory_dir;
    else invalid("memory_dir must be a string");
  }
  for (const message of unknownKeyWarnings(raw)) warnings.push({ code: "W_UNKNOWN_KEY", message });
  if (raw.projects !== void 0) {
    if (!isTable(raw.projects)) invalid('projects must be a table of [projects."<project_key>"] entries');
    else {
      for (const [key, entry] of Object.entries(raw.projects)) {
        const out = {};
        value.projects[key] = out;
        if (!isTable(entry)) {
          invalidEntry(key, `projects."${key}" must be a table`);
          continue;
        }
        for (const field of ["memory_dir", "repo_root"]) {
          const v = entry[field];
          if (v === void 0) continue;
          if (typeof v !== "string") invalidEntry(key, `projects."${key}".${field} must be a string`);
          else if (!path.isAbsolute(v)) invalidEntry(key, `projects."${key}".${field} must be an absolute path, got "${v}"`);
          else out[field] = v;
        }
        if (entry.memory_dir === void 0) invalidEntry(key, `projects."${key}" has no memory_dir`);
      }
    }
  }
  if (raw.hook !== void 0) {
    if (!isTable(raw.hook)) invalidSetting("hook must be a table");
    else {
      const hosts = { default: raw.hook, ...Object.fromEntries(Object.entries(raw.hook).filter(([, v]) => isTable(v))) };
      for (const [host, table] of Object.entries(hosts)) {
        const budget = {};
        for (const field of ["max_bytes", "max_entries"]) {
          const v = table[field];
          if (v === void 0) continue;
          if (typeof v !== "number" || !Number.isInteger(v) || v < 0) invalidSetting(`hook${host === "default" ? "" : "." + host}.${field} must be a non-negative integer`);
          else budget[field] = v;
        }
        if (Object.keys(budget).length > 0) value.hook[host] = budget;
      }
      const logPrompts = raw.hook.log_prompts;
      if (logPrompts !== void 0) {
        if (typeof logPrompts !== "boolean") invalidSetting("hook.log_prompts must be true or false");
        else value.logPrompts = logPrompts;
      }
      const keeper = raw.hook.keeper;
      if (keeper !== void 0) {
        if (typeof keeper !== "boolean") invalidSetting("hook.keeper must be true or false");
        else value.keeper = keeper;
      }
    }
  }
  if (raw.compact !== void 0) {
    if (!isTable(raw.compact)) invalidSetting("compact must be a table");
    else {
      const compact = {};
      const cmd = raw.compact.llm_command;
      if (cmd !== void 0) {
        if (!Array.isArray(cmd) || cmd.length === 0 || !cmd.every((a) => typeof a === "string") || cmd[0] === "")
          invalidSetting('compact.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]');
        else compact.llm_command = cmd;
      }
      const timeout = raw.compact.timeout_seconds;
      if (timeout !== void 0) {
        if (typeof timeout !== "number" || !(timeout > 0)) invalidSetting("compact.timeout_seconds must be a positive number");
        else compact.timeout_seconds = timeout;
      }
      value.compact = compact;
    }
  }
  if (raw.capture !== void 0) {
    if (!isTable(raw.capture)) invalidSetting("capture must be a table, e.g. [capture] enabled = false");
    else value.capture = captureSettings(raw.capture, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  }
  if (raw.recall !== void 0) value.recall = validateRecallTable(raw.recall, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  if (raw.hosts !== void 0) value.hosts = validateHostsTable(raw.hosts, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  if (raw.guardrails !== void 0) {
    if (!isTable(raw.guardrails)) invalidSetting("guardrails must be a table, e.g. [guardrails] max_files = 20000");
    else {
      for (const [key, v] of Object.entries(raw.guardrails)) {
        if (!GUARDRAIL_KEYS.includes(key)) {
          warnings.push({ code: "W_UNKNOWN_KEY", message: `unknown key "guardrails.${key}" (ignored); the known limits are ${GUARDRAIL_KEYS.join(", ")}` });
        } else if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1) invalidSetting(`guardrails.${key} must be a positive integer, got ${JSON.stringify(v)}`);
        else value.guardrails[key] = v;
      }
    }
  }
  if (raw.secrets !== void 0) {
    const allow = isTable(raw.secrets) ? raw.secrets.allow : void 0;
    if (!isTable(raw.secrets) || allow !== void 0 && (!Array.isArray(allow) || !allow.every((a) => typeof a === "string" && a !== ""))) {
      invalidSetting('secrets.allow must be a list of non-empty strings: exact false positives or "/regex/", e.g. [secrets] allow = ["AKIA0000000000000000"]');
    } else {
      const bad = (allow ?? []).map((a) => [a, allowEntryProblem(a)]).filter(([, p]) => p);
      for (const [a, p] of bad) invalidSetting(`secrets.allow entry ${JSON.stringify(a)} is not a valid /regex/: ${p}`);
      value.secrets = { allow: allow ?? [] };
    }
  }
  if (raw.instructions !== void 0) value.instructions = validateInstructions(raw.instructions, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  return { value, errors, warnings };
}
function parseConfigText(text) {
  let raw;
  try {
    raw = parseToml(text);
  } catch (err) {
    const { line, message } = describeTomlError(text, err);
    return { value: emptyConfig(), errors: [{ code: ERROR_CODES.E_CONFIG_PARSE, message, line, scope: "file" }], warnings: [] };
  }
  return validateConfig(raw);
}
function readConfig(io) {
  const file = configFilePath(io);
  let text;
  if (!exists(file)) return { file, exists: false, text: "", value: emptyConfig(), errors: [], warnings: [] };
  try {
    text = readUtf8(file);
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { file, exists: false, text: "", value: emptyConfig(), errors: [], warnings: [] };
    return {
      file,
      exists: true,
      text: "",
      value: emptyConfig(),
      errors: [{ code: ERROR_CODES.E_IO, message: `cannot read: ${err.message}`, scope: "file" }],
      warnings: []
    };
  }
  return { file, exists: true, text, ...parseConfigText(text) };
}
function describeProblem(file, p) {
  return `${file}${p.line ? `:${p.line}` : ""}: ${p.message}`;
}
function fileProblems(read) {
  return read.errors.filter((p) => (p.scope ?? "file") === "file");
}
function projectProblems(read, key) {
  return read.errors.filter((p) => p.scope === "project" && p.project === key);
}
function assertConfigUsable(read) {
  const first = fileProblems(read)[0];
  if (!first) return;
  throw new MemctlError(
    first.code,
    `config file ${describeProblem(read.file, first)} \u2014 fix it by hand (memctl never overwrites a config it cannot parse), then run "memctl config lint"`,
    { file: read.file, line: first.line }
  );
}
function isTable(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
export {
  GUARDRAIL_KEYS,
  assertConfigUsable,
  configFilePath,
  describeProblem,
  fileProblems,
  parseConfigText,
  projectProblems,
  readConfig,
  validateConfig
};
