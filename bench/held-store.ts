// A generated store with N held arrivals written through the product's own writer (lib/store/arrivals.ts), as a
// teammate's push of N cards leaves it: the per-prompt cost of a large hold list (bench/history/2026-12.md, h/heldcost).
// Run: node --import tsx bench/held-store.ts --cards 1000 --held 20000 --out DIR
// --indexed: each held item is a card in the store with its MEMORY.md line, as a push leaves it (the held ids a
// prompt masks out of the ranking's statistics, h/heldimpl); without it the list names files the index never links.
import fs from "node:fs";
import path from "node:path";
import { writeArrivals, type Arrival } from "../lib/store/arrivals.js";
import { sha256Hex } from "../lib/core/sha256.js";
import { stampOf } from "../lib/store/hold.js";
import { generateStore } from "./gen-store.js";
import { arg, numberArg } from "./rounds.js";

const out = arg("out");
if (!out) throw new Error("--out DIR is required");
const store = generateStore({ cards: numberArg("cards", 1000), dir: out });
const held = numberArg("held", 20000);
const indexed = process.argv.includes("--indexed");
const texts = Array.from({ length: held }, (_, i) =>
  indexed
    ? `---\nname: held-${i}\ndescription: deploys reach staging ${i}\ntopics: [deploy, staging]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\nbody ${i}\n`
    : `held ${i}`,
);
if (indexed) {
  // Whole milliseconds, an hour back: a copy (bench/hook-ab.ts keeps times to the millisecond) keeps each stamp.
  const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
  for (let i = 0; i < held; i++) {
    fs.writeFileSync(path.join(store.dir, `project_held-${i}.md`), texts[i]!);
    fs.utimesSync(path.join(store.dir, `project_held-${i}.md`), at, at);
  }
  fs.appendFileSync(path.join(store.dir, "MEMORY.md"), texts.map((_, i) => `- [Held ${i}](project_held-${i}.md) — deploys reach staging ${i}\n`).join(""));
}
const items: Arrival[] = Array.from({ length: held }, (_, i) => ({
  id: `a-${i.toString(16).padStart(12, "0")}`,
  path: `project_held-${i}.md`,
  kind: "new",
  state: i % 10 === 0 ? "quarantined" : "pending",
  sha256: sha256Hex(texts[i]!),
  // A sync stamps what it holds (a file still at its stamp is not hashed again); a file that is not there has none.
  ...(indexed ? { stamp: stampOf(store.dir, `project_held-${i}.md`)! } : {}),
  reasons: ["pushed by a teammate"],
  pushed_by: ["Mallory <m@example.invalid>"],
  commit: "0".repeat(40),
  before: "1".repeat(40),
  at: "2026-12-07T00:00:00.000Z",
}));
await writeArrivals(store.dir, { version: 1, items });
console.log(`${store.dir}: ${store.cards.length} cards, ${held} held`);
