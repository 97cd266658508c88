// `memctl review` lists each pending proposal by its id for the owner to paste into `memctl review ID`, `accept ID`
// or `reject ID`. Proposal files are shared state, and the reader checked only that a file's id matched its name: a
// teammate's pushed `.memctl/proposals/p-1$(touch${IFS}pwn).json` was listed with that id, which ran `touch pwn` when
// pasted into any of those commands. An id is memctl's shape (p-YYYYMMDDTHHMMSSZ-xxxxxx) or the file is not a proposal:
// a sync quarantines it and review names it unreadable, with its name shown inert and in no command.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, ok, syncedPair } from "../support/machines.js";

const IFS = "$" + "{IFS}";
const ID = `p-1$(touch${IFS}pwn)`;

test("a pushed proposal whose id is not memctl's is quarantined and never listed as a proposal id", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const staged = JSON.parse(await ok(a, ["propose", "canary", "-t", "project", "-d", "deploys go through the canary first", "--source", "standup", "--json"])) as {
    proposal: { id: string };
  };
  const dir = path.join(a.mem, ".memctl", "proposals");
  const proposal = JSON.parse(fs.readFileSync(path.join(dir, `${staged.proposal.id}.json`), "utf8"));
  fs.rmSync(path.join(dir, `${staged.proposal.id}.json`));
  fs.writeFileSync(path.join(dir, `${ID}.json`), `${JSON.stringify({ ...proposal, id: ID }, null, 2)}\n`);
  gitOn(a, "add", "-A", "-f", ".memctl/proposals");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "a proposal named like a command");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  await ok(b, ["sync"]);

  const review = JSON.parse(await ok(b, ["review", "--json"])) as {
    proposals: { id: string }[];
    arrivals: { path: string; state: string; reasons: string[] }[];
  };
  assert.deepEqual(
    review.proposals.map((p) => p.id),
    [],
    JSON.stringify(review.proposals),
  );
  const held = review.arrivals.find((x) => x.path === `.memctl/proposals/${ID}.json`);
  assert.equal(held?.state, "quarantined", JSON.stringify(review.arrivals));
  assert.match(held.reasons.join(" "), /id/);
  const listed = await ok(b, ["review"]);
  assert.ok(!listed.split("\n").some((l) => l.startsWith(ID)), listed);
});
