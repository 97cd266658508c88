import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { main } from "../../lib/cli/main.js";
import { readHistory, sha256Hex } from "../../lib/store/history.js";
import { BufferSink, type Io } from "../../lib/store/io.js";
import { parseCard } from "../../lib/core/card.js";
import { sandbox } from "../helpers.js";

// The proposal boundary through the CLI, in-process: propose (anyone) → review → accept / reject (owner only),
// stale bases, and the consolidate pass.

const CARDS = [{ file: "feedback_run-tests.md", title: "run-tests", hook: "Run the whole suite before pushing" }];

function world(now = new Date("2026-12-02T10:00:00Z")) {
  const s = sandbox(CARDS, { now });
  const run = async (argv: string[], stdin?: string) => {
    const out = new BufferSink();
    const err = new BufferSink();
    const io: Io = { ...s.io, stdout: out, stderr: err, ...(stdin !== undefined ? { readStdin: async () => Buffer.from(stdin) } : {}) };
    const code = await main(argv, io);
    return { code, stdout: out.text, stderr: err.text, json: () => JSON.parse(out.text) };
  };
  const pending = () => fs.readdirSync(path.join(s.memory, ".memctl", "proposals")).filter((f) => f.endsWith(".json"));
  const log = () =>
    fs
      .readFileSync(path.join(s.memory, ".memctl", "proposals-log.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
  return { ...s, run, pending, log };
}

async function proposeJson(w: ReturnType<typeof world>, argv: string[], stdin?: string): Promise<string> {
  const r = await w.run(["propose", ...argv, "--json"], stdin);
  assert.equal(r.code, 0, r.stderr);
  return r.json().proposal.id;
}

test("an agent may propose but not accept, reject or consolidate; nothing canonical changes", async () => {
  const w = world();
  const before = fs.readFileSync(path.join(w.memory, "MEMORY.md"), "utf8");
  const proposed = await w.run([
    "propose",
    "ci-cache",
    "-t",
    "reference",
    "-d",
    "CI caches node_modules by lockfile hash",
    "--source",
    "ci.yml line 40",
    "--kind",
    "fact",
    "--confidence",
    "0.9",
    "--task-id",
    "t-42",
    "--json",
  ]);
  assert.equal(proposed.code, 0, proposed.stderr);
  const p = proposed.json().proposal;
  assert.equal(p.proposer, "agent:t-42");
  assert.equal(p.status, "pending");
  assert.equal(p.target, null);
  assert.equal(p.base_sha256, null);
  assert.deepEqual(p.provenance, { kind: "fact", confidence: 0.9, source: "ci.yml line 40" });
  assert.deepEqual(w.pending(), [`${p.id}.json`]);
  for (const argv of [
    ["accept", p.id, "--task-id", "t-42"],
    ["accept", p.id, "--actor", "agent:t-42"],
    ["reject", p.id, "--reason", "no", "--task-id", "t-42"],
    ["consolidate", "--task-id", "t-42"],
  ]) {
    const r = await w.run([...argv, "--json"]);
    assert.equal(r.code, 1, argv.join(" "));
    assert.equal(r.json().error.code, "E_READ_ONLY", argv.join(" "));
  }
  assert.equal(fs.readFileSync(path.join(w.memory, "MEMORY.md"), "utf8"), before);
  assert.equal(fs.existsSync(path.join(w.memory, "reference_ci-cache.md")), false);
  assert.deepEqual(w.pending(), [`${p.id}.json`]);
  assert.equal(readHistory(w.memory).entries.length, 0);
  // The refusal of a direct write names the route that now exists.
  const save = await w.run(["save", "x", "-t", "user", "-d", "y", "--task-id", "t-42"]);
  assert.equal(save.code, 1);
  assert.match(save.stderr, /memctl propose NAME -t TYPE -d "one line" --source/);
  w.cleanup();
});

test("a proposal without a source, with a bad kind or an over-long description is refused and nothing is staged", async () => {
  const w = world();
  const noSource = await w.run(["propose", "x", "-t", "user", "-d", "y", "--task-id", "t-1", "--json"]);
  assert.equal(noSource.code, 2);
  assert.equal(noSource.json().error.code, "E_NO_SOURCE");
  const blank = await w.run(["propose", "x", "-t", "user", "-d", "y", "--source", "  ", "--json"]);
  assert.equal(blank.json().error.code, "E_NO_SOURCE");
  const long = await w.run(["propose", "x", "-t", "user", "-d", "z".repeat(201), "--source", "s", "--json"]);
  assert.equal(long.code, 1);
  assert.equal(long.json().error.code, "E_DESCRIPTION_TOO_LONG");
  const bad = await w.run(["propose", "x", "-t", "user", "-d", "y", "--source", "s", "--kind", "rumour", "--confidence", "2"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--kind rumour must be one of fact, inference, unverified/);
  assert.match(bad.stderr, /--confidence must be a number from 0 to 1/);
  const newWithoutType = await w.run(["propose", "x", "-d", "y", "--source", "s"]);
  assert.equal(newWithoutType.code, 2);
  assert.match(newWithoutType.stderr, /give its type with -t/);
  const huge = await w.run(["propose", "x", "-t", "user", "-d", "y", "--source", "s", "--json", "-"], "z".repeat(101 * 1024));
  assert.equal(huge.code, 1);
  assert.equal(huge.json().error.code, "E_GUARDRAIL");
  assert.equal(fs.existsSync(path.join(w.memory, ".memctl", "proposals")), false);
  w.cleanup();
});

test("accept writes the card through save: provenance in frontmatter, a history revision by human, an index line; the proposal is archived", async () => {
  const w = world();
  const id = await proposeJson(
    w,
    [
      "ci-cache",
      "-t",
      "reference",
      "-d",
      "CI caches node_modules by lockfile hash",
      "--source",
      "ci.yml line 40",
      "--kind",
      "fact",
      "--confidence",
      "0.9",
      "--task-id",
      "t-42",
      "-",
    ],
    "Keyed on package-lock.json.\n",
  );
  const accepted = await w.run(["accept", id.slice(0, 24), "--topics", "ci,cache", "--json"]);
  assert.equal(accepted.code, 0, accepted.stderr);
  const a = accepted.json();
  assert.deepEqual([a.status, a.file, a.op, a.rev, a.actor], ["accepted", "reference_ci-cache.md", "create", 1, "human"]);
  const text = fs.readFileSync(path.join(w.memory, "reference_ci-cache.md"), "utf8");
  const card = parseCard(text);
  assert.deepEqual(card.meta.provenance, { kind: "fact", confidence: 0.9, source: "ci.yml line 40" });
  assert.deepEqual(card.meta.topics, ["ci", "cache"]);
  assert.equal(card.body, "Keyed on package-lock.json.\n");
  const entry = readHistory(w.memory).entries.find((e) => e.card === "reference_ci-cache.md")!;
  assert.deepEqual([entry.op, entry.actor, entry.rev, entry.sha256], ["create", "human", 1, sha256Hex(text)]);
  assert.match(fs.readFileSync(path.join(w.memory, "MEMORY.md"), "utf8"), /^- \[ci-cache\]\(reference_ci-cache\.md\) — CI caches node_modules by lockfile hash$/m);
  assert.deepEqual(w.pending(), []);
  const archived = JSON.parse(fs.readFileSync(path.join(w.memory, ".memctl", "proposals", "archive", `${id}.json`), "utf8"));
  assert.deepEqual([archived.status, archived.decided_by, archived.card_file, archived.rev, archived.proposer], ["accepted", "human", "reference_ci-cache.md", 1, "agent:t-42"]);
  assert.deepEqual(
    w.log().map((e) => e.event),
    ["proposed", "accepted"],
  );
  const again = await w.run(["accept", id, "--json"]);
  assert.equal(again.code, 1);
  assert.equal(again.json().error.code, "E_NOT_FOUND");
  assert.match(again.stderr, /already accepted/);
  w.cleanup();
});

test("accept --edit-description keeps the 200-character rule", async () => {
  const w = world();
  const id = await proposeJson(w, ["x", "-t", "user", "-d", "short", "--source", "s"]);
  const r = await w.run(["accept", id, "--edit-description", "y".repeat(201), "--json"]);
  assert.equal(r.json().error.code, "E_DESCRIPTION_TOO_LONG");
  assert.deepEqual(w.pending(), [`${id}.json`]);
  const ok = await w.run(["accept", id, "--edit-description", "Alex reviews in the morning"]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(parseCard(fs.readFileSync(path.join(w.memory, "user_x.md"), "utf8")).meta.description, "Alex reviews in the morning");
  w.cleanup();
});

test("reject archives the proposal with its reason and logs it; nothing is deleted", async () => {
  const w = world();
  const id = await proposeJson(w, ["lives-in", "-t", "user", "-d", "The user is based in Russia", "--source", "one log line", "--kind", "inference", "--task-id", "t-7"]);
  const noReason = await w.run(["reject", id]);
  assert.equal(noReason.code, 2);
  const r = await w.run(["reject", id, "--reason", "a guess from one log line", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual([r.json().status, r.json().reason], ["rejected", "a guess from one log line"]);
  assert.deepEqual(w.pending(), []);
  const archived = JSON.parse(fs.readFileSync(path.join(w.memory, ".memctl", "proposals", "archive", `${id}.json`), "utf8"));
  assert.deepEqual(
    [archived.status, archived.reason, archived.decided_by, archived.card.description],
    ["rejected", "a guess from one log line", "human", "The user is based in Russia"],
  );
  assert.deepEqual(w.log().at(-1), { event: "rejected", id, actor: "human", at: "2026-12-02T10:00:00.000Z", reason: "a guess from one log line" });
  assert.equal(fs.existsSync(path.join(w.memory, "user_lives-in.md")), false);
  w.cleanup();
});

test("a proposal whose card changed since is flagged stale, refused on accept, and accepted only with --force", async () => {
  const w = world();
  const id = await proposeJson(w, ["run-tests", "-d", "Run the suite; CI is slow to report", "--source", "chat", "--task-id", "t-3"]);
  const edited = await w.run(["save", "run-tests", "-d", "Run the suite and the linter before pushing"]);
  assert.equal(edited.code, 0, edited.stderr);
  const list = (await w.run(["review", "--json"])).json();
  assert.equal(list.proposals[0].flags.stale, true);
  assert.equal(list.proposals[0].flags.contradicts_card, true);
  const human = await w.run(["review"]);
  assert.match(human.stdout, /stale contradicts/);
  const shown = await w.run(["review", id]);
  assert.match(shown.stdout, /^-description: Run the suite and the linter before pushing$/m);
  assert.match(shown.stdout, /^\+description: Run the suite; CI is slow to report$/m);
  assert.match(shown.stdout, /memctl accept .* --force/);
  const refused = await w.run(["accept", id, "--json"]);
  assert.equal(refused.code, 1);
  assert.equal(refused.json().error.code, "E_STALE_BASE");
  assert.match(parseCard(fs.readFileSync(path.join(w.memory, "feedback_run-tests.md"), "utf8")).meta.description!, /linter/);
  assert.deepEqual(w.pending(), [`${id}.json`]);
  const forced = await w.run(["accept", id, "--force", "--json"]);
  assert.equal(forced.code, 0, forced.stderr);
  assert.equal(forced.json().forced, true);
  assert.equal(parseCard(fs.readFileSync(path.join(w.memory, "feedback_run-tests.md"), "utf8")).meta.description, "Run the suite; CI is slow to report");
  w.cleanup();
});

test("a fresh update proposal shows its diff against the card and is not stale", async () => {
  const w = world();
  const id = await proposeJson(w, ["run-tests", "--source", "README", "--kind", "fact", "-"], "Use npm test.\n");
  const r = await w.run(["review", id, "--json"]);
  const shown = r.json();
  assert.equal(shown.flags.stale, false);
  assert.equal(shown.target, "feedback_run-tests.md");
  assert.ok(shown.preview.diff.some((d: { op: string; text: string }) => d.op === "+" && d.text === "Use npm test."));
  assert.ok(shown.preview.diff.some((d: { op: string; text: string }) => d.op === "-" && d.text === "# run-tests"));
  w.cleanup();
});

test("consolidate merges duplicates, flags a conflict and a contradiction, accepts nothing by default; --accept-facts promotes clean facts only", async () => {
  const w = world();
  const dup1 = await proposeJson(w, ["ci-cache", "-t", "reference", "-d", "CI caches node_modules by lockfile hash", "--source", "ci.yml", "--kind", "fact", "--task-id", "a"]);
  const dup2 = await proposeJson(w, [
    "ci-cache",
    "-t",
    "reference",
    "-d",
    "CI  caches node_modules by lockfile hash ",
    "--source",
    "ci run 881",
    "--kind",
    "fact",
    "--actor",
    "host:codex",
  ]);
  const c1 = await proposeJson(w, ["deploy", "-t", "project", "-d", "Deploys go out on Tuesdays", "--source", "standup", "--kind", "fact", "--task-id", "b"]);
  const c2 = await proposeJson(w, ["deploy", "-t", "project", "-d", "Deploys go out on Thursdays", "--source", "calendar", "--kind", "fact", "--task-id", "c"]);
  const old = await proposeJson(w, ["run-tests", "-d", "Run only the fast tests", "--source", "chat", "--kind", "fact", "--task-id", "d"]);
  const guess = await proposeJson(w, ["tz", "-t", "user", "-d", "The user works from Lisbon", "--source", "timestamps", "--kind", "inference", "--task-id", "e"]);
  await w.run(["save", "run-tests", "-d", "Run the whole suite, always"]);

  const review = (await w.run(["review", "--json"])).json();
  const flags = Object.fromEntries(review.proposals.map((p: { id: string; flags: unknown }) => [p.id, p.flags]));
  assert.deepEqual(flags[dup1].duplicate_of, [dup2]);
  assert.deepEqual(flags[c1].conflicts_with, [c2]);

  const dry = await w.run(["consolidate", "--dry-run", "--json"]);
  assert.equal(dry.code, 0, dry.stderr);
  assert.equal(w.pending().length, 6, "a dry run writes nothing");
  assert.equal(fs.existsSync(path.join(w.memory, ".memctl", "jobs.jsonl")), false);

  const pass = await w.run(["consolidate", "--json"]);
  assert.equal(pass.code, 0, pass.stderr);
  const r = pass.json();
  assert.deepEqual(r.merged, [{ into: dup1, ids: [dup2], card: "reference_ci-cache.md" }]);
  assert.deepEqual(r.conflicts, [{ card: "project_deploy.md", ids: [c1, c2] }]);
  assert.deepEqual(r.contradictions, [{ id: old, card: "feedback_run-tests.md" }]);
  assert.deepEqual(r.accepted, []);
  assert.equal(r.left_pending, 5);
  assert.deepEqual([r.job.kind, r.job.status, r.job.attempts], ["consolidate", "done", 1]);
  assert.equal(w.pending().includes(`${dup2}.json`), false);
  const primary = JSON.parse(fs.readFileSync(path.join(w.memory, ".memctl", "proposals", `${dup1}.json`), "utf8"));
  assert.deepEqual(
    primary.merged.map((m: { id: string; proposer: string }) => [m.id, m.proposer]),
    [[dup2, "host:codex"]],
  );
  assert.equal(JSON.parse(fs.readFileSync(path.join(w.memory, ".memctl", "proposals", "archive", `${dup2}.json`), "utf8")).merged_into, dup1);
  assert.equal(fs.existsSync(path.join(w.memory, "reference_ci-cache.md")), false);

  // dup1's source names a file the repository has: the agent's own "kind: fact" is backed by something memctl checked.
  fs.writeFileSync(path.join(w.repo, "ci.yml"), "steps: []\n");
  const facts = (await w.run(["consolidate", "--accept-facts", "--json"])).json();
  assert.deepEqual(
    facts.accepted.map((a: { id: string; card: string; rev: number }) => [a.id, a.card, a.rev]),
    [[dup1, "reference_ci-cache.md", 1]],
  );
  const held = Object.fromEntries(facts.held.map((h: { id: string; why: string }) => [h.id, h.why]));
  assert.match(held[c1], /conflicts/);
  assert.match(held[old], /contradicts/);
  assert.match(held[guess], /kind inference/);
  const card = parseCard(fs.readFileSync(path.join(w.memory, "reference_ci-cache.md"), "utf8"));
  assert.deepEqual(card.frontmatter.provenance, { kind: "fact", source: "ci.yml; ci run 881" });
  const jobs = (await w.run(["jobs", "--json"])).json();
  assert.equal(jobs.counts.done, 2);
  w.cleanup();
});

test("a proposal that an existing card already says is flagged dup-card and never auto-accepted", async () => {
  const w = world();
  const sameHook = await proposeJson(w, ["run-everything", "-t", "feedback", "-d", "Run the whole suite before pushing", "--source", "chat", "--kind", "fact"]);
  const body = fs.readFileSync(path.join(w.memory, "feedback_run-tests.md"), "utf8").split("---\n").slice(2).join("---\n");
  const noOp = await proposeJson(w, ["run-tests", "-d", "Run the whole suite before pushing", "--source", "README", "--kind", "fact", "-"], body);
  const flags = Object.fromEntries(
    (await w.run(["review", "--json"])).json().proposals.map((p: { id: string; flags: { duplicate_of_card: string | null } }) => [p.id, p.flags.duplicate_of_card]),
  );
  assert.deepEqual(flags, { [sameHook]: "feedback_run-tests.md", [noOp]: "feedback_run-tests.md" });
  assert.match((await w.run(["review"])).stdout, /dup-card:feedback_run-tests\.md/);
  const pass = (await w.run(["consolidate", "--accept-facts", "--json"])).json();
  assert.deepEqual(pass.accepted, []);
  assert.deepEqual(
    pass.held.map((h: { why: string }) => h.why),
    ["feedback_run-tests.md already says this", "feedback_run-tests.md already says this"],
  );
  w.cleanup();
});

test("doctor warns about pending proposals and points at memctl review", async () => {
  const w = world();
  await proposeJson(w, ["x", "-t", "user", "-d", "y", "--source", "s"]);
  const r = await w.run(["doctor", "--json"]);
  assert.equal(r.json().pending_proposals, 1);
  const human = await w.run(["doctor"]);
  assert.match(human.stdout, /1 proposal awaits review/);
  assert.match(human.stdout, /memctl review/);
  w.cleanup();
});
