import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { describeTomlError } from "../core/toml-error.js";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import type { Io } from "../store/io.js";
import { validateHostsTable, type HostPolicy } from "./hosts.js";
import { exists, readUtf8 } from "../store/checked-fs.js";
import { allowEntryProblem } from "../core/secret-patterns.js";
import { joinPath } from "../store/paths.js";
import { type RecallSettings, validateRecallTable } from "./recall.js";
import { validateInstructions, type InstructionsConfig } from "./instructions-config.js";
import { unknownKeyWarnings } from "./config-keys.js";
import { captureSettings, type CaptureSettings } from "./capture-config.js";
import { hostDir } from "../core/host-dirs.js";

/** One problem found in the config file. */
export interface ConfigProblem {
  code: string;
  message: string;
  line?: number;
  /**
   * What the problem spoils. "file": nothing in the file can be trusted (a parse error, a malformed selection),
   * so every resolution fails closed; "project": only the [projects."<project>"] entry; "setting": a setting
   * that selects no store (hook budgets, compact), reported but never a reason to refuse a store.
   */
  scope?: "file" | "project" | "setting";
  /** The project key of a "project" problem. */
  project?: string;
}

export interface ProjectEntry {
  memory_dir?: string;
  repo_root?: string;
}

/** The parts of the user config memctl reads. Unknown keys are kept in `raw` and preserved on edit. */
export interface MemctlConfig {
  /** Deprecated global memory dir: unsafe with several repositories (resolution_source config-legacy-global). */
  legacyGlobalDir?: string;
  projects: Record<string, ProjectEntry>;
  /** Per-host hook budgets; `default` applies to every host without its own entry. */
  hook: Record<string, { max_bytes?: number; max_entries?: number }>;
  /** `[hook] log_prompts = true`: the why log (.memctl/why.jsonl) keeps prompts as written, not only their hash. */
  logPrompts?: boolean;
  /** `[hook] keeper = false`: no background freshness keeper past KEEPER_MIN entries (lib/rank-cache/keeper.ts); default on. */
  keeper?: boolean;
  /** `[compact]`: the LLM summarizer command (argv, prompt on stdin) and its timeout. */
  compact?: { llm_command?: string[]; timeout_seconds?: number };
  /** `[capture]`: session-end capture into proposals (on unless enabled = false), its model command and bound (capture-config.ts). */
  capture?: CaptureSettings;
  /** `[recall]`: the recall-key model command (else [compact]'s), its timeout, on_save (lib/config/recall.ts). */
  recall?: RecallSettings;
  /** `[hosts.<name>]`: what the owner lets each host identity do (config-hosts.ts). */
  hosts: Record<string, HostPolicy>;
  /** `[guardrails]`: store limits the user raised or lowered, by config key (lib/records/guardrails.ts maps them). */
  guardrails: Partial<Record<GuardrailKey, number>>;
  /** `[secrets] allow`: strings (exact) or "/regex/flags" that the secret scan lets through (false positives). */
  secrets?: { allow: string[] };
  /** `[instructions]`: which instruction files compose (names, in order per directory), the always-on budget, the user's dir. */
  instructions?: InstructionsConfig;
  raw: Record<string, unknown>;
}

export interface ConfigRead {
  file: string;
  exists: boolean;
  value: MemctlConfig;
  errors: ConfigProblem[];
  warnings: ConfigProblem[];
}

/** The limits `[guardrails]` may set (lib/records/guardrails.ts GUARDRAIL_CONFIG_KEYS maps each to its field). */
export const GUARDRAIL_KEYS = [
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
  "max_revision_bytes",
] as const;
export type GuardrailKey = (typeof GUARDRAIL_KEYS)[number];

/** The config file path: MEMCTL_CONFIG_FILE, else $XDG_CONFIG_HOME/memctl/config.toml, else ~/.config/memctl/config.toml. */
export function configFilePath(io: Pick<Io, "env" | "home">): string {
  if (io.env.MEMCTL_CONFIG_FILE) return path.resolve(io.env.MEMCTL_CONFIG_FILE);
  return joinPath(hostDir(io.env, io.home, "XDG_CONFIG_HOME"), "memctl", "config.toml");
}

const emptyConfig = (): MemctlConfig => ({ projects: {}, hook: {}, hosts: {}, guardrails: {}, raw: {} });

