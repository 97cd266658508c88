// What is no longer true is not injected at session start either (docs/ranking.md): a `status: superseded` card and
// a card past its `expires_at` (against the injected clock) have no line in the overview or the compact view, and
// the block is the one of the same store whose index never listed them. Real stores, the real hook.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runSessionStartHook } from "../../lib/hook/session-start.js";
import { BufferSink } from "../../lib/store/io.js";
import { CARD_CACHE } from "../../lib/store/card-cache.js";
import { decodeCardCache } from "../../lib/store/card-cache-format.js";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";
import { handWrittenCards } from "../support/compact-fixture.js";
import { makeWorld, memctl, type World } from "../support/fixture.js";
import { removeScratch } from "../support/scratch.js";

const SUNSET = "- [v1 API sunset](project_v1_api_sunset.md)";
const LEFT_OUT = (n: number) =>
  `Not shown, as no longer true (superseded, or past expires_at): ${n === 1 ? "1 index line" : `${n} index lines`}; memctl search still finds ${n === 1 ? "it" : "them"}, marked.`;
const ORM = "- [TypeORM models](project_old_orm.md)";

async function start(s: { memory: string; repo: string; home: string; io: { env: Record<string, string | undefined> } }, now: Date): Promise<string> {
  const io = { stdout: new BufferSink(), stderr: new BufferSink(), env: s.io.env, cwd: s.repo, home: s.home, now: () => now };
  const r = await runSessionStartHook(JSON.stringify({ cwd: s.repo, session_id: "s-1", source: "startup" }), { host: "generic" }, io);
  return r.text;
}

function sampleStore() {
  const s = sandbox();
  fs.cpSync(path.join(REPO_ROOT, "sample-store"), s.memory, { recursive: true });
  return s;
}

function withoutLines(memory: string, ...prefixes: string[]): void {
  const index = path.join(memory, "MEMORY.md");
  const lines = fs.readFileSync(index, "utf8").split("\n");
  const kept = lines.filter((l) => !prefixes.some((p) => l.startsWith(p)));
  assert.equal(lines.length - kept.length, prefixes.length);
  fs.writeFileSync(index, kept.join("\n"));
}

