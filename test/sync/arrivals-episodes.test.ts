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

// A log merges by time, so a line dated years ahead stays the log's newest: read as the last episode, it silenced the
// owner's session-start reminder to log one for good. A line dated past tomorrow is no one's last episode.
test("a teammate's episode dated in the future does not silence the owner's episode reminder", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const line = (ts: string) => `${JSON.stringify({ ts, host: "claude", session_id: "s-1", summary: "shipped the release notes", actor: "human" })}\n`;
  await ok(b, ["save", "release-notes", "-t", "project", "-d", "release notes live in docs/releases", "--topics", "release"]);
  fs.appendFileSync(path.join(b.mem, "episodes.jsonl"), line("2026-01-05T10:00:00Z"));
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  fs.appendFileSync(path.join(a.mem, "episodes.jsonl"), line("2099-12-31T23:59:59Z"));
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "episodes");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  await ok(b, ["sync"]);
  assert.match(fs.readFileSync(path.join(b.mem, "episodes.jsonl"), "utf8").trim().split("\n").at(-1)!, /2099/);
  assert.match(sessionStartOn(b), /last session episode was logged \d+ days ago \(2026-01-05\)/);
});
