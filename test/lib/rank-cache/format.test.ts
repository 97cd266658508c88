import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { encodeCache, type CacheContent } from "../../../lib/rank-cache/encode.js";
import { FORMAT_VERSION, openCacheFile } from "../../../lib/rank-cache/format.js";
import { tempDir } from "../../helpers.js";

const TOKENIZER = 3;
const content = (header: unknown = { k: 1 }): CacheContent<unknown> => ({
  header,
  entries: ["e0", "é1", "e2"],
  printed: ["- [A](a.md) — x", "", "- [笔记](ü/c.md) — 内存"],
  reuse: ["r0", "r1-longer", "r2"],
  files: ["a.md", "b.md", "ü/c.md"],
  stamps: [
    [1733130000123.25, 10, 1733130000456.5],
    [2, 20, 3],
    [-1, -1, -1],
  ],
  lineBytes: [120, 0, 3000],
  lineKeys: [
    [0x811c9dc5, 1],
    [0, 0xffffffff],
    [42, 7],
  ],
  rawKeys: [
    [7, 42],
    [1, 2],
    [0xfffffffe, 0],
  ],
  lines: [3, 4, 9],
  terms: [
    [
      "alpha",
      [
        { id: 0, tf: 1, mask: 1 },
        { id: 2, tf: 2, mask: 4 },
      ],
    ],
    ["beta", [{ id: 1, tf: 1, mask: 2 }]],
  ],
});

function withFile<T>(bytes: Buffer, use: (file: string) => T): T {
  const dir = tempDir();
  try {
    const file = path.join(dir, "rank-cache.bin");
    fs.writeFileSync(file, bytes);
    return use(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const open = (bytes: Buffer) => withFile(bytes, (file) => openCacheFile<unknown>(file, TOKENIZER));

/** Where the offset tables start: prefix (20), u32 headerLength, header, u32 n, entry table, reuse table. */
function tables(bytes: Buffer): { n: number; entryTable: number; reuseTable: number } {
  const headerLength = bytes.readUInt32LE(20);
  const n = bytes.readUInt32LE(24 + headerLength);
  const entryTable = 28 + headerLength;
  return { n, entryTable, reuseTable: entryTable + 4 * (n + 1) };
}

test("round trip: slim entries, reuse data, files, stamps and postings, under every head padding", () => {
  // Whole reads (small caches) and per-item / per-term positional reads (large ones) must agree.
  for (const limits of [{}, { wholeEntries: 0, wholePrinted: 0, wholePostings: 0 }])
    for (let pad = 0; pad < 8; pad++) {
      const header = { k: "x".repeat(pad) };
      withFile(encodeCache(TOKENIZER, content(header)), (file) => {
        const view = openCacheFile<unknown>(file, TOKENIZER, limits)!;
        assert.ok(view, `padding ${pad}`);
        assert.deepEqual(view.header, header);
        assert.deepEqual(
          [0, 1, 2].map((id) => view.entry(id)),
          ["e0", "é1", "e2"],
        );
        assert.deepEqual(
          [0, 1, 2].map((id) => view.reuse(id)),
          ["r0", "r1-longer", "r2"],
        );
        assert.deepEqual(
          [2, 0, 1].map((id) => view.printed(id)),
          ["- [笔记](ü/c.md) — 内存", "- [A](a.md) — x", ""],
        );
        assert.deepEqual(
          [0, 1, 2].map((id) => view.file(id)),
          ["a.md", "b.md", "ü/c.md"],
        );
        assert.deepEqual(
          [0, 1, 2].map((id) => view.stamp(id)),
          [
            [1733130000123.25, 10, 1733130000456.5],
            [2, 20, 3],
            [-1, -1, -1],
          ],
        );
        assert.deepEqual(
          [0, 1, 2].map((id) => view.lineBytes(id)),
          [120, 0, 3000],
        );
        assert.deepEqual(
          [0, 1, 2].map((id) => view.lineKey(id)),
          ["811c9dc500000001", "00000000ffffffff", "0000002a00000007"],
        );
        assert.deepEqual(Array.from(view.rawKeys), [7, 42, 1, 2, 0xfffffffe, 0]);
        assert.deepEqual(Array.from(view.lines), [3, 4, 9]);
        const alpha = view.postings("alpha")!;
        assert.deepEqual(
          [Array.from(alpha.id), Array.from(alpha.tf), Array.from(alpha.mask)],
          [
            [0, 2],
            [1, 2],
            [1, 4],
          ],
        );
        assert.deepEqual(Array.from(view.postings("beta")!.id), [1]);
        assert.equal(view.postings("gamma"), undefined);
      });
    }
});

test("term lookup finds exactly the cached terms, in any script (ASCII terms compare bytes in place)", () => {
  // Characters around the orders that differ: ASCII, Latin-1, CJK, private use and astral (UTF-16 order puts
  // U+E000-U+FFFF after surrogates, UTF-8 byte order before).
  const unit = fc.constantFrom("a", "b", "z", "0", "-", "é", "内", "存", "\ue000", "\uffee", "\ud83d\ude00", "\u007f");
  const word = fc.string({ unit, minLength: 1, maxLength: 5 });
  fc.assert(
    fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 30 }), fc.array(word, { maxLength: 10 }), (vocabulary, probes) => {
      const terms = [...vocabulary].sort().map((t, i): [string, { id: number; tf: number; mask: number }[]] => [t, [{ id: i % 3, tf: 1, mask: 1 }]]);
      withFile(encodeCache(TOKENIZER, { ...content(), terms }), (file) => {
        const view = openCacheFile<unknown>(file, TOKENIZER)!;
        const known = new Map(terms.map(([t], i) => [t, i % 3]));
        for (const t of [...vocabulary, ...probes, "", "aa", "zzzz"]) {
          const found = view.postings(t);
          assert.deepEqual(found && Array.from(found.id), known.has(t) ? [known.get(t)] : undefined, JSON.stringify({ t, vocabulary }));
        }
      });
    }),
    { numRuns: 300 },
  );
});

