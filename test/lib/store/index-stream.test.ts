// A save's MEMORY.md edit read a run at a time (lib/store/index-stream.ts) must write exactly the bytes and journal
// edit of the whole-Buffer edit (upsertIndexLineBytes / upsertIndexLinePieces), a replaced line or an appended one,
// for runs far smaller than a line, and must not replace an index that changed between its scan and its copy's end.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { upsertIndexLineBytes, upsertIndexLinePieces } from "../../../lib/core/index-edit.js";
import { findIndexLine } from "../../../lib/core/index-find.js";
import { cardLineScan } from "../../../lib/core/index-scan.js";
import { scanCardLine, scanIndexFile, scanNewCard, upsertIndexLineStreamed, upsertScannedLine } from "../../../lib/store/index-stream.js";
import { scratchDir } from "../../support/scratch.js";

const FILE = "project_a.md";
const PIECES = [
  `- [A](${FILE}) — the card`,
  `- [A again](./${FILE}) — a second line`,
  `- [A](project%5Fa.md) — percent-escaped`,
  `- [B](project_b.md) — names ${FILE} in its hook, and a long hook that spans several of the smallest runs`,
  `prose that says ${FILE}`,
  "```",
  "~~~ts",
  "# Memory",
  "",
  "- [内存](project_a.md) — 中文",
];
const indexArb = fc
  .tuple(fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }), fc.constantFrom("\n", "\r\n"), fc.boolean())
  .map(([lines, eol, last]) => lines.join(eol) + (last ? eol : ""));
const lineArb = fc.constantFrom(`- [A](${FILE}) — the card`, `- [A](${FILE}) — saved again`, `- [A](${FILE}) — with a \`\`\` fence`, `- [内存](${FILE}) — 新`);

function dir(t: { after: (fn: () => void) => void }): string {
  const d = scratchDir("memctl-index-stream-");
  t.after(() => fs.rmSync(d, { recursive: true, force: true }));
  return d;
}

test("the scan of a file, in runs smaller than a line, finds findIndexLine's line", (t) => {
  const file = path.join(dir(t), "MEMORY.md");
  fc.assert(
    fc.property(indexArb, fc.constantFrom(4, 7, 16, 64, 1 << 20), (text, run) => {
      fs.writeFileSync(file, text);
      const buf = Buffer.from(text);
      const scanned = scanIndexFile(file, cardLineScan(FILE, true), { run });
      const expected = findIndexLine(buf, FILE);
      const hit = scanned?.scan.hits[0];
      assert.equal(scanned?.size, buf.length);
      assert.deepEqual(hit && { start: hit.start, end: hit.end }, expected && { start: expected.start, end: expected.end });
    }),
    { numRuns: 500 },
  );
});

test("the streamed edit writes the whole-Buffer edit's bytes and journal edit, a replaced line or an appended one", async (t) => {
  const file = path.join(dir(t), "MEMORY.md");
  await fc.assert(
    fc.asyncProperty(indexArb, lineArb, fc.constantFrom(undefined, 2, 5, 16, 64), async (text, line, run) => {
      fs.writeFileSync(file, text);
      const buf = Buffer.from(text);
      const expected = upsertIndexLinePieces(buf, FILE, line);
      // The default runs (1 MiB: one run here), and runs smaller than a line, a fence mark or the card's line.
      const got =
        run === undefined
          ? await upsertIndexLineStreamed(file, FILE, line)
          : await upsertScannedLine(file, scanIndexFile(file, cardLineScan(FILE, true), { toHit: true, run }), line);
      if (!expected) {
        assert.equal(got, undefined, "an append after a last line without its break is left to the whole-Buffer edit");
        assert.deepEqual(fs.readFileSync(file), buf);
        return;
      }
      assert.deepEqual(got, { changed: expected.changed, ...(expected.edit ? { edit: expected.edit } : {}) });
      assert.deepEqual(fs.readFileSync(file), upsertIndexLineBytes(buf, FILE, line));
    }),
    { numRuns: 800 },
  );
  assert.deepEqual(fs.readdirSync(path.dirname(file)), ["MEMORY.md"], "no temp left");
});

