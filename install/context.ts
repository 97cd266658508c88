import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findRepo } from "../lib/config/git.js";
import type { Io } from "../lib/store/io.js";
import type { TextEdit } from "./apply.js";
import { HOOK_NODE_FLAGS } from "../lib/core/hook-flags.js";
import { mcpServerCommand, type McpServerCommand } from "./mcp-command.js";

/** user: your home config; project: committed files in the repository; local: Claude Code's gitignored settings.local.json. */
export type Scope = "user" | "project" | "local";
import type { HostName } from "../hosts/types.js";
export { HOST_NAMES, type HostName } from "../hosts/types.js";

/** Everything an installer adapter may look at; all paths derive from these, never from the real machine. */
export interface InstallContext {
  io: Io;
  scope: Scope;
  /** The project an install with --scope project writes into: the git worktree root of io.cwd, else io.cwd. */
  projectDir: string;
  /** The memctl package root (holds dist/, commands/, hooks/). */
  packageRoot: string;
  /** Absolute node binary, for plugins that run inside a host process with its own PATH. */
  nodePath: string;
  /** Budget flags baked into the hook command line (never environment variables). */
  budget: { maxBytes?: number; maxEntries?: number };
}

/** One planned edit of one file, with its exact inverse. */
export interface PlannedEdit {
  file: string;
  /** What this edit is for, in a few words (e.g. "UserPromptSubmit hook"). */
  label: string;
  install: TextEdit;
  uninstall: TextEdit;
  /** Empty parent directories are removed up to here when uninstall deletes the file. */
  root: string;
  /** The whole file is memctl's (a rendered command, skill, rules file, shim): no backup is kept of it. */
  owned?: boolean;
  /** This edit registers memctl's MCP server (install --status reports it on its own line). */
  mcp?: boolean;
  /** Where a project or local install's file must really be, links followed (confine.ts); default: the project. */
  within?: string;
}

export function projectDirFor(io: Pick<Io, "cwd">): string {
  return findRepo(io.cwd)?.worktreeRoot ?? path.resolve(io.cwd);
}

/** The memctl package root: the nearest directory above this module whose package.json is named memctl. */
export function findPackageRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (isMemctlPackage(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`internal: no memctl package.json above ${from}`);
    dir = parent;
  }
}

export function isMemctlPackage(dir: string): boolean {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: unknown }).name === "memctl";
  } catch {
    return false;
  }
}

/**
 * The per-prompt entry hosts run. .cjs, so Node starts it without looking up a package scope for its module
 * type (~1.3M instructions of every prompt); dist/hooks/user-prompt-submit.js is the same loader, kept for
 * host configs wired before.
 */
export function hookEntry(packageRoot: string): string {
  return path.join(packageRoot, "dist", "hooks", "user-prompt-submit.cjs");
}

export function cliEntry(packageRoot: string): string {
  return path.join(packageRoot, "dist", "cli.js");
}

/**
 * Whether this scope's files are committed and read on other machines: then they name no path of this one and
 * start memctl through the commands npm puts on PATH (memctl, memctl-hook). User and local scope keep absolute
 * paths: they never leave this machine, and `node --preserve-symlinks-main <abs>` starts the hook faster
 * (docs/hosts.md has the measurement).
 */
export function isPortable(ctx: { scope?: Scope }): boolean {
  return ctx.scope === "project";
}

/** The bin npm links beside `memctl` (package.json "bin"): dist/hooks/user-prompt-submit.cjs with a node shebang. */
export const HOOK_BIN = "memctl-hook";

/** How instructions and commands a host reads run the CLI: `memctl` from PATH when portable, else `node <abs>/dist/cli.js`. */
export function cliCommand(ctx: Pick<InstallContext, "scope" | "packageRoot">): string {
  return isPortable(ctx) ? "memctl" : `node ${shellWord(cliEntry(ctx.packageRoot))}`;
}

/**
 * How `host` starts memctl's MCP server, writing as host:<name>. No --repo-root: every host starts it in the
 * project it runs in, and the server resolves the store from there on each call (a committed path would be
 * this machine's).
 */
export function hostMcpCommand(ctx: Pick<InstallContext, "scope" | "packageRoot">, host: HostName): McpServerCommand {
  return mcpServerCommand(ctx.packageRoot, { actor: `host:${host}` }, isPortable(ctx));
}

/** Quotes a word for a POSIX shell only when it needs it. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The wired hook: `node --preserve-symlinks-main <abs>/dist/hooks/user-prompt-submit.cjs --host <h> [budget
 * flags]` (lib/core/hook-flags.ts says why the flag) — never npx or a wrapper.
 */
export function hookCommand(ctx: Pick<InstallContext, "packageRoot" | "budget"> & { scope?: Scope }, host: HostName): string {
  const parts = isPortable(ctx) ? [HOOK_BIN, "--host", host] : ["node", ...HOOK_NODE_FLAGS, shellWord(hookEntry(ctx.packageRoot)), "--host", host];
  if (ctx.budget.maxBytes !== undefined) parts.push("--max-bytes", String(ctx.budget.maxBytes));
  if (ctx.budget.maxEntries !== undefined) parts.push("--max-entries", String(ctx.budget.maxEntries));
  return isPortable(ctx) ? ifInstalled(HOOK_BIN, parts.join(" ")) : parts.join(" ");
}

/**
 * A committed hook command runs on every teammate's machine, memctl installed or not: where `bin` is not on PATH
 * it does nothing and exits 0 (a bare `memctl-hook` fails with 127 on every prompt). The host runs hook commands
 * through sh already, and `command -v` is a builtin: no extra process (docs/hosts.md has the measurement).
 */
export function ifInstalled(bin: string, command: string): string {
  return `if command -v ${bin} >/dev/null 2>&1; then exec ${command}; fi`;
}