test("a cut anywhere, a byte too many, another version or tokenizer: not a cache", () => {
  const good = encodeCache(TOKENIZER, content());
  for (let length = 0; length < good.length; length++) assert.equal(open(good.subarray(0, length)), undefined, `cut at ${length}`);
  const end = good.length - "MEMCTLEND".length;
  assert.equal(open(Buffer.concat([good.subarray(0, end), Buffer.from("x"), good.subarray(end)])), undefined);
  const otherVersion = Buffer.from(good);
  otherVersion.writeUInt32LE(FORMAT_VERSION - 1, 8);
  assert.equal(open(otherVersion), undefined);
  assert.equal(
    withFile(good, (file) => openCacheFile(file, TOKENIZER + 1)),
    undefined,
  );
});

test("offsets that disagree with the blobs are rejected on open or when the item is read", () => {
  const good = encodeCache(TOKENIZER, content());
  const { n, entryTable, reuseTable } = tables(good);
  // The last offset of a table is its blob's length: a wrong one no longer adds up to the file's size.
  for (const table of [entryTable, reuseTable]) {
    const bad = Buffer.from(good);
    bad.writeUInt32LE(bad.readUInt32LE(table + 4 * n) + 1, table + 4 * n);
    assert.equal(open(bad), undefined);
  }
  // An inner offset past its neighbour: only that item is unreadable, and reading it throws.
  for (const [table, reader] of [
    [entryTable, "entry"],
    [reuseTable, "reuse"],
  ] as const) {
    const bad = Buffer.from(good);
    bad.writeUInt32LE(1000, table + 4);
    withFile(bad, (file) => {
      const view = openCacheFile<unknown>(file, TOKENIZER)!;
      assert.throws(() => view[reader](0), RangeError);
      assert.equal(view[reader](2), reader === "entry" ? "e2" : "r2");
    });
  }
});

test("ids outside the entries are refused by every per-entry read", () => {
  withFile(encodeCache(TOKENIZER, content()), (file) => {
    const view = openCacheFile<unknown>(file, TOKENIZER)!;
    for (const id of [-1, 3, 1.5, Number.NaN]) {
      assert.throws(() => view.entry(id), RangeError);
      assert.throws(() => view.reuse(id), RangeError);
      assert.throws(() => view.stamp(id), RangeError);
      assert.throws(() => view.lineBytes(id), RangeError);
      assert.throws(() => view.file(id), RangeError);
    }
  });
});

test("a posting id past the entries is refused when scored, so the hook rebuilds instead of ranking garbage", async () => {
  const { rank } = await import("../../../lib/rank/score.js");
  const bytes = encodeCache(TOKENIZER, content());
  // The postings follow the head: [ids (4 each)][tfs (4 each)][masks (1 each)].
  const idsAt = bytes.readUInt32LE(16);
  assert.equal(bytes.readUInt32LE(idsAt + 4), 2); // alpha's second posting: entry 2
  bytes.writeUInt32LE(7, idsAt + 4);
  withFile(bytes, (file) => {
    const view = openCacheFile<unknown>(file, TOKENIZER)!;
    const index = {
      size: view.n,
      entry: () => ({ line: 0, raw: "", file: "", title: "", hook: "" }),
      file: view.file,
      sinkFields: () => ({}),
      postings: view.postings,
      alwaysIds: [],
    };
    assert.throws(() => rank(index, new Map([["alpha", 1]]), { today: "2026-12-02" }), /points past the 3 entries/);
    assert.ok(rank(index, new Map([["beta", 1]]), { today: "2026-12-02" }).length === 1); // untouched terms still rank
  });
});

test("the header is ASCII JSON whatever its strings hold, and opens as the same value", () => {
  // Pinned lines in any script: a reader then decodes the header into a one-byte string (a faster JSON.parse).
  const header = { pinned: ["- [笔记](ü/c.md) — 内存 🙂", "- [A](a.md) — x"], pinnedFiles: ["ü/c.md", "a.md"], prio: "nan" };
  const bytes = encodeCache(TOKENIZER, content(header));
  const length = bytes.readUInt32LE(20);
  assert.equal(bytes.subarray(24, 24 + length).filter((b) => b >= 0x80).length, 0);
  assert.deepEqual(open(bytes)?.header, header);
});
