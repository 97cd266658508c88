// Bytes to text and back for code that holds plain Uint8Arrays (the hook's reads). Only documented APIs:
// Buffer#toString over a zero-copy Buffer view, TextEncoder, Buffer.from. (An earlier version called
// Buffer.prototype's undocumented per-encoding methods to skip Buffer's JavaScript layer at start-up; the
// saving was inside the noise of the interleaved latency benchmark, and a Node update could have removed them.)

/** A Buffer over the same memory as `bytes` (no copy), for Buffer's search and decoding methods. */
export function bufferView(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** buf.toString("utf8", start, end). */
export function utf8Text(bytes: Uint8Array, start = 0, end?: number): string {
  return bufferView(bytes).toString("utf8", start, end);
}

/** buf.toString("latin1", start, end): one character per byte. */
export function latin1Text(bytes: Uint8Array, start = 0, end?: number): string {
  return bufferView(bytes).toString("latin1", start, end);
}

let encoder: TextEncoder | undefined;

/** Buffer.from(text, "utf8"), as a Uint8Array of its own (never a slice of Buffer's shared pool). */
export function encodeUtf8(text: string): Uint8Array {
  encoder ??= new TextEncoder();
  return encoder.encode(text);
}

/** Buffer.from(text, "base64url") for text of the base64url alphabet only (callers check it). */
export function decodeBase64url(text: string): Uint8Array {
  return Buffer.from(text, "base64url");
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
