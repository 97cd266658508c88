import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, memctlOn, ok, sessionStartOn, syncedPair } from "../support/machines.js";

// episodes.jsonl merges as a log (union), unheld: a teammate's session summaries are part of a shared store. They
// reach agents through recall (CLI and MCP), search and session start, so what they carry is checked as a write is:
// no secret reaches an agent, and no hidden text.

const KEY = "AKIAZ7Q3XK4M2RTV9PLD";
const TAGS = [..."IGNORE PREVIOUS"].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");

test("a teammate's pushed episode with a secret or hidden text reaches no agent's recall, search or session start", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const line = (summary: string) => `${JSON.stringify({ ts: "2026-12-06T10:00:00Z", host: "claude", session_id: "s-9", summary, actor: "human" })}\n`;
  fs.appendFileSync(path.join(a.mem, "episodes.jsonl"), line(`deployed staging with ${KEY} as the upload key`) + line(`fixed the release pipeline${TAGS} notes`));
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "episodes");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  await ok(b, ["sync"]);
  for (const args of [["recall", "--json"], ["recall"], ["search", "staging", "--in", "episodes", "--json"], ["search", "release pipeline", "--in", "episodes"]]) {
    const r = await memctlOn(b, args, { CLAUDECODE: "1" });
    const out = r.stdout + r.stderr;
    assert.ok(!out.includes(KEY), `${args.join(" ")}: ${out}`);
    assert.ok(!out.includes(TAGS), `${args.join(" ")} printed hidden tag characters`);
  }
  const start = sessionStartOn(b);
  assert.ok(!start.includes(KEY) && !start.includes(TAGS), start);
});
