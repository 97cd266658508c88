// lib/core/sanitize.ts
var CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
var PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
var ASCII_TEXT = /^[\x00-\x7f]*$/;
var INVISIBLE_LAYOUT = /[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
var TAG_CHARACTER = /\uDB40[\uDC00-\uDC7F]/;
var TAG_CHARACTERS = new RegExp(TAG_CHARACTER.source, "g");
var JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
function inertText(text) {
  if (!needsInerting(text)) return text;
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`).replace(INVISIBLE_LAYOUT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).replace(TAG_CHARACTERS, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
}
function safeJson(value, indent = 2) {
  return escapeJsonUnsafe(JSON.stringify(value, null, indent));
}
function safeJsonString(text) {
  const json = JSON.stringify(text);
  return PRINTABLE_ASCII.test(json) ? json : escapeJsonUnsafe(json);
}
function asciiJson(value, indent) {
  return JSON.stringify(value, null, indent).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function escapeJsonUnsafe(json) {
  return json.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function needsInerting(text) {
  return !PRINTABLE_ASCII.test(text) && NEEDS_INERTING.test(text);
}
var NEEDS_INERTING = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\uDB40]/;
var UNSAFE_LEADS = [194, 216, 226];
function terminalSafeJsonBytes(bytes) {
  const words = Math.floor(bytes.length / 4);
  const copy = () => {
    const out = new Int32Array(words);
    new Uint8Array(out.buffer).set(bytes.subarray(0, words * 4));
    return out;
  };
  const aligned = bytes.byteOffset % 4 === 0 ? new Int32Array(bytes.buffer, bytes.byteOffset, words) : copy();
  for (let i = 0; i < words; i++) {
    const w = aligned[i];
    if ((w - 538976288 & ~w & 2155905152) === 0 && ((w ^ 2139062143) - 16843009 & ~(w ^ 2139062143) & 2155905152) === 0) continue;
    for (let k = i * 4; k < i * 4 + 4; k++) if (!safeByte(bytes[k])) return false;
  }
  for (let k = words * 4; k < bytes.length; k++) if (!safeByte(bytes[k])) return false;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const lead of UNSAFE_LEADS) {
    for (let at = buf.indexOf(lead); at >= 0; at = buf.indexOf(lead, at + 1)) {
      const a = buf[at + 1] ?? 0;
      const b = buf[at + 2] ?? 0;
      if (lead === 194 && a >= 128 && a <= 159) return false;
      if (lead === 216 && a === 156) return false;
      if (lead === 226 && a === 128 && (b === 142 || b === 143 || b >= 168 && b <= 174)) return false;
      if (lead === 226 && a === 129 && b >= 166 && b <= 169) return false;
    }
  }
  return true;
}
var safeByte = (c) => c === 10 || c >= 32 && c !== 127;
function sessionLabel(id) {
  return id.replace(/[^A-Za-z0-9._:-]/g, "_").slice(0, 80);
}
export {
  ASCII_TEXT,
  PRINTABLE_ASCII,
  TAG_CHARACTER,
  asciiJson,
  inertText,
  safeJson,
  safeJsonString,
  sessionLabel,
  terminalSafeJsonBytes
};
