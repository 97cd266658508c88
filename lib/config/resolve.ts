import fs from "node:fs";
import path from "node:path";
import { fileProblems, projectProblems, readConfig, type ConfigRead } from "./config.js";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { findRepo } from "./git.js";
import type { Io } from "../store/io.js";
import { claudeSlug, projectKey } from "./project.js";
import { access, isDirectory, realpath, stat } from "../store/checked-fs.js";
import { joinPath } from "../store/paths.js";
import { hostDir } from "../core/host-dirs.js";
import { claimLegacyStore, legacyClaimant, legacyOwner } from "./legacy-owner.js";

export type ResolutionStatus = "resolved" | "unavailable" | "invalid-explicit";
export type ResolutionSource = "env" | "config" | "legacy" | "config-legacy-global" | "none";

/** Which memory directory a project uses, where that choice came from, and why. */
export interface Resolution {
  status: ResolutionStatus;
  resolution_source: ResolutionSource;
  /** The main worktree's root (the same for every worktree), or the plain directory with --allow-non-git. */
  canonical_repo: string;
  /** The root of the worktree the request came from. */
  repo_root: string;
  project_key: string;
  /** The selected directory; for invalid-explicit, the rejected one; null when nothing was found. */
  memory_dir: string | null;
  reason: string;
  /** The legacy Claude Code location for this project, whether or not it exists. */
  legacy_dir: string;
  config_file: string;
  git: boolean;
  /** Unavailable because the legacy directory records another project as its owner: that project's root. */
  legacy_owner?: string;
  /** Compatibility discovery only: what it ignored on the way (the deprecated global memory_dir key). */
  warnings?: string[];
}

export interface ResolveOptions {
  /** A directory inside the project; defaults to io.cwd. */
  repoRoot?: string;
  /** Derive a key for a plain directory instead of refusing it. */
  allowNonGit?: boolean;
  /**
   * Compatibility discovery (the host hooks, seed 001): the deprecated global memory_dir key is ignored with a
   * warning instead of failing the project closed. Strict callers (every CLI command) reject it.
   */
  compatibility?: boolean;
}

/** Exit codes of `memctl resolve`, shared by every caller that reports a resolution. */
export const RESOLUTION_EXIT: Record<ResolutionStatus, number> = { resolved: 0, unavailable: 1, "invalid-explicit": 3 };

const ENV_VARS = ["MEMCTL_MEMORY_DIR", "PM_MEMORY_DIR"] as const;

/** Where the project is: repository identity and the legacy location, before any store is selected. */
export type ProjectLocation = Pick<Resolution, "canonical_repo" | "repo_root" | "project_key" | "legacy_dir" | "git">;

/** Finds the project containing options.repoRoot (or io.cwd): git identity, stable key, legacy Claude location. */
export function locateProject(options: ResolveOptions, io: Pick<Io, "env" | "home" | "cwd">): ProjectLocation {
  const start = options.repoRoot !== undefined && path.isAbsolute(options.repoRoot) ? path.resolve(options.repoRoot) : path.resolve(io.cwd, options.repoRoot ?? ".");
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
    git: repo !== undefined,
  };
}

/**
 * Strict resolution: env (MEMCTL_MEMORY_DIR, alias PM_MEMORY_DIR) → project entry in the user config →
 * legacy Claude Code directory. An explicit selection that is unusable fails closed and never falls through.
 */
