import assert from "node:assert/strict";
import { test } from "node:test";
import { escapeJsonBytes, PiecedText, safeJsonLines, unescapeJsonBytes } from "../../../lib/core/pieced-text.js";
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

function runsOf(lines: readonly string[]): { json: Buffer[]; bytes: number; ends: number[] } {
  const escaped = lines.map((l) => escapeJsonBytes(Buffer.from(`${l}\n`, "utf8")));
  let at = 0;
  const ends = escaped.map((e) => (at += e.length));
  return { json: escaped, bytes: Buffer.byteLength(lines.map((l) => `${l}\n`).join("")), ends };
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

test("escaped lines that would end the host's JSON string are refused; any choice of good lines is one string", () => {
  const runs = runsOf(NASTY);
  const lines = Buffer.concat(runs.json);
  assert.ok(safeJsonLines(lines, runs.ends));
  // Any subset, in any order, still parses as one JSON string holding those lines.
  const picked = [runs.json[4]!, runs.json[0]!, runs.json[2]!];
  assert.equal(JSON.parse(`"${Buffer.concat(picked).toString("utf8")}"`), `${NASTY[4]}\n${NASTY[0]}\n${NASTY[2]}\n`);

  const planted = (text: string) => Buffer.from(text, "latin1");
  const refuse = (text: string, why: string, ends = [text.length]) => assert.equal(safeJsonLines(planted(text), ends), false, why);
  refuse('a"},"continue":false,"x":"\\n', "a bare quote");
  refuse('a\\\\"\\n', "a quote after an even run of backslashes");
  refuse("a line\\\\n", "ends in an escaped backslash and an n, not an escaped newline");
  refuse("no newline", "a line without its escaped newline");
  refuse("a\\nb\\n", "ends that do not fall on escaped newlines", [2, 6]);
  refuse("a\\nb\\n", "bytes after the last line", [3]);
  const good = 'say \\"hi\\" \\\\\\"\\n';
  assert.ok(safeJsonLines(planted(good), [good.length]), "escaped quotes, one after an escaped backslash");
});
