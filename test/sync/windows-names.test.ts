// Names only Windows refuses (CON, aux.md, a:b, a trailing dot or space) merge fine on Linux and macOS, but a user
// who syncs the same store to a Windows machine gets a checkout that fails on them, and every merge there after. memctl
// keeps a store portable: a merge leaves them out (E_PATH_NOT_PORTABLE) and an agent's file tools may not create them.
// Two machines over a bare remote, the built CLI, the MCP SDK client.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, memctlOn, ok, saveCard, syncedPair } from "../support/machines.js";
import { callTool, connect } from "../lib/mcp/support.js";
import { sandbox } from "../helpers.js";

const NOT_PORTABLE = ["CON", "aux.md", "notes/nul.txt", "a:b.md", "trail.", "space ", "q?.md", "Lpt1.md"];

test("names Windows refuses, pushed by a teammate, are left out of the merge; the sync goes on", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  for (const p of NOT_PORTABLE) {
    fs.mkdirSync(path.dirname(path.join(a.mem, p)), { recursive: true });
    fs.writeFileSync(path.join(a.mem, p), "x\n");
  }
  await saveCard(a, "project", "fine", "alice's card about the release train");
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "names Windows refuses");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  const report = JSON.parse(await ok(b, ["sync", "--json"])) as { not_merged: { path: string; reason: string }[] };
  for (const p of NOT_PORTABLE) {
    const n = report.not_merged.find((x) => x.path === p);
    assert.ok(n, `${JSON.stringify(p)} not left out: ${JSON.stringify(report.not_merged)}`);
    assert.match(n.reason, /E_PATH_NOT_PORTABLE/);
    assert.ok(!fs.existsSync(path.join(b.mem, p)), `${p} checked out`);
  }
  assert.ok(fs.existsSync(path.join(b.mem, "project_fine.md")));
  await saveCard(b, "project", "mine", "bob's own card about canaries");
  await ok(b, ["sync"]);
  assert.match(gitOn(b, "ls-tree", "-r", "--name-only", "origin/main"), /project_mine\.md/);
});

test("an opted-in agent's memory_manage may not create or rename to a name Windows refuses; existing ones stay readable", async (t) => {
  const s = sandbox([{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" }]);
  t.after(() => s.cleanup());
  fs.writeFileSync(path.join(s.home, "config.toml"), "[hosts.claude]\nwrite = true\n");
  fs.writeFileSync(path.join(s.memory, "aux.md"), "made by hand\n");
  const env = { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), CLAUDECODE: "1" };
  const mcp = await connect({ cwd: s.repo, env });
  t.after(() => mcp.close());
  for (const args of [
    ...["CON", "notes/prn.md", "q|x.md", "trail.", "sub./x.md", "space ", "com3.txt"].map((p) => ({ command: "create", path: p, file_text: "x\n" })),
    { command: "rename", old_path: "feedback_testing.md", new_path: "nul.md" },
  ]) {
    const r = await callTool(mcp.client, "memory_manage", args);
    assert.equal(r.isError, true, `${JSON.stringify(args)}: ${r.text}`);
    assert.equal(r.code, "E_PATH_NOT_PORTABLE", `${JSON.stringify(args)}: ${r.text}`);
  }
  assert.ok(fs.existsSync(path.join(s.memory, "feedback_testing.md")));
  assert.equal((await callTool(mcp.client, "memory_view", { path: "aux.md" })).isError, false);
  // Renaming the hand-made one away is how it leaves.
  const away = await callTool(mcp.client, "memory_manage", { command: "rename", old_path: "aux.md", new_path: "notes-aux.md" });
  assert.equal(away.isError, false, away.text);
  const fine = await callTool(mcp.client, "memory_manage", { command: "create", path: "notes/console.md", file_text: "fine\n" });
  assert.equal(fine.isError, false, fine.text);
  await mcp.close();
});

test("names Windows refuses that the owner commits by hand are pushed with a warning from sync and doctor, saying what to do", async (t) => {
  const { b } = await syncedPair(t, "shared");
  await ok(b, ["sync"]);
  const own = ["CON.md", "aux.md", "notes/a:b.md", "trail."];
  for (const p of own) {
    fs.mkdirSync(path.dirname(path.join(b.mem, p)), { recursive: true });
    fs.writeFileSync(path.join(b.mem, p), "made by hand\n");
  }
  gitOn(b, "add", "-A");
  gitOn(b, "commit", "-q", "--no-verify", "-m", "by hand");
  const report = JSON.parse(await ok(b, ["sync", "--json"])) as { not_portable?: { path: string; problem: string }[] };
  assert.deepEqual((report.not_portable ?? []).map((x) => x.path).sort(), [...own].sort(), JSON.stringify(report.not_portable));
  const text = await ok(b, ["sync"]);
  assert.match(text, /Windows/);
  assert.match(text, /CON\.md/);
  assert.match(text, /rename/);
  const doctor = JSON.parse((await memctlOn(b, ["doctor", "--json"])).stdout) as { sync: { not_portable: { path: string }[] }; warnings_count: number };
  assert.deepEqual(doctor.sync.not_portable.map((x) => x.path).sort(), [...own].sort());
  const doctorText = (await memctlOn(b, ["doctor"])).stdout;
  assert.match(doctorText, /Windows/);
  assert.match(doctorText, /aux\.md/);
  // Renamed away, the warning goes.
  for (const p of own) gitOn(b, "mv", "--", p, `${p.replace(/[^a-z]/gi, "-")}-renamed.md`);
  const after = JSON.parse(await ok(b, ["sync", "--json"])) as { not_portable?: unknown[] };
  assert.deepEqual(after.not_portable ?? [], []);
  assert.deepEqual((JSON.parse((await memctlOn(b, ["doctor", "--json"])).stdout) as { sync: { not_portable: unknown[] } }).sync.not_portable, []);
});
