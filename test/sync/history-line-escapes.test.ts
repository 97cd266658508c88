import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, ok, saveCard, syncedPair } from "../support/machines.js";

// history.jsonl merges as a union, and its reader took any string as a line's time and hash. `memctl history` prints
// both as they are: a teammate's line whose `at` held terminal escapes (OSC 52 sets the owner's clipboard, CSI clears
// and redraws the screen) reached the owner's terminal. A line's time is memctl's ISO form and its hash 64 hex
// digits, or the line is not memctl's (counted malformed, never shown).

const ESC = "\u001b";

test("a pushed history line whose time or hash holds terminal escapes never reaches the owner's terminal", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await saveCard(b, "project", "deploys", "how deploys reach staging through the canary");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  const lines = [
    { rev: 2, card: "project_deploys.md", op: "update", actor: "human", at: `${ESC}]52;c;Y3VybCBldmlsfHNo${ESC}\\2026-12-01T09:00:00.000Z`, sha256: "0".repeat(64), bytes: 10 },
    { rev: 1, card: "project_other.md", op: "create", actor: "human", at: "2026-12-01T09:00:00.000Z", sha256: `${ESC}[2J${ESC}[H`.padEnd(64, "0"), bytes: 10 },
  ];
  fs.appendFileSync(path.join(a.mem, ".memctl", "history.jsonl"), lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "history lines");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  await ok(b, ["sync"]);
  for (const args of [["history"], ["history", "deploys"], ["history", "other"], ["history", "--json"], ["log"]]) {
    const out = await ok(b, args).catch((err: Error) => err.message);
    assert.ok(!out.includes(ESC), `memctl ${args.join(" ")} printed an escape: ${JSON.stringify(out)}`);
  }
});
