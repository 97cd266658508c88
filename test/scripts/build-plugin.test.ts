// plugin/ is build output committed for marketplaces (a marketplace install is a plain git clone). These tests
// hold it to three promises: it is what the build makes of the committed sources (not stale), it runs with
// nothing installed but Node (no node_modules anywhere above it), and it names no path of the building machine.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { pathToFileURL } from "node:url";
import { initRepo, REPO_ROOT, tempDir } from "../helpers.js";

const git = (args: string[], cwd = REPO_ROOT) => execFileSync("git", args, { cwd, encoding: "buffer", maxBuffer: 64 << 20 });

/** Path → bytes of every file under plugin/ in HEAD. */
function committedPlugin(): Map<string, Buffer> {
  const names = git(["ls-tree", "-r", "--name-only", "HEAD", "--", "plugin"]).toString("utf8").split("\n").filter(Boolean);
  return new Map(names.map((n) => [n.slice("plugin/".length), git(["show", `HEAD:${n}`])]));
}

function filesIn(dir: string): Map<string, Buffer> {
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(entries.map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), fs.readFileSync(path.join(e.parentPath, e.name))]));
}

test("the committed plugin/ is what `npm run build` makes of the committed sources", { timeout: 120_000 }, (t) => {
  const dir = tempDir("memctl-plugin-fresh-");
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // HEAD's sources, built apart from the working tree (its own edits and plugin/ do not count).
  const src = path.join(dir, "src");
  fs.mkdirSync(src);
  execFileSync("sh", ["-c", `git archive HEAD | tar -x -C "${src}"`], { cwd: REPO_ROOT });
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(src, "node_modules"));
  const out = path.join(dir, "out");
  const built = spawnSync(process.execPath, ["scripts/build-plugin.mjs", out], { cwd: src, encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  const fresh = filesIn(out);
  const committed = committedPlugin();
  const stale = [...new Set([...fresh.keys(), ...committed.keys()])].filter((f) => !fresh.get(f)?.equals(committed.get(f) ?? Buffer.alloc(0)) || !committed.has(f));
  assert.deepEqual(stale.sort(), [], "plugin/ is stale: run `npm run build` and commit plugin/ with the sources it was built from");
});

/** A copy of plugin/ with no node_modules above it, a git project and a copy of sample-store/, removed after the test. */
function bareCopy(t: TestContext, prefix: string): { dir: string; plugin: string; project: string; store: string } {
  const dir = tempDir(prefix);
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const plugin = path.join(dir, "plugin");
  fs.cpSync(path.join(REPO_ROOT, "plugin"), plugin, { recursive: true });
  const project = path.join(dir, "proj");
  initRepo(project);
  const store = path.join(dir, "store");
  fs.cpSync(path.join(REPO_ROOT, "sample-store"), store, { recursive: true });
  return { dir, plugin, project, store };
}

test("the plugin runs from a folder with no node_modules: the hook injects, the CLI runs, the MCP server lists its tools and answers a search", { timeout: 60_000 }, async (t) => {
  const { dir, plugin, project, store } = bareCopy(t, "memctl-plugin-bare-");
  const env = { PATH: path.dirname(process.execPath), HOME: path.join(dir, "home"), MEMCTL_MEMORY_DIR: store, MEMCTL_CONFIG_FILE: path.join(dir, "none.toml") };

  // Started exactly as plugin/hooks/hooks.json says, with the plugin root filled in as Claude does.
  const hooks = JSON.parse(fs.readFileSync(path.join(plugin, "hooks", "hooks.json"), "utf8"));
  const command: string = hooks.hooks.UserPromptSubmit[0].hooks[0].command.replaceAll("${CLAUDE_PLUGIN_ROOT}", plugin);
  const hook = spawnSync("sh", ["-c", command], {
    cwd: project,
    env,
    input: JSON.stringify({ session_id: "s1", cwd: project, hook_event_name: "UserPromptSubmit", prompt: "how do we write a new database migration?" }),
    encoding: "utf8",
  });
  assert.equal(hook.status, 0, hook.stderr);
  assert.match(hook.stdout, /project_migrations\.md/);

  const mcp = JSON.parse(fs.readFileSync(path.join(plugin, ".mcp.json"), "utf8")).mcpServers.memctl as { command: string; args: string[] };
  assert.equal(mcp.command, "node");
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: mcp.args.map((a) => a.replaceAll("${CLAUDE_PLUGIN_ROOT}", plugin)),
    cwd: project,
    env,
    stderr: "pipe",
  });
  const client = new Client({ name: "memctl-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    for (const name of ["memory_context", "memory_view", "memory_search", "memory_propose"]) assert.ok(names.includes(name), `${name} in ${names.join(", ")}`);
    // A call through the vendored SDK and zod (one copy of each: the SDK validates our tools' schemas with it).
    const found = await client.callTool({ name: "memory_search", arguments: { query: "database migration" } });
    assert.notEqual(found.isError, true, JSON.stringify(found));
    assert.match(JSON.stringify(found.content), /project_migrations/);
  } finally {
    await client.close();
  }
});

