import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { MemctlError } from "../../../lib/core/errors.js";
import { runMemoryCommand } from "../../../lib/records/file-tools.js";
import { readHistory, sha256Hex } from "../../../lib/store/history.js";
import type { WriteContext } from "../../../lib/records/save.js";
import { cardText, runCli, sandbox, testIo } from "../../helpers.js";
import { callTool, connect } from "../mcp/support.js";

// A file named like a card at the store root (feedback_/project_/reference_/user_*.md) written through the
// file tools gets save's rules: frontmatter, required fields, the 200-character description, and its index
// line kept in step. Other notes stay free and are not doctor issues.

const GOOD = (description = "deploys go through argo") =>
  `---\nname: x\ndescription: ${JSON.stringify(description)}\nmetadata:\n  node_type: memory\n  type: project\ntopics: []\npriority: normal\nstatus: active\nupdated_at: "2026-12-01"\nrepo_refs: []\n---\nBody\n`;
const BAD: [string, string, RegExp][] = [
  ["no frontmatter", "just some text\n", /no frontmatter/],
  ["invalid YAML", "---\nname: [unclosed\n---\nbody\n", /not valid YAML/],
  ["a 300-character description", GOOD("d".repeat(300)), /300 characters; the limit is 200/],
  ["missing fields", "---\nname: x\ndescription: ok\n---\nbody\n", /lacks the required fields topics, priority, status, updated_at, repo_refs/],
  // Read as absent, silently, if it were written: a typo would unpin a card nobody looks at again.
  ["a priority that is not one", GOOD().replace("priority: normal", "priority: urgent"), /priority should be one of always, normal, low\. Nothing/],
  ["topics that are not a list", GOOD().replace("topics: []", "topics: {a: 1}"), /topics should be a list/],
];

function world(t: { after: (fn: () => void) => void }) {
  const s = sandbox([{ file: "feedback_a.md", title: "A", hook: "hook a" }]);
  t.after(() => s.cleanup());
  const ctx: WriteContext = { memoryDir: s.memory, actor: "human", now: new Date("2026-12-02T09:40:00.000Z") };
  const io = testIo({ cwd: s.repo, home: s.home, env: { MEMCTL_MEMORY_DIR: s.memory } });
  const index = () => fs.readFileSync(path.join(s.memory, "MEMORY.md"), "utf8");
  const doctor = async () => JSON.parse((await runCli(["doctor", "--json"], io)).stdout) as Record<string, unknown> & { issues_count: number };
  return { s, ctx, io, index, doctor };
}

const refused = (p: Promise<unknown>, why: RegExp) =>
  assert.rejects(p, (e: MemctlError) => ["E_CARD_RULES", "E_DESCRIPTION_TOO_LONG"].includes(e.code) && why.test(e.message) && /[^.]\. Nothing was written/.test(e.message));

test("create of a card-named file that breaks the rules is refused, naming what is wrong; nothing is written", async (t) => {
  const { s, ctx, index, doctor } = world(t);
  const before = index();
  for (const [, text, why] of BAD) {
    await refused(runMemoryCommand(ctx, { command: "create", path: "project_x.md", file_text: text }), why);
    assert.equal(fs.existsSync(path.join(s.memory, "project_x.md")), false);
  }
  assert.equal(index(), before);
  assert.equal((await doctor()).issues_count, 0);
});

test("a valid card created, edited, renamed and deleted through the file tools keeps its index line and history in step", async (t) => {
  const { s, ctx, index, doctor } = world(t);
  await runMemoryCommand(ctx, { command: "create", path: "project_x.md", file_text: GOOD() });
  assert.match(index(), /^- \[x\]\(project_x\.md\) — deploys go through argo$/m);
  await runMemoryCommand(ctx, { command: "str_replace", path: "project_x.md", old_str: "deploys go through argo", new_str: "deploys go through argo cd" });
  assert.match(index(), /^- \[x\]\(project_x\.md\) — deploys go through argo cd$/m);
  await refused(runMemoryCommand(ctx, { command: "str_replace", path: "project_x.md", old_str: "deploys go through argo cd", new_str: "e".repeat(201) }), /201 characters/);
  await refused(runMemoryCommand(ctx, { command: "str_replace", path: "project_x.md", old_str: "status: active\n", new_str: "" }), /lacks the required field status/);
  await runMemoryCommand(ctx, { command: "insert", path: "project_x.md", insert_line: 12, insert_text: "more body" });
  await runMemoryCommand(ctx, { command: "rename", old_path: "project_x.md", new_path: "project_y.md" });
  assert.match(index(), /^- \[x\]\(project_y\.md\) — deploys go through argo cd$/m);
  assert.doesNotMatch(index(), /project_x\.md/);
  const report = await doctor();
  assert.equal(report.issues_count, 0, JSON.stringify(report));
  assert.deepEqual(report.hand_edited_cards, []);
  await runMemoryCommand(ctx, { command: "delete", path: "project_y.md" });
  assert.doesNotMatch(index(), /project_y\.md/);
  assert.equal((await doctor()).issues_count, 0);
  const ops = readHistory(s.memory).entries.map((e) => `${e.op}:${e.card}`);
  assert.deepEqual(ops, ["create:project_x.md", "update:project_x.md", "update:project_x.md", "create:project_y.md", "delete:project_x.md", "delete:project_y.md"]);
});

