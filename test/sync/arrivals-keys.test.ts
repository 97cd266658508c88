import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, hookOn, memctlOn, ok, syncedPair, type Machine } from "../support/machines.js";

// The owner's model-driven key backfill (`memctl keys --backfill`, `import --keys`) walked every card file on disk:
// a teammate's card still held for review was sent to the model and rewritten with keys as the owner's write, which
// took it off the hold (a hold lasts while the file is as it arrived), so it was injected without `memctl accept`;
// and a card quarantined for a secret went to the model command with the secret in it.

const KEY = "AKIAZ7Q3XK4M2RTV9PLD";

function card(name: string, description: string, body: string): string {
  return `---\nname: ${name}\ndescription: ${description}\ntopics: [deploy]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\n${body}\n`;
}

/** A stand-in model on `m`: it keeps every prompt it is given and answers three keys for the card it was shown. */
function model(m: Machine): string {
  const file = path.join(m.home, "model.js");
  const log = path.join(m.home, "prompts.log");
  fs.writeFileSync(
    file,
    `#!${process.execPath}\nlet p = "";\nprocess.stdin.on("data", (c) => (p += c));\nprocess.stdin.on("end", () => {\n` +
      `require("node:fs").appendFileSync(${JSON.stringify(log)}, p + "\\n=====\\n");\n` +
      `const name = /\\nname: (.*)\\n/.exec(p)[1];\nconsole.log(["why does " + name + " fail", "how to set up " + name, name + " is slow"].join("\\n"));\n});\n`,
    { mode: 0o755 },
  );
  fs.writeFileSync(m.env.MEMCTL_CONFIG_FILE!, `[recall]\nllm_command = [${JSON.stringify(file)}]\n`);
  return log;
}

test("a key backfill leaves held and quarantined arrivals alone: not sent to the model, not rewritten, still held", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  await ok(b, ["save", "mine", "-t", "project", "-d", "bob's own card about releases", "--topics", "release"]);
  fs.writeFileSync(path.join(a.mem, "project_canary.md"), card("canary", "deploys skip the canary now", "PENDING-BODY"));
  fs.writeFileSync(path.join(a.mem, "project_leak.md"), card("leak", "upload credentials", `QUARANTINED-BODY ${KEY}`));
  fs.appendFileSync(path.join(a.mem, "MEMORY.md"), "- [Canary](project_canary.md) — deploys skip the canary now\n- [Leak](project_leak.md) — upload credentials\n");
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "two cards");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  const report = JSON.parse(await ok(b, ["sync", "--json"])) as { arrivals: { path: string; state: string }[] };
  const states = new Map(report.arrivals.filter((x) => x.path.endsWith(".md")).map((x) => [x.path, x.state]));
  assert.equal(states.get("project_canary.md"), "pending");
  assert.equal(states.get("project_leak.md"), "quarantined");
  const held = fs.readFileSync(path.join(b.mem, "project_canary.md"), "utf8");

  const log = model(b);
  const run = await memctlOn(b, ["keys", "--backfill", "--json"]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const prompts = fs.readFileSync(log, "utf8");
  assert.match(prompts, /bob's own card about releases/, "the owner's card got keys");
  assert.doesNotMatch(prompts, /PENDING-BODY|deploys skip the canary/, "a held card went to the model");
  assert.doesNotMatch(prompts, new RegExp(`QUARANTINED-BODY|${KEY}`), "a quarantined card, secret and all, went to the model");
  assert.equal(fs.readFileSync(path.join(b.mem, "project_canary.md"), "utf8"), held, "the held card was rewritten");
  assert.doesNotMatch(hookOn(b, "do deploys skip the canary"), /project_canary\.md/);
  // Named, too: the owner's `memctl keys canary` says it is held and asks nothing.
  const named = await memctlOn(b, ["keys", "canary", "--json"]);
  assert.match(named.stdout + named.stderr, /memctl sync holds it/);
  assert.doesNotMatch(fs.readFileSync(log, "utf8"), /PENDING-BODY/);
  assert.equal(fs.readFileSync(path.join(b.mem, "project_canary.md"), "utf8"), held);
  const review = JSON.parse(await ok(b, ["review", "--json"])) as { arrivals?: { path: string }[] };
  assert.ok(JSON.stringify(review).includes("project_canary.md"), JSON.stringify(review));
});
