// Builds plugin/: the Claude Code and Codex plugin as one self-contained directory, committed so that a
// marketplace install (a plain git clone: no dist/, no node_modules, no npm run) starts the hook at once.
// Every dependency is inside it (the CLI, its MCP server and the hook need nothing installed but Node), the
// hooks, MCP servers and commands name the plugin's own files through the host's plugin-root variable, and
// nothing in it names a path of the building machine. test/scripts/build-plugin.test.ts fails when the
// committed plugin/ is not what this build makes of the committed sources (run `npm run build`, commit plugin/).
//
// Committed output is read as a diff, so it is laid out for one (issue 32 item 6, docs/internals.md "Readable
// build output"): the CLI is one readable file per source module at its source path (dist/lib/..., dist/hosts/...,
// dist/install/..., the entry dist/cli.mjs), npm packages are bundled once into dist/vendor/, and the hooks and
// `memctl save` are the single-file bundles scripts/build-hook.mjs and scripts/build-save.mjs make. A source edit,
// or a new import, changes the files whose source changed (and a bundle that inlines it) and no other; nothing is
// minified or named by a content hash.
//
//   node scripts/build-plugin.mjs [outDir]   (default plugin; npm run build calls it too)
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { buildHook, jsoncParserEsm, nodeBundle } from "./build-hook.mjs";
import { buildSave } from "./build-save.mjs";

const CLAUDE_CLI = 'node "${CLAUDE_PLUGIN_ROOT}/dist/cli.mjs"';

/** Writes the whole plugin into `out` (replacing what was there). */
export async function buildPlugin(out) {
  const pkg = JSON.parse(readFileSync("package.json", "utf8"));
  rmSync(out, { recursive: true, force: true });
  await buildCli(join(out, "dist"));
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

// The CLI's entry keeps its place (dist/cli.mjs: the hooks, MCP configs and commands name it, and bin.ts finds
// hooks/session-start.cjs beside itself); every other module sits at its source path.
const ENTRY = "lib/cli/bin.ts";
const outputOf = (source) => (source === ENTRY ? "cli.mjs" : source.replace(/\.ts$/, ".js"));
// esbuild's CommonJS shim in an ES module needs a real require for the builtins a bundled package requires.
const REQUIRE_BANNER = 'import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);';

/**
 * The CLI in dist/, one output file per source module (issue 32 item 6, docs/internals.md "Readable build output").
 * A bundle split into chunks re-splits whenever the import graph changes (esbuild groups modules by the entry
 * points that reach them), so one new import moved code through most of plugin/. Here each module of lib/, hosts/
 * and install/ that the CLI reaches is its own readable ES module at its own path, its relative imports kept as
 * imports (rewritten to the output paths), and every npm package is bundled once into dist/vendor/: one entry
 * per package specifier the sources import, split so that a package two entries share (zod, for the SDK and
 * our schemas) is one copy. A source edit changes that module's file; only a dependency change touches vendor/.
 */
async function buildCli(dist) {
  // One bundling pass, not written: which modules the CLI reaches (the lazily loaded commands too) and which
  // package specifiers they import.
  const graph = await build({ ...nodeBundle, entryPoints: [ENTRY], outdir: dist, format: "esm", splitting: true, write: false, metafile: true });
  const sources = Object.keys(graph.metafile.inputs)
    .filter((input) => !input.startsWith("node_modules/"))
    .sort();
  const packages = new Set();
  for (const source of sources)
    for (const { original } of graph.metafile.inputs[source].imports) if (original && !/^(\.|node:)/.test(original) && !isBuiltin(original)) packages.add(original);
  const vendorOf = (specifier) => `vendor/${specifier.replace(/\.[cm]?js$/, "")}.js`;

  mkdirSync(dist, { recursive: true });
  // The modules are .js under a "module" scope; dist/hooks/ has its own package.json saying commonjs.
  writeFileSync(join(dist, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
  const vendor = await build({
    ...nodeBundle,
    entryPoints: [...packages].sort().map((specifier) => ({ in: specifier, out: vendorOf(specifier).slice(0, -3) })),
    outdir: dist,
    format: "esm",
    splitting: true,
    chunkNames: "vendor/chunks/[name]-[hash]",
    write: false,
    metafile: true,
    banner: { js: REQUIRE_BANNER },
    plugins: [jsoncParserEsm],
  });
  writeStableChunks(vendor);

  // A relative import names the imported module's output from the importer's; a package names its vendor file.
  const relativeTo = (importer, target) => {
    const spec = relative(dirname(outputOf(importer)), target)
      .split(sep)
      .join("/");
    return spec.startsWith(".") ? spec : `./${spec}`;
  };
  const own = await build({
    ...nodeBundle,
    entryPoints: sources.map((source) => ({ in: source, out: outputOf(source).replace(/\.m?js$/, "") })),
    outdir: dist,
    format: "esm",
    write: false,
    plugins: [
      {
        name: "one-file-per-module",
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === "entry-point") return undefined;
            if (args.path.startsWith("node:") || isBuiltin(args.path)) return { path: args.path, external: true };
            const importer = relative(process.cwd(), args.importer).split(sep).join("/");
            if (!args.path.startsWith(".")) {
              if (!packages.has(args.path)) throw new Error(`build-plugin: ${importer} imports ${args.path}, which the graph pass did not see`);
              return { path: relativeTo(importer, vendorOf(args.path)), external: true };
            }
            const target = relative(process.cwd(), resolve(args.resolveDir, args.path)).split(sep).join("/").replace(/\.js$/, ".ts");
            if (!sources.includes(target)) throw new Error(`build-plugin: ${importer} imports ${args.path}, which is not a module the CLI reaches`);
            return { path: relativeTo(importer, outputOf(target)), external: true };
          });
        },
      },
    ],
  });
  for (const file of own.outputFiles) {
    const target = file.path === join(resolve(dist), "cli.js") ? join(dist, "cli.mjs") : file.path;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.text);
  }
  // `memctl save` as the package runs it: one file beside the entry (bin.ts starts it), not the ~60 module files
  // above (148 ms CPU a save at 100 cards against 99 for the package's bundle: bench/history/2026-12.md, "h/savemods").
  // Its packages are inlined but secretlint, which it imports lazily from dist/vendor/ as the modules above do.
  await buildSave(join(dist, "cli-save.cjs"), { vendor: (specifier) => (packages.has(specifier) ? `./${vendorOf(specifier)}` : undefined) });
}