/** `config` lets a caller that needs the user config anyway (the hook, for budgets) read it once. */
export function resolveMemory(options: ResolveOptions, io: Pick<Io, "env" | "home" | "cwd">, config?: ConfigRead): Resolution {
  // An explicit store in the environment needs no repository to select it: it works from anywhere the hook would use it.
  const envSelected = ENV_VARS.some((name) => io.env[name]);
  const base = { ...locateProject({ ...options, allowNonGit: options.allowNonGit || envSelected }, io), config_file: "" };
  const canonical = base.canonical_repo;

  for (const name of ENV_VARS) {
    const value = io.env[name];
    if (value) return { ...base, ...explicit("env", value, name) };
  }

  config ??= readConfig(io);
  base.config_file = config.file;
  // Only a problem that spoils the whole file fails every project closed; a bad entry fails its own project.
  const fileWide = fileProblems(config);
  if (fileWide.length > 0) {
    const first = fileWide[0]!;
    return {
      ...base,
      status: "invalid-explicit",
      resolution_source: "config",
      memory_dir: null,
      reason: `config file ${config.file}${first.line ? `:${first.line}` : ""} cannot be used (${first.message}); fix it, then run "memctl config lint"`,
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
      reason: `the entry for this project in ${config.file} cannot be used (${entryProblem.message}); fix it with "memctl config set --repo-root ${canonical} --memory-dir <absolute dir>" or by hand, then run "memctl config lint" (memctl never falls back to another store)`,
    };
  }
  if (entry?.memory_dir) return { ...base, ...explicit("config", entry.memory_dir, `projects."${base.project_key}".memory_dir in ${config.file}`) };
  const warnings: string[] = [];
  if (config.value.legacyGlobalDir !== undefined && options.compatibility) {
    warnings.push(
      `the global memory_dir key in ${config.file} is ignored (unsafe with several repositories); run "memctl config migrate --repo-root ${canonical}" to scope it to this project, or remove it`,
    );
  } else if (config.value.legacyGlobalDir !== undefined) {
    return {
      ...base,
      status: "invalid-explicit",
      resolution_source: "config-legacy-global",
      memory_dir: config.value.legacyGlobalDir,
      reason: `the global memory_dir key in ${config.file} is unsafe with several repositories; run "memctl config migrate --repo-root ${canonical}" to scope it to this project`,
    };
  }

  if (isDirectory(base.legacy_dir)) {
    let owner = legacyOwner(base.legacy_dir);
    if (owner === undefined) {
      // Its first use since the record: the project Claude's transcripts there name, else this one.
      const claimant = legacyClaimant(base.legacy_dir, canonical);
      claimLegacyStore(base.legacy_dir, claimant);
      owner = legacyOwner(base.legacy_dir) ?? claimant; // a concurrent first use by the other project may have won
    }
    if (owner !== canonical) return { ...base, ...(warnings.length > 0 ? { warnings } : {}), ...legacyOfAnother(base.legacy_dir, owner, canonical) };
    return {
      ...base,
      status: "resolved",
      resolution_source: "legacy",
      memory_dir: base.legacy_dir,
      reason: "legacy Claude Code memory directory exists",
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  }
  return {
    ...base,
    ...(warnings.length > 0 ? { warnings } : {}),
    status: "unavailable",
    resolution_source: "none",
    memory_dir: null,
    reason: `no memory selected: MEMCTL_MEMORY_DIR is unset, ${config.file} has no entry for ${base.project_key}, and ${base.legacy_dir} does not exist; run "memctl init" to create a store`,
  };
}

/** Unavailable: the legacy folder Claude Code names this project's is another project's store (see legacy-owner.ts). */
function legacyOfAnother(legacyDir: string, owner: string, canonical: string): Pick<Resolution, "status" | "resolution_source" | "memory_dir" | "reason" | "legacy_owner"> {
  return {
    status: "unavailable",
    resolution_source: "none",
    memory_dir: null,
    legacy_owner: owner,
    reason: `the legacy Claude Code memory directory ${legacyDir} belongs to ${owner} (Claude Code gives both projects that folder name), so this project does not use it; give this project its own store: "memctl config set --repo-root ${canonical} --memory-dir <absolute dir>", then "memctl init"`,
  };
}

/** The rejected memory_dir of a bad entry as written (a relative path, say), or null when it is not a string. */
function rawEntryDir(config: ConfigRead, key: string): string | null {
  const projects = config.value.raw.projects as Record<string, unknown> | undefined;
  const entry = projects?.[key] as Record<string, unknown> | undefined;
  return typeof entry?.memory_dir === "string" ? entry.memory_dir : null;
}

function explicit(source: "env" | "config", dir: string, origin: string): Pick<Resolution, "status" | "resolution_source" | "memory_dir" | "reason"> {
  const problem = explicitDirProblem(dir);
  if (problem)
    return {
      status: "invalid-explicit",
      resolution_source: source,
      memory_dir: dir,
      reason: `${origin} = ${dir} ${problem}; fix or unset it (memctl never falls back to another store)`,
    };
  return { status: "resolved", resolution_source: source, memory_dir: realpath(dir), reason: `selected by ${origin}` };
}

/** Why an explicitly selected directory cannot be used, or undefined when it can. */
export function explicitDirProblem(dir: string): string | undefined {
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
  return undefined;
}