/** The budget flags a wired hook command carries (hookCommand writes them), i.e. the wiring the user chose. */
export function budgetOfCommand(command: string): InstallContext["budget"] {
  const flag = (name: string) => {
    const m = new RegExp(`(?:^|\\s)--${name}(?:\\s+|=)(\\d+)(?=[\\s;]|$)`).exec(command);
    return m ? Number(m[1]) : undefined;
  };
  const maxBytes = flag("max-bytes");
  const maxEntries = flag("max-entries");
  return { ...(maxBytes !== undefined ? { maxBytes } : {}), ...(maxEntries !== undefined ? { maxEntries } : {}) };
}

/** The command that (re)makes this wiring: `memctl install <host> --scope <s>` with the budget flags kept. */
export function installCommandLine(host: HostName, ctx: Pick<InstallContext, "scope" | "budget">, ...extra: string[]): string {
  const parts = ["memctl", "install", host, "--scope", ctx.scope];
  if (ctx.budget.maxBytes !== undefined) parts.push("--max-bytes", String(ctx.budget.maxBytes));
  if (ctx.budget.maxEntries !== undefined) parts.push("--max-entries", String(ctx.budget.maxEntries));
  return [...parts, ...extra].join(" ");
}

/** The wired SessionStart hook: `node <abs>/dist/cli.js hook session-start --host <h>` (once per session, so the CLI's start is fine). */
export function sessionStartCommand(ctx: Pick<InstallContext, "packageRoot"> & { scope?: Scope }, host: HostName): string {
  const command = `${cliCommand({ scope: ctx.scope ?? "user", packageRoot: ctx.packageRoot })} hook session-start --host ${host}`;
  return isPortable({ scope: ctx.scope ?? "user" }) ? ifInstalled("memctl", command) : command;
}

/** Whether a hook command is memctl's SessionStart hook (this package, a stale path, `memctl hook session-start`, npx). */
export function isMemctlSessionStartCommand(command: string, packageRoot: string): boolean {
  if (!/\bhook\s+session-start\b/.test(command)) return false;
  if (/(^|[\s/\\'"])memctl(\.js)?([\s/\\'"]|$)/.test(command) || command.includes(packageRoot)) return true;
  const m = /(\S*?)[/\\]dist[/\\]cli\.js/.exec(command.replace(/['"]/g, ""));
  return m !== null && m[1] !== undefined && isMemctlPackage(m[1]);
}

/** The wired end-of-session hook: `… hook session-end --host <h>` (it detaches its work and returns at once). */
export function sessionEndCommand(ctx: Pick<InstallContext, "packageRoot"> & { scope?: Scope }, host: HostName): string {
  const command = `${cliCommand({ scope: ctx.scope ?? "user", packageRoot: ctx.packageRoot })} hook session-end --host ${host}`;
  // Committed wiring runs on teammates' machines too: silent where memctl is not installed.
  return isPortable({ scope: ctx.scope ?? "user" }) ? ifInstalled("memctl", command) : command;
}

/** Whether a hook command is memctl's session-end hook (this package, a stale path, `memctl hook session-end`, npx). */
export function isMemctlSessionEndCommand(command: string, packageRoot: string): boolean {
  if (!/\bhook\s+session-end\b/.test(command)) return false;
  if (/(^|[\s/\\'"])memctl(\.js)?([\s/\\'"]|$)/.test(command) || command.includes(packageRoot)) return true;
  const m = /(\S*?)[/\\]dist[/\\]cli\.js/.exec(command.replace(/['"]/g, ""));
  return m !== null && m[1] !== undefined && isMemctlPackage(m[1]);
}

/**
 * Whether a hook command is a memctl per-prompt hook in any form we ever wrote or a user might have typed:
 * the current one, a bare path without --host, an old install path, `memctl hook user-prompt-submit`, npx,
 * the memctl-hook bin.
 */
export function isMemctlHookCommand(command: string, packageRoot: string): boolean {
  if (/(^|[\s/\\'"])memctl-hook([\s'"]|$)/.test(command)) return true;
  if (!/user-prompt-submit/.test(command)) return false;
  // "memctl" as a word or a whole path segment (npx memctl …, node_modules/memctl/…), not inside another name.
  if (/(^|[\s/\\'"])memctl(\.js)?([\s/\\'"]|$)/.test(command) || command.includes(packageRoot)) return true;
  const m = /(\S*?)[/\\]dist[/\\]hooks[/\\]user-prompt-submit\.c?js/.exec(command.replace(/['"]/g, ""));
  return m !== null && m[1] !== undefined && isMemctlPackage(m[1]);
}

/**
 * Whether an MCP server entry launches memctl's server in any form we ever wrote or a user might have typed:
 * `node <any memctl package>/dist/cli.js mcp …` (this one or a stale path), `memctl mcp`, `npx memctl mcp`.
 */
export function isMemctlMcpServer(entry: unknown, packageRoot: string): boolean {
  if (typeof entry !== "object" || entry === null) return false;
  const { command, args } = entry as { command?: unknown; args?: unknown };
  const words = [...(Array.isArray(command) ? command : [command]), ...(Array.isArray(args) ? args : [])].filter((w): w is string => typeof w === "string");
  if (!words.includes("mcp")) return false;
  return words.some((w) => /(^|[/\\])memctl(\.js)?$/.test(w) || w.startsWith(packageRoot + path.sep) || /[/\\]memctl[/\\]dist[/\\]cli\.js$/.test(w) || isCliOfMemctlPackage(w));
}

function isCliOfMemctlPackage(word: string): boolean {
  const m = /^(.*)[/\\]dist[/\\]cli\.js$/.exec(word);
  return m !== null && isMemctlPackage(m[1]!);
}
