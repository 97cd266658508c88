// A search over a trusted card cache (lib/store/card-search-trusted.ts through lib/records/search-store.ts): it reads
// no record it does not rank on, and answers exactly what a search reading every card answers: the same hits, scores,
// ties broken by updated_at then name, lines, and (memory_search) links resolved by file and by frontmatter name.
// Each call is given its start (`nowMs`), so "within 2 s of the recorded check" holds however loaded the machine.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { terms } from "../../../lib/core/search-terms.js";
import { searchStore, type SearchWhere } from "../../../lib/records/search-store.js";
import { withTrustedCardSearch } from "../../../lib/store/card-search-trusted.js";
import { CARD_CHECK, type Freshness } from "../../../lib/store/full-check.js";
import { handCard, sleep } from "../../support/card-cache-fixture.js";
import { makeWorld, memctl, type World } from "../../support/fixture.js";

const MAX = 5;
const TODAY = "2026-12-02";
const QUERIES = ["deploy migration", "parser", "rollback", "card", "w3 w7", "zebra", "日本", "linked", "nothingmatches"];

/** 24 cards, some identical but for updated_at (ties), some linking others by file and by frontmatter name, an hour old. */
async function store(t: TestContext): Promise<World> {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const words = ["deploy", "migration", "parser", "rollback", "日本語"];
  const lines: string[] = [];
  for (let i = 0; i < 24; i++) {
    const name = `c${String(i).padStart(2, "0")}`;
    const body =
      i % 6 === 0
        ? "parser rollback"
        : `${words[i % words.length]} w${i % 9} ${words[(i * 2) % words.length]}\nlinked to [[target-name]] and [[c01]] and [[gone]], [two](project_c02.md)`;
    const day = String(1 + (i % 4)).padStart(2, "0");
    let text = handCard(i === 3 ? "target-name" : name, `card ${i % 2 ? "deploy" : "other"}`, body).replace('"2026-12-01"', `"2026-11-${day}"`);
    // Some no longer true on TODAY: they sink below every live hit, on both paths.
    if (i % 5 === 1) text = text.replace("status: active", "status: superseded\nsuperseded_by: c00");
    else if (i % 7 === 2) text = text.replace("status: active", 'status: active\nexpires_at: "2026-11-20"');
    fs.writeFileSync(path.join(w.mem, `project_${name}.md`), text);
    lines.push(`- [${name}](project_${name}.md) — card ${i}`);
  }
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), `# Memory\n\n${lines.join("\n")}\n`);
  const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
  for (const name of fs.readdirSync(w.mem)) fs.utimesSync(path.join(w.mem, name), past, past);
  fs.utimesSync(w.mem, past, past);
  await sleep(250); // utimes moved every ctime to now: past the cache's racy window
  return w;
}

