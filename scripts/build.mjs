// Bundles the CLI and every hook entry into dist/ so hosts run plain JavaScript (never tsx)
// and the hook loads one small file. Runtime dependencies stay external (installed by npm).
// Then the self-contained plugin directory plugin/ (scripts/build-plugin.mjs), committed for marketplaces.
import { build } from "esbuild";
import { buildHook, HOOK_BODY, jsoncParserEsm, nodeBundle } from "./build-hook.mjs";
import { buildPlugin } from "./build-plugin.mjs";
import { buildSave } from "./build-save.mjs";
import { chmodSync, cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";

// smol-toml and jsonc-parser (Claude's settings, read by the one JSONC reader) are bundled into the hooks (one file
// to load, no package resolution per prompt); the rest stay external.
const dependencies = Object.keys(JSON.parse(readFileSync("package.json", "utf8")).dependencies);
const hookInlined = new Set(["smol-toml", "jsonc-parser"]);
const hookExternal = dependencies.filter((d) => !hookInlined.has(d));
// The CLI inlines the small packages every store command loads: smol-toml (the config; nine files from node_modules),
// js-yaml, picocolors, and jsonc-parser (the host registry's Claude adapter reads settings through it; six files).
// Each external package costs a package.json lookup and a resolve per file at start-up: inlined, `memctl save --help`
// started 8-10 ms sooner (73 -> 63 ms against 25 for node -e 0, interleaved; issue 32).
// The MCP SDK and zod too (the SDK brings ajv): resolved file by file from node_modules they made `memctl mcp` answer
// initialize + tools/list after 0.32 s of CPU, bundled 0.25 s (`node -e 0` 0.05), and a host such as `codex exec`
// builds its first request without a server that has not listed its tools yet. The rest load only with the commands that use them
// (secret scans).
const cliInlined = new Set(["smol-toml", "js-yaml", "picocolors", "jsonc-parser", "@modelcontextprotocol/sdk", "zod"]);

rmSync("dist", { recursive: true, force: true });
await build({
  ...nodeBundle,
  entryPoints: [{ in: "lib/cli/bin.ts", out: "cli" }],
  outdir: "dist",
  splitting: true,
  format: "esm",
  external: dependencies.filter((d) => !cliInlined.has(d)),
  chunkNames: "chunks/[name]-[hash]",
  plugins: [jsoncParserEsm],
});
// `memctl save` alone, as one file (lib/cli/save-bin.ts; bin.ts starts it): scripts/build-save.mjs, which the
// plugin's build uses too.
await buildSave("dist/cli-save.cjs", { external: dependencies.filter((d) => !cliInlined.has(d)) });
// The per-prompt hook: a bundled CommonJS body and the small loader hosts run (user-prompt-submit.cjs), in
// dist/hooks/ with runtime dependencies external (installed by npm; the plugin bundles them: build-plugin.mjs).
const body = await buildHook("dist/hooks", hookExternal);
// What the bundle inlines, for test/hooks/import-graph.test.ts (read from the metafile, not from the body's "// lib/…" module markers).
writeFileSync(`dist/hooks/${HOOK_BODY.replace(/\.js$/, ".inputs.json")}`, `${JSON.stringify(Object.keys(body.metafile.inputs).sort(), null, 1)}\n`);
// The same loader under the name hosts wired before the entry became .cjs (its cache name is the body's, shared).
cpSync("dist/hooks/user-prompt-submit.cjs", "dist/hooks/user-prompt-submit.js");
// The OpenCode plugin is an ES module imported by the shim OpenCode (Bun) loads; .mjs keeps it ESM in that folder.
await build({
  ...nodeBundle,
  entryPoints: ["lib/hook/entry/opencode-plugin.ts"],
  outfile: "dist/hooks/opencode-plugin.mjs",
  format: "esm",
  external: hookExternal,
});
chmodSync("dist/cli.js", 0o755);
chmodSync("dist/hooks/user-prompt-submit.cjs", 0o755);
await buildPlugin("plugin");
