// install/context.ts
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findRepo } from "../lib/config/git.js";
import { HOOK_NODE_FLAGS } from "../lib/core/hook-flags.js";
import { mcpServerCommand } from "./mcp-command.js";
import { HOST_NAMES } from "../hosts/types.js";
function projectDirFor(io) {
  return findRepo(io.cwd)?.worktreeRoot ?? path.resolve(io.cwd);
}
function findPackageRoot(from = path.dirname(fileURLToPath(import.meta.url))) {
  let dir = from;
  for (; ; ) {
    if (isMemctlPackage(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`internal: no memctl package.json above ${from}`);
    dir = parent;
  }
}
function isMemctlPackage(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).name === "memctl";
  } catch {
    return false;
  }
}
function hookEntry(packageRoot) {
  return path.join(packageRoot, "dist", "hooks", "user-prompt-submit.cjs");
}
function cliEntry(packageRoot) {
  return path.join(packageRoot, "dist", "cli.js");
}
function isPortable(ctx) {
  return ctx.scope === "project";
}
var HOOK_BIN = "memctl-hook";
function cliCommand(ctx) {
  return isPortable(ctx) ? "memctl" : `node ${shellWord(cliEntry(ctx.packageRoot))}`;
}
function hostMcpCommand(ctx, host) {
  return mcpServerCommand(ctx.packageRoot, { actor: `host:${host}` }, isPortable(ctx));
}
function shellWord(word) {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
function hookCommand(ctx, host) {
  const parts = isPortable(ctx) ? [HOOK_BIN, "--host", host] : ["node", ...HOOK_NODE_FLAGS, shellWord(hookEntry(ctx.packageRoot)), "--host", host];
  if (ctx.budget.maxBytes !== void 0) parts.push("--max-bytes", String(ctx.budget.maxBytes));
  if (ctx.budget.maxEntries !== void 0) parts.push("--max-entries", String(ctx.budget.maxEntries));
  return isPortable(ctx) ? ifInstalled(HOOK_BIN, parts.join(" ")) : parts.join(" ");
}
function ifInstalled(bin, command) {
  return `if command -v ${bin} >/dev/null 2>&1; then exec ${command}; fi`;
}
function budgetOfCommand(command) {
  const flag = (name) => {
    const m = new RegExp(`(?:^|\\s)--${name}(?:\\s+|=)(\\d+)(?=[\\s;]|$)`).exec(command);
    return m ? Number(m[1]) : void 0;
  };
  const maxBytes = flag("max-bytes");
  const maxEntries = flag("max-entries");
  return { ...maxBytes !== void 0 ? { maxBytes } : {}, ...maxEntries !== void 0 ? { maxEntries } : {} };
}
function installCommandLine(host, ctx, ...extra) {
  const parts = ["memctl", "install", host, "--scope", ctx.scope];
  if (ctx.budget.maxBytes !== void 0) parts.push("--max-bytes", String(ctx.budget.maxBytes));
  if (ctx.budget.maxEntries !== void 0) parts.push("--max-entries", String(ctx.budget.maxEntries));
  return [...parts, ...extra].join(" ");
}
function sessionStartCommand(ctx, host) {
  const command = `${cliCommand({ scope: ctx.scope ?? "user", packageRoot: ctx.packageRoot })} hook session-start --host ${host}`;
  return isPortable({ scope: ctx.scope ?? "user" }) ? ifInstalled("memctl", command) : command;
}
function isMemctlSessionStartCommand(command, packageRoot) {
  if (!/\bhook\s+session-start\b/.test(command)) return false;
  if (/(^|[\s/\\'"])memctl(\.js)?([\s/\\'"]|$)/.test(command) || command.includes(packageRoot)) return true;
  const m = /(\S*?)[/\\]dist[/\\]cli\.js/.exec(command.replace(/['"]/g, ""));
  return m !== null && m[1] !== void 0 && isMemctlPackage(m[1]);
}
function sessionEndCommand(ctx, host) {
  const command = `${cliCommand({ scope: ctx.scope ?? "user", packageRoot: ctx.packageRoot })} hook session-end --host ${host}`;
  return isPortable({ scope: ctx.scope ?? "user" }) ? ifInstalled("memctl", command) : command;
}
function isMemctlSessionEndCommand(command, packageRoot) {
  if (!/\bhook\s+session-end\b/.test(command)) return false;
  if (/(^|[\s/\\'"])memctl(\.js)?([\s/\\'"]|$)/.test(command) || command.includes(packageRoot)) return true;
  const m = /(\S*?)[/\\]dist[/\\]cli\.js/.exec(command.replace(/['"]/g, ""));
  return m !== null && m[1] !== void 0 && isMemctlPackage(m[1]);
}
function isMemctlHookCommand(command, packageRoot) {
  if (/(^|[\s/\\'"])memctl-hook([\s'"]|$)/.test(command)) return true;
  if (!/user-prompt-submit/.test(command)) return false;
  if (/(^|[\s/\\'"])memctl(\.js)?([\s/\\'"]|$)/.test(command) || command.includes(packageRoot)) return true;
  const m = /(\S*?)[/\\]dist[/\\]hooks[/\\]user-prompt-submit\.c?js/.exec(command.replace(/['"]/g, ""));
  return m !== null && m[1] !== void 0 && isMemctlPackage(m[1]);
}
function isMemctlMcpServer(entry, packageRoot) {
  if (typeof entry !== "object" || entry === null) return false;
  const { command, args } = entry;
  const words = [...Array.isArray(command) ? command : [command], ...Array.isArray(args) ? args : []].filter((w) => typeof w === "string");
  if (!words.includes("mcp")) return false;
  return words.some((w) => /(^|[/\\])memctl(\.js)?$/.test(w) || w.startsWith(packageRoot + path.sep) || /[/\\]memctl[/\\]dist[/\\]cli\.js$/.test(w) || isCliOfMemctlPackage(w));
}
function isCliOfMemctlPackage(word) {
  const m = /^(.*)[/\\]dist[/\\]cli\.js$/.exec(word);
  return m !== null && isMemctlPackage(m[1]);
}
export {
  HOOK_BIN,
  HOST_NAMES,
  budgetOfCommand,
  cliCommand,
  cliEntry,
  findPackageRoot,
  hookCommand,
  hookEntry,
  hostMcpCommand,
  ifInstalled,
  installCommandLine,
  isMemctlHookCommand,
  isMemctlMcpServer,
  isMemctlPackage,
  isMemctlSessionEndCommand,
  isMemctlSessionStartCommand,
  isPortable,
  projectDirFor,
  sessionEndCommand,
  sessionStartCommand,
  shellWord
};
