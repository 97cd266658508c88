import path from "node:path";
import { ERROR_CODES, MemctlError } from "../lib/errors.js";
import { readText } from "./apply.js";
import type { InstallContext, Scope } from "./context.js";
import { runHost, scopeStatus, type RunResult } from "./engine.js";
import type { HostInstaller } from "./host.js";
import { hookCommandsIn } from "./hook-json.js";
import { readJsonc } from "./jsonc.js";

// One block per prompt whatever the scopes: a host wired at user and project scope (or project and local) runs
// the hook, and registers the MCP server, twice. Install refuses that unless --replace moves the wiring, and
// another tool's memory injector (pm-dispatch's guard-inject-memory.sh) is refused outright: memctl cannot
// remove what it did not write. --status reports both (engine.ts scopeStatus warnings).

/** The scopes a host can be wired at. */
export function scopesOf(installer: HostInstaller): Scope[] {
  return installer.name === "claude" ? ["user", "project", "local"] : ["user", "project"];
}

/** The other scopes where this host is wired (any memctl file of it present). */
export function otherWiredScopes(installer: HostInstaller, ctx: InstallContext): Scope[] {
  return scopesOf(installer).filter((s) => s !== ctx.scope && wiredAt(installer, { ...ctx, scope: s }));
}

function wiredAt(installer: HostInstaller, ctx: InstallContext): boolean {
  try {
    return installer.plan(ctx).length > 0 && scopeStatus(installer, ctx, { withWarnings: false }).state !== "not-installed";
  } catch {
    return false;
  }
}

/** Hook commands of other tools that inject memory per prompt, in every hooks file this host reads. */
export function foreignInjectors(installer: HostInstaller, ctx: InstallContext): string[] {
  const found: string[] = [];
  for (const file of installer.hookFiles?.(ctx) ?? []) {
    let text: string | null;
    try {
      text = readText(file);
    } catch {
      continue;
    }
    if (text === null || !text.includes("guard-inject-memory")) continue;
    try {
      for (const command of hookCommandsIn(readJsonc(text))) if (/guard-inject-memory/.test(command)) found.push(`${command} in ${file}`);
    } catch {
      // a file that does not parse is reported by the install itself
    }
  }
  return found;
}

/** --status lines about double wiring, for one scope's report. */
export function doubleWiringWarnings(installer: HostInstaller, ctx: InstallContext): string[] {
  const others = otherWiredScopes(installer, ctx);
  const warnings = others.map(
    (other) =>
      `also wired at ${other} scope: ${[ctx.scope, other].sort(byScope).join(" and ")} scope both inject memory, so every prompt gets it twice — run "memctl uninstall ${installer.name} --scope ${other}"`,
  );
  for (const foreign of foreignInjectors(installer, ctx))
    warnings.push(`another memory hook also injects per prompt: ${path.basename(foreign.split(" in ")[0]!)} (${foreign}); remove one of them`);
  return warnings;
}

const ORDER: Scope[] = ["user", "project", "local"];
const byScope = (a: Scope, b: Scope) => ORDER.indexOf(a) - ORDER.indexOf(b);

/**
 * `memctl install <host>`: refuses a second scope (nothing written) unless `replace`, which uninstalls the
 * other scope's wiring first; refuses while another tool's memory hook is wired.
 */
export async function installHost(installer: HostInstaller, ctx: InstallContext, options: { replace: boolean; dryRun: boolean }): Promise<RunResult[]> {
  const foreign = foreignInjectors(installer, ctx);
  if (foreign.length > 0) {
    throw new MemctlError(
      ERROR_CODES.E_INSTALL_CONFLICT,
      `${installer.title} already gets memory per prompt from another hook: ${foreign.join("; ")}. Two injectors send the memory twice; remove that hook, then run this again. Nothing was written.`,
      { foreign },
    );
  }
  const others = otherWiredScopes(installer, ctx);
  if (others.length > 0 && !options.replace) {
    const where = others.map((s) => `${s} scope`).join(" and ");
    throw new MemctlError(
      ERROR_CODES.E_INSTALL_CONFLICT,
      `${installer.title} is already wired at ${where}; wiring ${ctx.scope} scope too would inject the memory twice per prompt. ` +
        `Run "memctl install ${installer.name} --scope ${ctx.scope} --replace" to move it here (the ${where} wiring is uninstalled), or keep the existing one. Nothing was written.`,
      { scopes: others },
    );
  }
  const results: RunResult[] = [];
  for (const other of others) results.push(await runHost(installer, { ...ctx, scope: other }, "uninstall", options.dryRun));
  results.push(await runHost(installer, ctx, "install", options.dryRun));
  return results;
}
