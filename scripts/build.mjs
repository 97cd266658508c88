// Bundles the CLI and every hook entry into dist/ so hosts run plain JavaScript (never tsx)
// and the hook loads one small file. Runtime dependencies stay external (installed by npm).
import { build, transformSync } from "esbuild";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

// smol-toml is bundled into the hooks (one file to load, no package resolution per prompt); the rest stay external.
const hookExternal = Object.keys(JSON.parse(readFileSync("package.json", "utf8")).dependencies).filter((d) => d !== "smol-toml");

// What every bundle here shares: bundled for Node 20, no source maps, warnings only.
const nodeBundle = { bundle: true, platform: "node", target: "node20", sourcemap: false, logLevel: "warning" };

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
// The per-prompt hook is one CommonJS file: Node 20 starts a CJS script ~7 ms sooner than the same bundle as
// ESM (no ESM loader internals, no source-text module, cheap builtin require). Its entry is .cjs (no package
// scope lookup at start); the .js copy and the body need dist/hooks/package.json to mark that folder commonjs.
// Everything it imports is inlined; the card parser (and with it js-yaml) is only initialised when the rank
// cache is rebuilt (test/hooks/import-graph.test.ts enforces what the hook may reach).
// The bundle is the body; the path hosts run is a small loader that starts it from V8's code cache
// (hooks/code-cache-loader.ts), warmed below on the sample store.
const HOOK_BODY = "user-prompt-submit.body.js";
const body = await build({
  ...nodeBundle,
  entryPoints: ["hooks/user-prompt-submit.ts"],
  outfile: `dist/hooks/${HOOK_BODY}`,
  format: "cjs",
  external: hookExternal,
  metafile: true,
});
// What the bundle inlines, for test/hooks/import-graph.test.ts (the minified body keeps no module markers).
writeFileSync(`dist/hooks/${HOOK_BODY.replace(/\.js$/, ".inputs.json")}`, `${JSON.stringify(Object.keys(body.metafile.inputs).sort(), null, 1)}\n`);
preferBuiltinPrototypes(`dist/hooks/${HOOK_BODY}`);
minifyBody(`dist/hooks/${HOOK_BODY}`);
wrapForLoader(`dist/hooks/${HOOK_BODY}`);
writeFileSync("dist/hooks/package.json", `${JSON.stringify({ type: "commonjs" })}\n`);
await build({
  ...nodeBundle,
  entryPoints: ["hooks/code-cache-loader.ts"],
  outfile: "dist/hooks/user-prompt-submit.cjs",
  format: "cjs",
  // It is also the memctl-hook bin (package.json), run directly from PATH by committed project-scope wirings.
  banner: { js: "#!/usr/bin/env node" },
  define: {
    BODY_FILE: JSON.stringify(HOOK_BODY),
    BODY_HASH: JSON.stringify(
      createHash("sha256")
        .update(readFileSync(`dist/hooks/${HOOK_BODY}`))
        .digest("hex")
        .slice(0, 16),
    ),
  },
});
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
await writeCodexPluginSkills("dist/codex-skills");

// esbuild gives every `import fs from "node:fs"` its own __toESM copy, defining a getter per export (~20 copies
// of fs and path, ~1 ms at every hook start), and its own require() call (~30 µs each through Node's loader). A
// builtin is a plain CommonJS object: one lookup per builtin, wrapped once in an object whose prototype is the
// module, answers both `.default` and named exports the same way. The lookup is process.getBuiltinModule (Node
// 20.16+, what engines asks for): require() of a builtin first compiles half a dozen functions of Node's
// CommonJS loader (~0.3M instructions a prompt), getBuiltinModule two; require stays the fallback.
function preferBuiltinPrototypes(file) {
  const text = readFileSync(file, "utf8");
  const from = /__toESM\(require\("(node:[a-z_/]+)"\), 1\)/g;
  const direct = /\brequire\("(node:[a-z_/]+)"\)/g;
  if (!from.test(text)) throw new Error(`build: ${file} has no builtin import for __builtin to rewrite (did esbuild's output change?)`);
  const helper =
    'var __node = (name) => (typeof process.getBuiltinModule === "function" && process.getBuiltinModule(name)) || require(name);\n' +
    "var __builtins = {};\nvar __builtin = (name) => __builtins[name] ??= ((mod) => Object.create(mod, { default: { value: mod, enumerable: true } }))(__node(name));\n";
  const out = text.replace(from, '__builtin("$1")').replace(direct, '__node("$1")').replace('"use strict";\n', `"use strict";\n${helper}`);
  if (out.includes('__toESM(require("node:') || /\brequire\("node:/.test(out.replace(helper, "")) || !out.includes(helper))
    throw new Error(`build: could not rewrite the builtin imports of ${file}`);
  writeFileSync(file, out);
}

// Minified (whitespace, syntax, local names) after the rewrite above: every prompt reads and copies the body,
// and V8 interns each name its code cache keeps, so comments, indentation and long local names cost page
// faults and instructions (~45% of the file, ~0.25M instructions a prompt). Licence comments are kept.
function minifyBody(file) {
  const text = readFileSync(file, "utf8");
  writeFileSync(file, transformSync(text, { minify: true, format: "cjs", target: "node20", charset: "ascii", legalComments: "eof" }).code);
}

// The body is stored as the loader compiles it: ASCII only, inside the CommonJS module wrapper. esbuild escapes
// non-ASCII in strings but keeps it in comments and regular expression literals; an ASCII body is read as
// latin1 (a copy) instead of being validated and decoded as UTF-8 on every prompt, and a \uXXXX escape means
// the same character in a comment, a string, a template or a regular expression (with or without /u). With the
// wrapper already in the file, the loader compiles what it read instead of a concatenated copy.
function wrapForLoader(file) {
  const text = readFileSync(file, "utf8");
  const escaped = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (!/^[\x00-\x7f]*$/.test(escaped)) throw new Error(`build: ${file} is not ASCII after escaping`);
  writeFileSync(file, `(function (exports, require, module, __filename, __dirname) {${escaped}\n})`);
}

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
    // Started as the wiring starts it (hooks/node-flags.ts), so the cache is the one hosts' runs read.
    // Two prompts per session, so the kept run is a session's second prompt: its dedupe filter runs too.
    const run = (prompt, i) =>
      spawnSync(process.execPath, ["--preserve-symlinks-main", entry, "--host", "codex"], {
        input: JSON.stringify({ session_id: `warm-${Math.floor(i / 2)}`, cwd: join(root, "repo"), prompt }),
        env: { PATH: process.env.PATH, HOME: root, MEMCTL_MEMORY_DIR: store, MEMCTL_CONFIG_FILE: join(root, "none.toml") },
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

// The Codex plugin (.codex-plugin/plugin.json "skills") ships one skill per commands/*.md, rendered by the same
// function `memctl install codex` uses, so /mem-distill, /memory-compress … reach plugin users as $<name>.
async function writeCodexPluginSkills(dir) {
  const renderer = "dist/.render.mjs";
  await build({ ...nodeBundle, entryPoints: ["lib/install/render.ts"], outfile: renderer, format: "esm", packages: "external" });
  try {
    const { readCommandSources, renderCodexSkill } = await import(pathToFileURL(resolve(renderer)).href);
    for (const command of readCommandSources(".")) {
      mkdirSync(join(dir, command.name), { recursive: true });
      writeFileSync(join(dir, command.name, "SKILL.md"), renderCodexSkill(command));
    }
  } finally {
    rmSync(renderer, { force: true });
  }
}
