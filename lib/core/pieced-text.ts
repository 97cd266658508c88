// Text too large to be one string: session start's overview is 17 MB at 100,000 cards, and decoding it, quoting
// it for the host's JSON and encoding it again was ~200 ms of every start (issue 32). Its index lines are kept
// (in the card cache) already in the form the JSON hosts print, as the content of a JSON string; a start copies
// runs of those bytes, and only a plain-text host pays for turning them back into the text.
//
// The escaped form is made from the text's UTF-8 bytes read as Latin-1: JSON.stringify escapes only `"`, `\` and
// characters below U+0020, all ASCII, so escaping the bytes is escaping the text, byte for byte the same as
// UTF-8 of JSON.stringify(text) for any text decoded from bytes (which holds no lone surrogate).

/** Runs of lines as JSON string content (JSON.stringify(text) without its quotes, UTF-8), and the text's UTF-8 length. */
export interface JsonRuns {
  json: readonly Uint8Array[];
  bytes: number;
}

/** JSON.stringify(text) without its quotes, as UTF-8, for text given as its UTF-8 bytes. */
export function escapeJsonBytes(utf8: Uint8Array): Buffer {
  const latin1 = Buffer.from(utf8.buffer, utf8.byteOffset, utf8.byteLength).toString("latin1");
  return Buffer.from(JSON.stringify(latin1).slice(1, -1), "latin1");
}

/** The byte each two-character escape stands for, by the byte after the backslash (0: none). */
const ESCAPED = new Uint8Array(128);
for (const [c, b] of Object.entries({ '"': 0x22, "\\": 0x5c, "/": 0x2f, b: 0x08, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09 })) ESCAPED[c.charCodeAt(0)] = b;

/**
 * The UTF-8 text that escaped bytes stand for: the inverse of escapeJsonBytes. Copies the bytes between
 * backslashes whole (at 100,000 lines that is one copy a line). An escape escapeJsonBytes never writes is kept as
 * it stands: these bytes only ever become text, so damage shows as text, never as a failure.
 */
export function unescapeJsonBytes(pieces: readonly Uint8Array[]): Buffer {
  let length = 0;
  for (const p of pieces) length += p.length;
  const out = Buffer.allocUnsafe(length);
  let k = 0;
  for (const piece of pieces) {
    const p = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    let at = 0;
    for (let slash = p.indexOf(0x5c); slash >= 0; slash = p.indexOf(0x5c, at)) {
      k += p.copy(out, k, at, slash);
      const c = p[slash + 1];
      const hex = c === 0x75 ? p.toString("latin1", slash + 2, slash + 6) : "";
      if (c !== undefined && c < 128 && ESCAPED[c]! > 0) {
        out[k++] = ESCAPED[c]!;
        at = slash + 2;
      } else if (/^00[0-1][0-9a-f]$/.test(hex)) {
        out[k++] = Number.parseInt(hex, 16);
        at = slash + 6;
      } else {
        out[k++] = 0x5c;
        at = slash + 1;
      }
    }
    k += p.copy(out, k, at);
  }
  return out.subarray(0, k);
}

/**
 * A text made of strings and runs of escaped lines, printed in either form without ever being one string.
 * Parts meet at line ends (no surrogate pair is split), so escaping each part is escaping the whole.
 */
export class PiecedText {
  private joined: string | undefined;
  constructor(readonly parts: readonly (string | JsonRuns)[]) {}

  /** UTF-8 length. */
  get bytes(): number {
    let n = 0;
    for (const p of this.parts) n += typeof p === "string" ? Buffer.byteLength(p) : p.bytes;
    return n;
  }

  /** The text with `text` in front. */
  prepend(text: string): PiecedText {
    return new PiecedText([text, ...this.parts]);
  }

  /** The text as UTF-8, in pieces. */
  utf8(): Buffer[] {
    return this.parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : unescapeJsonBytes(p.json)));
  }

  /** JSON.stringify(text) without its quotes, as UTF-8, in pieces (the runs as they are kept). */
  json(): Uint8Array[] {
    return this.parts.flatMap((p) => (typeof p === "string" ? [Buffer.from(JSON.stringify(p).slice(1, -1), "utf8")] : p.json));
  }

  /** The whole text, for a caller that needs one string (MCP's `memory_overview`, tests). */
  toString(): string {
    this.joined ??= this.parts.map((p) => (typeof p === "string" ? p : unescapeJsonBytes(p.json).toString("utf8"))).join("");
    return this.joined;
  }
}