test("the plugin names no path of the building machine, and every plugin-root path it names exists", () => {
  const files = filesIn(path.join(REPO_ROOT, "plugin"));
  for (const [name, bytes] of files) {
    if (name.endsWith(".v8cache")) continue;
    const text = bytes.toString("utf8");
    for (const local of [REPO_ROOT, os.homedir(), os.tmpdir()]) assert.ok(!text.includes(`${local}${path.sep}`), `plugin/${name} names ${local}`);
    for (const m of text.matchAll(/\$\{(?:CLAUDE_)?PLUGIN_ROOT\}\/([\w./-]+)/g)) assert.ok(files.has(m[1]!), `plugin/${name} names ${m[0]}, which the plugin lacks`);
  }
});

/** HEAD's sources in a temp folder with the repo's node_modules linked, ready for scripts/build-plugin.mjs. */
function headSources(dir: string): string {
  const src = path.join(dir, "src");
  fs.mkdirSync(src);
  execFileSync("sh", ["-c", `git archive HEAD | tar -x -C "${src}"`], { cwd: REPO_ROOT });
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(src, "node_modules"));
  return src;
}

test("a reviewer can read a plugin update: a module's edit, or a new import between two modules, changes that module's file alone", { timeout: 180_000 }, (t) => {
  const dir = tempDir("memctl-plugin-diff-");
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const src = headSources(dir);
  const build = (out: string) => {
    const r = spawnSync(process.execPath, ["scripts/build-plugin.mjs", path.join(dir, out)], { cwd: src, encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    return filesIn(path.join(dir, out));
  };
  const changedFiles = (before: Map<string, Buffer>, after: Map<string, Buffer>) => {
    assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort(), "no file appears or goes");
    return [...after].filter(([name, bytes]) => !before.get(name)!.equals(bytes)).map(([name]) => name);
  };
  const before = build("before");
  // No content hash in any name: each module's file is at its source path, a vendor chunk named after what it holds.
  const hashed = [...before.keys()].filter((name) => /-[A-Z0-9]{8}\.m?js$/.test(name));
  assert.deepEqual(hashed, []);
  // Not minified: the source's own names and one statement a line.
  assert.match(before.get("dist/lib/sync/merge-driver.js")?.toString("utf8") ?? "", /function runMergeDriver\(/);

  // One command's module edited: only its file differs.
  const doctor = path.join(src, "lib", "cli", "doctor.ts");
  const original = fs.readFileSync(doctor, "utf8");
  fs.appendFileSync(doctor, '\n(globalThis as Record<string, unknown>).memctlProbe = "an edit";\n');
  assert.deepEqual(changedFiles(before, build("edited")), ["dist/lib/cli/doctor.js"]);

  // The import graph changed: doctor now also imports the save command, which only the command table reached
  // before. A bundle split by which entries reach a module moves save's code into a shared chunk and rewrites
  // every chunk that imports it; here only the importer's file changes.
  fs.writeFileSync(doctor, `import { run as memctlProbeSave } from "./save.js";\n${original}\n(globalThis as Record<string, unknown>).memctlProbe = memctlProbeSave;\n`);
  assert.deepEqual(changedFiles(before, build("imported")), ["dist/lib/cli/doctor.js"]);
});

test("the plugin's CLI holds one copy of each package module, in dist/vendor/, and each source module is its own file", () => {
  const files = filesIn(path.join(REPO_ROOT, "plugin"));
  // esbuild marks each bundled module's code with a `// node_modules/…` (or `// lib/…`) line naming its source.
  const holders = new Map<string, string[]>();
  for (const [name, bytes] of files) {
    if (!name.startsWith("dist/") || name.startsWith("dist/hooks/") || !/\.m?js$/.test(name)) continue;
    for (const marker of new Set(bytes.toString("utf8").match(/^\/\/ (node_modules|lib|hosts|install)\/\S+$/gm) ?? [])) {
      holders.set(marker, [...(holders.get(marker) ?? []), name]);
    }
  }
  const packages = [...holders].filter(([marker]) => marker.startsWith("// node_modules/"));
  assert.ok(
    packages.some(([marker]) => marker.startsWith("// node_modules/zod/")),
    "zod is bundled",
  );
  assert.deepEqual(
    packages.filter(([, names]) => names.length > 1 || !names[0]!.startsWith("dist/vendor/")),
    [],
  );
  const own = [...holders].filter(([marker]) => !marker.startsWith("// node_modules/"));
  assert.ok(own.length > 100, `${own.length} source modules`);
  for (const [marker, names] of own) {
    const source = marker.slice(3);
    assert.deepEqual(names, [source === "lib/cli/bin.ts" ? "dist/cli.mjs" : `dist/${source.replace(/\.ts$/, ".js")}`], marker);
  }
});

// Each package the plugin vendors loads from a bare copy with the names its importers use. jsonc-parser's npm "main"
// is a UMD file whose parts a bundle cannot follow: its vendor file once failed with "Cannot find module
// './impl/format'", and with it every plugin command that reaches the one JSONC reader.
test("every package the plugin vendors loads from a bare copy, jsonc-parser's parser included", { timeout: 60_000 }, (t) => {
  const { plugin } = bareCopy(t, "memctl-plugin-vendor-");
  const vendor = path.join(plugin, "dist", "vendor");
  const files = fs.readdirSync(vendor, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js") && !f.startsWith(`chunks${path.sep}`));
  assert.ok(files.includes("jsonc-parser.js"), files.join(", "));
  for (const file of files) {
    const url = pathToFileURL(path.join(vendor, file)).href;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", `const m = await import(${JSON.stringify(url)}); console.log(Object.keys(m).length);`], {
      encoding: "utf8",
    });
    assert.equal(r.status, 0, `${file}: ${r.stderr}`);
    assert.ok(Number(r.stdout) > 0, `${file} exports nothing`);
  }
  const parse = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { parse } = await import(${JSON.stringify(pathToFileURL(path.join(vendor, "jsonc-parser.js")).href)}); console.log(JSON.stringify(parse('{ // c\\n "a": 1, }')));`,
    ],
    { encoding: "utf8" },
  );
  assert.equal(parse.stdout.trim(), '{"a":1}', parse.stderr);
});

// `memctl save` from the plugin runs the same one-file bundle as the package's (scripts/build-save.mjs), started by
// the plugin's entry as the hooks and commands name it, from a copy with no node_modules above it: every file it
// loads is recorded (ES modules by a loader hook, CommonJS from require.cache), and secretlint, which the bundle
// imports lazily from dist/vendor/, still refuses a secret.
test("the plugin's `memctl save` runs from its one-file bundle in a bare copy: a new card, an update, a secret refused", { timeout: 60_000 }, (t) => {
  const { dir, plugin, project, store } = bareCopy(t, "memctl-plugin-save-");
  const loaded = path.join(dir, "loaded.txt");
  const hooks = path.join(dir, "hooks.mjs");
  fs.writeFileSync(
    hooks,
    'import { appendFileSync } from "node:fs";\nimport { fileURLToPath } from "node:url";\nlet out;\nexport function initialize(data) { out = data.out; }\n' +
      'export async function load(url, context, next) { if (url.startsWith("file:")) appendFileSync(out, fileURLToPath(url) + "\\n"); return next(url, context); }\n',
  );
  const preload = path.join(dir, "preload.cjs");
  fs.writeFileSync(
    preload,
    `const out = ${JSON.stringify(loaded)};\nrequire("node:module").register(${JSON.stringify(pathToFileURL(hooks).href)}, { data: { out } });\n` +
      'process.on("exit", () => require("node:fs").appendFileSync(out, Object.keys(require.cache).map((f) => f + "\\n").join("")));\n',
  );
  const env = { PATH: path.dirname(process.execPath), HOME: path.join(dir, "home"), MEMCTL_MEMORY_DIR: store, MEMCTL_CONFIG_FILE: path.join(dir, "none.toml") };
  const cli = path.join(plugin, "dist", "cli.mjs");
  const save = (...argv: string[]) => {
    fs.rmSync(loaded, { force: true });
    const r = spawnSync(process.execPath, ["--require", preload, cli, "save", ...argv], { cwd: project, env, encoding: "utf8" });
    const files = [...new Set(fs.readFileSync(loaded, "utf8").trim().split("\n"))].filter((f) => f.startsWith(plugin + path.sep)).map((f) => path.relative(plugin, f));
    return { ...r, files };
  };

  const created = save("kiwi", "-t", "project", "-d", "kiwi is green");
  assert.equal(created.status, 0, created.stderr);
  assert.match(created.stdout, /^✓ created project_kiwi\.md \(rev 1, human\)/);
  // The entry and the bundle: no module of lib/ or any package file.
  assert.deepEqual(created.files.sort(), ["dist/cli-save.cjs", "dist/cli.mjs", "dist/lib/hook/session-start-args.js"].sort());
  assert.match(fs.readFileSync(path.join(store, "MEMORY.md"), "utf8"), /^- \[kiwi\]\(project_kiwi\.md\) — kiwi is green$/m);

  const updated = save("kiwi", "-d", "kiwi is green and ripe");
  assert.equal(updated.status, 0, updated.stderr);
  assert.match(updated.stdout, /^✓ updated project_kiwi\.md \(rev 2, human\)/);

  const before = fs.readFileSync(path.join(store, "project_kiwi.md"));
  const secret = save("kiwi", "-d", `token ghp_${"aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5"}`, "--json");
  assert.equal(secret.status, 1, secret.stdout);
  assert.equal(JSON.parse(secret.stdout).error.code, "E_SECRET");
  assert.ok(
    secret.files.some((f) => f.startsWith(`dist${path.sep}vendor${path.sep}@secretlint`)),
    secret.files.join(", "),
  );
  assert.ok(fs.readFileSync(path.join(store, "project_kiwi.md")).equals(before), "nothing written");
});
