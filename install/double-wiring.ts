import path from "node:path";
import { backupsDir, hostFileCap, readText } from "./apply.js";
import type { InstallContext, PlannedEdit, Scope } from "./context.js";
import type { HostInstaller } from "./host.js";
import { hookCommandsIn } from "./hook-json.js";
import { readJsonc } from "../lib/core/jsonc.js";
import { originalText, readRecord, recordsDir } from "./record.js";

// One block per prompt whatever the scopes: a host wired at user and project scope (or project and local) runs
// the hook, and registers the MCP server, twice. Install refuses that unless --replace moves the wiring, and
// another tool's memory injector (pm-dispatch's guard-inject-memory.sh) is refused outright: memctl cannot
// remove what it did not write (install-host.ts refuses); --status reports both (engine.ts scopeStatus warnings).

/** The scopes a host can be wired at. */
export function scopesOf(installer: HostInstaller): Scope[] {
  return installer.name === "claude" ? ["user", "project", "local"] : ["user", "project"];
}

/** The other scopes where this host is wired (any memctl file of it present). */
export function otherWiredScopes(installer: HostInstaller, ctx: InstallContext): Scope[] {
  return scopesOf(installer).filter((s) => s !== ctx.scope && installer.plan({ ...ctx, scope: s }).some((edit) => holdsOwnPart(installer, { ...ctx, scope: s }, edit)));
}

/**
 * Uninstalling one scope from a file another wired scope also edits (Claude's project and local scopes share
 * settings.local.json and git's exclude file): that scope's edits are applied again over this scope's undo, so
 * its setting stays and the file is not removed while it holds them. `shared`: another scope has a part here.
 */
export function keepOtherScopes(
  installer: HostInstaller,
  ctx: InstallContext,
  others: readonly Scope[],
  file: string,
  text: string | null,
  original: string | null,
): { text: string | null; shared: boolean } {
  let shared = false;
  for (const scope of others)
    for (const other of installer.plan({ ...ctx, scope }))
      if (other.file === file) {
        shared = true;
        text = other.install(text, original);
      }
  return { text, shared };
}

/**
 * Whether `edit`'s file holds something of this scope's that uninstall would take out. In a file other scopes edit
 * too, their parts are taken out first: Claude's project scope keeps its auto-memory setting (and a git exclude line)
 * in the local scope's files, which are then no sign of a local wiring, while local hooks there still are.
 */
export function holdsOwnPart(installer: HostInstaller, ctx: InstallContext, edit: PlannedEdit): boolean {
  try {
    const original = originalText(edit.file, backupsDir(ctx.io), readRecord(edit.file, recordsDir(ctx.io)));
    let text = readText(edit.file, hostFileCap(ctx, edit.file));
    for (const scope of scopesOf(installer))
      if (scope !== ctx.scope) for (const other of installer.plan({ ...ctx, scope })) if (other.file === edit.file) text = other.uninstall(text, original);
    return text !== null && edit.uninstall(text, original) !== text;
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
      text = readText(file, hostFileCap(ctx, file));
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

/**
 * The memctl plugin enabled as well as this wiring: both run the hooks. The hooks' session state lets only the
 * first show a block or an overview, but each still starts a process per prompt: keep one.
 */
export function pluginWarnings(installer: HostInstaller, ctx: InstallContext): string[] {
  const plugins = installer.plugins?.(ctx);
  if (!plugins || plugins.enabled.length === 0) return [];
  const ids = plugins.enabled.map((p) => p.split(" ")[0]!);
  return [
    `the memctl plugin is enabled too (${plugins.enabled.join(", ")}), so ${installer.title} runs memctl's hooks twice (the second run adds nothing, each block and overview arrives once): keep one — "${ids.map(plugins.disable).join('", "')}" or "memctl uninstall ${installer.name} --scope ${ctx.scope}"`,
  ];
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
  return [...warnings, ...pluginWarnings(installer, ctx)];
}

const ORDER: Scope[] = ["user", "project", "local"];
const byScope = (a: Scope, b: Scope) => ORDER.indexOf(a) - ORDER.indexOf(b);
