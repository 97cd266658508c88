// lib/core/pieced-text.ts
function escapeJsonBytes(utf8) {
  const latin1 = Buffer.from(utf8.buffer, utf8.byteOffset, utf8.byteLength).toString("latin1");
  return Buffer.from(JSON.stringify(latin1).slice(1, -1), "latin1");
}
var ESCAPED = new Uint8Array(128);
for (const [c, b] of Object.entries({ '"': 34, "\\": 92, "/": 47, b: 8, f: 12, n: 10, r: 13, t: 9 })) ESCAPED[c.charCodeAt(0)] = b;
function unescapeJsonBytes(pieces) {
  let length = 0;
  for (const p of pieces) length += p.length;
  const out = Buffer.allocUnsafe(length);
  let k = 0;
  for (const piece of pieces) {
    const p = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    let at = 0;
    for (let slash = p.indexOf(92); slash >= 0; slash = p.indexOf(92, at)) {
      k += p.copy(out, k, at, slash);
      const c = p[slash + 1];
      const hex = c === 117 ? p.toString("latin1", slash + 2, slash + 6) : "";
      if (c !== void 0 && c < 128 && ESCAPED[c] > 0) {
        out[k++] = ESCAPED[c];
        at = slash + 2;
      } else if (/^00[0-1][0-9a-f]$/.test(hex)) {
        out[k++] = Number.parseInt(hex, 16);
        at = slash + 6;
      } else {
        out[k++] = 92;
        at = slash + 1;
      }
    }
    k += p.copy(out, k, at);
  }
  return out.subarray(0, k);
}
var PiecedText = class _PiecedText {
  constructor(parts) {
    this.parts = parts;
  }
  /** UTF-8 length. */
  get bytes() {
    let n = 0;
    for (const p of this.parts) n += typeof p === "string" ? Buffer.byteLength(p) : p.bytes;
    return n;
  }
  /** The text with `text` in front. */
  prepend(text) {
    return new _PiecedText([text, ...this.parts]);
  }
  /** The text as UTF-8, in pieces. */
  utf8() {
    return this.parts.map((p) => typeof p === "string" ? Buffer.from(p, "utf8") : unescapeJsonBytes(p.json));
  }
  /** JSON.stringify(text) without its quotes, as UTF-8, in pieces (the runs as they are kept). */
  json() {
    return this.parts.flatMap((p) => typeof p === "string" ? [Buffer.from(JSON.stringify(p).slice(1, -1), "utf8")] : p.json);
  }
  /** The whole text, for a caller that needs one string (MCP's `memory_overview`, tests). */
  toString() {
    this.joined ??= this.parts.map((p) => typeof p === "string" ? p : unescapeJsonBytes(p.json).toString("utf8")).join("");
    return this.joined;
  }
};
export {
  PiecedText,
  escapeJsonBytes,
  unescapeJsonBytes
};
