import path from "node:path";
import type { Io } from "../lib/store/io.js";
import { hostFileCap, readText } from "./apply.js";
import type { InstallContext } from "./context.js";
import { parseTomlOrThrow } from "../lib/core/toml-error.js";
import { sha256Hex } from "../lib/core/sha256.js";
import { isMemctlHookCommand, isMemctlSessionEndCommand, isMemctlSessionStartCommand } from "./context.js";
import { readJsonc } from "../lib/core/jsonc.js";
import { hostDir } from "../lib/core/host-dirs.js";

// Whether a host will actually run what memctl wired: Codex silently skips a hook nobody trusted, and both
// Codex and Grok ignore a project's config until the folder is trusted. memctl never writes trust itself (the
// hash is the host's to compute); --status reads the host's own record and says what to do.

export interface TrustState {
  trusted: boolean;
  /** What is not trusted and how to trust it, when not trusted. */
  fix?: string;
}

function tomlOf(file: string): Record<string, unknown> {
  try {
    const text = readText(file);
    return text === null ? {} : parseTomlOrThrow(text, file);
  } catch {
    return {};
  }
}

export function codexHome(io: Io): string {
  return hostDir(io.env, io.home, "CODEX_HOME");
}

/** The snake_case event name Codex uses in a hook's trust key and hash (its hook_event_key_label). */
const CODEX_EVENT_LABELS: Record<string, string> = { UserPromptSubmit: "user_prompt_submit", SessionStart: "session_start", SessionEnd: "session_end" };

/** Recursively key-sorted, so JSON.stringify gives Codex's canonical JSON (serde_json, compact). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((k) => [k, canonical(object[k])]),
  );
}

/**
 * The hash Codex trusts a command hook by: sha256 of the canonical JSON of its normalized identity, the event's
 * label plus the handler with Codex's defaults filled in (timeout 600 s, async false). Equal to hooks/list's
 * currentHash on Codex 0.169.0 (test/install/trust.test.ts pins it); the matcher counts except for
 * UserPromptSubmit, which ignores it. memctl only reads trust: it never writes this hash.
 */
export function codexHookHash(event: string, handler: Record<string, unknown>, matcher?: string): string {
  const timeout = handler.timeout ?? handler.timeoutSec;
  const normalized: Record<string, unknown> = {
    type: "command",
    command: handler.command,
    timeout: codexTimeout(event, timeout),
    async: handler.async === true,
    ...(typeof handler.statusMessage === "string" ? { statusMessage: handler.statusMessage } : {}),
  };
  const identity = { event_name: event, ...(matcher !== undefined && event !== "user_prompt_submit" ? { matcher } : {}), hooks: [normalized] };
  return `sha256:${sha256Hex(JSON.stringify(canonical(identity)))}`;
}

/**
 * The timeout Codex runs (and hashes) a handler with: 600 s by default, at least 1 s. SessionEnd gets 1 s by
 * default and at most 3 s: Codex 0.169.0's hooks/list reports timeoutSec 3 for a SessionEnd hook wired with 10,
 * and its currentHash is the hash of 3 (test/e2e/codex.test.ts, test/install/trust.test.ts).
 */
export function codexTimeout(event: string, timeout: unknown): number {
  if (event === "session_end") return typeof timeout === "number" ? Math.min(3, Math.max(1, timeout)) : 1;
  return typeof timeout === "number" ? Math.max(1, timeout) : 600;
}

/** memctl's handlers in a Codex hooks.json, each with the trust key and hash Codex gives it. */
function wiredCodexHooks(hooksFile: string, isOurs: (event: string, command: string) => boolean, cap?: number): { event: string; key: string; hash: string }[] {
  let hooks: unknown;
  try {
    hooks = readJsonc(readText(hooksFile, cap) ?? "{}").hooks;
  } catch {
    return [];
  }
  const found: { event: string; key: string; hash: string }[] = [];
  for (const [event, label] of Object.entries(CODEX_EVENT_LABELS)) {
    const groups = (hooks as Record<string, unknown> | undefined)?.[event];
    if (!Array.isArray(groups)) continue;
    groups.forEach((group: { matcher?: unknown; hooks?: unknown }, gi) => {
      if (!group || !Array.isArray(group.hooks)) return;
      (group.hooks as Record<string, unknown>[]).forEach((handler, hi) => {
        if (!handler || typeof handler.command !== "string" || !isOurs(event, handler.command)) return;
        const matcher = typeof group.matcher === "string" ? group.matcher : undefined;
        found.push({ event, key: `${hooksFile}:${label}:${gi}:${hi}`, hash: codexHookHash(label, handler, matcher) });
      });
    });
  }
  return found;
}

