// Bundles the CLI and every hook entry into dist/ so hosts run plain JavaScript (never tsx)
// and the hook loads one small file. Runtime dependencies stay external (installed by npm).
import { build } from "esbuild";
import { readdirSync, rmSync, chmodSync } from "node:fs";

const hookEntries = readdirSync("hooks")
  .filter((f) => f.endsWith(".ts"))
  .map((f) => ({ in: `hooks/${f}`, out: `hooks/${f.slice(0, -3)}` }));

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: [{ in: "lib/cli/bin.ts", out: "cli" }, ...hookEntries],
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
chmodSync("dist/cli.js", 0o755);
