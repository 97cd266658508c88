// Standard input under a size and a time bound: the bytes when the input ends in time within the size, else
// why it was refused, with nothing kept past the bound and no timer or stream left to hold the process open.
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { readStreamBounded } from "../../../lib/store/bounded-input.js";

const bounds = { maxBytes: 1000, deadlineMs: 200 };

test("an input that ends in time within the bound: its bytes, exactly", async () => {
  const s = new PassThrough();
  const read = readStreamBounded(s, bounds);
  s.write('{"cwd":');
  s.end('"/x"}');
  assert.deepEqual(await read, { status: "read", bytes: Buffer.from('{"cwd":"/x"}') });
});

test("one byte over the bound: refused, the rest read to the end (the writer never meets a closed pipe)", async () => {
  const s = new PassThrough();
  const read = readStreamBounded(s, bounds);
  s.write(Buffer.alloc(1000, 0x61));
  s.write(Buffer.alloc(1, 0x61));
  s.end(Buffer.alloc(5000, 0x61));
  assert.deepEqual(await read, { status: "over", seen: 6001, ended: true });
});

test("an input that keeps streaming: refused at the deadline and the stream destroyed", async () => {
  const s = new PassThrough();
  const pump = setInterval(() => s.write(Buffer.alloc(600, 0x61)), 5);
  const started = Date.now();
  const r = await readStreamBounded(s, bounds);
  clearInterval(pump);
  assert.equal(r.status, "over");
  assert.equal(r.status === "over" && r.ended, false);
  assert.ok(Date.now() - started >= 190 && Date.now() - started < 1000, `${Date.now() - started} ms`);
  assert.equal(s.destroyed, true);
});

test("an input held open in silence: late at the deadline, within the size", async () => {
  const s = new PassThrough();
  s.write("{");
  const hold = setTimeout(() => undefined, 1_000); // the reader's timer is unref'd: this keeps the test alive
  const r = await readStreamBounded(s, bounds);
  clearTimeout(hold);
  assert.deepEqual(r, { status: "late", seen: 1 });
  assert.equal(s.destroyed, true);
});
