// Memory-derived text (card names, link targets, hooks) is attacker-influenced: anyone who can write a card
// chooses it, and a terminal acts on ESC/OSC/CSI bytes it is handed. These render such bytes inert.
// Bidirectional overrides and line/paragraph separators are neutralised too: they do not drive the terminal,
// but they reorder or break what a reader sees (a card name can visually pose as another path).

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** Text of printable ASCII only: nothing in it to make inert. */
export const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const INVISIBLE_LAYOUT = /[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** DEL, C1 and INVISIBLE_LAYOUT in one class: what safeJson escapes (JSON escapes C0 itself). */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Replaces C0, DEL and C1 control characters with inert `\xNN` text, and bidi controls and line separators with
 * `\uNNNN` text; CJK and every other printable character pass through.
 */
export function inertText(text: string): string {
  // Most text has nothing to neutralise: checked without the two patterns, whose compilation (Unicode ranges)
  // is a measurable share of a hook that starts cold on every prompt.
  if (!needsInerting(text)) return text;
  return text
    .replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
    .replace(INVISIBLE_LAYOUT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** JSON.stringify that also escapes DEL, C1, bidi controls and line separators as \uXXXX (JSON escapes C0 itself), for output read in a terminal. */
export function safeJson(value: unknown, indent = 2): string {
  // One pass over the text, not one per class: `list --json` at 100,000 cards is 36 MB of it.
  return JSON.stringify(value, null, indent).replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** safeJson of one string, as safeJson prints it anywhere in a document (a string's JSON has no indentation). */
export function safeJsonString(text: string): string {
  const json = JSON.stringify(text);
  // Every character JSON_UNSAFE matches is outside printable ASCII: most strings need no second pass.
  return PRINTABLE_ASCII.test(json) ? json : json.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** True when inertText would change the text: a character CONTROL or INVISIBLE_LAYOUT matches. */
function needsInerting(text: string): boolean {
  // Printable ASCII (most lines) first, the one combined class only for anything else.
  return !PRINTABLE_ASCII.test(text) && NEEDS_INERTING.test(text);
}

const NEEDS_INERTING = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
