import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers.js";
import { gitOn, hookOn, memctlOn, ok, sessionStartOn, syncedPair } from "../support/machines.js";

// An index line is a pointer the model follows: "cards in <store>: [Title](file.md)". One that arrives by sync
// linking outside the store (`../`, an absolute path, through a symlinked directory) would send every later
// session to a file of the attacker's choosing, so it is quarantined like a card that breaks the rules, even
// from a remote trusted as the owner's own (a local write can never make such a line).

function card(name: string, description: string): string {
  return `---\nname: ${name}\ndescription: ${description}\ntopics: [deploy]\npriority: always\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\nOUTSIDE-BODY ${name}\n`;
}

test("own trust: index lines a teammate pushes that link outside the store or through a symlink are quarantined, never injected", async (t) => {
  const { c, a, b } = await syncedPair(t, "own");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const outside = path.join(c.root, "outside");
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, "feedback_leak.md"), card("leak", "OUTSIDE deploy notes"));
  fs.symlinkSync(outside, path.join(a.mem, "sub"));
  fs.writeFileSync(path.join(a.mem, "feedback_good.md"), card("good", "the good deploy card"));
  const lines = [
    "- [Through a link](sub/feedback_leak.md) — LINKED deploy notes",
    "- [Up](../../outside/feedback_leak.md) — UP deploy notes",
    `- [Absolute](${path.join(outside, "feedback_leak.md")}) — ABSOLUTE deploy notes`,
    "- [Good](feedback_good.md) — the good deploy card",
  ];
  fs.appendFileSync(path.join(a.mem, "MEMORY.md"), `${lines.join("\n")}\n`);
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "links out");
  gitOn(a, "push", "-q", "origin", "HEAD:main");

  const report = JSON.parse(await ok(b, ["sync", "--json"])) as { arrivals: { path: string; kind: string; state: string; reasons: string[] }[] };
  const quarantinedLines = report.arrivals.filter((x) => x.kind === "index" && x.state === "quarantined");
  assert.deepEqual(quarantinedLines.map((x) => x.path).sort(), ["../../outside/feedback_leak.md", path.join(outside, "feedback_leak.md"), "sub/feedback_leak.md"].sort());
  assert.ok(
    quarantinedLines.every((x) => x.reasons.some((r) => /links outside the store's files/.test(r))),
    JSON.stringify(quarantinedLines),
  );
  const start = sessionStartOn(b);
  const block = hookOn(b, "what are the deploy notes");
  for (const text of [start, block]) {
    for (const held of ["LINKED", "UP deploy", "ABSOLUTE", "OUTSIDE", "outside/"]) assert.ok(!text.includes(held), `${held} injected:\n${text}`);
  }
  assert.match(start, /\[Good\]\(feedback_good\.md\)/);
  const doctor = await memctlOn(b, ["doctor"]);
  assert.match(doctor.stdout, /quarantined +sub\/feedback_leak\.md arrived with memctl sync \(pushed by alice/, "doctor names the quarantined line");
});

test("a MEMORY.md or episode log the remote holds as a symlink is not merged: this machine keeps its own, never reads the link's target", async (t) => {
  const { c, a, b } = await syncedPair(t, "own");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  await ok(b, ["save", "bobs-card", "-t", "feedback", "-d", "bob's own card about deploys", "--topics", "deploy"]);
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  // Another file on bob's machine that looks like an index (another project's, say), named by the link.
  const other = path.join(c.root, "other-MEMORY.md");
  fs.writeFileSync(other, "# other\n- [Other project](feedback_x.md) — OTHER-PROJECT deploy notes\n");
  fs.rmSync(path.join(a.mem, "MEMORY.md"));
  fs.symlinkSync(other, path.join(a.mem, "MEMORY.md"));
  // And the episode log, which recall and memory_recall show: another project's, through a link.
  const otherEpisodes = path.join(c.root, "other-episodes.jsonl");
  fs.writeFileSync(otherEpisodes, `${JSON.stringify({ ts: "2026-01-02T00:00:00Z", host: "x", summary: "OTHER-EPISODE private notes" })}\n`);
  fs.rmSync(path.join(a.mem, "episodes.jsonl"), { force: true });
  fs.symlinkSync(otherEpisodes, path.join(a.mem, "episodes.jsonl"));
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "index as a link");
  gitOn(a, "push", "-q", "origin", "HEAD:main");

  const report = JSON.parse(await ok(b, ["sync", "--json"])) as { not_merged: { path: string; reason: string }[] };
  assert.deepEqual(report.not_merged.map((x) => x.path).sort(), ["MEMORY.md", "episodes.jsonl"]);
  assert.doesNotMatch(
    (await ok(b, ["recall"])) + (fs.existsSync(path.join(b.mem, "episodes.jsonl")) ? fs.readFileSync(path.join(b.mem, "episodes.jsonl"), "utf8") : ""),
    /OTHER-EPISODE/,
  );
  assert.match(report.not_merged[0]!.reason, /a symlink/);
  const st = fs.lstatSync(path.join(b.mem, "MEMORY.md"));
  assert.ok(st.isFile() && !st.isSymbolicLink(), "bob's index is still a regular file");
  assert.match(fs.readFileSync(path.join(b.mem, "MEMORY.md"), "utf8"), /\(feedback_bobs-card\.md\)/);
  assert.doesNotMatch(sessionStartOn(b), /OTHER-PROJECT/);
  assert.doesNotMatch(hookOn(b, "what are the other project deploy notes"), /OTHER-PROJECT/);
  // The next sync of the teammate brings the index back as a file.
  await ok(a, ["sync"]);
  assert.ok(!fs.lstatSync(path.join(a.mem, "MEMORY.md")).isSymbolicLink());
  assert.match(fs.readFileSync(path.join(a.mem, "MEMORY.md"), "utf8"), /\(feedback_bobs-card\.md\)/);
});