/** Validates parsed TOML into a MemctlConfig, collecting every problem in one pass. */
export function validateConfig(raw: Record<string, unknown>): { value: MemctlConfig; errors: ConfigProblem[]; warnings: ConfigProblem[] } {
  const value = emptyConfig();
  value.raw = raw;
  const errors: ConfigProblem[] = [];
  const warnings: ConfigProblem[] = [];
  const invalid = (message: string) => errors.push({ code: ERROR_CODES.E_CONFIG_INVALID, message, scope: "file" });
  const invalidEntry = (project: string, message: string) => errors.push({ code: ERROR_CODES.E_CONFIG_INVALID, message, scope: "project", project });
  const invalidSetting = (message: string) => errors.push({ code: ERROR_CODES.E_CONFIG_INVALID, message, scope: "setting" });

  if ("memory_dir" in raw) {
    if (typeof raw.memory_dir === "string") value.legacyGlobalDir = raw.memory_dir;
    else invalid("memory_dir must be a string");
  }
  for (const message of unknownKeyWarnings(raw)) warnings.push({ code: "W_UNKNOWN_KEY", message });
  if (raw.projects !== undefined) {
    if (!isTable(raw.projects)) invalid('projects must be a table of [projects."<project_key>"] entries');
    else {
      for (const [key, entry] of Object.entries(raw.projects)) {
        // A bad entry spoils only its own project: the entry stays (without the bad field) so resolution
        // matches it and fails closed there, while every other project resolves as usual.
        const out: ProjectEntry = {};
        value.projects[key] = out;
        if (!isTable(entry)) {
          invalidEntry(key, `projects."${key}" must be a table`);
          continue;
        }
        for (const field of ["memory_dir", "repo_root"] as const) {
          const v = entry[field];
          if (v === undefined) continue;
          if (typeof v !== "string") invalidEntry(key, `projects."${key}".${field} must be a string`);
          else if (!path.isAbsolute(v)) invalidEntry(key, `projects."${key}".${field} must be an absolute path, got "${v}"`);
          else out[field] = v;
        }
        if (entry.memory_dir === undefined) invalidEntry(key, `projects."${key}" has no memory_dir`);
      }
    }
  }
  if (raw.hook !== undefined) {
    if (!isTable(raw.hook)) invalidSetting("hook must be a table");
    else {
      const hosts: Record<string, unknown> = { default: raw.hook, ...Object.fromEntries(Object.entries(raw.hook).filter(([, v]) => isTable(v))) };
      for (const [host, table] of Object.entries(hosts)) {
        const budget: { max_bytes?: number; max_entries?: number } = {};
        for (const field of ["max_bytes", "max_entries"] as const) {
          const v = (table as Record<string, unknown>)[field];
          if (v === undefined) continue;
          if (typeof v !== "number" || !Number.isInteger(v) || v < 0) invalidSetting(`hook${host === "default" ? "" : "." + host}.${field} must be a non-negative integer`);
          else budget[field] = v;
        }
        if (Object.keys(budget).length > 0) value.hook[host] = budget;
      }
      const logPrompts = raw.hook.log_prompts;
      if (logPrompts !== undefined) {
        if (typeof logPrompts !== "boolean") invalidSetting("hook.log_prompts must be true or false");
        else value.logPrompts = logPrompts;
      }
      const keeper = raw.hook.keeper;
      if (keeper !== undefined) {
        if (typeof keeper !== "boolean") invalidSetting("hook.keeper must be true or false");
        else value.keeper = keeper;
      }
    }
  }
  if (raw.compact !== undefined) {
    if (!isTable(raw.compact)) invalidSetting("compact must be a table");
    else {
      const compact: NonNullable<MemctlConfig["compact"]> = {};
      const cmd = raw.compact.llm_command;
      if (cmd !== undefined) {
        if (!Array.isArray(cmd) || cmd.length === 0 || !cmd.every((a) => typeof a === "string") || cmd[0] === "")
          invalidSetting('compact.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]');
        else compact.llm_command = cmd as string[];
      }
      const timeout = raw.compact.timeout_seconds;
      if (timeout !== undefined) {
        if (typeof timeout !== "number" || !(timeout > 0)) invalidSetting("compact.timeout_seconds must be a positive number");
        else compact.timeout_seconds = timeout;
      }
      value.compact = compact;
    }
  }
  if (raw.capture !== undefined) {
    if (!isTable(raw.capture)) invalidSetting("capture must be a table, e.g. [capture] enabled = false");
    else value.capture = captureSettings(raw.capture, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  }
  if (raw.recall !== undefined) value.recall = validateRecallTable(raw.recall, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  // A bad host entry grants nothing, and never stops a store from resolving.
  if (raw.hosts !== undefined) value.hosts = validateHostsTable(raw.hosts, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  if (raw.guardrails !== undefined) {
    if (!isTable(raw.guardrails)) invalidSetting("guardrails must be a table, e.g. [guardrails] max_files = 20000");
    else {
      for (const [key, v] of Object.entries(raw.guardrails)) {
        if (!(GUARDRAIL_KEYS as readonly string[]).includes(key)) {
          warnings.push({ code: "W_UNKNOWN_KEY", message: `unknown key "guardrails.${key}" (ignored); the known limits are ${GUARDRAIL_KEYS.join(", ")}` });
        } else if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1) invalidSetting(`guardrails.${key} must be a positive integer, got ${JSON.stringify(v)}`);
        else value.guardrails[key as GuardrailKey] = v;
      }
    }
  }
  // A bad allow-list lets nothing through (the scan stays strict), and never stops a store from resolving.
  if (raw.secrets !== undefined) {
    const allow = isTable(raw.secrets) ? raw.secrets.allow : undefined;
    if (!isTable(raw.secrets) || (allow !== undefined && (!Array.isArray(allow) || !allow.every((a) => typeof a === "string" && a !== "")))) {
      invalidSetting('secrets.allow must be a list of non-empty strings: exact false positives or "/regex/", e.g. [secrets] allow = ["AKIA0000000000000000"]');
    } else {
      const bad = ((allow ?? []) as string[]).map((a) => [a, allowEntryProblem(a)] as const).filter(([, p]) => p);
      for (const [a, p] of bad) invalidSetting(`secrets.allow entry ${JSON.stringify(a)} is not a valid /regex/: ${p}`);
      value.secrets = { allow: (allow ?? []) as string[] };
    }
  }
  if (raw.instructions !== undefined) value.instructions = validateInstructions(raw.instructions, invalidSetting, (message) => warnings.push({ code: "W_UNKNOWN_KEY", message }));
  return { value, errors, warnings };
}

/** Parses config text; a syntax error becomes an E_CONFIG_PARSE problem with its line. */
export function parseConfigText(text: string): { value: MemctlConfig; errors: ConfigProblem[]; warnings: ConfigProblem[] } {
  let raw: Record<string, unknown>;
  try {
    raw = parseToml(text) as Record<string, unknown>;
  } catch (err) {
    const { line, message } = describeTomlError(text, err);
    return { value: emptyConfig(), errors: [{ code: ERROR_CODES.E_CONFIG_PARSE, message, line, scope: "file" }], warnings: [] };
  }
  return validateConfig(raw);
}

/** Reads and validates the user config; a missing file is an empty config, never an error. */
export function readConfig(io: Pick<Io, "env" | "home">): ConfigRead & { text: string } {
  const file = configFilePath(io);
  let text: string;
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
      errors: [{ code: ERROR_CODES.E_IO, message: `cannot read: ${(err as Error).message}`, scope: "file" }],
      warnings: [],
    };
  }
  return { file, exists: true, text, ...parseConfigText(text) };
}

