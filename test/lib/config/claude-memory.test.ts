import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { BufferSink, type Io } from "../../../lib/store/io.js";
import { findClaudeMemoryDirs, listClaudeCards } from "../../../lib/config/claude-memory.js";
import { scratchDir } from "../../support/scratch.js";

function ioFor(home: string, env: Record<string, string> = {}): Io {
  return { stdout: new BufferSink(), stderr: new BufferSink(), env, cwd: home, home, now: () => new Date() };
}

test("finds <home>/.claude/projects/*/memory directories that exist, honouring CLAUDE_CONFIG_DIR", () => {
  const home = scratchDir("memctl-claude-");
  fs.mkdirSync(path.join(home, ".claude/projects/-a/memory"), { recursive: true });
  fs.mkdirSync(path.join(home, ".claude/projects/-b"), { recursive: true }); // no memory dir
  fs.mkdirSync(path.join(home, ".claude/projects/-c/memory"), { recursive: true });
  assert.deepEqual(findClaudeMemoryDirs(ioFor(home)), [path.join(home, ".claude/projects/-a/memory"), path.join(home, ".claude/projects/-c/memory")]);
  assert.deepEqual(findClaudeMemoryDirs(ioFor(home), { exclude: path.join(home, ".claude/projects/-a/memory") }), [path.join(home, ".claude/projects/-c/memory")]);
  const alt = path.join(home, "alt");
  fs.mkdirSync(path.join(alt, "projects/-z/memory"), { recursive: true });
  assert.deepEqual(findClaudeMemoryDirs(ioFor(home, { CLAUDE_CONFIG_DIR: alt })), [path.join(alt, "projects/-z/memory")]);
  assert.deepEqual(findClaudeMemoryDirs(ioFor(path.join(home, "nowhere"))), []);
});

test("lists card files with frontmatter name (else stem), skipping MEMORY.md and symlinks", () => {
  const dir = scratchDir("memctl-claude-cards-");
  fs.writeFileSync(path.join(dir, "MEMORY.md"), "# Memory\n");
  fs.writeFileSync(path.join(dir, "feedback_tests.md"), "---\nname: run-tests\ndescription: always run tests\ntype: feedback\n---\nbody\n");
  fs.writeFileSync(path.join(dir, "plain.md"), "no frontmatter\n");
  // A card linked to a file outside the folder, in a temp dir of its own (removed with the others at exit).
  const outside = path.join(scratchDir("memctl-claude-outside-"), "outside.md");
  fs.writeFileSync(outside, "outside\n");
  fs.symlinkSync(outside, path.join(dir, "linked.md"));
  const cards = listClaudeCards(dir);
  assert.deepEqual(
    cards.map((c) => [c.file, c.name, c.type, c.description]),
    [
      ["feedback_tests.md", "run-tests", "feedback", "always run tests"],
      ["plain.md", "plain", undefined, undefined],
    ],
  );
  assert.ok(cards[0]!.mtimeMs > 0);
  assert.deepEqual(listClaudeCards(path.join(dir, "missing")), []);
});

test("titles come from Claude's MEMORY.md as the store's reader reads it: first link wins, a linked index gives none", () => {
  const dir = scratchDir("memctl-claude-titles-");
  fs.writeFileSync(path.join(dir, "a.md"), "---\nname: a\n---\n");
  fs.writeFileSync(path.join(dir, "b.md"), "---\nname: b\n---\n");
  fs.writeFileSync(
    path.join(dir, "MEMORY.md"),
    "# Memory\r\n- [Alpha\u0007 one](./a.md) — x\r\n```\r\n- [Fenced](b.md)\r\n```\r\n- [Beta](b.md)\r\n- [Again](a.md)\r\n- [Sub](sub/b.md)\r\n",
  );
  assert.deepEqual(
    listClaudeCards(dir).map((c) => [c.file, c.title]),
    [
      ["a.md", "Alpha  one"],
      ["b.md", "Beta"],
    ],
  );
  // A MEMORY.md that is a link (to somewhere else) is not read through.
  const linked = scratchDir("memctl-claude-linked-");
  fs.writeFileSync(path.join(linked, "a.md"), "---\nname: a\n---\n");
  fs.symlinkSync(path.join(dir, "MEMORY.md"), path.join(linked, "MEMORY.md"));
  assert.deepEqual(
    listClaudeCards(linked).map((c) => [c.file, c.title]),
    [["a.md", undefined]],
  );
});

test("a Claude MEMORY.md past the read cap still gives the titles of its first lines (it used to give none)", () => {
  const dir = scratchDir("memctl-claude-big-");
  fs.writeFileSync(path.join(dir, "a.md"), "---\nname: a\n---\n");
  fs.writeFileSync(path.join(dir, "MEMORY.md"), `# Memory\n- [Alpha](a.md) — x\n${"- [Filler](nowhere.md) — padding padding padding\n".repeat(30_000)}`);
  assert.ok(fs.statSync(path.join(dir, "MEMORY.md")).size > 1024 * 1024);
  assert.equal(listClaudeCards(dir)[0]!.title, "Alpha");
});
