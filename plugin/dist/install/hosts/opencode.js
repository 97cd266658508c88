// install/hosts/opencode.ts
import fs from "node:fs";
import path from "node:path";
import { cliEntry, HOOK_BIN, hostMcpCommand, hookEntry, isPortable } from "../context.js";
import { commandFileEdits, detectBy, scopeBase } from "../host.js";
import { jsonEntryEdits } from "../json-member.js";
import { MANAGED_MARK, managedFile } from "../managed-file.js";
import { readCommandSources, renderOpenCodeCommand } from "../render.js";
import { hostDir } from "../../lib/core/host-dirs.js";
function userConfigDir(io) {
  return path.join(hostDir(io.env, io.home, "XDG_CONFIG_HOME"), "opencode");
}
function opencodeDir(ctx) {
  return ctx.scope === "user" ? userConfigDir(ctx.io) : path.join(ctx.projectDir, ".opencode");
}
function pluginEntry(packageRoot) {
  return path.join(packageRoot, "dist", "hooks", "opencode-plugin.mjs");
}
function opencodeShim(ctx) {
  if (isPortable(ctx)) return portableShim();
  const options = { node: ctx.nodePath, hook: hookEntry(ctx.packageRoot), cli: cliEntry(ctx.packageRoot) };
  return [
    `// ${MANAGED_MARK}: written by "memctl install opencode"; "memctl uninstall opencode" removes it.`,
    `// The plugin itself ships in the memctl package; this file only points OpenCode at it.`,
    `import { createMemctlPlugin } from ${JSON.stringify(pluginEntry(ctx.packageRoot))};`,
    ``,
    `export const MemctlPlugin = createMemctlPlugin(${JSON.stringify(options)});`,
    ``
  ].join("\n");
}
function portableShim() {
  return [
    `// ${MANAGED_MARK}: written by "memctl install opencode --scope project"; "memctl uninstall opencode" removes it.`,
    `// The plugin ships in the memctl package; this file finds it through the ${HOOK_BIN} command on PATH.`,
    `import { existsSync, realpathSync } from "node:fs";`,
    `import { delimiter, dirname, join } from "node:path";`,
    `import { pathToFileURL } from "node:url";`,
    ``,
    `const dirs = (process.env.PATH ?? "").split(delimiter).filter((d) => d !== "");`,
    `const bin = dirs.map((d) => join(d, ${JSON.stringify(HOOK_BIN)})).find((f) => existsSync(f));`,
    `const hook = bin === undefined ? undefined : realpathSync(bin);`,
    ``,
    `export const MemctlPlugin = hook`,
    `  ? (await import(pathToFileURL(join(dirname(hook), "opencode-plugin.mjs")).href)).createMemctlPlugin({ node: "node", hook, cli: join(dirname(hook), "..", "cli.js") })`,
    `  : async () => {`,
    `      console.error("memctl: ${HOOK_BIN} is not on PATH, so this project's memory is not injected; install memctl (npm install -g memctl)");`,
    `      return {};`,
    `    };`,
    ``
  ].join("\n");
}
function opencodeConfigFile(ctx) {
  const candidates = ctx.scope === "user" ? [path.join(userConfigDir(ctx.io), "opencode.jsonc"), path.join(userConfigDir(ctx.io), "opencode.json")] : [
    path.join(ctx.projectDir, "opencode.jsonc"),
    path.join(ctx.projectDir, "opencode.json"),
    path.join(ctx.projectDir, ".opencode", "opencode.jsonc"),
    path.join(ctx.projectDir, ".opencode", "opencode.json")
  ];
  return candidates.find((f) => fs.existsSync(f)) ?? candidates[1];
}
function opencodeMcpEntry(ctx) {
  const { command, args } = hostMcpCommand(ctx, "opencode");
  return { type: "local", command: [command, ...args], enabled: true };
}
var opencode = {
  name: "opencode",
  title: "OpenCode",
  detect: (io) => detectBy(io, "opencode", userConfigDir(io)),
  plan(ctx) {
    const dir = opencodeDir(ctx);
    const shim = path.join(dir, "plugin", "memctl.ts");
    const config = opencodeConfigFile(ctx);
    return [
      { file: shim, label: "plugin shim", root: scopeBase(ctx), owned: true, ...managedFile(shim, opencodeShim(ctx)) },
      { file: config, label: "MCP server mcp.memctl (memory tools)", root: scopeBase(ctx), mcp: true, ...jsonEntryEdits(config, "mcp", "memctl", opencodeMcpEntry(ctx)) },
      ...commandFileEdits(ctx, path.join(dir, "commands"), readCommandSources(ctx.packageRoot), renderOpenCodeCommand, (d, n) => path.join(d, `${n}.md`), "command /")
    ];
  },
  notes: () => ['OpenCode loads the plugin at its next start; its log (~/.local/share/opencode/log/) shows "memctl plugin loaded" and "memctl injected memory".'],
  requiredFiles: (ctx) => isPortable(ctx) ? [] : [pluginEntry(ctx.packageRoot), hookEntry(ctx.packageRoot), ctx.nodePath]
};
export {
  opencode,
  opencodeConfigFile,
  opencodeMcpEntry,
  opencodeShim,
  pluginEntry
};
