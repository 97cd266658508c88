// lib/config/resolve.ts
import fs from "node:fs";
import path from "node:path";
import { fileProblems, projectProblems, readConfig } from "./config.js";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { findRepo } from "./git.js";
import { claudeSlug, projectKey } from "./project.js";
import { access, isDirectory, realpath, stat } from "../store/checked-fs.js";
import { joinPath } from "../store/paths.js";
import { hostDir } from "../core/host-dirs.js";
import { claimLegacyStore, legacyClaimant, legacyOwner } from "./legacy-owner.js";
var RESOLUTION_EXIT = { resolved: 0, unavailable: 1, "invalid-explicit": 3 };
var ENV_VARS = ["MEMCTL_MEMORY_DIR", "PM_MEMORY_DIR"];
function locateProject(options, io) {
  const start = options.repoRoot !== void 0 && path.isAbsolute(options.repoRoot) ? path.resolve(options.repoRoot) : path.resolve(io.cwd, options.repoRoot ?? ".");
  if (!isDirectory(start)) {
    throw new MemctlError(ERROR_CODES.E_USAGE, `--repo-root ${start} is not a directory; pass a directory inside the project`);
  }
  const repo = findRepo(start);
  if (!repo && !options.allowNonGit) {
    throw new MemctlError(ERROR_CODES.E_NOT_GIT, `${start} is not inside a git repository; run from a repository or pass --allow-non-git to key the plain directory`);
  }
  const canonical = repo?.canonicalRoot ?? realpath(start);
  const claudeHome = hostDir(io.env, io.home, "CLAUDE_CONFIG_DIR");
  return {
    canonical_repo: canonical,
    repo_root: repo?.worktreeRoot ?? canonical,
    project_key: projectKey(canonical),
    legacy_dir: joinPath(claudeHome, "projects", claudeSlug(canonical), "memory"),
    git: repo !== void 0
  };
}
function resolveMemory(options, io, config) {
  const envSelected = ENV_VARS.some((name) => io.env[name]);
  const base = { ...locateProject({ ...options, allowNonGit: options.allowNonGit || envSelected }, io), config_file: "" };
  const canonical = base.canonical_repo;
  for (const name of ENV_VARS) {
    const value = io.env[name];
    if (value) return { ...base, ...explicit("env", value, name) };
  }
  config ??= readConfig(io);
  base.config_file = config.file;
  const fileWide = fileProblems(config);
  if (fileWide.length > 0) {
    const first = fileWide[0];
    return {
      ...base,
      status: "invalid-explicit",
      resolution_source: "config",
      memory_dir: null,
      reason: `config file ${config.file}${first.line ? `:${first.line}` : ""} cannot be used (${first.message}); fix it, then run "memctl config lint"`
    };
  }
  const entry = config.value.projects[base.project_key];
  const entryProblem = projectProblems(config, base.project_key)[0];
  if (entryProblem) {
    return {
      ...base,
      status: "invalid-explicit",
      resolution_source: "config",
      memory_dir: rawEntryDir(config, base.project_key),
      reason: `the entry for this project in ${config.file} cannot be used (${entryProblem.message}); fix it with "memctl config set --repo-root ${canonical} --memory-dir <absolute dir>" or by hand, then run "memctl config lint" (memctl never falls back to another store)`
    };
  }
  if (entry?.memory_dir) return { ...base, ...explicit("config", entry.memory_dir, `projects."${base.project_key}".memory_dir in ${config.file}`) };
  const warnings = [];
  if (config.value.legacyGlobalDir !== void 0 && options.compatibility) {
    warnings.push(
      `the global memory_dir key in ${config.file} is ignored (unsafe with several repositories); run "memctl config migrate --repo-root ${canonical}" to scope it to this project, or remove it`
    );
  } else if (config.value.legacyGlobalDir !== void 0) {
    return {
      ...base,
      status: "invalid-explicit",
      resolution_source: "config-legacy-global",
      memory_dir: config.value.legacyGlobalDir,
      reason: `the global memory_dir key in ${config.file} is unsafe with several repositories; run "memctl config migrate --repo-root ${canonical}" to scope it to this project`
    };
  }
  if (isDirectory(base.legacy_dir)) {
    let owner = legacyOwner(base.legacy_dir);
    if (owner === void 0) {
      const claimant = legacyClaimant(base.legacy_dir, canonical);
      claimLegacyStore(base.legacy_dir, claimant);
      owner = legacyOwner(base.legacy_dir) ?? claimant;
    }
    if (owner !== canonical) return { ...base, ...warnings.length > 0 ? { warnings } : {}, ...legacyOfAnother(base.legacy_dir, owner, canonical) };
    return {
      ...base,
      status: "resolved",
      resolution_source: "legacy",
      memory_dir: base.legacy_dir,
      reason: "legacy Claude Code memory directory exists",
      ...warnings.length > 0 ? { warnings } : {}
    };
  }
  return {
    ...base,
    ...warnings.length > 0 ? { warnings } : {},
    status: "unavailable",
    resolution_source: "none",
    memory_dir: null,
    reason: `no memory selected: MEMCTL_MEMORY_DIR is unset, ${config.file} has no entry for ${base.project_key}, and ${base.legacy_dir} does not exist; run "memctl init" to create a store`
  };
}
function legacyOfAnother(legacyDir, owner, canonical) {
  return {
    status: "unavailable",
    resolution_source: "none",
    memory_dir: null,
    legacy_owner: owner,
    reason: `the legacy Claude Code memory directory ${legacyDir} belongs to ${owner} (Claude Code gives both projects that folder name), so this project does not use it; give this project its own store: "memctl config set --repo-root ${canonical} --memory-dir <absolute dir>", then "memctl init"`
  };
}
function rawEntryDir(config, key) {
  const projects = config.value.raw.projects;
  const entry = projects?.[key];
  return typeof entry?.memory_dir === "string" ? entry.memory_dir : null;
}
function explicit(source, dir, origin) {
  const problem = explicitDirProblem(dir);
  if (problem)
    return {
      status: "invalid-explicit",
      resolution_source: source,
      memory_dir: dir,
      reason: `${origin} = ${dir} ${problem}; fix or unset it (memctl never falls back to another store)`
    };
  return { status: "resolved", resolution_source: source, memory_dir: realpath(dir), reason: `selected by ${origin}` };
}
function explicitDirProblem(dir) {
  if (!path.isAbsolute(dir)) return "is not an absolute path";
  try {
    if (!stat(dir).isDirectory()) return "is not a directory";
    access(dir, fs.constants.R_OK | fs.constants.X_OK);
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return "does not exist";
    if (code === "EACCES" || code === "EPERM") return "is not readable";
    return `cannot be used (${code ?? String(err)})`;
  }
  return void 0;
}
export {
  RESOLUTION_EXIT,
  explicitDirProblem,
  locateProject,
  resolveMemory
};
