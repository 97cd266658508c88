// lib/cli/config.ts
import fs from "node:fs";
import path from "node:path";
import { assertConfigUsable, describeProblem, readConfig } from "../config/config.js";
import { removeLegacyGlobal, setProjectDir } from "../core/toml-edit.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { locateProject } from "../config/resolve.js";
import { inertText } from "../core/sanitize.js";
import { commitFile } from "../store/write.js";
import { bool, parseArgs, PROJECT_FLAGS, str } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { commandSummary } from "./command-summary.js";
import { assertOwnerOnly } from "./store-access.js";
import { isDirectory } from "../store/checked-fs.js";
var spec = {
  name: "config",
  summary: commandSummary("config"),
  positionals: [{ name: "action", description: "set | migrate | lint", required: true, completes: ["set", "migrate", "lint"] }],
  flags: {
    "repo-root": { type: "string", valueName: "PATH", description: "the project (set, migrate)" },
    "memory-dir": { type: "string", valueName: "DIR", description: "absolute memory directory to map the project to (set)" },
    "allow-non-git": PROJECT_FLAGS["allow-non-git"],
    json: { type: "boolean", description: "print one JSON object (schema_version 1)" }
  },
  exitCodes: { 0: "done (or nothing to do; lint: clean)", 1: "lint found problems, or the config file cannot be parsed (it is never overwritten)", 2: "usage error" },
  notes: [
    "Actions:",
    "  set --repo-root R --memory-dir D   map project R to D; also removes the unsafe global memory_dir key",
    "  migrate --repo-root R              move the deprecated global memory_dir key to a project entry (repeat = no-op)",
    "  lint                               report parse errors (with line), the unsafe global key, and unusable entries",
    "The file is MEMCTL_CONFIG_FILE, else $XDG_CONFIG_HOME/memctl/config.toml, else ~/.config/memctl/config.toml."
  ].join("\n"),
  examples: ["memctl config set --repo-root ~/src/app --memory-dir ~/notes/app-memory", "memctl config migrate --repo-root ~/src/app --json", "memctl config lint"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const action = args.positionals[0];
  if (action === "lint") return lint(io, bool(args, "json"));
  if (action !== "set" && action !== "migrate") throw usageError(`unknown config action "${action}"; use set, migrate or lint`);
  const repoRoot = str(args, "repo-root");
  if (!repoRoot) throw usageError(`config ${action} needs --repo-root PATH`);
  assertOwnerOnly(io, `change which memory directory a project uses (memctl config ${action})`);
  const resolution = locateProject({ repoRoot, allowNonGit: bool(args, "allow-non-git") }, io);
  const config = readConfig(io);
  assertConfigUsable(config);
  let next = config.text;
  let memoryDir;
  const changes = [];
  if (action === "set") {
    const raw = str(args, "memory-dir");
    if (!raw) throw usageError("config set needs --memory-dir DIR");
    memoryDir = path.resolve(io.cwd, raw);
    assertMemoryDir(memoryDir, raw, resolution.canonical_repo);
    const current = config.value.projects[resolution.project_key]?.memory_dir;
    if (current !== memoryDir) {
      next = setProjectDir(next, resolution.project_key, memoryDir, resolution.canonical_repo);
      changes.push(`mapped ${resolution.project_key} \u2192 ${memoryDir}`);
    }
    if (config.value.legacyGlobalDir !== void 0) {
      next = removeLegacyGlobal(next);
      changes.push("removed the unsafe global memory_dir key");
    }
  } else {
    const legacy = config.value.legacyGlobalDir;
    const existing = config.value.projects[resolution.project_key]?.memory_dir;
    memoryDir = existing ?? legacy;
    if (legacy !== void 0) {
      if (!path.isAbsolute(legacy))
        throw new MemctlError(
          ERROR_CODES.E_CONFIG_INVALID,
          `the global memory_dir "${legacy}" is not absolute; use "memctl config set --repo-root ${resolution.canonical_repo} --memory-dir <absolute dir>" instead`
        );
      if (existing === void 0) {
        next = setProjectDir(next, resolution.project_key, legacy, resolution.canonical_repo);
        changes.push(`mapped ${resolution.project_key} \u2192 ${legacy}`);
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
    changes
  };
  if (bool(args, "json")) printJson(io, report);
  else {
    const c = colorsFor(io);
    if (changes.length === 0) io.stdout.write(`${c.dim("nothing to do:")} ${inertText(config.file)} is already up to date
`);
    for (const change of changes) io.stdout.write(`${c.green("\u2713")} ${inertText(change)} in ${inertText(config.file)}
`);
  }
  return 0;
}
async function lint(io, json) {
  const config = readConfig(io);
  const errors = [...config.errors];
  const warnings = [...config.warnings];
  if (config.value.legacyGlobalDir !== void 0) {
    errors.push({
      code: "E_LEGACY_GLOBAL",
      message: `global memory_dir is unsafe with several repositories (resolution_source config-legacy-global); run "memctl config migrate --repo-root <repo>"`
    });
  }
  for (const [key, entry] of Object.entries(config.value.projects)) {
    if (entry.memory_dir && !isDirectory(entry.memory_dir))
      errors.push({
        code: "E_MISSING_DIR",
        message: `projects."${key}".memory_dir ${entry.memory_dir} does not exist or is not a directory, so that project fails closed; create it (mkdir -p, then memctl init there) or map the project again with memctl config set`
      });
  }
  if (json) printJson(io, { config_file: config.file, exists: config.exists, ok: errors.length === 0, errors, warnings });
  else {
    const c = colorsFor(io);
    if (!config.exists) io.stdout.write(`${c.dim("no config file at")} ${inertText(config.file)}
`);
    for (const e of errors) io.stdout.write(`${c.red("error")}   ${inertText(describeProblem(config.file, e))}
`);
    for (const w of warnings) io.stdout.write(`${c.yellow("warning")} ${inertText(describeProblem(config.file, w))}
`);
    if (config.exists && errors.length === 0)
      io.stdout.write(`${c.green("\u2713")} ${inertText(config.file)} is valid${warnings.length ? ` (${warnings.length} warning${warnings.length > 1 ? "s" : ""})` : ""}
`);
  }
  return errors.length === 0 ? 0 : 1;
}
function assertMemoryDir(dir, raw, repo) {
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (stat?.isDirectory()) return;
  const what = raw === dir ? dir : `${raw} (${dir})`;
  throw usageError(
    stat ? `--memory-dir ${what} is not a directory; nothing was written. Pass the memory store's directory (for a new store: mkdir -p DIR, map it, then memctl init)` : `--memory-dir ${what} does not exist; nothing was written. Create it first (mkdir -p ${dir}), map it again, then run "memctl init --repo-root ${repo}" to make its MEMORY.md \u2014 or pass an existing store`
  );
}
export {
  run,
  spec
};
