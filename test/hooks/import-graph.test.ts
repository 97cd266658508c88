// The per-prompt hook must start fast: what it loads may not reach installers, MCP, the CLI framework, or
// (while the rank cache is fresh) the YAML parser.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.js");
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/gm;

/** The files and packages reachable from an ES module through static imports (dynamic import() excluded). */
function staticGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const m of fs.readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      const spec = m[1]!;
      if (spec.startsWith(".")) visit(path.resolve(path.dirname(file), spec));
      else packages.add(spec);
    }
  };
  visit(entry);
  return { files: [...files], packages: [...packages] };
}

test("the hook's static import graph holds no installer, MCP, CLI framework, YAML parser or other package", () => {
  assert.ok(fs.existsSync(HOOK), "run npm run build first");
  const { files, packages } = staticGraph(HOOK);
  assert.deepEqual(packages.filter((p) => !p.startsWith("node:")), []);
  const sources = files.map((f) => fs.readFileSync(f, "utf8")).join("\n");
  // esbuild marks each bundled module with a "// path" comment.
  assert.doesNotMatch(sources, /^\/\/ (install\/|lib\/cli\/|node_modules\/(?!smol-toml\/))/m); // smol-toml is bundled on purpose
  assert.match(sources, /^\/\/ lib\/hook\/run\.ts$/m);
});

test("the graph walker sees through chunks (sanity: the CLI graph does reach lib/cli)", () => {
  const { files } = staticGraph(path.join(REPO_ROOT, "dist", "cli.js"));
  assert.match(files.map((f) => fs.readFileSync(f, "utf8")).join("\n"), /^\/\/ lib\/cli\//m);
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
    const fresh = run(path.join(bare, "hooks", "user-prompt-submit.js"));
    assert.equal(fresh.status, 0, fresh.stderr);
    assert.match(fresh.stdout, /feedback_a\.md/);
  } finally {
    s.cleanup();
  }
});
