// Recall keys (issue 28 item 1): a card's `recall:` list is ranked as its own field, carried and reused by the
// rank cache, seen on the next prompt after an in-place edit, and never printed.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadRankable } from "../../../lib/rank-cache/load.js";
import { rank, rankEntries } from "../../../lib/rank/score.js";
import type { RankEntry } from "../../../lib/rank/postings.js";
import { queryTerms, tokenize } from "../../../lib/rank/tokenize.js";
import { buildInjection } from "../../../lib/hook/inject.js";
import { HOSTS } from "../../../hosts/index.js";
import { ageStore, cardText, sandbox } from "../../helpers.js";

const TODAY = "2026-12-02";

/** A card as a save writes it, with its recall keys in the frontmatter. */
function keyedCard(c: { file: string; title: string; hook: string; recall?: string[] }): string {
  const text = cardText(c);
  if (!c.recall) return text;
  return text.replace(/^priority: /m, `recall:\n${c.recall.map((k) => `  - ${JSON.stringify(k)}`).join("\n")}\npriority: `);
}

const CARDS = [
  {
    file: "feedback_await_writes.md",
    title: "Await every write before showing success",
    hook: "the save handler must await persistence; never optimistic",
    recall: ["the toast says saved but the edit is gone", "changes vanish after reload"],
  },
  { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging then production" },
  { file: "reference_ports.md", title: "Local ports", hook: "api on 4000, web on 5173" },
];

function keyedStore(cards = CARDS) {
  const s = sandbox([]);
  fs.writeFileSync(path.join(s.memory, "MEMORY.md"), ["# Memory", "", ...cards.map((c) => `- [${c.title}](${c.file}) — ${c.hook}`), ""].join("\n"));
  for (const c of cards) fs.writeFileSync(path.join(s.memory, c.file), keyedCard(c));
  return s;
}

const SYMPTOM = "the toast popped up, then after reload my edit vanished";

test("a prompt sharing words only with a card's recall keys finds that card, matched in the recall field", async () => {
  const s = keyedStore();
  try {
    const store = await loadRankable(s.memory, { nowMs: Date.now(), writeCache: false });
    const ranked = rank(store.index, queryTerms(SYMPTOM), { today: TODAY, all: true });
    assert.equal(ranked[0]!.entry.file, "feedback_await_writes.md");
    assert.equal(ranked[0]!.tier, "relevant");
    assert.ok(
      ranked[0]!.matches.some((m) => m.fields.includes("recall")),
      JSON.stringify(ranked[0]!.matches),
    );
    assert.ok(ranked[0]!.matches.every((m) => m.fields.every((f) => f === "recall")));
  } finally {
    s.cleanup();
  }
});

test("recall weighs less than the title and more than the hook", () => {
  const e = (file: string, title: string, hook: string, recall: string[] = []): RankEntry => ({
    line: 1,
    raw: `- [${title}](${file}) — ${hook}`,
    file,
    title,
    hook,
    topics: [],
    terms: { title: tokenize(title), topics: [], hook: tokenize(hook), recall: tokenize(recall.join("\n")) },
  });
  const filler = Array.from({ length: 6 }, (_, i) => e(`f${i}.md`, `Other ${i}`, "unrelated words here", ["nothing to see"]));
  const entries = [e("hook.md", "Alpha", "the zanzibar fallback"), e("recall.md", "Beta", "plain", ["zanzibar fallback"]), e("title.md", "Zanzibar fallback", "plain"), ...filler];
  const order = rankEntries(entries, queryTerms("zanzibar fallback"), { today: TODAY }).map((r) => r.entry.file);
  assert.deepEqual(order.slice(0, 3), ["title.md", "recall.md", "hook.md"]);
});

test("a key's text is never printed: the block names the card by its index line only", async () => {
  const s = keyedStore();
  try {
    const injection = await buildInjection({
      memoryDir: s.memory,
      projectKey: "p-000000000000",
      source: "env",
      prompt: SYMPTOM,
      host: HOSTS.generic,
      budget: { maxBytes: 3000, maxEntries: 20 },
      now: new Date(),
      record: false,
    });
    const block = injection.composed.text;
    assert.match(block, /feedback_await_writes\.md/);
    for (const key of CARDS[0]!.recall!) assert.ok(!block.includes(key), `key printed: ${key}`);
    assert.doesNotMatch(block, /toast|vanish|reload/);
  } finally {
    s.cleanup();
  }
});

test("the rank cache carries the recall field and reuses it for unchanged cards; an in-place edit of a card's keys is seen", async () => {
  const s = keyedStore();
  try {
    ageStore(s.memory);
    assert.equal((await loadRankable(s.memory, { nowMs: Date.now() })).cache, "rebuilt");
    const fresh = await loadRankable(s.memory, { nowMs: Date.now() });
    assert.equal(fresh.cache, "fresh");
    assert.equal(fresh.index.postings("toast")?.length, 1, "recall terms are in the cached postings");
    assert.equal(fresh.index.postings("toast")!.mask[0]! & 8, 8, "marked as the recall field");

    // Another card changes: only it is read again (the delta); the keyed card stays the cache's, keys and all.
    const dirTime = fs.statSync(s.memory).mtime;
    fs.writeFileSync(path.join(s.memory, "project_deploy.md"), keyedCard({ ...CARDS[1]!, hook: "argo syncs staging" }));
    fs.utimesSync(s.memory, dirTime, dirTime);
    ageStore(s.memory);
    const reused = await loadRankable(s.memory, { nowMs: Date.now() });
    assert.equal(reused.cache, "updated");
    assert.equal(reused.index.postings("toast")?.length, 1, "the unchanged card's keys are still ranked");
    assert.equal((await loadRankable(s.memory, { nowMs: Date.now(), force: true })).index.postings("toast")?.length, 1, "and a rebuild reuses them");

    // The keyed card's recall list edited in place (same inode, the directory untouched): the next load sees it.
    const card = path.join(s.memory, "feedback_await_writes.md");
    const ino = fs.statSync(card).ino;
    fs.writeFileSync(card, keyedCard({ ...CARDS[0]!, recall: ["spinner never stops on submit"] }));
    fs.utimesSync(s.memory, dirTime, dirTime);
    assert.equal(fs.statSync(card).ino, ino);
    const edited = await loadRankable(s.memory, { nowMs: Date.now() });
    assert.notEqual(edited.cache, "fresh");
    assert.equal(edited.index.postings("toast"), undefined, "the old keys are gone");
    assert.equal(edited.index.postings("spinner")?.length, 1, "the new key is ranked");
  } finally {
    s.cleanup();
  }
});
