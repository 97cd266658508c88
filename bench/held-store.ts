// A generated store with N held arrivals written through the product's own writer (lib/store/arrivals.ts), as a
// teammate's push of N cards leaves it: the per-prompt cost of a large hold list (bench/history/2026-12.md, h/heldcost).
// Run: node --import tsx bench/held-store.ts --cards 1000 --held 20000 --out DIR
import { writeArrivals, type Arrival } from "../lib/store/arrivals.js";
import { sha256Hex } from "../lib/core/sha256.js";
import { generateStore } from "./gen-store.js";
import { arg, numberArg } from "./rounds.js";

const out = arg("out");
if (!out) throw new Error("--out DIR is required");
const store = generateStore({ cards: numberArg("cards", 1000), dir: out });
const held = numberArg("held", 20000);
const items: Arrival[] = Array.from({ length: held }, (_, i) => ({
  id: `a-${i.toString(16).padStart(12, "0")}`,
  path: `project_held-${i}.md`,
  kind: "new",
  state: i % 10 === 0 ? "quarantined" : "pending",
  sha256: sha256Hex(`held ${i}`),
  reasons: ["pushed by a teammate"],
  pushed_by: ["Mallory <m@example.invalid>"],
  commit: "0".repeat(40),
  before: "1".repeat(40),
  at: "2026-12-07T00:00:00.000Z",
}));
await writeArrivals(store.dir, { version: 1, items });
console.log(`${store.dir}: ${store.cards.length} cards, ${held} held`);
