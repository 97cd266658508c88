import fs from "node:fs";
import path from "node:path";
import { assertConfigUsable, describeProblem, readConfig, type ConfigProblem } from "../config/config.js";
import { removeLegacyGlobal, setProjectDir } from "../core/toml-edit.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import type { Io } from "../store/io.js";
import { locateProject } from "../config/resolve.js";
import { inertText } from "../core/sanitize.js";
import { commitFile } from "../store/write.js";
import { bool, parseArgs, PROJECT_FLAGS, str, type CommandSpec } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { commandSummary } from "./command-summary.js";
import { assertOwnerOnly } from "./store-access.js";
import { isDirectory } from "../store/checked-fs.js";

export const spec: CommandSpec = {
  name: "config",
  summary: commandSummary("config"),
  positionals: [{ name: "action", description: "set | migrate | lint", required: true, completes: ["set", "migrate", "lint"] }],
  flags: {
    "repo-root": { type: "string", valueName: "PATH", description: "the project (set, migrate)" },
    "memory-dir": { type: "string", valueName: "DIR", description: "absolute memory directory to map the project to (set)" },
    "allow-non-git": PROJECT_FLAGS["allow-non-git"],
    json: { type: "boolean", description: "print one JSON object (schema_version 1)" },
  },
  exitCodes: { 0: "done (or nothing to do; lint: clean)", 1: "lint found problems, or the config file cannot be parsed (it is never overwritten)", 2: "usage error" },
  notes: [
    "Actions:",
    "  set --repo-root R --memory-dir D   map project R to D; also removes the unsafe global memory_dir key",
    "  migrate --repo-root R              move the deprecated global memory_dir key to a project entry (repeat = no-op)",
    "  lint                               report parse errors (with line), the unsafe global key, and unusable entries",
    "The file is MEMCTL_CONFIG_FILE, else $XDG_CONFIG_HOME/memctl/config.toml, else ~/.config/memctl/config.toml.",
  ].join("\n"),
  examples: ["memctl config set --repo-root ~/src/app --memory-dir ~/notes/app-memory", "memctl config migrate --repo-root ~/src/app --json", "memctl config lint"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const action = args.positionals[0];
  if (action === "lint") return lint(io, bool(args, "json"));
  if (action !== "set" && action !== "migrate") throw usageError(`unknown config action "${action}"; use set, migrate or lint`);
  const repoRoot = str(args, "repo-root");
  if (!repoRoot) throw usageError(`config ${action} needs --repo-root PATH`);
  // Mapping a project to another directory decides what every later session is shown: the owner's call.
  assertOwnerOnly(io, `change which memory directory a project uses (memctl config ${action})`);
  const resolution = locateProject({ repoRoot, allowNonGit: bool(args, "allow-non-git") }, io);
  const config = readConfig(io);
  assertConfigUsable(config);

  let next = config.text;
  let memoryDir: string | undefined;
  const changes: string[] = [];
  if (action === "set") {
    const raw = str(args, "memory-dir");
    if (!raw) throw usageError("config set needs --memory-dir DIR");
    memoryDir = path.resolve(io.cwd, raw);
    assertMemoryDir(memoryDir, raw, resolution.canonical_repo);
    const current = config.value.projects[resolution.project_key]?.memory_dir;
    if (current !== memoryDir) {
      next = setProjectDir(next, resolution.project_key, memoryDir, resolution.canonical_repo);
      changes.push(`mapped ${resolution.project_key} → ${memoryDir}`);
    }
    if (config.value.legacyGlobalDir !== undefined) {
      next = removeLegacyGlobal(next);
      changes.push("removed the unsafe global memory_dir key");
    }
  } else {
    const legacy = config.value.legacyGlobalDir;
    const existing = config.value.projects[resolution.project_key]?.memory_dir;
    memoryDir = existing ?? legacy;
    if (legacy !== undefined) {
      if (!path.isAbsolute(legacy))
        throw new MemctlError(
          ERROR_CODES.E_CONFIG_INVALID,
          `the global memory_dir "${legacy}" is not absolute; use "memctl config set --repo-root ${resolution.canonical_repo} --memory-dir <absolute dir>" instead`,
        );
      if (existing === undefined) {
        next = setProjectDir(next, resolution.project_key, legacy, resolution.canonical_repo);
        changes.push(`mapped ${resolution.project_key} → ${legacy}`);
      }
      next = removeLegacyGlobal(next);
      changes.push("removed the unsafe global memory_dir key");
    }
  }

  if (next !== config.text) await commitFile(config.file, next, { followLink: true });
  const report = {
    action,
    config_file: config.file,
    project_key: resolution.project_key,
    canonical_repo: resolution.canonical_repo,
    memory_dir: memoryDir ?? null,
    changed: changes.length > 0,
    changes,
  };
  if (bool(args, "json")) printJson(io, report);
  else {
    const c = colorsFor(io);
    if (changes.length === 0) io.stdout.write(`${c.dim("nothing to do:")} ${inertText(config.file)} is already up to date\n`);
    for (const change of changes) io.stdout.write(`${c.green("✓")} ${inertText(change)} in ${inertText(config.file)}\n`);
  }
  return 0;
}

async function lint(io: Io, json: boolean): Promise<number> {
  const config = readConfig(io);
  const errors: ConfigProblem[] = [...config.errors];
  const warnings: ConfigProblem[] = [...config.warnings];
  if (config.value.legacyGlobalDir !== undefined) {
    errors.push({
      code: "E_LEGACY_GLOBAL",
      message: `global memory_dir is unsafe with several repositories (resolution_source config-legacy-global); run "memctl config migrate --repo-root <repo>"`,
    });
  }
  for (const [key, entry] of Object.entries(config.value.projects)) {
    if (entry.memory_dir && !isDirectory(entry.memory_dir))
      errors.push({
        code: "E_MISSING_DIR",
        message: `projects."${key}".memory_dir ${entry.memory_dir} does not exist or is not a directory, so that project fails closed; create it (mkdir -p, then memctl init there) or map the project again with memctl config set`,
      });
  }
  if (json) printJson(io, { config_file: config.file, exists: config.exists, ok: errors.length === 0, errors, warnings });
  else {
    const c = colorsFor(io);
    if (!config.exists) io.stdout.write(`${c.dim("no config file at")} ${inertText(config.file)}\n`);
    for (const e of errors) io.stdout.write(`${c.red("error")}   ${inertText(describeProblem(config.file, e))}\n`);
    for (const w of warnings) io.stdout.write(`${c.yellow("warning")} ${inertText(describeProblem(config.file, w))}\n`);
    if (config.exists && errors.length === 0)
      io.stdout.write(`${c.green("✓")} ${inertText(config.file)} is valid${warnings.length ? ` (${warnings.length} warning${warnings.length > 1 ? "s" : ""})` : ""}\n`);
  }
  return errors.length === 0 ? 0 : 1;
}

/** A mapping must point at a directory that exists: a missing one would fail the project closed on its next prompt. */
function assertMemoryDir(dir: string, raw: string, repo: string): void {
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (stat?.isDirectory()) return;
  const what = raw === dir ? dir : `${raw} (${dir})`;
  throw usageError(
    stat
      ? `--memory-dir ${what} is not a directory; nothing was written. Pass the memory store's directory (for a new store: mkdir -p DIR, map it, then memctl init)`
      : `--memory-dir ${what} does not exist; nothing was written. Create it first (mkdir -p ${dir}), map it again, then run "memctl init --repo-root ${repo}" to make its MEMORY.md — or pass an existing store`,
  );
}
