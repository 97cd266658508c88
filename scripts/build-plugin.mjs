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
  // .mjs: the plugin has no package.json to say "module". Readable on purpose (issue 32 item 6, docs/internals.md):
  // not minified, and chunks named after what they hold instead of a content hash, so a plugin/ diff follows the
  // source diff; the CLI's start-up is not the hook's, and whitespace and long names cost it nothing measurable.
  const cli = await build({
    ...nodeBundle,
    entryPoints: [{ in: "lib/cli/bin.ts", out: "cli" }],
    outdir: join(out, "dist"),
    splitting: true,
    format: "esm",
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    write: false,
    metafile: true,
    banner: { js: 'import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);' },
  });
  writeStableChunks(cli);
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
  await build({ ...nodeBundle, entryPoints: ["install/render.ts"], outfile: renderer, format: "esm" });
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

/**
 * Writes esbuild's outputs with every content-hashed chunk name replaced by one that says what the chunk holds: a
 * lazily loaded command keeps its name (chunks/doctor.mjs), a shared chunk is named after its first own module
 * in path order (chunks/store-write.mjs; a package's when it holds none). A name changes only when the chunk's
 * make-up does, so editing one module changes the files that hold it and nothing else.
 */
function writeStableChunks({ outputFiles, metafile }) {
  const named = new Map();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const base = file.slice(file.lastIndexOf("/") + 1);
    const m = /^(.+)-[A-Z0-9]{8}\.mjs$/.exec(base);
    if (!file.includes("/chunks/") || !m) continue;
    // hosts/ and install/ sort and name as the lib/ folders they were (chunk names stay put across that move).
    const inputs = Object.keys(output.inputs)
      .map((i) => i.replace(/^(hosts|install)\//, "lib/$1/"))
      .sort();
    // Only esbuild's own helpers (<runtime>) when it holds no module.
    const first = inputs.find((i) => i.startsWith("lib/")) ?? inputs.find((i) => !i.startsWith("<")) ?? "runtime";
    const fromInput = first
      .replace(/^lib\//, "")
      .replace(/^node_modules\//, "npm-")
      .replace(/\.[cm]?[jt]s$/, "")
      .replace(/[^A-Za-z0-9]+/g, "-");
    named.set(base, { wanted: m[1] === "chunk" ? fromInput : m[1], fromInput });
  }
  const taken = new Map();
  for (const { wanted } of named.values()) taken.set(wanted, (taken.get(wanted) ?? 0) + 1);
  const rename = new Map();
  const used = new Set();
  for (const [base, { wanted, fromInput }] of named) {
    let name = taken.get(wanted) > 1 && wanted !== fromInput ? `${wanted}-${fromInput}` : wanted;
    for (let n = 2; used.has(name); n++) name = `${wanted}-${n}`;
    used.add(name);
    rename.set(base, `${name}.mjs`);
  }
  for (const file of outputFiles) {
    let text = file.text;
    for (const [from, to] of rename) text = text.replaceAll(from, to);
    const base = file.path.slice(file.path.lastIndexOf("/") + 1);
    const target = rename.has(base) ? file.path.slice(0, -base.length) + rename.get(base) : file.path;
    mkdirSync(join(target, ".."), { recursive: true });
    writeFileSync(target, text);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildPlugin(process.argv[2] ?? "plugin");
