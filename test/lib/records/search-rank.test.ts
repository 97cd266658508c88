// rankCounted with a limit (lib/records/search.ts): the first `limit` hits are the full ranking's, ties on score
// broken by recency and id as before, and a hit that cannot reach the limit never has its recency read (a card's
// recency is its cached row, parsed when read).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { noLongerTrue, parseCard } from "../../../lib/core/card.js";
import { cardDocs, docTermsOf, rankCounted, rankInOrder, type DocTerms, type SearchDoc } from "../../../lib/records/search.js";
import { searchStore } from "../../../lib/records/search-store.js";
import { readStore } from "../../../lib/store/read.js";
import { handCard } from "../../support/card-cache-fixture.js";
import { tempDir } from "../../helpers.js";

test("the limited ranking is the full ranking's head, and reads the recency of those that can reach it only", () => {
  let read = 0;
  const docs: SearchDoc[] = [];
  const counts: DocTerms[] = [];
  for (let i = 0; i < 500; i++) {
    const recency = `2026-0${1 + (i % 9)}-01`;
    docs.push({
      kind: "card",
      id: `c${String(i).padStart(3, "0")}.md`,
      head: "",
      text: "",
      firstLine: 1,
      get recency() {
        read++;
        return recency;
      },
    });
    // Five scores (many ties among them), and some documents with only the other word.
    counts.push({ head: new Map(i % 7 === 0 ? [["deploy", 1]] : []), body: new Map([[i % 11 === 0 ? "other" : "deploy", 1 + (i % 5)]]) });
  }
  const full = rankCounted("deploy other", docs, counts, 800);
  for (const limit of [1, 3, 20, 64, 499, 500, 900]) {
    read = 0;
    const head = rankCounted("deploy other", docs, counts, 800, limit).slice(0, limit);
    assert.deepEqual(head, full.slice(0, limit), `limit ${limit}`);
    if (limit <= 20) assert.ok(read < 2000, `limit ${limit}: ${read} recency reads, not every tie among 500`);
  }
  read = 0;
  rankCounted("deploy other", docs, counts, 800);
  const unlimited = read;
  read = 0;
  rankCounted("deploy other", docs, counts, 800, 1);
  assert.ok(read < unlimited / 4, `${read} reads with limit 1 against ${unlimited} without`);
});

/** Term counts whose body look-ups are counted: one scoring pass looks up each query word once a document. */
function countedTerms(n: number): { docs: SearchDoc[]; counts: DocTerms[]; lookups: () => number } {
  let gets = 0;
  class Counted extends Map<string, number> {
    override get(k: string) {
      gets++;
      return super.get(k);
    }
  }
  const docs: SearchDoc[] = [];
  const counts: DocTerms[] = [];
  for (let i = 0; i < n; i++) {
    docs.push({ kind: "card", id: `c${String(i).padStart(4, "0")}.md`, head: "", text: "", firstLine: 1, recency: `2026-0${1 + (i % 9)}-01` });
    counts.push({ head: new Map(), body: new Counted([["deploy", 1 + (i % 13)]]) });
  }
  return { docs, counts, lookups: () => gets };
}

test("the lazily read ranking is the full ranking in order, scored once however far it is read", () => {
  const { docs, counts, lookups } = countedTerms(1000);
  const full = rankCounted("deploy", docs, counts);
  const once = lookups();
  assert.equal(once, 1000);
  for (const first of [0, 1, 3, 100]) {
    const before = lookups();
    assert.deepEqual([...rankInOrder("deploy", docs, counts, docs.length, first)], full, `first ${first}`);
    assert.equal(lookups() - before, once, `first ${first}: every document scored once`);
  }
  // Read only as far as needed: the first three hits, and no document scored again for them.
  const before = lookups();
  const it = rankInOrder("deploy", docs, counts, docs.length, 2);
  const head = [it.next().value, it.next().value, it.next().value];
  assert.deepEqual(head, full.slice(0, 3));
  assert.equal(lookups() - before, once);
});

test("search lists the best live hits first when many cards no longer true outrank them, as the full ranking orders them", async () => {
  const dir = tempDir("memctl-live-first-");
  const today = "2026-12-02";
  // 60 cards no longer true say "deploy" more often than any of the 5 live ones: all 60 rank first by score.
  for (let i = 0; i < 65; i++) {
    const name = `c${String(i).padStart(2, "0")}`;
    const dead = i < 60;
    let text = handCard(name, "card", `${"deploy ".repeat(dead ? 20 + (i % 7) : 1 + (i % 3))}\nw${i}`);
    if (dead && i % 2 === 0) text = text.replace("status: active", "status: superseded\nsuperseded_by: c60");
    else if (dead) text = text.replace("status: active", 'status: active\nexpires_at: "2026-11-20"');
    fs.writeFileSync(path.join(dir, `project_${name}.md`), text);
  }
  fs.writeFileSync(path.join(dir, "MEMORY.md"), "# Memory\n");
  const docs = cardDocs(await readStore(dir));
  const full = rankCounted("deploy", docs, docs.map(docTermsOf)).map((h) => docs[h.index]!.id);
  const retired = (id: string) => noLongerTrue(parseCard(fs.readFileSync(path.join(dir, id), "utf8")), today).no_longer_true !== undefined;
  assert.deepEqual(full.slice(0, 60).filter(retired).length, 60, "by score alone every card no longer true comes first");
  const all = (await searchStore(dir, "deploy", "cards", 0, { today })).hits;
  assert.deepEqual(
    all.map((h) => [h.id, h.no_longer_true !== undefined]),
    [...full.filter((f) => !retired(f)), ...full.filter(retired)].map((f) => [f, retired(f)]),
  );
  for (const limit of [1, 2, 5, 6, 30]) {
    const hits = (await searchStore(dir, "deploy", "cards", limit, { today })).hits;
    assert.deepEqual(hits, all.slice(0, limit), `limit ${limit}`);
  }
});