test("renaming a note to a card name needs a valid card; a card renamed to a note loses its index line", async (t) => {
  const { s, ctx, index, doctor } = world(t);
  await runMemoryCommand(ctx, { command: "create", path: "people/alex.md", file_text: "Alex prefers small PRs\n" });
  await refused(runMemoryCommand(ctx, { command: "rename", old_path: "people/alex.md", new_path: "user_alex.md" }), /no frontmatter/);
  assert.equal(fs.existsSync(path.join(s.memory, "people/alex.md")), true);
  await runMemoryCommand(ctx, { command: "rename", old_path: "feedback_a.md", new_path: "archive/a.md" });
  assert.doesNotMatch(index(), /feedback_a\.md/);
  const report = await doctor();
  assert.equal(report.issues_count, 0, `notes are not orphans or cards missing fields: ${JSON.stringify(report)}`);
  assert.equal(fs.readFileSync(path.join(s.memory, "archive/a.md"), "utf8"), cardText({ file: "feedback_a.md", title: "A", hook: "hook a" }));
});

test("CLI manage create and MCP memory_manage create apply the same rules", async (t) => {
  const { s, io, index, doctor } = world(t);
  const cli = await runCli(["manage", "create", "project_x.md", "--text", "a card with no frontmatter"], io);
  assert.equal(cli.code, 1);
  assert.match(cli.stderr, /project_x\.md is named like a card, so it must be one: it has no frontmatter/);
  const ok = await runCli(["manage", "create", "project_ok.md", "--text", GOOD()], io);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(index(), /\(project_ok\.md\) — deploys go through argo$/m);

  const env = { HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory };
  fs.writeFileSync(env.MEMCTL_CONFIG_FILE, "[hosts.claude]\nwrite = true\n"); // the owner lets this host write directly
  const server = await connect({ cwd: s.repo, env, flags: { actor: "host:claude" } });
  try {
    const long = await callTool(server.client, "memory_manage", { command: "create", path: "project_z.md", file_text: GOOD("d".repeat(300)) });
    assert.deepEqual([long.isError, long.code], [true, "E_DESCRIPTION_TOO_LONG"]);
    const yaml = await callTool(server.client, "memory_manage", { command: "create", path: "reference_z.md", file_text: "---\nname: [x\n---\n" });
    assert.deepEqual([yaml.isError, yaml.code], [true, "E_CARD_RULES"]);
    const note = await callTool(server.client, "memory_manage", { command: "create", path: "people/alex.md", file_text: "free text" });
    assert.equal(note.isError, false);
    const card = await callTool(server.client, "memory_manage", { command: "create", path: "user_z.md", file_text: GOOD("likes tea") });
    assert.equal(card.isError, false, card.text);
  } finally {
    await server.close();
  }
  assert.match(index(), /\(user_z\.md\) — likes tea$/m);
  assert.equal(fs.existsSync(path.join(s.memory, "project_z.md")) || fs.existsSync(path.join(s.memory, "reference_z.md")), false);
  const report = await doctor();
  assert.equal(report.issues_count, 0, JSON.stringify(report));
  const z = readHistory(s.memory).entries.find((e) => e.card === "user_z.md")!;
  assert.equal(z.sha256, sha256Hex(fs.readFileSync(path.join(s.memory, "user_z.md"))));
});

test("an edit elsewhere in a card that already holds an odd value is not blocked by it; changing that value to another odd one is", async (t) => {
  const { s, ctx } = world(t);
  // Written by hand, outside memctl: the value is odd already.
  fs.writeFileSync(path.join(s.memory, "feedback_a.md"), GOOD("hook a").replace("priority: normal", "priority: urgent"));
  await runMemoryCommand(ctx, { command: "str_replace", path: "feedback_a.md", old_str: "Body", new_str: "Body, edited" });
  assert.match(fs.readFileSync(path.join(s.memory, "feedback_a.md"), "utf8"), /Body, edited/);
  await refused(runMemoryCommand(ctx, { command: "str_replace", path: "feedback_a.md", old_str: "priority: urgent", new_str: "priority: alwyas" }), /priority should be one of/);
});