/**
 * Codex: trust of a hook lives in the user's config.toml as [hooks.state."<hooks file>:<event>:<group>:<handler>"]
 * with the trusted_hash of the hook as it was when trusted: a hook install changed since (new flags, a moved
 * package) no longer matches, and Codex skips it. A project's hooks also need [projects."<dir>"] trust_level = "trusted".
 */
export function codexTrust(ctx: InstallContext, hooksFile: string): TrustState {
  const config = tomlOf(path.join(codexHome(ctx.io), "config.toml"));
  const problems: string[] = [];
  if (ctx.scope === "project") {
    const projects = (config.projects ?? {}) as Record<string, { trust_level?: unknown }>;
    if (projects[ctx.projectDir]?.trust_level !== "trusted") problems.push(`the project is not trusted (run codex in ${ctx.projectDir} and accept the trust prompt)`);
  }
  const state = ((config.hooks as { state?: unknown } | undefined)?.state ?? {}) as Record<string, { trusted_hash?: unknown; enabled?: unknown }>;
  const isOurs = (event: string, command: string) =>
    event === "SessionStart"
      ? isMemctlSessionStartCommand(command, ctx.packageRoot)
      : event === "SessionEnd"
        ? isMemctlSessionEndCommand(command, ctx.packageRoot)
        : isMemctlHookCommand(command, ctx.packageRoot);
  const hooks = wiredCodexHooks(hooksFile, isOurs, hostFileCap(ctx, hooksFile));
  const untrusted = hooks.filter((h) => typeof state[h.key]?.trusted_hash !== "string").map((h) => h.event);
  const changed = hooks.filter((h) => typeof state[h.key]?.trusted_hash === "string" && state[h.key]!.trusted_hash !== h.hash).map((h) => h.event);
  const disabled = hooks.filter((h) => state[h.key]?.trusted_hash === h.hash && state[h.key]!.enabled === false).map((h) => h.event);
  const hookNames = (events: string[]) => `the ${events.join(" and ")} hook${events.length > 1 ? "s" : ""}`;
  if (untrusted.length > 0)
    problems.push(`${hookNames(untrusted)} ${untrusted.length > 1 ? "are" : "is"} not trusted, so Codex silently skips ${untrusted.length > 1 ? "them" : "it"}`);
  if (changed.length > 0)
    problems.push(`${hookNames(changed)} changed since ${changed.length > 1 ? "they were" : "it was"} trusted, so Codex silently skips ${changed.length > 1 ? "them" : "it"}`);
  if (disabled.length > 0) problems.push(`${hookNames(disabled)} ${disabled.length > 1 ? "are" : "is"} disabled in /hooks`);
  if (untrusted.length + changed.length + disabled.length > 0) problems.push("run codex and open /hooks to trust memctl's hooks");
  return problems.length === 0 ? { trusted: true } : { trusted: false, fix: problems.join("; ") };
}

/** Grok Build reads a project's .grok/ (MCP servers, rules) only in a folder trusted in ~/.grok/trusted_folders.toml. */
export function grokTrust(ctx: InstallContext): TrustState | undefined {
  if (ctx.scope !== "project") return undefined;
  const text = readTextOrNull(path.join(ctx.io.home, ".grok", "trusted_folders.toml"));
  if (text !== null && text.includes(JSON.stringify(ctx.projectDir))) return { trusted: true };
  return { trusted: false, fix: `Grok ignores this project's .grok/ until the folder is trusted: run grok in ${ctx.projectDir} and accept the trust prompt (or grok --trust)` };
}

function readTextOrNull(file: string): string | null {
  try {
    return readText(file);
  } catch {
    return null;
  }
}
