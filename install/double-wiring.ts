import path from "node:path";
import { backupsDir, readText, type TextEdit } from "./apply.js";
import type { InstallContext, Scope } from "./context.js";
import type { HostInstaller } from "./host.js";
import { hookCommandsIn } from "./hook-json.js";
import { readJsonc } from "./jsonc.js";
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
  const own = new Set(installer.plan(ctx).map((e) => e.file));
  return scopesOf(installer).filter((s) => s !== ctx.scope && wiredAt(installer, { ...ctx, scope: s }, own));
}

/**
 * Any of the scope's planned files holds something memctl's uninstall would take out. A file this scope writes
 * too is no evidence (Claude's project scope keeps its auto-memory setting in the local scope's file).
 */
function wiredAt(installer: HostInstaller, ctx: InstallContext, own: ReadonlySet<string>): boolean {
  return installer.plan(ctx).some((edit) => {
    if (own.has(edit.file)) return false;
    try {
      const before = readText(edit.file);
      return before !== null && edit.uninstall(before, originalText(edit.file, backupsDir(ctx.io), readRecord(edit.file, recordsDir(ctx.io)))) !== before;
    } catch {
      return false;
    }
  });
}

/**
 * Whether all memctl has in one of this scope's files (`before`) is another scope's: Claude's project scope writes
 * the local scope's settings.local.json and git exclude, which are then no sign of a local wiring.
 */
export function onlyOtherScopesIn(installer: HostInstaller, ctx: InstallContext, file: string, uninstall: TextEdit, before: string | null): boolean {
  const original = originalText(file, backupsDir(ctx.io), readRecord(file, recordsDir(ctx.io)));
  let text = before;
  let shared = false;
  for (const scope of scopesOf(installer))
    if (scope !== ctx.scope)
      for (const edit of installer.plan({ ...ctx, scope }))
        if (edit.file === file) {
          shared = true;
          text = edit.uninstall(text, original);
        }
  return shared && (text === null || uninstall(text, original) === text);
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
