// Bundles the CLI and every hook entry into dist/ so hosts run plain JavaScript (never tsx)
// and the hook loads one small file. Runtime dependencies stay external (installed by npm).
// Then the self-contained plugin directory plugin/ (scripts/build-plugin.mjs), committed for marketplaces.
import { build } from "esbuild";
import { buildHook, HOOK_BODY, nodeBundle } from "./build-hook.mjs";
import { buildPlugin } from "./build-plugin.mjs";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

// smol-toml is bundled into the hooks (one file to load, no package resolution per prompt); the rest stay external.
const hookExternal = Object.keys(JSON.parse(readFileSync("package.json", "utf8")).dependencies).filter((d) => d !== "smol-toml");

rmSync("dist", { recursive: true, force: true });
await build({
  ...nodeBundle,
  entryPoints: [{ in: "lib/cli/bin.ts", out: "cli" }],
  outdir: "dist",
  splitting: true,
  format: "esm",
  packages: "external",
  chunkNames: "chunks/[name]-[hash]",
});
// The per-prompt hook: a bundled CommonJS body and the small loader hosts run (user-prompt-submit.cjs), in
// dist/hooks/ with runtime dependencies external (installed by npm; the plugin bundles them: build-plugin.mjs).
const body = await buildHook("dist/hooks", hookExternal);
// What the bundle inlines, for test/hooks/import-graph.test.ts (read from the metafile, not from the body's "// lib/…" module markers).
writeFileSync(`dist/hooks/${HOOK_BODY.replace(/\.js$/, ".inputs.json")}`, `${JSON.stringify(Object.keys(body.metafile.inputs).sort(), null, 1)}\n`);
// The same loader under the name hosts wired before the entry became .cjs (its cache name is the body's, shared).
cpSync("dist/hooks/user-prompt-submit.cjs", "dist/hooks/user-prompt-submit.js");
warmHookCodeCache("dist/hooks/user-prompt-submit.cjs");
// The OpenCode plugin is an ES module imported by the shim OpenCode (Bun) loads; .mjs keeps it ESM in that folder.
await build({
  ...nodeBundle,
  entryPoints: ["hooks/opencode-plugin.ts"],
  outfile: "dist/hooks/opencode-plugin.mjs",
  format: "esm",
  external: hookExternal,
});
chmodSync("dist/cli.js", 0o755);
chmodSync("dist/hooks/user-prompt-submit.cjs", 0o755);
await buildPlugin("plugin");

// The sample store with each card repeated `times` times (copies named <card>_<k>.md, indexed after the
// originals), so a warm-up prompt meets a store of realistic size.
function multiplyCards(store, times) {
  const indexFile = join(store, "MEMORY.md");
  const index = readFileSync(indexFile, "utf8");
  const lines = index.split("\n").filter((l) => /^- \[[^\]]+\]\([^)]+\.md\)/.test(l));
  const extra = [];
  for (let k = 1; k < times; k++) {
    for (const line of lines) {
      const file = /\]\(([^)]+)\.md\)/.exec(line)[1];
      cpSync(join(store, `${file}.md`), join(store, `${file}_${k}.md`));
      extra.push(line.replace(`](${file}.md)`, `](${file}_${k}.md)`));
    }
  }
  writeFileSync(indexFile, `${index.replace(/\n*$/, "\n")}${extra.join("\n")}\n`);
}

// Runs the hook on a copy of the sample store so the loader writes the code cache of a typical prompt. A
// function that the kept run never called is compiled lazily on every prompt, so that run must take the
// common paths: a rank cache that is fresh, a usage sidecar with a folded snapshot, a folding file and
// pending compact lines, and a prompt with both ASCII words and CJK. Earlier runs get the store there (the
// first builds the rank cache, the 34th folds); the code cache is removed before each run, and only the last
// run's is kept.
function warmHookCodeCache(entry) {
  const root = mkdtempSync(join(tmpdir(), "memctl-build-"));
  try {
    const store = join(root, "memory");
    cpSync("sample-store", store, { recursive: true });
    multiplyCards(store, 8);
    const past = new Date(Date.now() - 86_400_000); // at rest: the rank cache refuses sources modified just now
    for (const name of ["", ...readdirSync(store, { recursive: true })]) utimesSync(join(store, name), past, past);
    mkdirSync(join(root, "repo"));
    // The store is selected as `memctl init` selects it, by a project entry in the user config, so the cache
    // also holds the TOML parser and the config checks every prompt of such an install runs.
    const env = { PATH: process.env.PATH, HOME: root, MEMCTL_CONFIG_FILE: join(root, "config.toml") };
    const mapped = spawnSync(process.execPath, ["dist/cli.js", "config", "set", "--repo-root", join(root, "repo"), "--memory-dir", store, "--allow-non-git"], {
      env,
      encoding: "utf8",
    });
    if (mapped.status !== 0) throw new Error(`build: mapping the warm-up store failed (exit ${mapped.status}): ${mapped.stderr}`);
    // Started as the wiring starts it (hooks/node-flags.ts), so the cache is the one hosts' runs read.
    // Two prompts per session, so the kept run is a session's second prompt: its dedupe filter runs too.
    const run = (prompt, i) =>
      spawnSync(process.execPath, ["--preserve-symlinks-main", entry, "--host", "codex"], {
        input: JSON.stringify({ session_id: `warm-${Math.floor(i / 2)}`, cwd: join(root, "repo"), prompt }),
        env,
        encoding: "utf8",
      });
    const isCache = (f) => f.endsWith(".v8cache");
    const prompts = ["how do we deploy and run the database migrations?", "why do the tests fail on CI after the release?"];
    // The kept run: ASCII and CJK, stems that take the Porter cleanup rules, and enough hits (over 64, more
    // than the budget holds) for the large-store paths of ranking and of the omission notice.
    const last = "deploying 的时候 database migrations 要先跑吗? stopped hoping the tests, api, cache, logs, review, PRs and errors";
    for (let i = 0; i < 36; i++) {
      for (const f of readdirSync("dist/hooks").filter(isCache)) rmSync(join("dist/hooks", f));
      const r = run(i === 35 ? last : prompts[i % prompts.length], i);
      if (r.status !== 0 || r.stdout === "") throw new Error(`build: warming the hook failed (exit ${r.status}): ${r.stderr}`);
    }
    const state = readdirSync(join(store, ".memctl"));
    if (!state.includes("usage.tsv")) throw new Error(`build: warming the hook did not reach a folded sidecar: ${state.join(", ")}`);
    if (!readdirSync("dist/hooks").some((f) => isCache(f) && !f.endsWith(".cold.v8cache"))) throw new Error("build: the kept run wrote no typical code cache");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
