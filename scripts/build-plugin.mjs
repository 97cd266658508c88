// Builds plugin/: the Claude Code and Codex plugin as one self-contained directory, committed so that a
// marketplace install (a plain git clone: no dist/, no node_modules, no npm run) starts the hook at once.
// Every dependency is inlined (the CLI, its MCP server and the hook need nothing installed but Node), the
// hooks, MCP servers and commands name the plugin's own files through the host's plugin-root variable, and
// nothing in it names a path of the building machine. test/plugin/plugin-fresh.test.ts fails when the
// committed plugin/ is not what this build makes of the committed sources (run `npm run build`, commit plugin/).
//
//   node scripts/build-plugin.mjs [outDir]   (default plugin; npm run build calls it too)
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { buildHook, nodeBundle } from "./build-hook.mjs";

const CLAUDE_CLI = 'node "${CLAUDE_PLUGIN_ROOT}/dist/cli.mjs"';

/** Writes the whole plugin into `out` (replacing what was there). */
export async function buildPlugin(out) {
  const pkg = JSON.parse(readFileSync("package.json", "utf8"));
  rmSync(out, { recursive: true, force: true });
  // ESM with every package inlined; bundled CommonJS packages get a real require (createRequire) for builtins.
  // .mjs: the plugin has no package.json to say "module".
  await build({
    ...nodeBundle,
    entryPoints: [{ in: "lib/cli/bin.ts", out: "cli" }],
    outdir: join(out, "dist"),
    splitting: true,
    format: "esm",
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    minify: true,
    banner: { js: 'import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);' },
  });
  await buildHook(join(out, "dist", "hooks"), []);

  const json = (file, value) => {
    mkdirSync(join(out, file, ".."), { recursive: true });
    writeFileSync(join(out, file), `${JSON.stringify(value, null, 2)}\n`);
  };
  const about = { version: pkg.version, description: pkg.description, license: pkg.license };
  json(".claude-plugin/plugin.json", { name: "memctl", ...about, author: { name: "memctl" }, keywords: ["memory", "hooks", "context", "mcp"] });
  json(".codex-plugin/plugin.json", {
    name: "memctl",
    ...about,
    hooks: "./hooks/codex-hooks.json",
    skills: "./codex-skills/",
    mcpServers: "./.codex-mcp.json",
    interface: { displayName: "memctl" },
  });
  // Codex's skills live in codex-skills/, not skills/: Claude Code reads a plugin's skills/ too, and a skill wins
  // over the command of the same name (it would get the Codex text).
  // The MCP server as a host actor: it reads, logs and proposes; the owner accepts (memory_manage needs opt-in).
  json(".mcp.json", { mcpServers: { memctl: { command: "node", args: ["${CLAUDE_PLUGIN_ROOT}/dist/cli.mjs", "mcp", "--actor", "host:claude"] } } });
  // Codex 0.169 expands no plugin-root variable in a plugin's MCP config (${PLUGIN_ROOT} reaches node verbatim)
  // and passes the server no workspace (cwd "." is the plugin, roots/list is empty), so its server is the
  // memctl on PATH, started in the session's folder, as its skills are (test/e2e/codex.test.ts).
  json(".codex-mcp.json", { mcpServers: { memctl: { command: "memctl", args: ["mcp", "--actor", "host:codex"] } } });
  mkdirSync(join(out, "hooks"), { recursive: true });
  for (const file of ["hooks.json", "codex-hooks.json"]) cpSync(join("hooks", file), join(out, "hooks", file));

  const renderer = join(out, ".render.mjs");
  // Dependencies inlined: the renderer runs from outDir, where no node_modules resolves.
  await build({ ...nodeBundle, entryPoints: ["lib/install/render.ts"], outfile: renderer, format: "esm" });
  try {
    const { parseCommand, readCommandSources, renderClaudePluginCommand, renderCodexSkill } = await import(pathToFileURL(resolve(renderer)).href);
    // The plugin's own commands (hooks/plugin-commands/): mem-init, the one step a plugin install still needs
    // (the session-start hook names it while the project has no store). Installs have `memctl init` itself.
    const pluginOnly = ["mem-init"].map((name) => parseCommand(name, readFileSync(join("hooks", "plugin-commands", `${name}.md`), "utf8")));
    for (const command of [...readCommandSources("."), ...pluginOnly]) {
      mkdirSync(join(out, "commands"), { recursive: true });
      writeFileSync(join(out, "commands", `${command.name}.md`), renderClaudePluginCommand(command, CLAUDE_CLI));
      mkdirSync(join(out, "codex-skills", command.name), { recursive: true });
      writeFileSync(join(out, "codex-skills", command.name, "SKILL.md"), renderCodexSkill(command));
    }
  } finally {
    rmSync(renderer, { force: true });
  }
  writeFileSync(join(out, ".gitignore"), "# The hook's V8 code cache, written next to the body on first use.\n*.v8cache\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildPlugin(process.argv[2] ?? "plugin");
