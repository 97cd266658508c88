// rankCounted with a limit (lib/records/search.ts): the first `limit` hits are the full ranking's, ties on score
// broken by recency and id as before, and a hit that cannot reach the limit never has its recency read (a card's
// recency is its cached row, parsed when read).
import assert from "node:assert/strict";
import { test } from "node:test";
import { rankCounted, type DocTerms, type SearchDoc } from "../../../lib/records/search.js";

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