/** Formats a config problem as `path:line: message`. */
export function describeProblem(file: string, p: ConfigProblem): string {
  return `${file}${p.line ? `:${p.line}` : ""}: ${p.message}`;
}

/** Problems that spoil the whole file (parse errors, a malformed selection): no project can be matched safely. */
export function fileProblems(read: Pick<ConfigRead, "errors">): ConfigProblem[] {
  return read.errors.filter((p) => (p.scope ?? "file") === "file");
}

/** Problems confined to one project's `[projects."<key>"]` entry. */
export function projectProblems(read: Pick<ConfigRead, "errors">, key: string): ConfigProblem[] {
  return read.errors.filter((p) => p.scope === "project" && p.project === key);
}

/**
 * Throws E_CONFIG_PARSE / E_CONFIG_INVALID for the first file-wide error, naming the file and line and what
 * to do. A bad project entry or setting does not stop an edit: `config set` is how a bad entry gets fixed.
 */
export function assertConfigUsable(read: ConfigRead): void {
  const first = fileProblems(read)[0];
  if (!first) return;
  throw new MemctlError(
    first.code,
    `config file ${describeProblem(read.file, first)} — fix it by hand (memctl never overwrites a config it cannot parse), then run "memctl config lint"`,
    { file: read.file, line: first.line },
  );
}

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
