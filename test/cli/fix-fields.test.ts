import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readHistory } from "../../lib/store/history.js";
import { makeWorld, memctl, type World } from "../support/fixture.js";

// Issue 31: an import of hand-written cards leaves one doctor issue per card (missing standard fields) and no
// bulk fix. `memctl fix-fields` adds exactly the missing fields, every other byte stays, each card recorded.

const IMPORTED_AT = new Date("2026-11-05T08:00:00.000Z");
const FIXED_AT = new Date("2026-12-02T09:40:00.000Z");

/** Hand-written Claude cards, each lacking some standard fields, in shapes a text-level edit must keep. */
const HAND: Record<string, string> = {
  // The legacy metadata block, a comment, odd quoting, no standard field at all.
  "feedback_legacy.md": `---\nname: legacy\ndescription: 'kept: as quoted'\nmetadata:\n  node_type: memory\n  type: feedback   # mine\n  originSessionId: 1b2c\n---\nBody with --- inside.\n`,
  // CRLF line endings and some fields already there (in the user's own order and style).
  "project_crlf.md": "---\r\nname: crlf\r\ndescription: windows card\r\ntype: project\r\nstatus: active\r\ntopics:\r\n- deploy\r\n---\r\nLine one.\r\n",
  // No final newline anywhere, a flow list for topics.
  "reference_tight.md": "---\nname: tight\ndescription: no final newline\ntype: reference\ntopics: [a, b]\npriority: low\n---\nbody",
  // Nothing missing: left alone.
  "user_complete.md": `---\nname: complete\ndescription: has every field\ntype: user\ntopics: []\npriority: normal\nstatus: active\nupdated_at: "2026-01-01"\nrepo_refs: []\n---\nDone.\n`,
};

const ADDED_LINE: Record<string, (date: string) => string> = {
  topics: () => "topics: []",
  priority: () => "priority: normal",
  status: () => "status: active",
  updated_at: (date) => `updated_at: "${date}"`,
  repo_refs: () => "repo_refs: []",
};

function importHand(w: World): Promise<unknown> {
  const src = path.join(w.root, "claude-src");
  fs.mkdirSync(src);
  for (const [file, text] of Object.entries(HAND)) fs.writeFileSync(path.join(src, file), text);
  return memctl(w, ["import", "claude", "--from", src, "--yes"], { now: IMPORTED_AT });
}

async function doctorMissing(w: World): Promise<{ card: string; missing: string[] }[]> {
  return JSON.parse((await memctl(w, ["doctor", "--json"], { now: FIXED_AT })).stdout).cards_missing_fields;
}

function readAll(dir: string): Map<string, string> {
  return new Map(
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const full = path.join(e.parentPath, e.name);
        return [path.relative(dir, full), fs.readFileSync(full, "latin1")];
      }),
  );
}

