// Bundles the CLI and every hook entry into dist/ so hosts run plain JavaScript (never tsx)
// and the hook loads one small file. Runtime dependencies stay external (installed by npm).
import { build } from "esbuild";
import { readdirSync, readFileSync, rmSync, chmodSync } from "node:fs";

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
  // smol-toml is bundled (one file to load, no package resolution per prompt); the rest stay external.
  external: Object.keys(JSON.parse(readFileSync("package.json", "utf8")).dependencies).filter((d) => d !== "smol-toml"),
  chunkNames: "hooks/chunks/[name]-[hash]",
  sourcemap: false,
  logLevel: "warning",
});
chmodSync("dist/cli.js", 0o755);