test("the sample store's session start leaves out the superseded and the expired card and says how many; otherwise as if the index never listed them", async () => {
  const s = sampleStore();
  const bare = sampleStore();
  try {
    const today = new Date("2026-12-02T10:00:00Z");
    ageStore(s.memory); // old enough that the cache trusts the cards' stamps
    await new Promise((r) => setTimeout(r, 250));
    const text = await start(s, today);
    assert.ok(!text.includes(SUNSET) && !text.includes("shut down on 2026-06-30"), text);
    assert.ok(!text.includes(ORM) && !text.includes("TypeORM"), text);
    assert.match(text, /- \[GitHub Actions CI\]|\(project_architecture\.md\)/);
    // It says so, in one line after the heading: otherwise the block is the one of the index that never listed them.
    const note = LEFT_OUT(2);
    assert.ok(text.includes(`\n${note}\n`), text);
    withoutLines(bare.memory, SUNSET, ORM);
    assert.equal(text.replace(`${note}\n`, "").replaceAll(bare.memory, s.memory), (await start(bare, today)).replaceAll(bare.memory, s.memory));
    // The cache the first start wrote decodes, with the fields that decide it (a cache that did not would be made
    // again from every card at every start), and a second start reads it: the same block, the cache left as it was.
    const cacheFile = path.join(s.memory, ".memctl", CARD_CACHE);
    const decoded = decodeCardCache(fs.readFileSync(cacheFile));
    assert.ok(decoded, "the card cache decodes");
    const record = (file: string) => decoded.records.find((r) => r.file === file)!;
    assert.equal(record("project_old_orm.md").status, "superseded");
    assert.equal(record("project_v1_api_sunset.md").expires_at, "2026-06-30");
    // A cache written just after its cards is made once more (racy); then it settles, and every start reads it.
    const stamps: number[] = [];
    for (let i = 0; i < 5; i++) {
      assert.equal(await start(s, today), text);
      stamps.push(fs.statSync(cacheFile).mtimeMs);
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(stamps.at(-1), stamps.at(-3), `the cache settles: ${stamps.map((m) => m - stamps[0]!).join(", ")}`);
  } finally {
    s.cleanup();
    bare.cleanup();
  }
});

test("a card expiring tomorrow (by the injected clock) is still shown, and on its day; the day after it is not", async () => {
  const s = sampleStore();
  try {
    const lines = async (day: string) => (await start(s, new Date(`${day}T12:00:00Z`))).split("\n").filter((l) => l.startsWith(SUNSET)).length;
    assert.equal(await lines("2026-06-29"), 1);
    assert.equal(await lines("2026-06-30"), 1);
    assert.equal(await lines("2026-07-01"), 0);
    // Nothing was written in between: the same cache answers every day.
    assert.equal(await lines("2026-06-29"), 1);
  } finally {
    s.cleanup();
  }
});

test("moving a card's expiry or un-superseding it brings its line back", async () => {
  const s = sampleStore();
  try {
    const now = new Date("2026-12-02T10:00:00Z");
    assert.ok(!(await start(s, now)).includes(ORM));
    const orm = path.join(s.memory, "project_old_orm.md");
    fs.writeFileSync(orm, fs.readFileSync(orm, "utf8").replace("status: superseded", "status: active"));
    const sunset = path.join(s.memory, "project_v1_api_sunset.md");
    fs.writeFileSync(sunset, fs.readFileSync(sunset, "utf8").replace('expires_at: "2026-06-30"', 'expires_at: "2027-06-30"'));
    const text = await start(s, now);
    assert.ok(text.includes(ORM) && text.includes(SUNSET), text);
    assert.doesNotMatch(text, /Not shown, as no longer true/, "nothing left out, nothing said");
  } finally {
    s.cleanup();
  }
});

const ciCards = async (w: World) => {
  for (const [name, desc] of [
    ["ci-runner", "CI runs on Buildkite"],
    ["deploy", "deploys go out from main"],
  ] as const)
    assert.equal((await memctl(w, ["save", name, "-t", "project", "-d", desc])).code, 0);
};

async function supersedeCi(w: World): Promise<void> {
  const p = await memctl(w, ["propose", "ci-actions", "-t", "project", "-d", "CI runs on GitHub Actions", "--source", "ci.yml", "--json"]);
  assert.equal(p.code, 0, p.stderr);
  const accepted = await memctl(w, ["accept", JSON.parse(p.stdout).proposal.id, "--supersede", "ci-runner"]);
  assert.equal(accepted.code, 0, accepted.stderr);
}

const hook = async (w: World) => (await memctl(w, ["hook", "session-start", "--host", "generic"], { stdin: JSON.stringify({ cwd: w.repo, source: "startup" }) })).stdout;

test("after accept --supersede, session start lists the new card and not the one it replaced (overview)", async (t) => {
  const w = makeWorld();
  t.after(() => removeScratch(w.root));
  await ciCards(w);
  assert.match(await hook(w), /CI runs on Buildkite/);
  await supersedeCi(w);
  const text = await hook(w);
  assert.match(text, /CI runs on GitHub Actions/);
  assert.doesNotMatch(text, /Buildkite/);
  assert.ok(text.includes(`\n${LEFT_OUT(1)}\n`), text);
});

test("the compact view leaves out the lines of cards superseded since the compact, and counts only what it shows", async (t) => {
  const w = makeWorld();
  t.after(() => removeScratch(w.root));
  handWrittenCards(w, 40); // enough that a compact shrinks the block
  await ciCards(w);
  const compacted = await memctl(w, ["compact", "--mechanical"]);
  assert.equal(compacted.code, 0, compacted.stderr + compacted.stdout);
  await supersedeCi(w);
  const text = await hook(w);
  assert.match(text, /^Session start: the compact summary/m);
  assert.match(text, /Written or updated since that summary \(these lines supersede it\):\n- \[ci-actions\]/);
  assert.doesNotMatch(text, /- \[ci-runner\]/);
  assert.doesNotMatch(text, /Removed since that summary/, "a superseded card is not removed");
  assert.ok(text.includes(`\n${LEFT_OUT(1)}\n`), text);
});
