import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readHistory, sha256Hex } from "../../lib/store/history.js";
import { makeWorld, memctl } from "../support/fixture.js";

const LEGACY = `---
name: development-workflow
description: old description
metadata:
  node_type: memory
  type: feedback
  originSessionId: 1b2c-3d   # kept as written
topics:
- workflow
priority: normal
status: active
updated_at: "2026-06-23"
repo_refs:
  - flag:pmctl gate run --executor codex
---
Body stays.
`;

test("save creates a card with full frontmatter, its index line, and a create revision by human", async () => {
  const w = makeWorld();
  const r = await memctl(w, ["save", "run-tests", "-t", "feedback", "-d", "Run the whole suite before pushing", "--topics", "ci,tests", "--ref", "path:package.json", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const card = fs.readFileSync(path.join(w.mem, "feedback_run-tests.md"), "utf8");
  assert.equal(
    card,
    `---
name: run-tests
description: Run the whole suite before pushing
metadata:
  node_type: memory
  type: feedback
topics:
  - ci
  - tests
priority: normal
status: active
updated_at: "2026-12-02"
repo_refs:
  - path:package.json
---
`,
  );
  assert.equal(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), "# Memory\n\nIndex.\n- [run-tests](feedback_run-tests.md) — Run the whole suite before pushing\n");
  const [entry] = readHistory(w.mem).entries;
  assert.deepEqual(
    { ...entry, at: undefined },
    { rev: 1, card: "feedback_run-tests.md", op: "create", actor: "human", at: undefined, sha256: sha256Hex(card), bytes: Buffer.byteLength(card) },
  );
});

test("updating keeps every untouched frontmatter byte (legacy metadata block) and only that card's index line", async () => {
  const w = makeWorld();
  fs.writeFileSync(path.join(w.mem, "feedback_development-workflow.md"), LEGACY);
  const index = "# Memory\r\n\r\n- [Other](project_other.md) — keep me\r\n- [How we work](feedback_development-workflow.md) — old description\r\nTrailing prose";
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), index);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, "[hosts.claude]\nwrite = true\n"); // a host writes cards only when the owner opted it in
  const r = await memctl(w, ["save", "development-workflow", "-d", "new: description", "--priority", "always", "--actor", "host:claude"]);
  assert.equal(r.code, 0, r.stderr);
  const after = fs.readFileSync(path.join(w.mem, "feedback_development-workflow.md"), "utf8");
  assert.equal(
    after,
    LEGACY.replace("description: old description", "description: 'new: description'")
      .replace("priority: normal", "priority: always")
      .replace('updated_at: "2026-06-23"', 'updated_at: "2026-12-02"'),
  );
  assert.equal(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), index.replace("— old description", "— new: description"));
  assert.equal(readHistory(w.mem).entries.at(-1)!.actor, "host:claude");
  assert.equal(readHistory(w.mem).entries.at(-1)!.op, "update");
});

test("a description over 200 characters is refused with a hint, exactly at 200 it is accepted", async () => {
  const w = makeWorld();
  const r = await memctl(w, ["save", "long", "-t", "project", "-d", "é".repeat(201)]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /201 characters; the limit is 200.*body/);
  assert.equal(fs.existsSync(path.join(w.mem, "project_long.md")), false);
  assert.equal((await memctl(w, ["save", "long", "-t", "project", "-d", "é".repeat(200)])).code, 0);
});

test("body from stdin, show prints verbatim, unchanged save writes nothing", async () => {
  const w = makeWorld();
  assert.equal((await memctl(w, ["save", "notes", "-t", "user", "-d", "who I am", "-"], { stdin: "line one\n\tindented\n" })).code, 0);
  const shown = await memctl(w, ["show", "notes"]);
  assert.equal(shown.stdout, fs.readFileSync(path.join(w.mem, "user_notes.md"), "utf8"));
  const again = await memctl(w, ["save", "notes", "-d", "who I am"]);
  assert.match(again.stdout, /unchanged/);
  assert.equal(readHistory(w.mem).entries.length, 1);
});

test("rm tombstones: the card leaves the index, history stays, a later save revives it as a new revision", async () => {
  const w = makeWorld();
  await memctl(w, ["save", "x", "-t", "project", "-d", "first"]);
  const rm = await memctl(w, ["rm", "x", "--json"]);
  assert.equal(rm.code, 0, rm.stderr);
  assert.equal(fs.existsSync(path.join(w.mem, "project_x.md")), false);
  assert.doesNotMatch(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), /project_x/);
  assert.ok(fs.existsSync(JSON.parse(rm.stdout).trash), "last content kept");
  assert.equal((await memctl(w, ["show", "x"])).code, 1);
  const revive = await memctl(w, ["save", "x", "-d", "second", "--json"]);
  assert.equal(revive.code, 0, revive.stderr);
  assert.deepEqual([JSON.parse(revive.stdout).rev, JSON.parse(revive.stdout).revived], [3, true]);
  const hist = await memctl(w, ["history", "x", "--json"]);
  assert.deepEqual(
    JSON.parse(hist.stdout).entries.map((e: { op: string; rev: number }) => `${e.op}@${e.rev}`),
    ["create@1", "delete@2", "create@3"],
  );
  assert.match((await memctl(w, ["history", "x"])).stdout, /r2 +delete +human +- +0 +project_x\.md/);
});

