import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { inertText, safeJson } from "../../lib/core/sanitize.js";
import { card, index, makeProject } from "../lib/reports/fixture.js";

// Card names are attacker-influenced: ESC, OSC and the C1 CSI (U+009B) must reach the terminal as inert text in
// human output and as \u00XX in JSON, while CJK passes through intact.

const ESC_NAME = "feedback_\u001b[31mred.md";
const OSC_NAME = "feedback_\u001b]0;pwned\u0007.md";
const CSI_NAME = "feedback_\u009b2J.md";
/** A card that exists with a C1 CSI in its name: stats lists cards (files), never a dead link (doctor's). */
const CSI_CARD = "feedback_\u009bcard.md";
const CJK_NAME = "feedback_记忆.md";
const CJK_GONE = "feedback_遗失.md";
/** Any C0 control other than newline, DEL, or C1. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

function hostileStore() {
  const p = makeProject();
  p.write(ESC_NAME, card("esc"));
  p.write(CJK_NAME, card("记忆"));
  p.write(CSI_CARD, card("csi card"));
  // A file name holding the raw byte 0x9B (not valid UTF-8): an orphan, so doctor prints its name.
  fs.writeFileSync(Buffer.concat([Buffer.from(p.memory + "/feedback_raw"), Buffer.from([0x9b]), Buffer.from("x.md")]), card("raw"));
  p.write(
    "MEMORY.md",
    index([
      `- [Esc](${ESC_NAME}) — esc hook`,
      `- [Osc](${OSC_NAME}) — osc hook`,
      `- [Csi](${CSI_NAME}) — csi hook`,
      `- [Csi card](${CSI_CARD}) — csi card hook`,
      `- [记忆](${CJK_NAME}) — 中文 钩子`,
      `- [遗失](${CJK_GONE}) — 已删除`,
    ]),
  );
  return p;
}

test("doctor human output shows ESC, OSC and C1 as inert \\xNN text and CJK intact", async () => {
  const p = hostileStore();
  const { stdout } = await p.run(["doctor"]);
  assert.doesNotMatch(stdout, RAW_CONTROL);
  assert.ok(stdout.includes("feedback_\\x1b]0;pwned\\x07.md"), "OSC dead link shown inert");
  assert.ok(stdout.includes("feedback_\\x9b2J.md"), "C1 CSI dead link shown inert");
  assert.ok(stdout.includes("feedback_raw\ufffdx.md"), "a raw 0x9B byte never reaches the terminal");
  assert.ok(stdout.includes(`MEMORY.md:8 → ${CJK_GONE}`), "CJK passes through intact");
});

test("doctor and stats JSON escape C0 and C1 as \\u00XX, keep CJK literal, and round-trip the names", async () => {
  const p = hostileStore();
  for (const command of ["doctor", "stats"]) {
    const { stdout, report } = await p.json([command]);
    assert.doesNotMatch(stdout, RAW_CONTROL, command);
    assert.ok(stdout.includes("\\u001b"), command);
    assert.ok(stdout.includes("\\u009b"), command);
    assert.ok(stdout.includes(command === "doctor" ? CJK_GONE : CJK_NAME), `${command}: CJK passes through unescaped`);
    if (command === "doctor")
      assert.deepEqual(
        report.dead_links.map((d: { target: string }) => d.target),
        [OSC_NAME, CSI_NAME, CJK_GONE],
      );
    else assert.ok(report.never_hit_cards.includes(ESC_NAME) && report.never_hit_cards.includes(CSI_CARD) && report.never_hit_cards.includes(CJK_NAME));
  }
});

test("stats human output lists hostile card names inert; with colour forced, every ESC is one of our SGR codes", async () => {
  const p = hostileStore();
  const plain = await p.run(["stats", "--never-hit-limit", "0"]);
  assert.doesNotMatch(plain.stdout, RAW_CONTROL);
  assert.ok(plain.stdout.includes("feedback_\\x1b[31mred.md"));
  assert.ok(plain.stdout.includes("feedback_\\x9bcard.md"));
  assert.ok(plain.stdout.includes(CJK_NAME));
  for (const command of ["stats", "doctor"]) {
    const coloured = await p.run([command], { NO_COLOR: "", FORCE_COLOR: "1" });
    const withoutSgr = coloured.stdout.replace(/\u001b\[[0-9;]*m/g, "");
    assert.doesNotMatch(withoutSgr, RAW_CONTROL, command);
    assert.notEqual(withoutSgr, coloured.stdout, `${command}: colour was on`);
  }
});

test("inertText and safeJson also neutralise bidi overrides and line separators", () => {
  assert.equal(inertText("a\u202eb\u2028c"), "a\\u202eb\\u2028c");
  assert.equal(inertText("中文 ok"), "中文 ok");
  assert.equal(safeJson("x\u202ey\u009b"), '"x\\u202ey\\u009b"');
  assert.equal(JSON.parse(safeJson("x\u202ey\u2029")), "x\u202ey\u2029");
  assert.ok(!path.isAbsolute(inertText("rel")));
});
