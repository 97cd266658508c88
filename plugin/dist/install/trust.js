// install/trust.ts
import path from "node:path";
import { hostFileCap, readText } from "./apply.js";
import { parseTomlOrThrow } from "../lib/core/toml-error.js";
import { sha256Hex } from "../lib/core/sha256.js";
import { isMemctlHookCommand, isMemctlSessionEndCommand, isMemctlSessionStartCommand } from "./context.js";
import { readJsonc } from "../lib/core/jsonc.js";
import { hostDir } from "../lib/core/host-dirs.js";
function tomlOf(file) {
  try {
    const text = readText(file);
    return text === null ? {} : parseTomlOrThrow(text, file);
  } catch {
    return {};
  }
}
function codexHome(io) {
  return hostDir(io.env, io.home, "CODEX_HOME");
}
var CODEX_EVENT_LABELS = { UserPromptSubmit: "user_prompt_submit", SessionStart: "session_start", SessionEnd: "session_end" };
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const object = value;
  return Object.fromEntries(
    Object.keys(object).sort().map((k) => [k, canonical(object[k])])
  );
}
function codexHookHash(event, handler, matcher) {
  const timeout = handler.timeout ?? handler.timeoutSec;
  const normalized = {
    type: "command",
    command: handler.command,
    timeout: codexTimeout(event, timeout),
    async: handler.async === true,
    ...typeof handler.statusMessage === "string" ? { statusMessage: handler.statusMessage } : {}
  };
  const identity = { event_name: event, ...matcher !== void 0 && event !== "user_prompt_submit" ? { matcher } : {}, hooks: [normalized] };
  return `sha256:${sha256Hex(JSON.stringify(canonical(identity)))}`;
}
function codexTimeout(event, timeout) {
  if (event === "session_end") return typeof timeout === "number" ? Math.min(3, Math.max(1, timeout)) : 1;
  return typeof timeout === "number" ? Math.max(1, timeout) : 600;
}
function wiredCodexHooks(hooksFile, isOurs, cap) {
  let hooks;
  try {
    hooks = readJsonc(readText(hooksFile, cap) ?? "{}").hooks;
  } catch {
    return [];
  }
  const found = [];
  for (const [event, label] of Object.entries(CODEX_EVENT_LABELS)) {
    const groups = hooks?.[event];
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, gi) => {
      if (!group || !Array.isArray(group.hooks)) return;
      group.hooks.forEach((handler, hi) => {
        if (!handler || typeof handler.command !== "string" || !isOurs(event, handler.command)) return;
        const matcher = typeof group.matcher === "string" ? group.matcher : void 0;
        found.push({ event, key: `${hooksFile}:${label}:${gi}:${hi}`, hash: codexHookHash(label, handler, matcher) });
      });
    });
  }
  return found;
}
function codexTrust(ctx, hooksFile) {
  const config = tomlOf(path.join(codexHome(ctx.io), "config.toml"));
  const problems = [];
  if (ctx.scope === "project") {
    const projects = config.projects ?? {};
    if (projects[ctx.projectDir]?.trust_level !== "trusted") problems.push(`the project is not trusted (run codex in ${ctx.projectDir} and accept the trust prompt)`);
  }
  const state = config.hooks?.state ?? {};
  const isOurs = (event, command) => event === "SessionStart" ? isMemctlSessionStartCommand(command, ctx.packageRoot) : event === "SessionEnd" ? isMemctlSessionEndCommand(command, ctx.packageRoot) : isMemctlHookCommand(command, ctx.packageRoot);
  const hooks = wiredCodexHooks(hooksFile, isOurs, hostFileCap(ctx, hooksFile));
  const untrusted = hooks.filter((h) => typeof state[h.key]?.trusted_hash !== "string").map((h) => h.event);
  const changed = hooks.filter((h) => typeof state[h.key]?.trusted_hash === "string" && state[h.key].trusted_hash !== h.hash).map((h) => h.event);
  const disabled = hooks.filter((h) => state[h.key]?.trusted_hash === h.hash && state[h.key].enabled === false).map((h) => h.event);
  const hookNames = (events) => `the ${events.join(" and ")} hook${events.length > 1 ? "s" : ""}`;
  if (untrusted.length > 0)
    problems.push(`${hookNames(untrusted)} ${untrusted.length > 1 ? "are" : "is"} not trusted, so Codex silently skips ${untrusted.length > 1 ? "them" : "it"}`);
  if (changed.length > 0)
    problems.push(`${hookNames(changed)} changed since ${changed.length > 1 ? "they were" : "it was"} trusted, so Codex silently skips ${changed.length > 1 ? "them" : "it"}`);
  if (disabled.length > 0) problems.push(`${hookNames(disabled)} ${disabled.length > 1 ? "are" : "is"} disabled in /hooks`);
  if (untrusted.length + changed.length + disabled.length > 0) problems.push("run codex and open /hooks to trust memctl's hooks");
  return problems.length === 0 ? { trusted: true } : { trusted: false, fix: problems.join("; ") };
}
function grokTrust(ctx) {
  if (ctx.scope !== "project") return void 0;
  const text = readTextOrNull(path.join(ctx.io.home, ".grok", "trusted_folders.toml"));
  if (text !== null && text.includes(JSON.stringify(ctx.projectDir))) return { trusted: true };
  return { trusted: false, fix: `Grok ignores this project's .grok/ until the folder is trusted: run grok in ${ctx.projectDir} and accept the trust prompt (or grok --trust)` };
}
function readTextOrNull(file) {
  try {
    return readText(file);
  } catch {
    return null;
  }
}
export {
  codexHome,
  codexHookHash,
  codexTimeout,
  codexTrust,
  grokTrust
};
