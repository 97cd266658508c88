// Bundles the CLI and every hook entry into dist/ so hosts run plain JavaScript (never tsx)
// and the hook loads one small file. Runtime dependencies stay external (installed by npm).
import { build } from "esbuild";
import { readdirSync, readFileSync, rmSync, chmodSync } from "node:fs";
import { createRequire } from "node:module";

// `import fs from "node:fs"` in ESM builds a module facade that reads every export — fs's lazy getters load
// the streams machinery — costing the hook ~10 ms of CPU per prompt. In the hook bundles a builtin comes
// from process.getBuiltinModule (Node >= 20.16), with createRequire as the fallback for older Node 20.
const BUILTIN_BANNER =
  'const __memctlRequire = globalThis.process.getBuiltinModule ? undefined : (await import("node:module")).createRequire(import.meta.url);';
const RESERVED = new Set(
  "default await break case catch class const continue debugger delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield".split(" "),
);
const builtinsWithoutFacades = {
  name: "builtins-without-facades",
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, namespace: "node-builtin" }));
    b.onLoad({ filter: /.*/, namespace: "node-builtin" }, (args) => {
      // Every named export is a pure read, so esbuild drops the unused ones: a lazy getter (fs.promises,
      // fs.ReadStream…) is only touched by code that imports it.
      const mod = process.getBuiltinModule?.(args.path) ?? createRequire(import.meta.url)(args.path);
      const names = Object.getOwnPropertyNames(mod).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && !RESERVED.has(n));
      const get = `globalThis.process.getBuiltinModule ? globalThis.process.getBuiltinModule(${JSON.stringify(args.path)}) : __memctlRequire(${JSON.stringify(args.path)})`;
      const exports = names.map((n) => `export const ${n} = /* @__PURE__ */ (() => m.${n})();`).join("\n");
      return { contents: `const m = ${get};\nexport default m;\n${exports}\n`, loader: "js" };
    });
  },
};

const hookEntries = readdirSync("hooks")
  .filter((f) => f.endsWith(".ts"))
  .map((f) => ({ in: `hooks/${f}`, out: `hooks/${f.slice(0, -3)}` }));

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: [{ in: "lib/cli/bin.ts", out: "cli" }],
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  chunkNames: "chunks/[name]-[hash]",
  sourcemap: false,
  logLevel: "warning",
});
// Hooks get their own build: their chunks are shared only among hooks, so a hook's static import graph holds
// just what it runs (test/hooks/import-graph.test.ts enforces it); the card parser and js-yaml are split
// into a chunk loaded only when the rank cache is rebuilt.
await build({
  entryPoints: hookEntries,
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  plugins: [builtinsWithoutFacades],
  banner: { js: BUILTIN_BANNER },
  // smol-toml is bundled (one file to load, no package resolution per prompt); the rest stay external.
  external: Object.keys(JSON.parse(readFileSync("package.json", "utf8")).dependencies).filter((d) => d !== "smol-toml"),
  chunkNames: "hooks/chunks/[name]-[hash]",
  sourcemap: false,
  logLevel: "warning",
});
chmodSync("dist/cli.js", 0o755);
