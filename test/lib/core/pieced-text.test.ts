import assert from "node:assert/strict";
import { test } from "node:test";
import { escapeJsonBytes, PiecedText, unescapeJsonBytes } from "../../../lib/core/pieced-text.js";
import { asPlainText, asSessionStartContext, asSessionStartWithNotice } from "../../../hosts/deliver.js";

// Session start prints its overview from bytes kept escaped for JSON (issue 32). Whatever the text holds, the
// bytes printed must be the ones the string path prints: every host's shape, every character class.

/** Lines with every byte class a card's description or title can bring: quotes, backslashes, C0 controls, DEL, C1, bidi, CJK, emoji, U+FFFD. */
const NASTY = [
  'plain "quoted" and \\back\\slashed\\',
  "tab\there, cr\rhere, bell\u0007, nul\u0000, esc\u001b[31m, unit sep\u001f",
  "del\u007f c1\u0085 bidi\u202e lsep\u2028 psep\u2029",
  "部署の手順 — émoji 🚀 replacement \ufffd",
  "ends in a backslash \\",
  "\\u0041 looks like an escape, \\n too",
];

function runsOf(lines: readonly string[]): { json: Buffer[]; bytes: number } {
  const escaped = lines.map((l) => escapeJsonBytes(Buffer.from(`${l}\n`, "utf8")));
  return { json: escaped, bytes: Buffer.byteLength(lines.map((l) => `${l}\n`).join("")) };
}

test("escaped bytes are JSON.stringify's, byte for byte, and unescape back to the text: every byte value, every line kind", () => {
  const all = Buffer.from(Array.from({ length: 128 }, (_, i) => i)); // every ASCII byte; the rest pass through as UTF-8
  for (const text of [all.toString("latin1"), ...NASTY, NASTY.join("\n"), ""]) {
    const utf8 = Buffer.from(text, "utf8");
    const escaped = escapeJsonBytes(utf8);
    assert.equal(escaped.toString("utf8"), JSON.stringify(text).slice(1, -1), JSON.stringify(text));
    assert.deepEqual(unescapeJsonBytes([escaped]), utf8);
  }
});

test("a pieced text prints what its one string prints, in every host's shape, without being joined", () => {
  const runs = runsOf(NASTY);
  const head = '<memctl-memory>\nSession start: "quoted" head, 部署\n';
  const text = new PiecedText([head, { json: runs.json, bytes: runs.bytes }, "</memctl-memory>\n"]).prepend("instructions first\n");
  const whole = `instructions first\n${head}${NASTY.map((l) => `${l}\n`).join("")}</memctl-memory>\n`;
  assert.equal(text.toString(), whole);
  assert.deepEqual(unescapeJsonBytes(runs.json), Buffer.from(NASTY.map((l) => `${l}\n`).join(""), "utf8"), "lines unescaped as pieces");
  assert.equal(text.bytes, Buffer.byteLength(whole));
  const bytesOf = (o: { chunks?: readonly Uint8Array[] }) => Buffer.concat(o.chunks!);
  for (const [name, pieced, string] of [
    ["codex/claude", asSessionStartContext(text), asSessionStartContext(whole)],
    ["claude with a notice", asSessionStartWithNotice(text, 'a "notice" \u2028'), asSessionStartWithNotice(whole, 'a "notice" \u2028')],
    ["plain", asPlainText(text), asPlainText(whole)],
  ] as const) {
    assert.ok(pieced.chunks && pieced.chunks.length > 1, name);
    assert.deepEqual(bytesOf(pieced), Buffer.from(string.stdout, "utf8"), name);
    assert.equal(pieced.stdout, string.stdout, name);
  }
  assert.deepEqual(JSON.parse(asSessionStartContext(text).stdout).hookSpecificOutput.additionalContext, whole);
});

test("any choice of escaped lines, in any order, is one JSON string holding those lines", () => {
  const runs = runsOf(NASTY);
  const picked = [runs.json[4]!, runs.json[0]!, runs.json[2]!];
  assert.equal(JSON.parse(`"${Buffer.concat(picked).toString("utf8")}"`), `${NASTY[4]}\n${NASTY[0]}\n${NASTY[2]}\n`);
});
