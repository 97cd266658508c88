import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ok, syncedPair } from "../support/machines.js";

// A proposal is a file of the shared state: it arrives with every sync, and its `proposer` is whatever the
// pushing machine wrote (the teammate at her own terminal is "human" there). `consolidate --accept-facts`
// promotes a fact without the owner looking only when the owner proposed it; from a shared remote, "human" is
// the teammate, so her proposals wait for `memctl accept` like any other arrival.

interface Consolidated {
  accepted: { id: string; card: string }[];
  held: { id: string; why: string }[];
}

/** Alice proposes a fact at her own terminal (proposer "human" there); both sync, so it arrives at Bob's. */
async function teammateFact(t: { after: (fn: () => void) => void }) {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const proposed = (
    JSON.parse(
      await ok(a, ["propose", "deploy-key", "-t", "reference", "-d", "deploys authenticate with the key in the team vault", "--kind", "fact", "--source", "standup", "--json"]),
    ) as { proposal: { id: string } }
  ).proposal;
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  return { b, proposed };
}

test("shared trust: a teammate's own fact (proposer human there) is never promoted by the owner's consolidate --accept-facts", async (t) => {
  const { b, proposed } = await teammateFact(t);
  assert.ok(fs.existsSync(path.join(b.mem, ".memctl", "proposals", `${proposed.id}.json`)), "the proposal arrived");
  // The owner's own fact is promoted as before.
  const own = (
    JSON.parse(await ok(b, ["propose", "release-day", "-t", "project", "-d", "releases go out on Tuesdays", "--kind", "fact", "--source", "standup", "--json"])) as {
      proposal: { id: string };
    }
  ).proposal;
  const pass = JSON.parse(await ok(b, ["consolidate", "--accept-facts", "--json"])) as Consolidated;
  assert.deepEqual(
    pass.accepted.map((x) => x.id),
    [own.id],
  );
  const held = pass.held.find((x) => x.id === proposed.id);
  assert.ok(held, JSON.stringify(pass));
  assert.match(held.why, /memctl sync/);
  assert.equal(fs.existsSync(path.join(b.mem, "reference_deploy-key.md")), false, "nothing canonical from the teammate");
  // The owner decides it by hand, as any proposal.
  await ok(b, ["accept", proposed.id]);
  assert.ok(fs.existsSync(path.join(b.mem, "reference_deploy-key.md")));
});

test("shared trust: a teammate's fact whose arrival the owner rejected is not promoted by consolidate --accept-facts either", async (t) => {
  const { b, proposed } = await teammateFact(t);
  const review = JSON.parse(await ok(b, ["review", "--json"])) as { arrivals: { id: string; path: string }[] };
  const arrival = review.arrivals.find((x) => x.path === `.memctl/proposals/${proposed.id}.json`);
  assert.ok(arrival, JSON.stringify(review.arrivals));
  // "No" to what the sync brought is no owner's word for it: the pass must not take the teammate's label instead.
  await ok(b, ["reject", arrival.id, "--reason", "not ours"]);
  const pass = JSON.parse(await ok(b, ["consolidate", "--accept-facts", "--json"])) as Consolidated;
  assert.deepEqual(pass.accepted, [], JSON.stringify(pass));
  assert.equal(fs.existsSync(path.join(b.mem, "reference_deploy-key.md")), false, "nothing canonical from the teammate");
});

test("shared trust: review does not show a teammate's proposal as the owner's: it names the machine it came from, listed, shown and in JSON", async (t) => {
  const { b, proposed } = await teammateFact(t);
  const list = await ok(b, ["review"]);
  const row = list.split("\n").find((l) => l.startsWith(proposed.id));
  assert.ok(row, list);
  assert.match(row, /synced:alice/, row);
  const one = await ok(b, ["review", proposed.id]);
  assert.match(one, /proposer\s+human.*pushed by alice <alice@example\.invalid>/, one);
  const json = JSON.parse(await ok(b, ["review", "--json"])) as { proposals: { id: string; flags: { arrived: { pushed_by: string[] } | null } }[] };
  assert.deepEqual(json.proposals.find((p) => p.id === proposed.id)?.flags.arrived?.pushed_by, ["alice <alice@example.invalid>"]);
  // The owner's own proposal carries no such flag.
  const own = (
    JSON.parse(await ok(b, ["propose", "release-day", "-t", "project", "-d", "releases go out on Tuesdays", "--source", "standup", "--json"])) as { proposal: { id: string } }
  ).proposal;
  const again = JSON.parse(await ok(b, ["review", "--json"])) as { proposals: { id: string; flags: { arrived: unknown } }[] };
  assert.equal(again.proposals.find((p) => p.id === own.id)?.flags.arrived, null);
});
