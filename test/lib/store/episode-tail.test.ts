import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { episodeReminder, readLastEpisode } from "../../../lib/store/episode-tail.js";
import { scratchDir } from "../../support/scratch.js";

function store(lines: string[]): string {
  const dir = scratchDir("memctl-episodes-");
  fs.writeFileSync(path.join(dir, "episodes.jsonl"), lines.join("\n"));
  return dir;
}
const episode = (ts: string, summary = "did things") => JSON.stringify({ ts, host: "codex", summary });

test("the newest parseable entry wins; no file, or no entry, reads as absent", () => {
  assert.equal(readLastEpisode(scratchDir("memctl-episodes-")).status, "absent");
  assert.deepEqual(readLastEpisode(store([episode("2026-12-01T10:00:00Z"), episode("2026-12-02T09:00:00Z"), ""])), { status: "found", ts: "2026-12-02T09:00:00Z" });
  assert.equal(readLastEpisode(store(["not json", "{broken"])).status, "absent");
});

test("a newest line longer than the first small window is still found whole", () => {
  const long = episode("2026-12-02T08:00:00Z", "x".repeat(20_000));
  assert.deepEqual(readLastEpisode(store([episode("2026-11-01T00:00:00Z"), long, ""])), { status: "found", ts: "2026-12-02T08:00:00Z" });
});

test("malformed lines after the newest good one are skipped, even past the first window", () => {
  const junk = Array.from({ length: 100 }, () => `{"torn": "${"y".repeat(80)}`);
  assert.deepEqual(readLastEpisode(store([episode("2026-12-02T07:00:00Z"), ...junk])), { status: "found", ts: "2026-12-02T07:00:00Z" });
});

test("a line cut by the window edge is never parsed: a newest entry longer than both windows reads as absent", () => {
  // Its text ends in something that parses as an entry on its own once the line's start is cut away.
  const huge = `{"ts":"2026-12-01T00:00:00Z","summary":"${"z".repeat(200_000)}", "x": {"ts":"2030-01-01T00:00:00Z"}}`;
  assert.equal(readLastEpisode(store([episode("2026-11-01T00:00:00Z"), huge])).status, "absent");
});

test("the reminder is given when the newest episode is over a day old or absent", () => {
  const now = new Date("2026-12-02T12:00:00Z");
  assert.equal(episodeReminder({ status: "found", ts: "2026-12-02T01:00:00Z" }, now), undefined);
  assert.match(episodeReminder({ status: "found", ts: "2026-11-29T12:00:00Z" }, now)!, /3 days ago \(2026-11-29\)/);
  assert.match(episodeReminder({ status: "absent" }, now)!, /No session episode/);
  assert.equal(episodeReminder({ status: "error", error: "EACCES" }, now), undefined);
});