test("fix-fields: doctor's missing fields → --dry-run writes nothing → the fix adds only those lines, recorded → doctor 0 → a rerun does nothing", async () => {
  const w = makeWorld();
  await importHand(w);
  // Written by hand straight into the store, never recorded: its date is the file's.
  fs.writeFileSync(path.join(w.mem, "project_unrecorded.md"), "---\nname: unrecorded\ndescription: by hand\n---\nText.\n");
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [unrecorded](project_unrecorded.md) — by hand\n");
  fs.utimesSync(path.join(w.mem, "project_unrecorded.md"), new Date("2025-03-04T12:00:00Z"), new Date("2025-03-04T12:00:00Z"));
  const missing = await doctorMissing(w);
  assert.deepEqual(missing.map((m) => m.card).sort(), ["feedback_legacy.md", "project_crlf.md", "project_unrecorded.md", "reference_tight.md"]);
  assert.match((await memctl(w, ["doctor"], { now: FIXED_AT })).stdout, /fix: memctl fix-fields/);

  const before = readAll(w.mem);
  const dry = await memctl(w, ["fix-fields", "--dry-run", "--json"], { now: FIXED_AT });
  assert.equal(dry.code, 0, dry.stderr);
  assert.deepEqual(
    JSON.parse(dry.stdout).fixed.map((f: { card: string; added: Record<string, unknown> }) => [f.card, Object.keys(f.added)]),
    missing.map((m) => [m.card, m.missing]),
  );
  assert.deepEqual(readAll(w.mem), before, "a dry run writes nothing");

  const fixed = await memctl(w, ["fix-fields", "--json"], { now: FIXED_AT });
  assert.equal(fixed.code, 0, fixed.stderr);
  assert.equal(JSON.parse(fixed.stdout).fixed.length, 4);
  assert.deepEqual(await doctorMissing(w), []);

  // Every other byte of each card is unchanged: taking the added lines out gives the card back exactly.
  const dates: Record<string, string> = { "project_unrecorded.md": "2025-03-04" };
  for (const { card, missing: fields } of missing) {
    const was = before.get(card)!;
    const now = fs.readFileSync(path.join(w.mem, card), "latin1");
    const eol = was.includes("\r\n") ? "\r\n" : "\n";
    const lines = fields.map((f) => ADDED_LINE[f]!(dates[card] ?? "2026-11-05") + eol);
    let back = now;
    for (const line of lines) {
      assert.ok(back.includes(line), `${card} gained ${JSON.stringify(line)}:\n${now}`);
      back = back.replace(line, "");
    }
    assert.equal(back, was, `${card}: nothing else changed`);
  }
  assert.equal(fs.readFileSync(path.join(w.mem, "user_complete.md"), "utf8"), HAND["user_complete.md"]);
  for (const [file, text] of readAll(w.mem)) if (!missing.some((m) => m.card === file) && !file.startsWith(".memctl")) assert.equal(text, before.get(file), file);

  const updates = readHistory(w.mem).entries.filter((e) => e.op === "update");
  assert.deepEqual(updates.map((e) => [e.card, e.actor, e.at]).sort(), missing.map((m) => [m.card, "human", FIXED_AT.toISOString()]).sort());

  const again = await memctl(w, ["fix-fields"], { now: FIXED_AT });
  assert.equal(again.code, 0);
  assert.match(again.stdout, /nothing to fix/);
  assert.equal(readHistory(w.mem).entries.filter((e) => e.op === "update").length, 4, "idempotent: no second revision");
});

test("fix-fields: a card whose frontmatter cannot be edited safely is listed and left alone; an agent is refused", async () => {
  const w = makeWorld();
  fs.writeFileSync(path.join(w.mem, "project_nofm.md"), "Just text, no frontmatter.\n");
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [nofm](project_nofm.md) — plain\n");
  const r = await memctl(w, ["fix-fields"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /skipped project_nofm\.md: the card has no frontmatter block/);
  assert.equal(fs.readFileSync(path.join(w.mem, "project_nofm.md"), "utf8"), "Just text, no frontmatter.\n");
  const agent = await memctl(w, ["fix-fields", "--task-id", "t1", "--json"]);
  assert.equal(agent.code, 1);
  assert.equal(JSON.parse(agent.stdout).error.code, "E_READ_ONLY");
});

test("fix-fields: a card whose frontmatter is not YAML (a quoted word then more text) is listed as skipped with why, not passed over in silence", async () => {
  const w = makeWorld();
  const text = '---\nname: "done" then merge\ndescription: after a review says done, merge and push\n---\nBody.\n';
  fs.writeFileSync(path.join(w.mem, "feedback_done_merge.md"), text);
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [Done means merge](feedback_done_merge.md) — merge on done\n");
  const json = await memctl(w, ["fix-fields", "--json"]);
  assert.equal(json.code, 0, json.stderr);
  const skipped = JSON.parse(json.stdout).skipped as { card: string; reason: string }[];
  assert.deepEqual(
    skipped.map((s) => s.card),
    ["feedback_done_merge.md"],
  );
  assert.match(skipped[0]!.reason, /not valid YAML/);
  const human = await memctl(w, ["fix-fields"]);
  assert.match(human.stdout, /skipped feedback_done_merge\.md: .*not valid YAML/);
  assert.equal(fs.readFileSync(path.join(w.mem, "feedback_done_merge.md"), "utf8"), text);
});
