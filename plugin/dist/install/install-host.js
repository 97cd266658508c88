// install/install-host.ts
import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
import { installCommandLine } from "./context.js";
import { foreignInjectors, otherWiredScopes, pluginWarnings } from "./double-wiring.js";
import { runHost } from "./engine.js";
async function installHost(installer, ctx, options) {
  const foreign = foreignInjectors(installer, ctx);
  if (foreign.length > 0) {
    throw new MemctlError(
      ERROR_CODES.E_INSTALL_CONFLICT,
      `${installer.title} already gets memory per prompt from another hook: ${foreign.join("; ")}. Two injectors send the memory twice; remove that hook, then run this again. Nothing was written.`,
      { foreign }
    );
  }
  const others = otherWiredScopes(installer, ctx);
  if (others.length > 0 && !options.replace) {
    const where = others.map((s) => `${s} scope`).join(" and ");
    throw new MemctlError(
      ERROR_CODES.E_INSTALL_CONFLICT,
      `${installer.title} is already wired at ${where}; wiring ${ctx.scope} scope too would inject the memory twice per prompt. Run "${installCommandLine(installer.name, ctx, "--replace")}" to move it here (the ${where} wiring is uninstalled), or keep the existing one. Nothing was written.`,
      { scopes: others }
    );
  }
  const results = [];
  for (const other of others) results.push(await runHost(installer, { ...ctx, scope: other }, "uninstall", options.dryRun));
  const installed = await runHost(installer, ctx, "install", options.dryRun);
  installed.notes.push(...pluginWarnings(installer, ctx).map((w) => `warning: ${w}`));
  results.push(installed);
  return results;
}
export {
  installHost
};
