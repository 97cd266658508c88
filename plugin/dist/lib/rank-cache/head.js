// lib/rank-cache/head.ts
import { readAt } from "../store/checked-fs.js";
var HEAD_PAGE = 4096;
var SPAN_CHUNK = 64 * 1024;
var check = (pos, bytes, size) => {
  if (!(bytes >= 0 && pos >= 0 && pos + bytes <= size)) throw new RangeError("truncated rank cache");
};
function readExactly(fd, target, bytes, position) {
  if (readAt(fd, new Uint8Array(target.buffer, target.byteOffset, bytes), 0, bytes, position) !== bytes) throw new RangeError("short read of the rank cache");
}
function wholeHead(fd, size) {
  const buf = new Uint8Array(size);
  readExactly(fd, buf, size, 0);
  const w32 = new Uint32Array(buf.buffer, 0, size >>> 2);
  const w64 = new Float64Array(buf.buffer, 0, size >>> 3);
  const bytes = (from, to) => {
    check(from, to - from, size);
    return buf.subarray(from, to);
  };
  return {
    size,
    paged: false,
    u32: (pos) => {
      check(pos, 4, size);
      return w32[pos >>> 2];
    },
    f64: (pos) => {
      check(pos, 8, size);
      return w64[pos >>> 3];
    },
    bytes,
    once: bytes,
    spans: (from, to) => from.map((a, i) => bytes(a, to[i]).slice()),
    u32s: (pos, length) => {
      check(pos, 4 * length, size);
      return new Uint32Array(buf.buffer, pos, length);
    },
    f64s: (pos, length) => {
      check(pos, 8 * length, size);
      return new Float64Array(buf.buffer, pos, length);
    }
  };
}
function pagedHead(fd, size) {
  const pages = /* @__PURE__ */ new Map();
  const page = (index) => {
    let p = pages.get(index);
    if (!p) {
      const bytes = Math.min(HEAD_PAGE, size - index * HEAD_PAGE);
      const u8 = new Uint8Array(bytes);
      readExactly(fd, u8, bytes, index * HEAD_PAGE);
      p = { u8, u32: new Uint32Array(u8.buffer, 0, bytes >>> 2), f64: new Float64Array(u8.buffer, 0, bytes >>> 3) };
      pages.set(index, p);
    }
    return p;
  };
  const run = (target, pos, bytes) => {
    check(pos, bytes, size);
    readExactly(fd, target, bytes, pos);
    return target;
  };
  return {
    size,
    paged: true,
    u32: (pos) => {
      check(pos, 4, size);
      return page(Math.floor(pos / HEAD_PAGE)).u32[pos % HEAD_PAGE >>> 2];
    },
    f64: (pos) => {
      check(pos, 8, size);
      return page(Math.floor(pos / HEAD_PAGE)).f64[pos % HEAD_PAGE >>> 3];
    },
    bytes: (from, to) => {
      check(from, to - from, size);
      const first = Math.floor(from / HEAD_PAGE);
      if (to <= (first + 1) * HEAD_PAGE) return page(first).u8.subarray(from % HEAD_PAGE, from % HEAD_PAGE + to - from);
      return run(new Uint8Array(to - from), from, to - from);
    },
    // A card path: the hook asks for ~1,000 scattered ones at 100,000 cards, which would keep ~500 pages.
    once: (from, to) => run(new Uint8Array(to - from), from, to - from),
    spans: (from, to) => {
      const order = Array.from(from, (_, i) => i).sort((x, y) => from[x] - from[y]);
      const out = new Array(from.length);
      const chunk = new Uint8Array(SPAN_CHUNK);
      let start = 0;
      let end = 0;
      for (const i of order) {
        const a = from[i];
        const b = to[i];
        check(a, b - a, size);
        if (b - a > SPAN_CHUNK) out[i] = run(new Uint8Array(b - a), a, b - a);
        else {
          if (a < start || b > end) {
            start = a;
            end = Math.min(size, a + SPAN_CHUNK);
            readExactly(fd, chunk, end - start, start);
          }
          out[i] = chunk.slice(a - start, b - start);
        }
      }
      return out;
    },
    u32s: (pos, length) => run(new Uint32Array(length), pos, 4 * length),
    f64s: (pos, length) => run(new Float64Array(length), pos, 8 * length)
  };
}
export {
  HEAD_PAGE,
  pagedHead,
  readExactly,
  wholeHead
};
