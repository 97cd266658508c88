// distill ends with the command that moves its watermark, `memctl distill --mark <watermark.next>`, and /mem-distill
// tells the host's agent to run it. watermark.next was the newest episode's time as its line spelt it, and episodes
// merge from a shared remote unchecked but for secrets and hidden text. V8 parses `Dec 8 2099 $(touch${IFS}pwn)` as a
// date, so a teammate's episode carrying it made distill print a mark that ran `touch pwn` in the agent's shell (and
// being dated 2099, hid every later episode from distill). The mark is now an ISO time, and an episode dated more than
// a day ahead is no one's newest (as for the session-start reminder).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, ok, syncedPair } from "../support/machines.js";

const IFS = "$" + "{IFS}";

test("a pushed episode's time never reaches the mark distill prints, and a far-future one is not the newest", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(b, ["log", "--host", "claude", "--summary", "worked on the deploy script"]);
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  const line = { ts: `Dec 8 2099 $(touch${IFS}pwn)`, host: "claude", summary: "fixed the flaky test", project_key: "k", repo: "r", actor: "host:claude" };
  fs.appendFileSync(path.join(a.mem, "episodes.jsonl"), `${JSON.stringify(line)}\n`);
  gitOn(a, "commit", "-qam", "an episode");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  await ok(b, ["sync"]);

  const ctx = JSON.parse(await ok(b, ["distill", "--json"])) as { watermark: { next: string | null }; episodes: { summary: string }[] };
  assert.match(ctx.watermark.next ?? "", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, JSON.stringify(ctx.watermark));
  assert.ok(!(ctx.watermark.next ?? "").startsWith("2099"), "the far-future episode is not the newest");
  const text = await ok(b, ["distill"]);
  const printed = /memctl distill --mark (.+)$/m.exec(text)?.[1];
  assert.ok(printed, text);
  const paste = path.join(b.home, "paste");
  fs.mkdirSync(paste);
  execFileSync("sh", ["-c", `printf '%s' ${printed}`], { cwd: paste });
  assert.deepEqual(fs.readdirSync(paste), [], `pasting the mark ran a command: ${printed}`);
  // Marked as printed, the watermark moves: the next run starts after the owner's episode.
  await ok(b, ["distill", "--mark", printed, "--json"]);
  assert.equal((JSON.parse(await ok(b, ["distill", "--json"])) as { watermark: { previous: string } }).watermark.previous, printed);
});
