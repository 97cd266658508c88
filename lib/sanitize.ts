// Memory-derived text (card names, link targets, hooks) is attacker-influenced: anyone who can write a card
// chooses it, and a terminal acts on ESC/OSC/CSI bytes it is handed. These render such bytes inert.

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const C1_AND_DEL = /[\u007f-\u009f]/g;

/** Replaces C0, DEL and C1 control characters with inert `\xNN` text; CJK and other text pass through. */
export function inertText(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** JSON.stringify that also escapes DEL and C1 as \u00XX (JSON escapes C0 itself), for output read in a terminal. */
export function safeJson(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(
    C1_AND_DEL,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
