// Memory-derived text (card names, link targets, hooks) is attacker-influenced: anyone who can write a card
// chooses it, and a terminal acts on ESC/OSC/CSI bytes it is handed. These render such bytes inert.
// Bidirectional overrides and line/paragraph separators are neutralised too: they do not drive the terminal,
// but they reorder or break what a reader sees (a card name can visually pose as another path).

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** Text of printable ASCII only: nothing in it to make inert. */
export const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Text of ASCII only (controls included): the fast paths that skip Unicode tables and normalisers test this. */
export const ASCII_TEXT = /^[\x00-\x7f]*$/;
const INVISIBLE_LAYOUT = /[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/**
 * Unicode tag characters (U+E0000–U+E007F) as their UTF-16 pairs: ASCII no person sees and a model reads. Writes
 * refuse them (lib/core/card-rules.ts); one typed into MEMORY.md by hand is shown as its code point instead.
 */
export const TAG_CHARACTER = /\uDB40[\uDC00-\uDC7F]/;
const TAG_CHARACTERS = new RegExp(TAG_CHARACTER.source, "g");
/** DEL, C1 and INVISIBLE_LAYOUT in one class: what safeJson escapes (JSON escapes C0 itself). */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Replaces C0, DEL and C1 control characters with inert `\xNN` text, bidi controls and line separators with
 * `\uNNNN` text, and tag characters with `\u{e00NN}`; CJK and every other printable character pass through.
 */
export function inertText(text: string): string {
  // Most text has nothing to neutralise: checked without the two patterns, whose compilation (Unicode ranges)
  // is a measurable share of a hook that starts cold on every prompt.
  if (!needsInerting(text)) return text;
  return text
    .replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
    .replace(INVISIBLE_LAYOUT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .replace(TAG_CHARACTERS, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** JSON.stringify that also escapes DEL, C1, bidi controls and line separators as \uXXXX (JSON escapes C0 itself), for output read in a terminal. */
export function safeJson(value: unknown, indent = 2): string {
  // One pass over the text, not one per class: `list --json` at 100,000 cards is 36 MB of it.
  return escapeJsonUnsafe(JSON.stringify(value, null, indent));
}

/** safeJson of one string, as safeJson prints it anywhere in a document (a string's JSON has no indentation). */
export function safeJsonString(text: string): string {
  const json = JSON.stringify(text);
  // Every character JSON_UNSAFE matches is outside printable ASCII: most strings need no second pass.
  return PRINTABLE_ASCII.test(json) ? json : escapeJsonUnsafe(json);
}

/**
 * JSON of `value` in ASCII: every character past it written as \uXXXX (the same JSON value). A reader decodes
 * ASCII into a one-byte string, which JSON.parse reads faster than the two-byte string a single CJK character makes
 * of the whole text (the rank cache's header: ~2 ms of every prompt at 100,000 cards, bench/history/2026-12.md, h/warm5).
 * The web view's JSON pages use it too: no bidi control or tag character reaches a browser as it is.
 */
export function asciiJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** JSON text with what JSON_UNSAFE matches written as \uXXXX (still the same JSON value). */
function escapeJsonUnsafe(json: string): string {
  return json.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** True when inertText would change the text: a character CONTROL or INVISIBLE_LAYOUT matches. */
function needsInerting(text: string): boolean {
  // Printable ASCII (most lines) first, the one combined class only for anything else.
  return !PRINTABLE_ASCII.test(text) && NEEDS_INERTING.test(text);
}

const NEEDS_INERTING = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\uDB40]/;

/** UTF-8 lead bytes of the characters JSON_UNSAFE matches above DEL: C1 (C2 80–9F), U+061C (D8 9C), U+200E–U+2069 (E2 80 / E2 81). */
const UNSAFE_LEADS = [0xc2, 0xd8, 0xe2] as const;

/**
 * Whether UTF-8 bytes hold nothing safeJson would have escaped: no C0 control but the newline, no DEL, no C1, no
 * bidi control or line separator. For output kept as bytes and printed again (`list --json`'s rows, 38 MB at
 * 100,000 cards): a planted file cannot reach the terminal with what the renderer makes inert. Four bytes a step
 * (a byte below 0x20 or 0x7f sets its word's mark; a marked word is looked at byte by byte: the newlines), then
 * one search per lead byte of the multi-byte characters.
 */
export function terminalSafeJsonBytes(bytes: Uint8Array): boolean {
  const words = Math.floor(bytes.length / 4);
  // Read in place when the bytes start on a word (a caller that can, aligns them: a copy of 38 MB is ~20 ms).
  // (A copy by set, not slice: Buffer#slice is a view of the same memory.)
  const copy = () => {
    const out = new Int32Array(words);
    new Uint8Array(out.buffer).set(bytes.subarray(0, words * 4));
    return out;
  };
  const aligned = bytes.byteOffset % 4 === 0 ? new Int32Array(bytes.buffer, bytes.byteOffset, words) : copy();
  for (let i = 0; i < words; i++) {
    const w = aligned[i]!;
    // A byte below 0x20 (hasless(w, 0x20)) or equal to 0x7f (hasless(w ^ 0x7f7f7f7f, 1)) in the word.
    if (((w - 0x20202020) & ~w & 0x80808080) === 0 && (((w ^ 0x7f7f7f7f) - 0x01010101) & ~(w ^ 0x7f7f7f7f) & 0x80808080) === 0) continue;
    for (let k = i * 4; k < i * 4 + 4; k++) if (!safeByte(bytes[k]!)) return false;
  }
  for (let k = words * 4; k < bytes.length; k++) if (!safeByte(bytes[k]!)) return false;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const lead of UNSAFE_LEADS) {
    for (let at = buf.indexOf(lead); at >= 0; at = buf.indexOf(lead, at + 1)) {
      const a = buf[at + 1] ?? 0;
      const b = buf[at + 2] ?? 0;
      if (lead === 0xc2 && a >= 0x80 && a <= 0x9f) return false;
      if (lead === 0xd8 && a === 0x9c) return false;
      if (lead === 0xe2 && a === 0x80 && (b === 0x8e || b === 0x8f || (b >= 0xa8 && b <= 0xae))) return false;
      if (lead === 0xe2 && a === 0x81 && b >= 0xa6 && b <= 0xa9) return false;
    }
  }
  return true;
}

const safeByte = (c: number) => c === 0x0a || (c >= 0x20 && c !== 0x7f);

/**
 * A host session id as memctl records it (the why log, capture's proposals): a payload may send megabytes, paths or
 * line breaks in it. Hosts send UUID-like ids, which pass unchanged; the hashed session keys take the id as sent.
 */
export function sessionLabel(id: string): string {
  return id.replace(/[^A-Za-z0-9._:-]/g, "_").slice(0, 80);
}
