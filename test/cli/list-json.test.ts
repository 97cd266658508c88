// `list --json` is written a megabyte at a time, row by row (issue 32: 38 MB at 100,000 cards), and must stay the
// bytes printJson gives for the same report: key order, indentation, and the terminal-safety escape of every
// character a card's author chose (C0, DEL, C1, bidi controls, line separators), through the real CLI.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { safeJson } from "../../lib/core/sanitize.js";
import { chunkedWriter, displayWidth, jsonItemsFrame, printJsonItems } from "../../lib/cli/output.js";
import { elide } from "../../lib/cli/list.js";
import { BufferSink, type Io } from "../../lib/store/io.js";
import { CLI, makeWorld, spawnEnv } from "../support/fixture.js";

const HOSTILE = [
  'say "hi" \\ back\\slash',
  "esc \u001b[31m red, bell \u0007, del \u007f, c1 \u0085 \u009b",
  "bidi \u202e reversed \u2066 isolate, lsep \u2028 psep \u2029, alm \u061c",
  "部署の手順 — émoji 🚀",
];

function card(name: string, description: string, type = "project", priority = "normal"): string {
  const yaml = JSON.stringify(description); // YAML double-quoted: escapes as JSON writes them
  return `---\nname: ${JSON.stringify(name)}\ndescription: ${yaml}\nmetadata:\n  type: ${type}\ntopics: []\npriority: ${priority}\nstatus: active\nupdated_at: "2026-12-01"\n---\n\nBody.\n`;
}

test("list --json prints printJson's bytes for the same report, hostile names and descriptions included, with and without the cache", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  for (const [i, d] of HOSTILE.entries()) fs.writeFileSync(path.join(w.mem, `project_h${i}.md`), card(`h${i} ${d}`, d));
  fs.writeFileSync(path.join(w.mem, "feedback_plain.md"), card("plain", "nothing odd", "feedback", "always"));
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), "# Memory\n\n- [plain](feedback_plain.md) — nothing odd\n");
  const outputs = new Set<string>();
  for (let round = 0; round < 2; round++) {
    const r = spawnSync(process.execPath, [CLI, "list", "--json"], { env: spawnEnv(w), cwd: w.repo, encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.equal(r.stdout, `${safeJson(report)}\n`);
    assert.equal(report.count, 5);
    assert.ok(report.cards.some((c: { description: string }) => c.description === HOSTILE[1]));
    assert.doesNotMatch(r.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/, "nothing for a terminal to act on");
    outputs.add(r.stdout);
  }
  assert.equal(outputs.size, 1, "the same bytes from the cache as from the cards");
  // The table, written in pieces too: every row, every hostile character made inert.
  const table = spawnSync(process.execPath, [CLI, "list"], { env: spawnEnv(w), cwd: w.repo, encoding: "utf8" });
  assert.equal(table.status, 0, table.stderr);
  assert.equal(table.stdout.split("\n").filter((l) => /^(h\d|plain)/.test(l)).length, 5);
  assert.doesNotMatch(table.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
});

test("printJsonItems is printJson for any number of items, whatever the size of the pieces it writes", () => {
  const io = (): Io & { stdout: BufferSink } => ({ stdout: new BufferSink(), stderr: new BufferSink(), env: {}, cwd: "/", home: "/", now: () => new Date(0) });
  const item = (v: { a: string; n: number }) => `    {\n      "a": ${JSON.stringify(v.a)},\n      "n": ${v.n}\n    }`;
  for (const n of [0, 1, 2, 7]) {
    const items = Array.from({ length: n }, (_, i) => ({ a: `item ${i} "q"`, n: i }));
    const out = io();
    printJsonItems(out, { memory_dir: "/m", count: n }, "cards", items, item);
    assert.equal(out.stdout.text, `${safeJson({ schema_version: 1, memory_dir: "/m", count: n, cards: items })}\n`, `${n} items`);
    // Kept (list's rows filed for the next call): the same bytes printed, and the items' bytes alone kept.
    const kept = io();
    const pieces: Buffer[] = [];
    printJsonItems(kept, { memory_dir: "/m", count: n }, "cards", items, item, pieces);
    assert.equal(kept.stdout.text, out.stdout.text, `${n} items, kept`);
    const [head, tail] = jsonItemsFrame({ memory_dir: "/m", count: n }, "cards");
    assert.equal(Buffer.concat(pieces).toString("utf8"), n === 0 ? "" : out.stdout.text.slice(head.length, -tail.length));
  }
  // Pieces of at least `size` characters: each write is one or more whole pieces.
  const out = io();
  const writes: string[] = [];
  out.stdout.write = (chunk) => {
    writes.push(String(chunk));
    return true;
  };
  const w = chunkedWriter(out, 10);
  for (const piece of ["abcd", "efgh", "ijkl", "m"]) w.add(piece);
  w.end();
  assert.deepEqual(writes, ["abcdefghijkl", "m"]);
  // Kept: the same pieces, written and kept as their UTF-8 bytes.
  writes.length = 0;
  const keep: Buffer[] = [];
  const k = chunkedWriter(out, 10, keep);
  for (const piece of ["abcd", "éfgh", "ijkl", "m"]) k.add(piece);
  k.end();
  assert.deepEqual(writes, ["abcdéfghijkl", "m"]);
  assert.deepEqual(keep, [Buffer.from("abcdéfghijkl"), Buffer.from("m")]);
});

test("the table's widths and elision are the code-point model's for every kind of text (the narrow fast path included)", () => {
  // The model: one or two columns per code point, wide from U+1100 on where isWide says so, cut at room - 1 columns.
  const modelWidth = (t: string) => [...t].reduce((w, ch) => w + displayWidth(ch), 0);
  const modelElide = (t: string, room: number) => {
    if (modelWidth(t) <= room) return t;
    let out = "";
    let used = 0;
    for (const ch of t) {
      used += displayWidth(ch);
      if (used > room - 1) break;
      out += ch;
    }
    return `${out.trimEnd()}…`;
  };
  const alphabet = ["a", " ", "é", "—", "\u10ff", "\u1100", "部", "🚀", "\u0301", "x", "  "];
  let seed = 11;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let i = 0; i < 2000; i++) {
    const text = Array.from({ length: next(40) }, () => alphabet[next(i % 3 === 0 ? 5 : alphabet.length)]).join("");
    const room = 1 + next(30);
    assert.equal(displayWidth(text), modelWidth(text), JSON.stringify(text));
    assert.equal(elide(text, room), modelElide(text, room), `${JSON.stringify(text)} in ${room}`);
  }
  assert.equal(displayWidth("部署"), 4);
});
