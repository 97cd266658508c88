// lib/core/bytes.ts
function bufferView(bytes) {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
function utf8Text(bytes, start = 0, end) {
  return bufferView(bytes).toString("utf8", start, end);
}
function latin1Text(bytes, start = 0, end) {
  return bufferView(bytes).toString("latin1", start, end);
}
var encoder;
function encodeUtf8(text) {
  encoder ??= new TextEncoder();
  return encoder.encode(text);
}
function decodeBase64url(text) {
  return Buffer.from(text, "base64url");
}
function u32At(bytes, offset) {
  if (!(offset >= 0 && offset + 4 <= bytes.length)) throw new RangeError(`no 32-bit value at ${offset} of ${bytes.length} bytes`);
  return bytes[offset] + bytes[offset + 1] * 256 + bytes[offset + 2] * 65536 + bytes[offset + 3] * 16777216;
}
function bytesAt(a, from, b) {
  if (from < 0 || from + b.length > a.length) return false;
  for (let i = 0; i < b.length; i++) if (a[from + i] !== b[i]) return false;
  return true;
}
export {
  bufferView,
  bytesAt,
  decodeBase64url,
  encodeUtf8,
  latin1Text,
  u32At,
  utf8Text
};
