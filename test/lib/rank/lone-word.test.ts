// The lone word (issue 28, lib/rank/evidence.ts): when no card is about the prompt, the best card without recall
// keys that meets one specific word of it gets the one line; a card with keys does not, and a spoken word never
// earns one. Each store is written as files and ranked through the rank cache, as the hook does.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { rankStore } from "../../../lib/hook/inject.js";
import { isHit } from "../../../lib/rank/order.js";
import { ageStore, cardText, sandbox } from "../../helpers.js";

interface Card {
  file: string;
  title: string;
  hook: string;
  recall?: string[];
}

const CARDS: Card[] = [
  { file: "feedback_daily_meeting.md", title: "Daily meeting", hook: "standup is at 9:30 in the small room, cameras on" },
  { file: "project_release.md", title: "Release steps", hook: "tag, then the workflow publishes the package" },
  { file: "reference_ports.md", title: "Local ports", hook: "api on 4000, web on 5173" },
  { file: "feedback_parser.md", title: "One parser for every format", hook: "never add a second flag parser; the next one goes in parse.ts" },
];

/** Writes the store: MEMORY.md and each card, with its recall keys in the frontmatter when it has some. */
function writeCards(memory: string, cards: readonly Card[]): void {
  fs.writeFileSync(path.join(memory, "MEMORY.md"), ["# Memory", "", ...cards.map((c) => `- [${c.title}](${c.file}) — ${c.hook}`), ""].join("\n"));
  for (const c of cards) {
    const text = cardText(c);
    const keyed = c.recall ? text.replace(/^priority: /m, `recall:\n${c.recall.map((k) => `  - ${JSON.stringify(k)}`).join("\n")}\npriority: `) : text;
    fs.writeFileSync(path.join(memory, c.file), keyed);
  }
}

async function block(memory: string, prompt: string): Promise<string[]> {
  const { ranked } = await rankStore(memory, prompt, new Date("2026-12-02T10:00:00Z"));
  return ranked.filter(isHit).map((r) => r.entry.file);
}

test("a card without recall keys gets the line from one specific word of a prompt no card is about", async () => {
  const s = sandbox([]);
  try {
    writeCards(s.memory, CARDS);
    // "standup" is in one hook only (not in a title, nor a file name, whose words are topics); "time" is a spoken
    // word. So no card is about the prompt, and before this rule it got no block.
    assert.deepEqual(await block(s.memory, "what time is standup for me"), ["feedback_daily_meeting.md"]);
  } finally {
    s.cleanup();
  }
});

test("a card with recall keys gets no line from a lone word; its keys say how it is asked for", async () => {
  const s = sandbox([]);
  try {
    const keyed = CARDS.map((c) => (c.file === "feedback_daily_meeting.md" ? { ...c, recall: ["when is the daily meeting", "which room do we meet in"] } : c));
    writeCards(s.memory, keyed);
    assert.deepEqual(await block(s.memory, "what time is standup for me"), []);
    // Its keys still find it when the prompt asks the way they say.
    assert.deepEqual((await block(s.memory, "which room is the daily meeting in?"))[0], "feedback_daily_meeting.md");
  } finally {
    s.cleanup();
  }
});

test("adding keys to a card in place takes its lone-word line away on the next prompt (the cache carries the bit)", async () => {
  const s = sandbox([]);
  try {
    writeCards(s.memory, CARDS);
    ageStore(s.memory);
    assert.deepEqual(await block(s.memory, "what time is standup for me"), ["feedback_daily_meeting.md"]);
    writeCards(
      s.memory,
      CARDS.map((c) => (c.file === "feedback_daily_meeting.md" ? { ...c, recall: ["when is the daily meeting"] } : c)),
    );
    assert.deepEqual(await block(s.memory, "what time is standup for me"), []);
  } finally {
    s.cleanup();
  }
});

test("a common spoken word never earns a line, even from a card without keys", async () => {
  const s = sandbox([]);
  try {
    writeCards(s.memory, CARDS);
    // "one" is in the parser card's title and hook, and among the most frequent spoken words; "great" is in no card.
    assert.deepEqual(await block(s.memory, "great, that one"), []);
    // A specific word of the same card still earns it.
    assert.deepEqual(await block(s.memory, "great, that flag"), ["feedback_parser.md"]);
  } finally {
    s.cleanup();
  }
});

test("of several keyless cards meeting the lone word, only the best one gets a line", async () => {
  const s = sandbox([]);
  try {
    writeCards(s.memory, [...CARDS, { file: "project_docs_site.md", title: "Docs site", hook: "the docs workflow runs on every push to main and deploys the site" }]);
    // "workflow" is in two hooks and in no title: one line, the card where it weighs most (the shorter hook).
    assert.deepEqual(await block(s.memory, "the workflow is red"), ["project_release.md"]);
  } finally {
    s.cleanup();
  }
});

test("a katakana word earns the line only met whole, never through a syllable it shares with another word", async () => {
  const s = sandbox([]);
  try {
    writeCards(s.memory, [
      { file: "reference_snapshot.md", title: "スナップショットの取り方", hook: "毎晩取って一週間残す" },
      { file: "feedback_tdd.md", title: "テストから書く", hook: "失敗するテストを先にコミットしておく" },
    ]);
    // コミット whole is in the tdd card's hook only; "ット" of it is in the snapshot card's title too.
    assert.deepEqual(await block(s.memory, "いいね、コミットお願いします"), ["feedback_tdd.md"]);
    // "マット" shares only "ット" with either card: no word met, no line.
    assert.deepEqual(await block(s.memory, "マットを買った"), []);
  } finally {
    s.cleanup();
  }
});
