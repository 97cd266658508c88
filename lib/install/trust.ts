import path from "node:path";
import type { Io } from "../store/io.js";
import { readText } from "./apply.js";
import type { InstallContext } from "./context.js";
import { parseTomlOrThrow } from "../core/toml-lines.js";

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
  return io.env.CODEX_HOME || path.join(io.home, ".codex");
}

/**
 * Codex: trust of a hook lives in the user's config.toml as [hooks.state."<hooks file>:user_prompt_submit:…"]
 * with a trusted_hash; a project's hooks also need [projects."<dir>"] trust_level = "trusted".
 */
export function codexTrust(ctx: InstallContext, hooksFile: string): TrustState {
  const config = tomlOf(path.join(codexHome(ctx.io), "config.toml"));
  const problems: string[] = [];
  if (ctx.scope === "project") {
    const projects = (config.projects ?? {}) as Record<string, { trust_level?: unknown }>;
    if (projects[ctx.projectDir]?.trust_level !== "trusted") problems.push(`the project is not trusted (run codex in ${ctx.projectDir} and accept the trust prompt)`);
  }
  const state = ((config.hooks as { state?: unknown } | undefined)?.state ?? {}) as Record<string, { trusted_hash?: unknown }>;
  const trustedHook = Object.entries(state).some(([key, v]) => key.startsWith(`${hooksFile}:`) && /user_prompt_submit/.test(key) && typeof v?.trusted_hash === "string");
  if (!trustedHook) problems.push("the UserPromptSubmit hook is not trusted, so Codex silently skips it: run codex and open /hooks to trust it");
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
