// The per-prompt hook must start fast: its static import graph may not reach installers, MCP, the CLI
// framework, or the YAML parser (loaded only when the rank cache is rebuilt).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers.js";

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/gm;

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

test("dist/hooks/user-prompt-submit.js pulls in no installer, MCP, CLI framework or YAML parser", () => {
  const entry = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.js");
  assert.ok(fs.existsSync(entry), "run npm run build first");
  const { files, packages } = staticGraph(entry);
  const forbiddenPackages = packages.filter((p) => /^(@modelcontextprotocol|js-yaml|gray-matter|fast-glob|picocolors|write-file-atomic|proper-lockfile)/.test(p));
  assert.deepEqual(forbiddenPackages, []);
  const sources = files.map((f) => fs.readFileSync(f, "utf8")).join("\n");
  // esbuild marks each bundled module with a "// path" comment: none may come from install/ or lib/cli/.
  assert.doesNotMatch(sources, /^\/\/ (install\/|lib\/cli\/)/m);
  assert.ok(packages.every((p) => p.startsWith("node:") || p === "smol-toml"), `unexpected packages: ${packages.join(", ")}`);
});

test("the graph walker sees through chunks (sanity: the CLI graph does reach lib/cli)", () => {
  const { files } = staticGraph(path.join(REPO_ROOT, "dist", "cli.js"));
  assert.match(files.map((f) => fs.readFileSync(f, "utf8")).join("\n"), /^\/\/ lib\/cli\//m);
});
