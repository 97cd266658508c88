import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { terms } from "../../lib/records/search.js";
import { makeWorld, memctl } from "../support/fixture.js";

async function seeded() {
  const w = makeWorld();
  await memctl(w, ["save", "release", "-t", "reference", "-d", "How releases are cut", "-"], {
    stdin: "Tag the commit.\nRun the release checklist in docs/RELEASE.md.\nAnnounce it.\n",
  });
  await memctl(w, ["save", "style", "-t", "feedback", "-d", "Prefer small functions", "-"], { stdin: "Keep functions small.\nA checklist is not needed here.\n" });
  await memctl(w, ["save", "cjk", "-t", "project", "-d", "記憶の設計", "-"], { stdin: "記憶は毎回注入される。\n" });
  await memctl(w, ["log", "--host", "claude", "--summary", "Cut release 1.2; the checklist step about docs was missing"], { now: new Date("2026-12-01T10:00:00Z") });
  await memctl(w, ["log", "--host", "codex", "--summary", "Refactored the parser"], { now: new Date("2026-12-02T10:00:00Z") });
  return w;
}

test("search ranks cards and episodes and shows the matching line", async () => {
  const w = await seeded();
  const r = await memctl(w, ["search", "release", "checklist", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const results = JSON.parse(r.stdout).results;
  assert.deepEqual(
    results.map((h: { id: string }) => h.id),
    ["reference_release.md", "episodes.jsonl:1", "feedback_style.md"],
  );
  const top = results[0];
  assert.equal(top.match, "Run the release checklist in docs/RELEASE.md.");
  assert.equal(fs.readFileSync(path.join(w.mem, "reference_release.md"), "utf8").split("\n")[top.line - 1], top.match, "line number points at the matching line");
  const human = await memctl(w, ["search", "release checklist"]);
  assert.match(human.stdout, /^reference_release\.md:\d+ +[\d.]+\n    Run the release checklist in docs\/RELEASE\.md\./);
});

test("--in restricts the corpus; CJK is matched by 2-grams; no match is not an error", async () => {
  const w = await seeded();
  const eps = JSON.parse((await memctl(w, ["search", "checklist", "--in", "episodes", "--json"])).stdout).results;
  assert.deepEqual(
    eps.map((h: { kind: string }) => h.kind),
    ["episode"],
  );
  const cjk = JSON.parse((await memctl(w, ["search", "記憶", "--in", "cards", "--json"])).stdout).results;
  assert.equal(cjk[0].id, "project_cjk.md");
  const none = await memctl(w, ["search", "zebra"]);
  assert.equal(none.code, 0);
  assert.match(none.stdout, /no matches/);
  assert.equal((await memctl(w, ["search", "x", "--in", "nowhere"])).code, 2);
  assert.deepEqual(terms("Run the 記憶設計 x"), ["run", "the", "記憶", "憶設", "設計"]);
});

test("recall prints the last episodes newest first and the cards most relevant to them", async () => {
  const w = await seeded();
  const r = await memctl(w, ["recall", "--episodes", "2", "--cards", "1", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.deepEqual(
    report.episodes.map((e: { summary: string }) => e.summary),
    ["Refactored the parser", "Cut release 1.2; the checklist step about docs was missing"],
  );
  assert.deepEqual(
    report.cards.map((c: { id: string }) => c.id),
    ["reference_release.md"],
  );
  const human = await memctl(w, ["recall", "--episodes", "1"]);
  assert.match(human.stdout, /Last 1 episode \(newest first\):\n  2026-12-02 10:00  codex  Refactored the parser/);
  const empty = makeWorld();
  assert.match((await memctl(empty, ["recall"])).stdout, /no episodes yet/);
});

test("recall names an episode log it cannot read (a directory in its place) instead of saying there are none", async () => {
  const w = makeWorld();
  fs.mkdirSync(path.join(w.mem, "episodes.jsonl"));
  const human = await memctl(w, ["recall"]);
  assert.equal(human.code, 0, human.stderr);
  assert.match(human.stdout, /episodes could not be read: episodes\.jsonl: .*; memctl doctor says more/);
  assert.doesNotMatch(human.stdout, /no episodes yet/);
  const report = JSON.parse((await memctl(w, ["recall", "--json"])).stdout);
  assert.equal(report.episodes_status, "error");
  assert.match(report.episodes_error, /^episodes\.jsonl: /);
});

test("every printed card line number is a line of the file that holds the shown match (frontmatter-only hits, empty bodies, blank lines, CRLF + BOM)", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const cards: Record<string, string> = {
    // The only hit is the description and the body is empty: the old answer was a line after the end of the file.
    "reference_empty.md":
      '---\nname: empty\ndescription: Zeppelin hangar keys are at the front desk\ntopics: []\npriority: normal\nstatus: active\nupdated_at: "2026-11-01"\nrepo_refs: []\n---\n',
    // Hit only in topics, body opens with blank lines.
    "project_topics.md":
      '---\nname: topics\ndescription: unrelated words here\ntopics:\n  - zeppelin\npriority: normal\nstatus: active\nupdated_at: "2026-11-01"\nrepo_refs: []\n---\n\n\nBody text without the word.\n',
    // CRLF line endings and a byte-order mark; the hit is deep in the body.
    "feedback_crlf.md":
      '\uFEFF---\r\nname: crlf\r\ndescription: windows card\r\ntopics: []\r\npriority: normal\r\nstatus: active\r\nupdated_at: "2026-11-01"\r\nrepo_refs: []\r\n---\r\nfirst\r\nsecond\r\nthe zeppelin moors here\r\n',
  };
  for (const [file, text] of Object.entries(cards)) fs.writeFileSync(path.join(w.mem, file), text);
  for (const query of ["zeppelin", "zeppelin hangar", "windows", "unrelated"]) {
    const r = await memctl(w, ["search", query, "--in", "cards", "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const results = JSON.parse(r.stdout).results as { id: string; line: number; match: string }[];
    assert.ok(results.length > 0, query);
    for (const hit of results) {
      const lines = fs.readFileSync(path.join(w.mem, hit.id), "utf8").split("\n");
      assert.ok(hit.line >= 1 && hit.line <= lines.length, `${query}: ${hit.id}:${hit.line} is a line of the file (it has ${lines.length})`);
      const line = lines[hit.line - 1]!.replace(/^\uFEFF/, "").trim();
      assert.equal(line, hit.match, `${query}: ${hit.id}:${hit.line} holds the shown match`);
      assert.ok(
        query.split(" ").some((q) => line.toLowerCase().includes(q)),
        `${query}: ${hit.id}:${hit.line} "${line}" contains a query word`,
      );
    }
  }
  const human = await memctl(w, ["search", "hangar"]);
  assert.match(human.stdout, /^reference_empty\.md:3 +[\d.]+\n    description: Zeppelin hangar keys are at the front desk\n/);
});
