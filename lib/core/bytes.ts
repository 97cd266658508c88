// Bytes to text and back for the per-prompt hook without node:buffer's JavaScript layer. In a fresh process
// the first call of each of Buffer's JavaScript functions (from, alloc, toString, byteLength, equals,
// readUInt32LE, …) compiles it, ~100K instructions apiece and ~20 of them a prompt, and every later call
// walks its argument checks. V8's typed-array builtins need no compiling, and Buffer#toString and
// Buffer#write end in per-encoding methods (utf8Slice, utf8Write, …) that take any Uint8Array: calling those
// gives exactly what Buffer gives (test/lib/bytes.test.ts checks it on every supported Node line).

/** The per-encoding methods on Buffer.prototype (native on Node 20, thin wrappers of natives on 22 and 24). */
interface EncodingMethods {
  utf8Slice(this: Uint8Array, start: number, end: number): string;
  latin1Slice(this: Uint8Array, start: number, end: number): string;
  base64urlSlice(this: Uint8Array, start: number, end: number): string;
  utf8Write(this: Uint8Array, text: string, offset: number, length: number): number;
  base64urlWrite(this: Uint8Array, text: string, offset: number, length: number): number;
}

const methods = Buffer.prototype as unknown as EncodingMethods;

/** The methods clamp nothing (an end past the bytes throws): clamp as Buffer#toString does. */
function clampEnd(bytes: Uint8Array, end: number | undefined): number {
  return end === undefined || end > bytes.length ? bytes.length : end;
}

/** buf.toString("utf8", start, end). */
export function utf8Text(bytes: Uint8Array, start = 0, end?: number): string {
  const to = clampEnd(bytes, end);
  const from = start < 0 ? 0 : start;
  return from >= to ? "" : methods.utf8Slice.call(bytes, from, to);
}

/** buf.toString("latin1", start, end): one character per byte. */
export function latin1Text(bytes: Uint8Array, start = 0, end?: number): string {
  const to = clampEnd(bytes, end);
  const from = start < 0 ? 0 : start;
  return from >= to ? "" : methods.latin1Slice.call(bytes, from, to);
}

/** buf.toString("base64url"). */
export function base64urlText(bytes: Uint8Array): string {
  return bytes.length === 0 ? "" : methods.base64urlSlice.call(bytes, 0, bytes.length);
}

/**
 * Buffer.from(text, "utf8"), as a Uint8Array. Sized by Buffer.byteLength: its native count beats any loop the
 * interpreter runs, which outweighs its one compile.
 */
export function encodeUtf8(text: string): Uint8Array {
  const out = new Uint8Array(Buffer.byteLength(text, "utf8"));
  if (out.length > 0) methods.utf8Write.call(out, text, 0, out.length);
  return out;
}

/** Buffer.from(text, "base64url") for text of the base64url alphabet only (callers check it). */
export function decodeBase64url(text: string): Uint8Array {
  const out = new Uint8Array((text.length * 3) >>> 2);
  const written = out.length === 0 ? 0 : methods.base64urlWrite.call(out, text, 0, out.length);
  return written === out.length ? out : out.subarray(0, written);
}

/** buf.readUInt32LE(offset); RangeError when the four bytes are not all there. */
export function u32At(bytes: Uint8Array, offset: number): number {
  if (!(offset >= 0 && offset + 4 <= bytes.length)) throw new RangeError(`no 32-bit value at ${offset} of ${bytes.length} bytes`);
  return bytes[offset]! + bytes[offset + 1]! * 0x100 + bytes[offset + 2]! * 0x10000 + bytes[offset + 3]! * 0x1000000;
}

/** Whether a[from, from + b.length) holds exactly b. */
export function bytesAt(a: Uint8Array, from: number, b: Uint8Array): boolean {
  if (from < 0 || from + b.length > a.length) return false;
  for (let i = 0; i < b.length; i++) if (a[from + i] !== b[i]) return false;
  return true;
}