test("an index edited by hand between the scan and the copy is not replaced: the caller edits it whole", async (t) => {
  const file = path.join(dir(t), "MEMORY.md");
  const text = `# Memory\n\n- [A](${FILE}) — the card\n- [B](project_b.md) — hook b\n`;
  fs.writeFileSync(file, text);
  const scanned = scanIndexFile(file, cardLineScan(FILE, true));
  const fd = fs.openSync(file, "r+");
  fs.writeSync(fd, Buffer.from("B"), 0, 1, Buffer.byteLength(text.slice(0, text.indexOf("hook b") + "hook ".length))); // in place, same size
  fs.closeSync(fd);
  assert.equal(await upsertScannedLine(file, scanned, `- [A](${FILE}) — saved`), undefined);
  assert.equal(fs.readFileSync(file, "utf8"), text.replace("hook b", "hook B"), "the hand edit stands, nothing written over it");
  assert.deepEqual(fs.readdirSync(path.dirname(file)), ["MEMORY.md"], "the temp is gone");
});

test("a save's title look-up and its edit share one scan while the index is unchanged, and any change is scanned again", (t) => {
  const file = path.join(dir(t), "MEMORY.md");
  const text = `# Memory\n\n- [A](${FILE}) — the card\n- [B](project_b.md) — hook b\n`;
  fs.writeFileSync(file, text);
  const first = scanCardLine(file, FILE);
  assert.equal(scanCardLine(file, FILE), first, "unchanged: the same scan");
  const fd = fs.openSync(file, "r+");
  fs.writeSync(fd, Buffer.from("Z"), 0, 1, text.indexOf("[A]") + 1); // in place, same size: the title is now Z
  fs.closeSync(fd);
  const second = scanCardLine(file, FILE);
  assert.notEqual(second, first);
  assert.equal(second?.scan.hits[0]?.entry.title, "Z");
  assert.equal(scanCardLine(file, "project_b.md")?.scan.hits[0]?.entry.title, "B", "another card: its own scan");
});

test("a new card's one scan serves its card-line look-up and the edit, which writes the whole-Buffer edit's bytes and journal edit", async (t) => {
  const file = path.join(dir(t), "MEMORY.md");
  const files = ["user_a.md", "feedback_a.md", FILE, "reference_a.md"];
  await fc.assert(
    fc.asyncProperty(indexArb, lineArb, async (text, line) => {
      fs.writeFileSync(file, text);
      const buf = Buffer.from(text);
      scanNewCard(file, "a", files, true);
      assert.equal(scanCardLine(file, FILE)?.scan.hits[0]?.start, findIndexLine(buf, FILE)?.start);
      const expected = upsertIndexLinePieces(buf, FILE, line);
      const got = await upsertIndexLineStreamed(file, FILE, line);
      if (!expected) return assert.equal(got, undefined);
      assert.deepEqual(got, { changed: expected.changed, ...(expected.edit ? { edit: expected.edit } : {}) });
      assert.deepEqual(fs.readFileSync(file), upsertIndexLineBytes(buf, FILE, line));
    }),
    { numRuns: 300 },
  );
});

test("a new card's scan is not reused once the index changed", (t) => {
  const file = path.join(dir(t), "MEMORY.md");
  const text = "# Memory\n\n- [B](project_b.md) — hook b\n";
  fs.writeFileSync(file, text);
  assert.deepEqual(scanNewCard(file, "a", [FILE], true)?.scan.hits, []);
  assert.equal(scanCardLine(file, FILE)?.scan.hits[0], undefined);
  fs.appendFileSync(file, `- [A by hand](${FILE}) — added by hand meanwhile\n`);
  assert.equal(scanCardLine(file, FILE)?.scan.hits[0]?.entry.title, "A by hand", "scanned again: the hand-added line is found");
});

test("a new line is appended in place: the index keeps its inode and holds the whole-Buffer edit's bytes, no temp made", async (t) => {
  const file = path.join(dir(t), "MEMORY.md");
  for (const eol of ["\n", "\r\n"]) {
    const text = `# Memory${eol}${eol}- [B](project_b.md) — hook b${eol}`;
    fs.writeFileSync(file, text);
    const before = fs.statSync(file);
    const line = `- [A](${FILE}) — the card`;
    const got = await upsertIndexLineStreamed(file, FILE, line);
    assert.deepEqual(got, { changed: true, edit: { at: 4, removed: 0, inserted: [line] } });
    assert.deepEqual(fs.readFileSync(file), upsertIndexLineBytes(Buffer.from(text), FILE, line));
    assert.equal(fs.statSync(file).ino, before.ino, "appended, not replaced");
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ["MEMORY.md"]);
  }
});