/**
 * Writes a vendor build's outputs with every content-hashed chunk name replaced by one that says what the chunk
 * holds: the first package module in path order (vendor/chunks/npm-zod-v4-core-core.js). The make-up, and so
 * the name, changes only when the packages or the set of specifiers the sources import do.
 */
function writeStableChunks({ outputFiles, metafile }) {
  const rename = new Map();
  const used = new Set();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const base = file.slice(file.lastIndexOf("/") + 1);
    const m = /^(.+)-[A-Z0-9]{8}\.js$/.exec(base);
    if (!file.includes("/chunks/") || !m) continue;
    // Only esbuild's own helpers (<runtime>) when it holds no module.
    const first =
      Object.keys(output.inputs)
        .sort()
        .find((i) => !i.startsWith("<")) ?? "runtime";
    const wanted = first
      .replace(/^node_modules\//, "npm-")
      .replace(/\.[cm]?[jt]s$/, "")
      .replace(/[^A-Za-z0-9]+/g, "-");
    let name = wanted;
    for (let n = 2; used.has(name); n++) name = `${wanted}-${n}`;
    used.add(name);
    rename.set(base, `${name}.js`);
  }
  for (const file of outputFiles) {
    let text = file.text;
    for (const [from, to] of rename) text = text.replaceAll(from, to);
    const base = file.path.slice(file.path.lastIndexOf("/") + 1);
    const target = rename.has(base) ? file.path.slice(0, -base.length) + rename.get(base) : file.path;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
}
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildPlugin(process.argv[2] ?? "plugin");