test("adopt records a hand edit as an adopt revision, then has nothing left to adopt", async () => {
  const w = makeWorld();
  await memctl(w, ["save", "x", "-t", "project", "-d", "first"]);
  fs.appendFileSync(path.join(w.mem, "project_x.md"), "edited by hand\n");
  const r = await memctl(w, ["adopt", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const [entry] = JSON.parse(r.stdout).adopted;
  assert.equal(entry.op, "adopt");
  assert.equal(entry.sha256, sha256Hex(fs.readFileSync(path.join(w.mem, "project_x.md"))));
  assert.match((await memctl(w, ["adopt"])).stdout, /nothing to adopt/);
});

test("agents are read-only for save, rm and adopt", async () => {
  const w = makeWorld();
  for (const argv of [
    ["save", "x", "-t", "user", "-d", "d", "--task-id", "t1"],
    ["save", "x", "-t", "user", "-d", "d", "--actor", "agent:bot"],
    ["rm", "x", "--task-id", "t1"],
    ["adopt", "--actor", "agent:bot", "--json"],
  ]) {
    const r = await memctl(w, argv);
    assert.equal(r.code, 1, argv.join(" "));
    assert.match(r.stderr, /read-only.*[Pp]ropose/);
  }
  assert.equal(readHistory(w.mem).entries.length, 0);
});

test("list elides long descriptions with … to 120 columns when piped, says so, and show keeps them whole", async () => {
  const w = makeWorld();
  const long = "word ".repeat(39) + "end";
  await memctl(w, ["save", "short", "-t", "user", "-d", "brief"]);
  await memctl(w, ["save", "wide", "-t", "project", "-d", long]);
  const r = await memctl(w, ["list"]);
  const lines = r.stdout.trimEnd().split("\n");
  assert.match(lines[0]!, /^NAME +TYPE +PRIORITY +UPDATED +DESCRIPTION$/);
  const wide = lines.find((l) => l.startsWith("wide"))!;
  assert.equal([...wide].length, 120);
  assert.ok(wide.endsWith("…"));
  assert.ok(lines.find((l) => l.startsWith("short"))!.endsWith("brief"));
  assert.match(lines.at(-1)!, /1 description shortened to fit 120 columns/);
  const tty = await memctl(w, ["list"], { tty: true, columns: 60 });
  assert.ok(tty.stdout.split("\n").every((l) => [...l].length <= 60 || l.startsWith("…")));
  assert.match((await memctl(w, ["show", "wide"])).stdout, new RegExp(long));
  assert.equal(JSON.parse((await memctl(w, ["list", "--json"])).stdout).cards.find((c: { name: string }) => c.name === "wide").description, long);
});

test("twenty saves in one process land in one consistent index", async () => {
  const w = makeWorld();
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) => memctl(w, ["save", `card-${i}`, "-t", "reference", "-d", `card number ${i}`])));
  assert.deepEqual(
    results.map((r) => r.code),
    Array(20).fill(0),
  );
  const index = fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8");
  for (let i = 0; i < 20; i++) assert.equal(index.split(`(reference_card-${i}.md)`).length, 2, `card-${i} exactly once`);
});

test("an imported card with a free-form name is updated by that name or its file name; new names are validated", async () => {
  const w = makeWorld();
  fs.writeFileSync(path.join(w.mem, "feedback_prefs.md"), "---\nname: Testing preferences\ndescription: old\ntype: feedback\n---\nbody\n");
  assert.equal((await memctl(w, ["save", "Testing preferences", "-d", "new"])).code, 0);
  assert.equal((await memctl(w, ["save", "feedback_prefs.md", "--priority", "low"])).code, 0);
  assert.match(fs.readFileSync(path.join(w.mem, "feedback_prefs.md"), "utf8"), /^---\nname: Testing preferences\ndescription: new\ntype: feedback\n/);
  assert.equal((await memctl(w, ["save", "bad name", "-t", "user", "-d", "x"])).code, 2);
  const escaping = await memctl(w, ["save", "../escape", "-t", "user", "-d", "x"]);
  assert.equal(escaping.code, 1);
  assert.match(escaping.stderr, /"\.\." segment/);
  assert.deepEqual(
    fs.readdirSync(w.root).sort(),
    ["config.toml", "home", "mem", "repo"].filter((f) => fs.existsSync(path.join(w.root, f))),
  );
});

test("list and search work on a store that has cards but no MEMORY.md yet", async () => {
  const w = makeWorld();
  fs.rmSync(path.join(w.mem, "MEMORY.md"));
  fs.writeFileSync(path.join(w.mem, "user_me.md"), "---\nname: me\ndescription: who I am\n---\nI like tea.\n");
  const list = await memctl(w, ["list", "--json"]);
  assert.equal(list.code, 0, list.stderr);
  assert.deepEqual(
    JSON.parse(list.stdout).cards.map((c: { file: string; in_index: boolean }) => [c.file, c.in_index]),
    [["user_me.md", false]],
  );
  assert.equal(JSON.parse((await memctl(w, ["search", "tea", "--json"])).stdout).results[0].id, "user_me.md");
});

test("every bad flag is reported at once; a symlink where a new card would go is refused", async () => {
  const w = makeWorld();
  const r = await memctl(w, ["save", "x", "-t", "nope", "--priority", "urgent", "--expires", "tomorrow", "-d", "d"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /-t nope[\s\S]*--priority urgent[\s\S]*--expires tomorrow/);
  fs.symlinkSync(path.join(w.root, "elsewhere.md"), path.join(w.mem, "user_linked.md"));
  const link = await memctl(w, ["save", "linked", "-t", "user", "-d", "d"]);
  assert.equal(link.code, 1);
  assert.equal(fs.existsSync(path.join(w.root, "elsewhere.md")), false);
  assert.ok(fs.lstatSync(path.join(w.mem, "user_linked.md")).isSymbolicLink());
});