test("a card a teammate pushes as a link to a FIFO on this machine: sync and --rebuild-hold finish, never open it, and hold it", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  // A path that exists on the owner's machine: a FIFO no one writes (opening it to read waits for ever).
  const pipe = path.join(b.home, "pipe");
  execFileSync("mkfifo", [pipe]);
  fs.symlinkSync(pipe, path.join(a.mem, "project_pipe.md"));
  fs.appendFileSync(path.join(a.mem, "MEMORY.md"), "- [the pipe notes](project_pipe.md) — the pipe notes\n");
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "a link to a FIFO");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  const run = (...args: string[]) => spawnSync(process.execPath, [path.join(REPO_ROOT, "dist", "cli.js"), ...args], { cwd: b.repo, env: b.env, encoding: "utf8", timeout: 30_000 });
  const sync = run("sync", "--json");
  assert.equal(sync.error, undefined, "sync finished (it hung opening the FIFO through the link)");
  assert.equal(sync.status, 0, sync.stderr);
  assert.ok(fs.lstatSync(path.join(b.mem, "project_pipe.md")).isSymbolicLink());
  assert.doesNotMatch(hookOn(b, "the pipe notes"), /project_pipe\.md/);
  // The hold list damaged and rebuilt from git: the link is checked again, not read.
  fs.writeFileSync(path.join(b.mem, ".memctl", "arrivals.json"), "{ not json");
  const rebuilt = run("sync", "--rebuild-hold", "--json");
  assert.equal(rebuilt.error, undefined, "--rebuild-hold finished");
  assert.equal(rebuilt.status, 0, rebuilt.stderr);
  const held = (JSON.parse(rebuilt.stdout) as { held: { path: string; state: string }[] }).held.find((h) => h.path === "project_pipe.md");
  assert.equal(held?.state, "quarantined", rebuilt.stdout);
  assert.doesNotMatch(hookOn(b, "the pipe notes"), /project_pipe\.md/);
});
