import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
import { installCommandLine, type InstallContext } from "./context.js";
import { foreignInjectors, otherWiredScopes, pluginWarnings } from "./double-wiring.js";
import { runHost, type RunResult } from "./engine.js";
import type { HostInstaller } from "./host.js";

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
        `Run "${installCommandLine(installer.name, ctx, "--replace")}" to move it here (the ${where} wiring is uninstalled), or keep the existing one. Nothing was written.`,
      { scopes: others },
    );
  }
  const results: RunResult[] = [];
  for (const other of others) results.push(await runHost(installer, { ...ctx, scope: other }, "uninstall", options.dryRun));
  const installed = await runHost(installer, ctx, "install", options.dryRun);
  // Said at the moment of the conflict, not only by --status (the hooks keep it to one block meanwhile).
  installed.notes.push(...pluginWarnings(installer, ctx).map((w) => `warning: ${w}`));
  results.push(installed);
  return results;
}