/** The same search on a copy without .memctl/: every card read, tokenized and linked from the files. */
async function fullScan(w: World, q: string, where: SearchWhere, limit: number) {
  const copy = fs.mkdtempSync(path.join(w.root, "scan-"));
  fs.cpSync(w.mem, copy, { recursive: true, filter: (src) => path.basename(src) !== ".memctl" });
  try {
    return (await searchStore(copy, q, where, limit, { links: true, today: TODAY })).hits;
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

const trustedAnswers = (w: World, freshness: Freshness, q: string) => withTrustedCardSearch(w.mem, freshness, [...new Set(terms(q))], () => true) === true;

test("a search over a trusted card cache answers what a search reading every card answers", async (t) => {
  const w = await store(t);
  const freshness = { nowMs: Date.now(), fullCheckMax: MAX };
  // The first searches check every card, lay out card-words, write card-terms and record the check.
  for (let i = 0; i < 2; i++) await searchStore(w.mem, "parser", "all", 20, { freshness });
  assert.ok(fs.existsSync(path.join(w.mem, ".memctl", CARD_CHECK)), "a full check above the size is recorded");
  const cache = fs.statSync(path.join(w.mem, ".memctl", "card-cache"));
  for (const q of QUERIES) {
    assert.ok(trustedAnswers(w, freshness, q), `the trusted reader answers for ${q}`);
    for (const [where, limit] of [
      ["all", 20],
      ["cards", 0],
      ["cards", 1],
      ["all", 3],
    ] as const) {
      const hits = (await searchStore(w.mem, q, where, limit, { freshness, links: true, today: TODAY })).hits;
      assert.deepEqual(hits, await fullScan(w, q, where, limit), `${q} --in ${where} --limit ${limit}`);
      const plain = (await searchStore(w.mem, q, where, limit, { freshness, today: TODAY })).hits;
      const firstDead = hits.findIndex((h) => h.no_longer_true !== undefined);
      if (firstDead >= 0)
        assert.ok(
          hits.slice(firstDead).every((h) => h.no_longer_true !== undefined),
          `${q}: no live hit below one no longer true`,
        );
      assert.deepEqual(
        plain,
        hits.map(({ links: _, ...h }) => h),
        `${q}: the CLI's hits are memory_search's without links`,
      );
    }
  }
  const sunk = (await searchStore(w.mem, "parser rollback", "cards", 0, { freshness, today: TODAY })).hits;
  assert.ok(sunk.some((h) => h.no_longer_true === "superseded") && sunk.some((h) => h.no_longer_true === "expired"), "the store holds hits no longer true");
  const dead = new Set(sunk.filter((h) => h.no_longer_true !== undefined).map((h) => h.id));
  const unsorted = (await searchStore(w.mem, "parser rollback", "cards", 0, { freshness })).hits.map((h) => dead.has(h.id));
  assert.ok(unsorted.indexOf(true) < unsorted.lastIndexOf(false), "by score alone a card no longer true ranks above a live one");
  const top = (await searchStore(w.mem, "parser rollback", "cards", 2, { freshness, today: TODAY })).hits;
  assert.deepEqual(
    top.map((h) => h.id),
    sunk.slice(0, 2).map((h) => h.id),
    "--limit keeps the best live hits, not the dead ones that outscore them",
  );
  const links = (await searchStore(w.mem, "deploy", "cards", 1, { freshness, links: true })).hits[0]!.links!;
  assert.deepEqual(
    links.map((l) => [l.link, l.target, l.status]),
    [
      ["target-name", "project_c03.md", "ok"],
      ["c01", "project_c01.md", "ok"],
      ["gone", null, "dead"],
      ["project_c02.md", "project_c02.md", "ok"],
    ],
    "links resolved by frontmatter name, by file name, dead, and by path",
  );
  const after = fs.statSync(path.join(w.mem, ".memctl", "card-cache"));
  assert.deepEqual([after.ino, after.mtimeMs, after.size], [cache.ino, cache.mtimeMs, cache.size], "a trusted search writes no card cache");
});

test("where the trust rule does not hold, the catalog answers, and as a full scan does", async (t) => {
  const w = await store(t);
  const freshness = { nowMs: Date.now(), fullCheckMax: MAX };
  for (let i = 0; i < 2; i++) await searchStore(w.mem, "parser", "all", 20, { freshness });
  assert.ok(trustedAnswers(w, freshness, "parser"));
  assert.equal(trustedAnswers(w, { ...freshness, nowMs: freshness.nowMs + 60_000 }, "parser"), false, "a check a minute old is not trusted");
  assert.equal(trustedAnswers(w, { ...freshness, fullCheckMax: 100 }, "parser"), false, "nor a store under the full-check size");
  // A hand edit: the directory moved by no journaled write; a save by memctl: journaled.
  fs.writeFileSync(path.join(w.mem, "project_hand.md"), handCard("hand", "by hand", "Zebra parser rollback."));
  assert.equal(trustedAnswers(w, freshness, "zebra"), false, "a card memctl did not write is not trusted");
  for (const q of QUERIES)
    assert.deepEqual((await searchStore(w.mem, q, "all", 0, { freshness, links: true, today: TODAY })).hits, await fullScan(w, q, "all", 0), `after a hand edit: ${q}`);
  const r = await memctl(w, ["save", "c05", "-"], { stdin: "Now a zebra migration.\n" });
  assert.equal(r.code, 0, r.stderr);
  await sleep(250); // the save's card and MEMORY.md past the racy window of the cache the next search writes
  const saved = { nowMs: Date.now(), fullCheckMax: MAX };
  // A full check (the hand-made card is new): the saved and new cards' words go to the cache's own section.
  for (let i = 0; i < 2; i++) await searchStore(w.mem, "parser", "all", 20, { freshness: saved });
  assert.ok(trustedAnswers(w, saved, "zebra"), "trusted again, the saved card's words in the cache's own section");
  for (const q of QUERIES)
    assert.deepEqual((await searchStore(w.mem, q, "all", 0, { freshness: saved, links: true, today: TODAY })).hits, await fullScan(w, q, "all", 0), `after a save: ${q}`);
  // card-terms gone: the trusted reader leaves the scan (and the card-terms it writes) to the catalog.
  fs.rmSync(path.join(w.mem, ".memctl", "card-terms"));
  assert.equal(trustedAnswers(w, { nowMs: Date.now(), fullCheckMax: MAX }, "parser"), false);
});
