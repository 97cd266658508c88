import path from "node:path";
import type { Io } from "../../lib/io.js";
import { cliEntry, hookEntry, type InstallContext, type PlannedEdit } from "../context.js";
import { commandFileEdits, detectBy, scopeBase, type HostInstaller } from "../host.js";
import { MANAGED_MARK, managedFile } from "../managed-file.js";
import { readCommandSources, renderOpenCodeCommand } from "../render.js";

// OpenCode has no shell hooks: a TypeScript plugin shipped in the package (dist/hooks/opencode-plugin.js,
// source hooks/opencode-plugin.ts) injects the ranked block per request. OpenCode loads every file in its
// plugin folder, so install writes a shim there that imports the packaged plugin by absolute path.

function userConfigDir(io: Io): string {
  return path.join(io.env.XDG_CONFIG_HOME || path.join(io.home, ".config"), "opencode");
}

function opencodeDir(ctx: InstallContext): string {
  return ctx.scope === "user" ? userConfigDir(ctx.io) : path.join(ctx.projectDir, ".opencode");
}

export function pluginEntry(packageRoot: string): string {
  return path.join(packageRoot, "dist", "hooks", "opencode-plugin.js");
}

export function opencodeShim(ctx: InstallContext): string {
  const options = { node: ctx.nodePath, hook: hookEntry(ctx.packageRoot), cli: cliEntry(ctx.packageRoot) };
  return [
    `// ${MANAGED_MARK}: written by "memctl install opencode"; "memctl uninstall opencode" removes it.`,
    `// The plugin itself ships in the memctl package; this file only points OpenCode at it.`,
    `import { createMemctlPlugin } from ${JSON.stringify(pluginEntry(ctx.packageRoot))};`,
    ``,
    `// @opencode-ai/plugin is what OpenCode installs next to its config; when it is there, memctl also offers tools.`,
    `export const MemctlPlugin = async (ctx: unknown) => {`,
    `  const sdk = await import("@opencode-ai/plugin").catch(() => undefined);`,
    `  return createMemctlPlugin({ ...${JSON.stringify(options)}, tool: sdk?.tool })(ctx as never);`,
    `};`,
    ``,
  ].join("\n");
}

export const opencode: HostInstaller = {
  name: "opencode",
  title: "OpenCode",
  detect: (io) => detectBy(io, "opencode", userConfigDir(io)),
  plan(ctx): PlannedEdit[] {
    const dir = opencodeDir(ctx);
    const shim = path.join(dir, "plugin", "memctl.ts");
    return [
      { file: shim, label: "plugin shim", root: scopeBase(ctx), owned: true, ...managedFile(shim, opencodeShim(ctx)) },
      ...commandFileEdits(ctx, path.join(dir, "commands"), readCommandSources(ctx.packageRoot), renderOpenCodeCommand, (d, n) => path.join(d, `${n}.md`), "command /"),
    ];
  },
  notes: () => [
    "OpenCode loads the plugin at its next start; its log (~/.local/share/opencode/log/) shows \"memctl plugin loaded\" and \"memctl injected memory\".",
  ],
  requiredFiles: (ctx) => [pluginEntry(ctx.packageRoot), hookEntry(ctx.packageRoot), ctx.nodePath],
};
