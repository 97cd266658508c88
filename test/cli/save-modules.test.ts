import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { makeWorld, spawnEnv } from "../support/fixture.js";
import { KEYS_STAND_IN, modelScript, recallConfig } from "../support/keys-fixture.js";

// A save loads the model runner (node:child_process, lib/compact/generate.ts) only for `[recall] on_save`, and the
// proposal writer only for a staged host save: every module a save loads is start-up time it pays at any store size
// (issue 32). The real CLI, as a user runs it; Node's own list of the builtins it loaded.

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const REPORT = `data:text/javascript,process.on("exit",()=>process.stderr.write("\\nLOADED "+JSON.stringify(process.moduleLoadList.filter((m)=>m.includes("child_process")))+"\\n"))`;

test("a save, new card or update, does not load node:child_process", (t) => {
  const s = sandbox([{ file: "feedback_a.md", title: "A", hook: "hook a" }]);
  t.after(() => s.cleanup());
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory };
  for (const argv of [
    ["save", "kiwi", "-t", "project", "-d", "kiwi is green"],
    ["save", "feedback_a", "-d", "hook a, updated"],
  ]) {
    const r = spawnSync(process.execPath, ["--import", REPORT, CLI, ...argv], { cwd: s.repo, env, encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^✓ (created|updated) /);
    assert.equal(/^LOADED (.*)$/m.exec(r.stderr)?.[1], "[]", `${argv.join(" ")}: ${r.stderr}`);
  }
});

// Each module Node loads is CPU time to resolve, read, compile and link: `memctl save` runs from one bundle
// (dist/cli-save.cjs, lib/cli/save-bin.ts), not the ~36 chunks of the split build. Every file the CLI loads is
// recorded through documented APIs: ES modules by a loader hook (module.register), CommonJS ones from require.cache.
test("a save, new card or update, loads its code from the save bundle, not from the CLI's chunks", (t) => {
  const s = sandbox([{ file: "feedback_a.md", title: "A", hook: "hook a" }]);
  t.after(() => s.cleanup());
  const loaded = path.join(s.home, "loaded.txt");
  const hooks = path.join(s.home, "hooks.mjs");
  fs.writeFileSync(
    hooks,
    'import { appendFileSync } from "node:fs";\nimport { fileURLToPath } from "node:url";\nlet out;\nexport function initialize(data) { out = data.out; }\n' +
      'export async function load(url, context, next) { if (url.startsWith("file:")) appendFileSync(out, fileURLToPath(url) + "\\n"); return next(url, context); }\n',
  );
  const preload = path.join(s.home, "preload.cjs");
  fs.writeFileSync(
    preload,
    `const out = ${JSON.stringify(loaded)};\nrequire("node:module").register(${JSON.stringify(pathToFileURL(hooks).href)}, { data: { out } });\n` +
      'process.on("exit", () => require("node:fs").appendFileSync(out, Object.keys(require.cache).map((f) => f + "\\n").join("")));\n',
  );
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory };
  const dist = path.join(REPO_ROOT, "dist");
  for (const argv of [
    ["save", "kiwi", "-t", "project", "-d", "kiwi is green"],
    ["save", "feedback_a", "-d", "hook a, updated"],
  ]) {
    fs.rmSync(loaded, { force: true });
    const r = spawnSync(process.execPath, ["--require", preload, CLI, ...argv], { cwd: s.repo, env, encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^✓ (created|updated) /);
    const all = fs.readFileSync(loaded, "utf8").trim().split("\n");
    const files = [...new Set(all.filter((f) => f.startsWith(dist + path.sep)).map((f) => path.relative(dist, f)))];
    // cli.js, the esbuild helpers it shares with the chunks, and the save bundle: no chunk of any command.
    assert.ok(files.includes("cli-save.cjs"), `${argv.join(" ")}: ${files.join(", ")}`);
    assert.equal(files.filter((f) => f.startsWith(`chunks${path.sep}`)).length, 1, `${argv.join(" ")}: ${files.join(", ")}`);
  }
});

// What the save bundle inlines but runs only when used still runs from it: [recall] on_save's model runner.
test("through the save bundle, [recall] on_save still runs the configured model and records its keys", () => {
  const w = makeWorld();
  recallConfig(w, [modelScript(w, "stand-in", KEYS_STAND_IN)], undefined, "on_save = true\n");
  const r = spawnSync(process.execPath, [CLI, "save", "on", "-t", "user", "-d", "saved with on_save on"], { cwd: w.repo, env: spawnEnv(w), encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /\[recall\] on_save: model:stand-in wrote 10 recall keys/);
  assert.match(fs.readFileSync(path.join(w.mem, "user_on.md"), "utf8"), /recall:\n {2}- why does on keep failing\n/);
});