test("an append planned from a scan of an index edited by hand since writes nothing: the caller edits it whole", async (t) => {
  const file = path.join(dir(t), "MEMORY.md");
  const text = "# Memory\n\n- [B](project_b.md) — hook b\n";
  fs.writeFileSync(file, text);
  const scanned = scanIndexFile(file, cardLineScan(FILE, true));
  const fd = fs.openSync(file, "r+");
  fs.writeSync(fd, Buffer.from("B"), 0, 1, Buffer.byteLength(text.slice(0, text.indexOf("hook b") + "hook ".length))); // in place, same size
  fs.closeSync(fd);
  assert.equal(await upsertScannedLine(file, scanned, `- [A](${FILE}) — new`), undefined);
  assert.equal(fs.readFileSync(file, "utf8"), text.replace("hook b", "hook B"), "nothing appended to what was not scanned");
});

test("recovering a killed save, an index ending in the start of its new line (an append cut short) gets the rest, once", async (t) => {
  const file = path.join(dir(t), "MEMORY.md");
  const line = `- [A](${FILE}) — the card, 中文`;
  for (const eol of ["\n", "\r\n"]) {
    const base = `# Memory${eol}${eol}- [B](project_b.md) — hook b${eol}`;
    const whole = Buffer.from(base + line + eol);
    for (let cut = Buffer.byteLength(base) + 1; cut < whole.length; cut++) {
      fs.writeFileSync(file, whole.subarray(0, cut));
      const got = await upsertIndexLineStreamed(file, FILE, line, undefined, { recovering: true });
      assert.deepEqual(got, { changed: true }, `cut at ${cut}`);
      assert.deepEqual(fs.readFileSync(file), whole, `cut at ${cut}`);
    }
  }
  // A last line that is not the start of this line is not the save's: left to the whole-Buffer edit, as a live save leaves it.
  const other = "# Memory\n\n- [B](project_b.md) — hook b\n- [C](proj";
  fs.writeFileSync(file, other);
  assert.equal(await upsertIndexLineStreamed(file, FILE, line, undefined, { recovering: true }), undefined);
  assert.equal(fs.readFileSync(file, "utf8"), other);
});

test("a read-only index is replaced by the copy's rename as before, keeping its mode, not opened for writing", async (t) => {
  const file = path.join(dir(t), "MEMORY.md");
  const text = "# Memory\n\n- [B](project_b.md) — hook b\n";
  fs.writeFileSync(file, text);
  fs.chmodSync(file, 0o444);
  const before = fs.statSync(file);
  const line = `- [A](${FILE}) — the card`;
  assert.deepEqual(await upsertIndexLineStreamed(file, FILE, line), { changed: true, edit: { at: 4, removed: 0, inserted: [line] } });
  assert.equal(fs.readFileSync(file, "utf8"), `${text}${line}\n`);
  const after = fs.statSync(file);
  assert.notEqual(after.ino, before.ino, "replaced");
  assert.equal(after.mode & 0o777, 0o444);
});

// A second name for the index (a hard link, here outside the store's directory) is another file that an append in
// place would write too: a hard-linked index takes the copy's rename, as a symlinked one does, and the other name
// keeps its bytes (the file tools refuse hard links for the same reason: docs/threat-model.md).
test("a hard-linked index is replaced by the copy's rename, never appended through: the other name is untouched", async (t) => {
  const root = dir(t);
  const store = path.join(root, "store");
  fs.mkdirSync(store);
  const file = path.join(store, "MEMORY.md");
  const other = path.join(root, "elsewhere.txt");
  const text = "# Memory\n\n- [B](project_b.md) — hook b\n";
  fs.writeFileSync(other, text);
  fs.linkSync(other, file);
  const line = `- [A](${FILE}) — the card`;
  assert.deepEqual(await upsertIndexLineStreamed(file, FILE, line), { changed: true, edit: { at: 4, removed: 0, inserted: [line] } });
  assert.equal(fs.readFileSync(file, "utf8"), `${text}${line}\n`);
  assert.equal(fs.readFileSync(other, "utf8"), text, "the other name is not written through");
  assert.equal(fs.statSync(file).nlink, 1);
});
