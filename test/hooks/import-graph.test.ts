// The per-prompt hook must start fast: what it loads may not reach installers, MCP, the CLI framework, or
// (while the rank cache is fresh) the YAML parser.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { buildSync } from "esbuild";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const HOOK_BODY = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.body.js");
// The build records what the body inlines, from esbuild's metafile.
const HOOK_BODY_INPUTS = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.body.inputs.json");
const LOADED = /\b(?:require|import)\(\s*["']([^"']+)["']\s*\)/g;
// smol-toml (the config) and jsonc-parser (Claude's settings, through the one JSONC reader) are bundled on purpose.
const FORBIDDEN_INPUT = /^(install\/|lib\/mcp\/|lib\/cli\/|node_modules\/(?!smol-toml\/|jsonc-parser\/))/;

/** What a single-file CommonJS bundle holds: its inlined inputs that it may not reach, and the packages it loads at run time. */
function bundleReach(inputs: readonly string[], source: string): { forbiddenModules: string[]; packages: string[] } {
  const packages = new Set<string>();
  for (const m of source.matchAll(LOADED)) if (!m[1]!.startsWith("node:")) packages.add(m[1]!);
  return { forbiddenModules: inputs.filter((i) => FORBIDDEN_INPUT.test(i)), packages: [...packages] };
}

test("the hook's entry is only the code-cache loader: Node builtins, nothing inlined but itself and the wiring's flag list", () => {
  assert.ok(fs.existsSync(HOOK), "run npm run build first");
  const source = fs.readFileSync(HOOK, "utf8");
  assert.deepEqual(bundleReach([], source).packages, []);
  assert.deepEqual([...new Set([...source.matchAll(/^\/\/ (\S+\.ts)$/gm)].map((m) => m[1]))].sort(), ["lib/core/hook-flags.ts", "lib/hook/entry/code-cache-loader.ts"]);
  assert.ok(source.includes(JSON.stringify(path.basename(HOOK_BODY))));
});

test("the hook bundle holds no installer, MCP, CLI framework or package beyond the lazily loaded YAML parser", () => {
  assert.ok(fs.existsSync(HOOK_BODY) && fs.existsSync(HOOK_BODY_INPUTS), "run npm run build first");
  const source = fs.readFileSync(HOOK_BODY, "utf8");
  const inputs = JSON.parse(fs.readFileSync(HOOK_BODY_INPUTS, "utf8")) as string[];
  const { forbiddenModules, packages } = bundleReach(inputs, source);
  assert.deepEqual(forbiddenModules, []);
  // js-yaml is required only inside the card parser's lazy initialiser (the bare-copy test below proves a run
  // with a fresh cache never loads it).
  assert.deepEqual(packages, ["js-yaml"]);
  assert.ok(inputs.includes("lib/hook/run.ts") && inputs.includes("lib/hook/entry/user-prompt-submit.ts"), inputs.join(", "));
});

