// What held cards still move in the owner's ranking now that they count in no statistic a prompt computes (the card
// count, each term's document frequency): the field averages every posting is built against at cache build, which
// take every index line, held ones too (docs/threat-model.md, "Round 10, left open"). A generated store is ranked
// through the product's own path (rankStore: a rebuilt rank cache), then again with N held cards of an extreme shape
// added (written as a teammate's push is held: their lines in MEMORY.md, the list naming their content), and the
// owner's relevances and blocks compared prompt by prompt.
// Run: node --import tsx bench/held-averages.ts --cards 1000 --held 200
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { rankStore } from "../lib/hook/inject.js";
import { readPromptHold } from "../lib/store/prompt-hold.js";
import { writeArrivals, type Arrival } from "../lib/store/arrivals.js";
import { sha256Hex } from "../lib/core/sha256.js";
import { RELATIVE_CUTOFF } from "../lib/rank/tier-rules.js";
import { generateCards, generateStore } from "./gen-store.js";
import { numberArg, PROMPTS } from "./rounds.js";

const cards = numberArg("cards", 1000);
const heldCount = numberArg("held", 200);
const now = new Date("2026-12-02T12:00:00Z");
const words = (n: number, stem: string) => Array.from({ length: n }, (_, i) => `${stem}${i}`).join(" ");
// Held cards shaped as the store's own (a control: the averages barely move), or as short or as long as a line and
// a card allow: they pull each field's average down or up.
const like = generateCards(heldCount, 7);
const SHAPES: Record<string, (i: number) => { title: string; hook: string; topics: string[]; recall: string[] }> = {
  like: (i) => ({ title: like[i]!.title, hook: like[i]!.hook, topics: like[i]!.topics, recall: [] }),
  short: (i) => ({ title: `Zq${i}`, hook: `zq${i}`, topics: [], recall: [] }),
  long: (i) => ({ title: words(12, `lt${i}x`), hook: words(60, `lh${i}x`), topics: words(20, `lp${i}x`).split(" "), recall: [words(15, `lr${i}x`)] }),
};

type Row = { file: string; relevance: number; tier: string };

async function ranking(dir: string, prompt: string, withHold: boolean): Promise<Row[]> {
  const hold = withHold ? readPromptHold(dir) : undefined;
  const r = await rankStore(dir, prompt, now, { force: true, all: true, ...(hold ? { hold } : {}) });
  return r.ranked.map((x) => ({ file: x.entry.file, relevance: x.relevance, tier: x.tier }));
}

/** The block's candidates: relevant entries in rank order (the hook prints the first ~10 that fit). */
const relevantOrder = (rows: Row[]) => rows.filter((r) => r.tier === "relevant").map((r) => r.file);

const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-held-avg-"));
try {
  for (const [shape, make] of Object.entries(SHAPES)) {
    const store = generateStore({ cards, dir: path.join(root, shape), usageCalls: 0 });
    const before = new Map<string, Row[]>();
    for (const p of PROMPTS) before.set(p, await ranking(store.dir, p, false));
    const items: Arrival[] = [];
    let index = "";
    for (let i = 0; i < heldCount; i++) {
      const c = make(i);
      const file = `project_held-${i}.md`;
      const text = `---\nname: held-${i}\ndescription: ${c.hook}\ntopics: [${c.topics.join(", ")}]\n${c.recall.length ? `recall: [${c.recall.join(", ")}]\n` : ""}priority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\n${c.hook}\n`;
      fs.writeFileSync(path.join(store.dir, file), text);
      index += `- [${c.title}](${file}) — ${c.hook}\n`;
      items.push({
        id: `a-${i}`,
        path: file,
        kind: "new",
        state: "pending",
        sha256: sha256Hex(text),
        reasons: ["pushed"],
        pushed_by: ["m <m@x.invalid>"],
        commit: "0".repeat(40),
        before: null,
        at: "2026-12-02T00:00:00.000Z",
      });
    }
    fs.appendFileSync(path.join(store.dir, "MEMORY.md"), index);
    await writeArrivals(store.dir, { version: 1, items });
    let worst = 0;
    let changedBlocks = 0;
    let crossed = 0;
    for (const p of PROMPTS) {
      const was = before.get(p)!;
      const rows = await ranking(store.dir, p, true);
      const now_ = new Map(rows.map((r) => [r.file, r]));
      for (const r of was) {
        const after = now_.get(r.file);
        if (after === undefined) throw new Error(`${r.file} left the ranking`);
        if (r.relevance > 0) worst = Math.max(worst, Math.abs(after.relevance - r.relevance) / r.relevance);
        if ((r.tier === "relevant") !== (after.tier === "relevant")) crossed++;
      }
      const a = relevantOrder(was).slice(0, 10).join();
      const b = relevantOrder(rows).slice(0, 10).join();
      if (a !== b) changedBlocks++;
    }
    console.log(
      `${shape}: ${cards} cards + ${heldCount} held; owner's relevance moved at most ${(worst * 100).toFixed(1)} %; ${crossed} card/prompt pairs crossed the ${RELATIVE_CUTOFF} cutoff; top-10 relevant order changed on ${changedBlocks} of ${PROMPTS.length} prompts`,
    );
  }
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
