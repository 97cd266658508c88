import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { runMemoryCommand } from "../../../lib/records/file-tools.js";
import { removeCard } from "../../../lib/records/admin.js";
import { saveCard, type WriteContext } from "../../../lib/records/save.js";
import { renderIndexLine } from "../../../lib/core/index-file.js";
import { scratchDir } from "../../support/scratch.js";

// Edits change only the bytes they mean to change: other MEMORY.md lines and the card's untouched fields
// and body survive a save / rm / rename byte for byte, even when they are not valid UTF-8.

const b = (s: string) => Buffer.from(s, "utf8");
const APPLE_LINE = renderIndexLine({ title: "Apple", file: "feedback_apple.md", hook: "old apple" });

function store(t: { after: (fn: () => void) => void }): WriteContext {
  const memoryDir = fs.realpathSync(scratchDir("memctl-bytes-"));
  t.after(() => fs.rmSync(memoryDir, { recursive: true, force: true }));
  return { memoryDir, actor: "human", now: new Date("2026-12-02T09:40:00.000Z") };
}

function appleCard(field: Buffer, body: Buffer, description = "old apple", updated = "2026-11-01"): Buffer {
  return Buffer.concat([
    b(`---\nname: apple\ndescription: ${description}\nmetadata:\n  node_type: memory\n  type: feedback\nnotes: |\n  `),
    field,
    b(`\ntopics: []\npriority: normal\nstatus: active\nupdated_at: "${updated}"\nrepo_refs: []\n---\n`),
    body,
  ]);
}

function index(before: Buffer[], line: string | undefined, after: Buffer[]): Buffer {
  const lines = [b("# Memory"), b(""), ...before, ...(line === undefined ? [] : [b(line)]), ...after];
  return Buffer.concat(lines.flatMap((l) => [l, b("\n")]));
}

function fresh(ctx: WriteContext, field: Buffer, body: Buffer, before: Buffer[], after: Buffer[]): void {
  for (const name of fs.readdirSync(ctx.memoryDir)) fs.rmSync(path.join(ctx.memoryDir, name), { recursive: true, force: true });
  fs.writeFileSync(path.join(ctx.memoryDir, "feedback_apple.md"), appleCard(field, body));
  fs.writeFileSync(path.join(ctx.memoryDir, "MEMORY.md"), index(before, APPLE_LINE, after));
}

const read = (ctx: WriteContext, file: string) => fs.readFileSync(path.join(ctx.memoryDir, file));

/** A line of arbitrary bytes (Latin-1 and invalid UTF-8 included) without a line break. */
const otherLine = fc.uint8Array({ maxLength: 40 }).map((a) => Buffer.from(a.filter((x) => x !== 0x0a && x !== 0x0d)));
/**
 * Bytes a YAML block scalar may hold: printable ASCII and high bytes, but no 0xC2 lead byte, since C2 80–C2 9F are
 * the C1 controls (U+0080–U+009F) YAML calls non-printable, and a card holding one does not parse.
 */
const fieldBytes = fc.uint8Array({ minLength: 1, maxLength: 40 }).map((a) => Buffer.from(a.map((x) => (x < 0x20 || x === 0x7f || x === 0xc2 ? 0x41 : x))));
const bodyBytes = fc.uint8Array({ maxLength: 80 }).map((a) => Buffer.from(a));
const lines = fc.array(otherLine, { maxLength: 5 });

test("save apple keeps another card's Latin-1 index line and the card's unedited fields byte for byte", async (t) => {
  const ctx = store(t);
  const cafe = Buffer.concat([b("- [Cafe](user_cafe.md) — caf"), Buffer.from([0xe9])]);
  const field = Buffer.concat([b("na"), Buffer.from([0xef]), b("ve")]);
  const body = Buffer.concat([b("# Apple\ncaf"), Buffer.from([0xe9]), b("\n")]);
  fresh(ctx, field, body, [cafe], []);
  await saveCard(ctx, { name: "apple", description: "new apple" });
  assert.deepEqual(read(ctx, "MEMORY.md"), index([cafe], renderIndexLine({ title: "Apple", file: "feedback_apple.md", hook: "new apple" }), []));
  assert.deepEqual(read(ctx, "feedback_apple.md"), appleCard(field, body, "new apple", "2026-12-02"));
});

test("property: save (update and create), rm and rename change only their own bytes", async (t) => {
  const ctx = store(t);
  await fc.assert(
    fc.asyncProperty(fieldBytes, bodyBytes, lines, lines, async (field, body, before, after) => {
      fresh(ctx, field, body, before, after);
      await saveCard(ctx, { name: "apple", description: "new apple" });
      assert.deepEqual(read(ctx, "MEMORY.md"), index(before, renderIndexLine({ title: "Apple", file: "feedback_apple.md", hook: "new apple" }), after), "save: MEMORY.md");
      assert.deepEqual(read(ctx, "feedback_apple.md"), appleCard(field, body, "new apple", "2026-12-02"), "save: the card");

      await saveCard(ctx, { name: "pear", type: "feedback", description: "pear" });
      const withPear = Buffer.concat([
        index(before, renderIndexLine({ title: "Apple", file: "feedback_apple.md", hook: "new apple" }), after),
        b(renderIndexLine({ title: "pear", file: "feedback_pear.md", hook: "pear" }) + "\n"),
      ]);
      assert.deepEqual(read(ctx, "MEMORY.md"), withPear, "create: MEMORY.md");

      fresh(ctx, field, body, before, after);
      await runMemoryCommand(ctx, { command: "rename", old_path: "feedback_apple.md", new_path: "feedback_apfel.md" });
      assert.deepEqual(read(ctx, "feedback_apfel.md"), appleCard(field, body), "rename: the card");
      assert.deepEqual(read(ctx, "MEMORY.md"), index(before, renderIndexLine({ title: "Apple", file: "feedback_apfel.md", hook: "old apple" }), after), "rename: MEMORY.md");

      fresh(ctx, field, body, before, after);
      const removed = await removeCard(ctx, "apple");
      assert.deepEqual(read(ctx, "MEMORY.md"), index(before, undefined, after), "rm: MEMORY.md");
      assert.deepEqual(fs.readFileSync(removed.trash), appleCard(field, body), "rm: the trashed card");
    }),
    { numRuns: 20 },
  );
});

test("property: str_replace and insert keep every byte of the file they do not edit", async (t) => {
  const ctx = store(t);
  await fc.assert(
    fc.asyncProperty(lines, lines, async (before, after) => {
      for (const name of fs.readdirSync(ctx.memoryDir)) fs.rmSync(path.join(ctx.memoryDir, name), { recursive: true, force: true });
      const note = (mark: string, extra: Buffer[] = []) => Buffer.concat([...before, b(mark), ...extra, ...after].flatMap((l) => [l, b("\n")]));
      fs.mkdirSync(path.join(ctx.memoryDir, "people"));
      fs.writeFileSync(path.join(ctx.memoryDir, "people/n.md"), note("MARK ☕"));
      await runMemoryCommand(ctx, { command: "str_replace", path: "people/n.md", old_str: "MARK ☕", new_str: "MARKED ☕☕" });
      assert.deepEqual(read(ctx, "people/n.md"), note("MARKED ☕☕"), "str_replace");
      await runMemoryCommand(ctx, { command: "insert", path: "people/n.md", insert_line: before.length + 1, insert_text: "inserted é" });
      assert.deepEqual(read(ctx, "people/n.md"), note("MARKED ☕☕", [b("inserted é")]), "insert");
    }),
    { numRuns: 20 },
  );
});
