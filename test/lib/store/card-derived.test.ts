// A derived file (lib/store/card-derived.ts) is untrusted: one planted at 1.5 GB (sparse, so it costs no disk) must
// read as none after a few bytes, whether its stamp names another cache or the right one, and a file written by
// writeDerived still reads back whole. Bytes read are counted by the kernel (/proc/self/io rchar), not guessed.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readDerived, writeDerived } from "../../../lib/store/card-derived.js";
import type { CacheStamp } from "../../../lib/store/full-check.js";
import { STATE_DIR } from "../../../lib/store/paths.js";
import { tempDir } from "../../helpers.js";

const NAME = "overview-lines";
const PLANTED = 1.5 * 1024 ** 3;
/** A card cache as large as any store here has: the derived file's bound is far above it. */
const BIG_CACHE: CacheStamp = [1_700_000_000_123.5, 1024 ** 3, 1_700_000_000_456.25, 4242];
const SMALL_CACHE: CacheStamp = [1_700_000_000_123.5, 30_000, 1_700_000_000_456.25, 4242];

function store(): string {
  const dir = tempDir("memctl-derived-");
  fs.mkdirSync(path.join(dir, STATE_DIR));
  return dir;
}

/** Plants `name` with a head line naming `cache`, made `size` bytes long without writing them (a sparse tail). */
function plant(dir: string, cache: CacheStamp, size: number): void {
  const file = path.join(dir, STATE_DIR, NAME);
  fs.writeFileSync(file, `${JSON.stringify({ cache, facts: {} })}\n`);
  fs.truncateSync(file, size);
}

/** The bytes this process has read through read(2) so far (Linux). */
function bytesRead(): number {
  return Number(/^rchar: (\d+)$/m.exec(fs.readFileSync("/proc/self/io", "utf8"))![1]);
}

function readsAtMost<T>(limit: number, fn: () => T): T {
  const before = bytesRead();
  const out = fn();
  const read = bytesRead() - before;
  assert.ok(read < limit, `read ${read} bytes`);
  return out;
}

test("a planted 1.5 GB file naming another cache reads as none after its head", { skip: !fs.existsSync("/proc/self/io") }, () => {
  const dir = store();
  plant(dir, [1, 2, 3, 4], PLANTED);
  assert.equal(
    readsAtMost(64 * 1024, () => readDerived(dir, NAME, BIG_CACHE)),
    undefined,
  );
});

test("a planted 1.5 GB file naming the right cache is past any payload that cache can have", { skip: !fs.existsSync("/proc/self/io") }, () => {
  const dir = store();
  plant(dir, SMALL_CACHE, PLANTED);
  assert.equal(
    readsAtMost(64 * 1024, () => readDerived(dir, NAME, SMALL_CACHE)),
    undefined,
  );
});

test("what writeDerived wrote reads back, and only for its stamp", () => {
  const dir = store();
  writeDerived(dir, NAME, SMALL_CACHE, { today: "2026-12-06", edits: [{ at: 3, removed: 0, inserted: ["x".repeat(9000)] }] }, [Buffer.from("a\n"), Buffer.from("b\n")]);
  const got = readDerived(dir, NAME, SMALL_CACHE);
  assert.deepEqual(got?.facts, { today: "2026-12-06", edits: [{ at: 3, removed: 0, inserted: ["x".repeat(9000)] }] });
  assert.equal(got?.payload.toString(), "a\nb\n");
  assert.equal(readDerived(dir, NAME, [...SMALL_CACHE.slice(0, 3), 4243] as CacheStamp), undefined);
});

test("a file derived from a delta's identity may be as large as the card cache under the delta makes it", () => {
  // With a delta in force (card-delta.ts) the cache's identity is the small delta file's stamp; what is derived
  // from it renders the card-cache file beneath as well (session start's lines: 19 MB at 100,000 cards).
  const dir = store();
  fs.writeFileSync(path.join(dir, STATE_DIR, "card-cache"), Buffer.alloc(512 * 1024));
  fs.writeFileSync(path.join(dir, STATE_DIR, "card-delta"), "delta");
  const st = fs.lstatSync(path.join(dir, STATE_DIR, "card-delta"));
  const identity: CacheStamp = [st.mtimeMs, st.size, st.ctimeMs, st.ino];
  const payload = Buffer.alloc(3 * 1024 * 1024, 0x61);
  writeDerived(dir, NAME, identity, {}, [payload]);
  assert.equal(readDerived(dir, NAME, identity)?.payload.length, payload.length);
  // Past eight times both files and a MiB it is still refused unread.
  fs.truncateSync(path.join(dir, STATE_DIR, NAME), PLANTED);
  assert.equal(readDerived(dir, NAME, identity), undefined);
});
