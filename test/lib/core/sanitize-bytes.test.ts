// terminalSafeJsonBytes (lib/core/sanitize.ts): bytes printed again as they were kept must hold nothing safeJson
// would have escaped. Every such character, raw, at every alignment of the 4-byte steps, is refused; safeJson's
// own output of text holding all of them is accepted.
import assert from "node:assert/strict";
import { test } from "node:test";
import { safeJsonString, terminalSafeJsonBytes } from "../../../lib/core/sanitize.js";

const C0 = Array.from({ length: 32 }, (_, c) => String.fromCharCode(c)).filter((c) => c !== "\n");
const ABOVE = ["\u007f", "\u0080", "\u009b", "\u009f", "\u061c", "\u200e", "\u200f", "\u2028", "\u2029", "\u202a", "\u202e", "\u2066", "\u2069"];

test("each character safeJson escapes, raw at any offset, is refused; its neighbours are not", () => {
  for (const c of [...C0, ...ABOVE]) {
    for (let pad = 0; pad < 9; pad++) {
      const text = `${"x".repeat(pad)}"${c}"\n  東京 …`;
      assert.equal(terminalSafeJsonBytes(Buffer.from(text, "utf8")), false, `U+${c.charCodeAt(0).toString(16)} at ${pad}`);
      // The same bytes starting off a word boundary are read through a copy, with the same answer.
      assert.equal(terminalSafeJsonBytes(Buffer.from(`.${text}`, "utf8").subarray(1)), false);
    }
  }
  for (const ok of ["\u00a0", "\u00e9", "\u200d", "\u2026", "\u2030", "\u2070", "\u0600", "東京", "\n"])
    assert.equal(terminalSafeJsonBytes(Buffer.from(`ab${ok}cd\n`, "utf8")), true, ok);
});

test("safeJson's rendering of text holding every one of them is accepted", () => {
  const text = [...C0, ...ABOVE, "東京", "plain"].join("|");
  for (let pad = 0; pad < 5; pad++) assert.equal(terminalSafeJsonBytes(Buffer.from(`${" ".repeat(pad)}${safeJsonString(text)},\n`, "utf8")), true);
});
