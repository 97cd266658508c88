import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import type { MemctlError } from "../../../lib/core/errors.js";
import { runMemoryCommand } from "../../../lib/records/file-tools.js";
import { DEFAULT_GUARDRAILS, type Guardrails } from "../../../lib/records/guardrails.js";
import { historyPath } from "../../../lib/store/history.js";
import { saveCard, type WriteContext } from "../../../lib/records/save.js";
import { scratchDir } from "../../support/scratch.js";

function ctx(limits: Partial<Guardrails>): WriteContext {
  const memoryDir = fs.realpathSync(scratchDir("memctl-guard-"));
  return { memoryDir, actor: "human", now: new Date("2026-12-02T09:40:00.000Z"), guardrails: limits };
}

/** Every file and its bytes, history included: "nothing written" means this does not change. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = fs.readFileSync(full, "utf8");
    }
  };
  walk(dir);
  return out;
}

async function refusedWithoutWriting(c: WriteContext, fn: () => Promise<unknown>, limit: string): Promise<void> {
  const before = snapshot(c.memoryDir);
  await assert.rejects(fn, (e: MemctlError) => e.code === "E_GUARDRAIL" && e.data?.limit === limit);
  assert.deepEqual(snapshot(c.memoryDir), before);
}

test("maxFileBytes: exactly at the limit is written, one byte over is refused and nothing changes", async () => {
  const c = ctx({ maxFileBytes: 100 });
  await runMemoryCommand(c, { command: "create", path: "a.md", file_text: "x".repeat(100) });
  await refusedWithoutWriting(c, () => runMemoryCommand(c, { command: "create", path: "b.md", file_text: "x".repeat(101) }), "maxFileBytes");
  await refusedWithoutWriting(c, () => runMemoryCommand(c, { command: "insert", path: "a.md", insert_line: 0, insert_text: "" }), "maxFileBytes");
  await refusedWithoutWriting(c, () => runMemoryCommand(c, { command: "str_replace", path: "a.md", old_str: "x".repeat(100), new_str: "é".repeat(51) }), "maxFileBytes");
  await runMemoryCommand(c, { command: "str_replace", path: "a.md", old_str: "x".repeat(100), new_str: "é".repeat(50) });
});

test("maxTotalBytes counts every file outside .memctl and is exact at the boundary", async () => {
  const c = ctx({ maxTotalBytes: 50 });
  await runMemoryCommand(c, { command: "create", path: "a.md", file_text: "x".repeat(30) });
  assert.ok(fs.existsSync(historyPath(c.memoryDir)), "history exists and does not count");
  await runMemoryCommand(c, { command: "create", path: "b.md", file_text: "x".repeat(20) });
  await refusedWithoutWriting(c, () => runMemoryCommand(c, { command: "create", path: "c.md", file_text: "x" }), "maxTotalBytes");
  await refusedWithoutWriting(c, () => runMemoryCommand(c, { command: "str_replace", path: "b.md", old_str: "x".repeat(20), new_str: "y".repeat(21) }), "maxTotalBytes");
  await runMemoryCommand(c, { command: "str_replace", path: "b.md", old_str: "x".repeat(20), new_str: "y".repeat(20) });
});

test("maxFiles: the Nth file is fine, the N+1th is refused; rewriting an existing file is not a new file", async () => {
  const c = ctx({ maxFiles: 3 });
  for (const f of ["a", "b", "c"]) await runMemoryCommand(c, { command: "create", path: `${f}.md`, file_text: f });
  await refusedWithoutWriting(c, () => runMemoryCommand(c, { command: "create", path: "d.md", file_text: "d" }), "maxFiles");
  await runMemoryCommand(c, { command: "insert", path: "a.md", insert_line: 1, insert_text: "more" });
});

test("maxDepth and maxSegmentBytes are exact, for create and rename", async () => {
  const c = ctx({ maxDepth: 3, maxSegmentBytes: 8 });
  await runMemoryCommand(c, { command: "create", path: "a/b/c.md", file_text: "x" });
  await refusedWithoutWriting(c, () => runMemoryCommand(c, { command: "create", path: "a/b/c/d.md", file_text: "x" }), "maxDepth");
  await runMemoryCommand(c, { command: "create", path: "12345678", file_text: "x" });
  await refusedWithoutWriting(c, () => runMemoryCommand(c, { command: "create", path: "123456789", file_text: "x" }), "maxSegmentBytes");
  await refusedWithoutWriting(c, () => runMemoryCommand(c, { command: "rename", old_path: "a", new_path: "z/y/a" }), "maxDepth");
});

test("save is bound by the same guardrails", async () => {
  const c = ctx({ maxFileBytes: 200 });
  await refusedWithoutWriting(c, () => saveCard(c, { name: "big", type: "user", description: "d", body: "x".repeat(200) }), "maxFileBytes");
});

test("the owner's save grows a store past the default 2,000 files and 10 MiB; an agent's file-tool create and a host's save are still refused", async () => {
  const c = ctx({});
  const card = (i: number) => `---\nname: c${i}\ndescription: card ${i}\nmetadata:\n  node_type: memory\n  type: project\n---\n${"x".repeat(5200)}\n`;
  for (let i = 0; i < 2001; i++) fs.writeFileSync(path.join(c.memoryDir, `project_c${i}.md`), card(i)); // 2,001 files, ~10.5 MB
  const saved = await saveCard(c, { name: "one-more", type: "project", description: "the owner's 2,002nd card" });
  assert.equal(saved.op, "create");
  const updated = await saveCard(c, { name: "c7", description: "an update past the limits" });
  assert.equal(updated.op, "update");
  const host = { ...c, actor: "host:claude" };
  await refusedWithoutWriting(host, () => runMemoryCommand(host, { command: "create", path: "notes.md", file_text: "agent notes" }), "maxFiles");
  await refusedWithoutWriting(host, () => saveCard(host, { name: "from-host", type: "project", description: "a host's save" }), "maxFiles");
  // The file tools are the agents' interface: they are bound whoever calls them.
  await refusedWithoutWriting(c, () => runMemoryCommand(c, { command: "create", path: "owner-notes.md", file_text: "via the memory tool" }), "maxFiles");
  // Per-file size binds the owner too.
  const small = { ...c, guardrails: { maxFileBytes: 300 } };
  await refusedWithoutWriting(small, () => saveCard(small, { name: "big", type: "user", description: "d", body: "x".repeat(300) }), "maxFileBytes");
});

test("the documented defaults", () => {
  assert.deepEqual(
    { ...DEFAULT_GUARDRAILS },
    {
      maxDepth: 4,
      maxSegmentBytes: 128,
      maxFileBytes: 102400,
      maxTotalBytes: 10485760,
      maxFiles: 2000,
      maxTrashFiles: 2000,
      maxTrashBytes: 10485760,
      maxEpisodesBytes: 10485760,
      maxEpisodesLines: 20000,
      maxRevisionsPerCard: 20,
      maxRevisionBytes: 10485760,
    },
  );
});
