import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readHistory } from "../../lib/store/history.js";
import { CLI, makeWorld, type World } from "../support/fixture.js";

// `memctl import` writes as `system`: memctl's importer, run by the owner, which the store-wide limits do not bind
// (lib/records/guardrails.ts storeLimitsBind). An opted-in host's shell ran it too, so its import went past the
// store's file limit that binds every other write of that host, and its cards read as memctl's own in history.
// A host's import is now the host's: attributed to it, and bound by the limits as its saves are.

function card(name: string): string {
  return `---\nname: ${name}\ndescription: imported ${name}\ntype: project\n---\nbody of ${name}\n`;
}

function run(w: World, args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [CLI, ...args], { cwd: w.repo, env: { PATH: process.env.PATH ?? "", HOME: w.home, ...w.env, ...env }, encoding: "utf8" });
}

function folder(w: World, n: number): string {
  const dir = path.join(w.root, "elsewhere", "memory");
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < n; i++) fs.writeFileSync(path.join(dir, `project_note-${i}.md`), card(`note-${i}`));
  return dir;
}

test("an opted-in host's import is the host's: attributed to it and bound by the store's file limit; the owner's is system's", () => {
  const w = makeWorld();
  const from = folder(w, 12);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, "[hosts.claude]\nwrite = true\n\n[guardrails]\nmax_files = 8\n");
  const host = run(w, ["import", "claude", "--from", from, "--yes", "--json"], { CLAUDECODE: "1" });
  assert.notEqual(host.status, 0, host.stdout);
  assert.match(host.stdout + host.stderr, /E_GUARDRAIL/);
  assert.deepEqual(
    fs.readdirSync(w.mem).filter((f) => f.startsWith("project_")),
    [],
    "nothing imported past the limit",
  );

  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, "[hosts.claude]\nwrite = true\n");
  const small = run(w, ["import", "claude", "--from", from, "--yes", "--json"], { CLAUDECODE: "1" });
  assert.equal(small.status, 0, small.stderr);
  assert.deepEqual([...new Set(readHistory(w.mem).entries.map((e) => e.actor))], ["host:claude"]);

  // The owner's own import stays memctl's (system), unbound by the store's size as before.
  const w2 = makeWorld();
  fs.writeFileSync(w2.env.MEMCTL_CONFIG_FILE!, "[guardrails]\nmax_files = 8\n");
  const owner = run(w2, ["import", "claude", "--from", folder(w2, 12), "--yes", "--json"]);
  assert.equal(owner.status, 0, owner.stderr);
  assert.deepEqual([...new Set(readHistory(w2.mem).entries.map((e) => e.actor))], ["system"]);
});
