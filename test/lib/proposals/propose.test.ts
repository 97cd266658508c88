// The staging area's own size rule (lib/proposals/propose.ts): a proposal file may be no bigger than a card file.
// Exactly at the limit is staged; one byte over is refused with E_GUARDRAIL and nothing is staged.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { MemctlError } from "../../../lib/core/errors.js";
import { propose, proposalPath, readPending } from "../../../lib/proposals/propose.js";
import { withDefaults } from "../../../lib/records/guardrails.js";
import { sandbox } from "../../helpers.js";

test("a proposal file exactly at the card file limit is staged; one byte over is refused and nothing is staged", async (t) => {
  const s = sandbox();
  t.after(s.cleanup);
  const limit = withDefaults().maxFileBytes;
  const ctx = { memoryDir: s.memory, actor: "agent:t1", now: new Date("2026-12-02T10:00:00Z") };
  const proposeWith = (name: string, body: number) =>
    propose(ctx, { card: { name, type: "feedback", description: "The user runs the server himself.", body: "x".repeat(body) }, source: "chat", kind: "fact" });
  // A proposal file's size follows its body byte for byte: measured once, then sized to the limit.
  const first = await proposeWith("server-a", 1000);
  const room = limit - fs.statSync(proposalPath(s.memory, first.id)).size;
  const exact = await proposeWith("server-b", 1000 + room);
  assert.equal(fs.statSync(proposalPath(s.memory, exact.id)).size, limit);
  await assert.rejects(proposeWith("server-c", 1000 + room + 1), (err) => {
    assert.ok(err instanceof MemctlError);
    assert.equal(err.code, "E_GUARDRAIL");
    assert.deepEqual(err.data, { bytes: limit + 1, limit });
    return true;
  });
  assert.deepEqual(
    readPending(s.memory).proposals.map((p) => p.card.name),
    ["server-a", "server-b"],
  );
});