test("the bundle check sees what the CLI reaches (sanity: a CJS bundle of the CLI fails it)", () => {
  const external = Object.keys(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).dependencies);
  const out = buildSync({
    entryPoints: [path.join(REPO_ROOT, "lib", "cli", "main.ts")],
    absWorkingDir: REPO_ROOT,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    external,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const { forbiddenModules, packages } = bundleReach(Object.keys(out.metafile.inputs), out.outputFiles[0]!.text);
  assert.ok(
    forbiddenModules.some((i) => i.startsWith("lib/cli/")),
    forbiddenModules.join(", "),
  );
  assert.ok(
    packages.some((p) => p.startsWith("@modelcontextprotocol/")),
    packages.join(", "),
  );
});

test("with a fresh rank cache the hook runs with no node_modules at all (js-yaml loads only to rebuild)", () => {
  const s = sandbox([{ file: "feedback_a.md", title: "Redis cache", hook: "ttl" }]);
  try {
    // A copy of the compiled hooks with no node_modules anywhere above it: any package import would fail.
    const bare = path.join(s.root, "bare");
    fs.mkdirSync(bare);
    fs.writeFileSync(path.join(bare, "package.json"), JSON.stringify({ type: "module" }));
    fs.cpSync(path.join(REPO_ROOT, "dist", "hooks"), path.join(bare, "hooks"), { recursive: true });
    const run = (entry: string) =>
      spawnSync(process.execPath, [entry, "--host", "codex"], {
        input: JSON.stringify({ cwd: s.repo, prompt: "redis" }),
        env: { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") },
        encoding: "utf8",
      });
    ageStore(s.memory);
    assert.match(run(HOOK).stdout, /feedback_a\.md/); // builds the cache (this run needs js-yaml)
    const fresh = run(path.join(bare, "hooks", "user-prompt-submit.cjs"));
    assert.equal(fresh.status, 0, fresh.stderr);
    assert.match(fresh.stdout, /feedback_a\.md/);
  } finally {
    s.cleanup();
  }
});

test("the prompt that folds a save reads the saved card without js-yaml when its frontmatter is the plain kind memctl writes", () => {
  const s = sandbox([
    { file: "feedback_a.md", title: "Redis cache", hook: "ttl" },
    { file: "feedback_b.md", title: "Kafka lag", hook: "consumer groups" },
  ]);
  try {
    const bare = path.join(s.root, "bare");
    fs.mkdirSync(bare);
    fs.writeFileSync(path.join(bare, "package.json"), JSON.stringify({ type: "module" }));
    fs.cpSync(path.join(REPO_ROOT, "dist", "hooks"), path.join(bare, "hooks"), { recursive: true });
    const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
    const run = (entry: string, prompt: string) =>
      spawnSync(process.execPath, [entry, "--host", "codex"], { input: JSON.stringify({ cwd: s.repo, prompt }), env, encoding: "utf8" });
    ageStore(s.memory);
    assert.match(run(HOOK, "redis").stdout, /feedback_a\.md/); // builds the cache (this run needs js-yaml)
    const saved = spawnSync(process.execPath, [path.join(REPO_ROOT, "dist", "cli.js"), "save", "feedback_b", "-t", "feedback", "-d", "wombat consumer lag"], {
      env,
      encoding: "utf8",
    });
    assert.equal(saved.status, 0, saved.stderr);
    ageStore(s.memory);
    // Up to 10,000 entries every prompt checks every card: this one finds the saved card and reads it again.
    const folded = run(path.join(bare, "hooks", "user-prompt-submit.cjs"), "wombat");
    assert.equal(folded.status, 0, folded.stderr);
    assert.match(folded.stdout, /feedback_b\.md/);
    assert.doesNotMatch(folded.stdout, /UNAVAILABLE/);
  } finally {
    s.cleanup();
  }
});

// The global `performance` is a getter that loads perf_hooks (eleven internal modules, ~0.6 ms of CPU at start):
// the hook's clocks are process.hrtime's (lib/store/monotonic.ts).
test("a typical prompt loads only the builtins it uses every time (node:os, node:crypto, perf_hooks and the rest wait for their rare paths)", () => {
  const s = sandbox([{ file: "feedback_a.md", title: "Redis cache", hook: "ttl" }]);
  try {
    // A preload that records every builtin the loader and the body load, through require or getBuiltinModule.
    const preload = path.join(s.root, "record-builtins.cjs");
    const record = path.join(s.root, "builtins.txt");
    fs.writeFileSync(
      preload,
      `const Module = require("node:module"); const asked = new Set(); const note = (id) => Module.isBuiltin(id) && asked.add(id.replace(/^node:/, ""));
const get = process.getBuiltinModule; process.getBuiltinModule = (id) => (note(id), get(id));
const load = Module.prototype.require; Module.prototype.require = function (id) { note(id); return load.call(this, id); };
process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(record)}, [...asked].sort().join(" ") + (process.moduleLoadList.includes("NativeModule perf_hooks") ? " +perf_hooks" : "")));`,
    );
    // A copy of the hooks, so the code cache this flag set writes stays in the sandbox.
    const hooks = path.join(s.root, "hooks");
    fs.cpSync(path.join(REPO_ROOT, "dist", "hooks"), hooks, { recursive: true });
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(s.root, "node_modules"), "dir");
    const run = (entry: string, prompt: string, flags: string[] = []) =>
      spawnSync(process.execPath, [...flags, entry, "--host", "codex"], {
        input: JSON.stringify({ cwd: s.repo, prompt, session_id: prompt }),
        env: { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") },
        encoding: "utf8",
      });
    ageStore(s.memory);
    const entry = path.join(hooks, "user-prompt-submit.cjs");
    assert.match(run(entry, "redis").stdout, /feedback_a\.md/); // builds the rank cache (with js-yaml)
    run(entry, "redis ttl", ["--require", preload]); // writes this flag set's code cache
    const typical = run(entry, "what is the redis ttl?", ["--require", preload]);
    assert.equal(typical.status, 0, typical.stderr);
    assert.match(typical.stdout, /feedback_a\.md/);
    assert.equal(fs.readFileSync(record, "utf8"), "buffer fs path vm");
  } finally {
    s.cleanup();
  }
});
