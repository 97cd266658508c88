import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readHistory } from "../../lib/store/history.js";
import { parseIndex } from "../../lib/core/index-file.js";
import { CLI, makeWorld, spawnEnv, type World } from "../support/fixture.js";

// Process-level claims: real concurrent `node dist/cli.js` processes (build first: npm run build).

function runCli(
  world: World,
  argv: string[],
  env: NodeJS.ProcessEnv = {},
): { child: ReturnType<typeof spawn>; done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> } {
  const child = spawn(process.execPath, [CLI, ...argv], { cwd: world.repo, env: { ...spawnEnv(world), ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stderr })),
  );
  return { child, done };
}

test("100 concurrent `memctl log` processes leave exactly 100 intact JSON lines", { timeout: 600_000 }, async () => {
  const w = makeWorld();
  const runs = Array.from({ length: 100 }, (_, i) => runCli(w, ["log", "--host", "generic", "--summary", `episode ${i} ${"é".repeat(i * 20)}`]).done);
  const results = await Promise.all(runs);
  assert.deepEqual(
    results.filter((r) => r.code !== 0).map((r) => r.stderr),
    [],
  );
  const lines = fs.readFileSync(path.join(w.mem, "episodes.jsonl"), "utf8").split("\n");
  assert.equal(lines.pop(), "", "ends with a newline");
  assert.equal(lines.length, 100);
  const summaries = new Set(lines.map((l) => JSON.parse(l).summary as string));
  for (let i = 0; i < 100; i++) assert.ok(summaries.has(`episode ${i} ${"é".repeat(i * 20)}`), `episode ${i} intact`);
});

test("20 concurrent `memctl save` processes of different cards give one consistent index with all 20", { timeout: 600_000 }, async () => {
  const w = makeWorld();
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) => runCli(w, ["save", `card-${i}`, "-t", "project", "-d", `card number ${i}`]).done));
  assert.deepEqual(
    results.filter((r) => r.code !== 0).map((r) => r.stderr),
    [],
  );
  const index = fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8");
  assert.ok(index.startsWith("# Memory\n\nIndex.\n"), "the rest of the index is intact");
  const files = parseIndex(index)
    .entries.map((e) => e.file)
    .sort();
  assert.deepEqual(files, Array.from({ length: 20 }, (_, i) => `project_card-${i}.md`).sort());
  const history = readHistory(w.mem);
  assert.equal(history.malformed, 0);
  assert.equal(history.entries.length, 20);
  assert.ok(history.entries.every((e) => e.rev === 1 && e.op === "create"));
});

test("SIGKILL in the middle of a save leaves the old card, index and history — never a torn file", { timeout: 600_000 }, async () => {
  const w = makeWorld();
  const first = await runCli(w, ["save", "x", "-t", "project", "-d", "old description", "--body-file", "-"]).done;
  assert.equal(first.code, 0, first.stderr);
  const card = path.join(w.mem, "project_x.md");
  const before = {
    card: fs.readFileSync(card, "utf8"),
    index: fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"),
    history: fs.readFileSync(path.join(w.mem, ".memctl/history.jsonl"), "utf8"),
  };

  const bodyFile = path.join(w.root, "body.md");
  fs.writeFileSync(bodyFile, "new body\n".repeat(5000));
  const writer = runCli(w, ["save", "x", "-d", "new description", "--body-file", bodyFile], { MEMCTL_PAUSE_BEFORE_COMMIT_MS: "30000" });
  // Wait until the new content sits complete in its temp file: the write is really in flight.
  const deadline = Date.now() + 20_000;
  while (!fs.readdirSync(w.mem).some((f) => f.startsWith(".project_x.md.") && f.endsWith(".tmp"))) {
    assert.ok(Date.now() < deadline, "the writer never reached the pause point");
    await new Promise((r) => setTimeout(r, 20));
  }
  writer.child.kill("SIGKILL");
  assert.equal((await writer.done).signal, "SIGKILL");

  assert.equal(fs.readFileSync(card, "utf8"), before.card);
  assert.equal(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), before.index);
  assert.equal(fs.readFileSync(path.join(w.mem, ".memctl/history.jsonl"), "utf8"), before.history);

  // The dead writer's lock does not wedge the store: the next save goes through and sees the old card.
  const next = await runCli(w, ["save", "x", "-d", "newer description"]).done;
  assert.equal(next.code, 0, next.stderr);
  assert.match(fs.readFileSync(card, "utf8"), /description: newer description/);
  assert.equal(readHistory(w.mem).entries.at(-1)!.rev, 2);
  assert.deepEqual(
    fs.readdirSync(w.mem).filter((f) => f.endsWith(".tmp")),
    [],
    "the dead writer's temp file is swept",
  );
});
