// The keys alone, with no benchmark prompt: for each key-prompt version, how many keys a card got, words per key,
// the share of key words the card already holds (they add nothing the card's own text does not match) and the
// distinct words per card not in it. Words by Intl.Segmenter (word-like, >= 2 characters, lower-cased), as
// h/keys3 measured v2 against v4. Cards are each set's; answers are the recorded ones (keys/answers.jsonl).
//   node --import tsx bench/relevance/key-words.ts --set paraphrase,coding,hand --key-prompt v2,v5
import fs from "node:fs";
import { parseRecallKeys } from "../../lib/core/recall-keys.js";
import { ANSWERS_FILE, type KeyPromptVersion, keyedSets, keyPrompts, KEY_PROMPT_VERSIONS, ownerPromptsOf } from "./keys.js";

const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });
const words = (text: string): string[] => [...segmenter.segment(text.toLowerCase())].filter((s) => s.isWordLike && [...s.segment].length >= 2).map((s) => s.segment);

function answers(): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of fs.readFileSync(ANSWERS_FILE, "utf8").split("\n"))
    if (line.trim() !== "") {
      const rec = JSON.parse(line) as { hash: string; answer: string };
      out.set(rec.hash, rec.answer);
    }
  return out;
}

export function keyWordStats(sets: readonly string[], version: KeyPromptVersion, recorded = answers()) {
  let cards = 0;
  let keys = 0;
  let keyWords = 0;
  let inCard = 0;
  let distinct = 0;
  let distinctNew = 0;
  const seen = new Set<string>();
  for (const group of keyedSets(sets)) {
    const prompts = keyPrompts(group.cards, ownerPromptsOf(group), version);
    group.cards.forEach((card, i) => {
      const { hash } = prompts[i]!;
      const answer = recorded.get(hash);
      if (answer === undefined || seen.has(hash)) return;
      seen.add(hash);
      const parsed = parseRecallKeys(answer, card.title);
      if (!parsed.ok) return;
      const own = new Set(words([card.title, card.hook, card.topics.join(" "), card.body ?? ""].join("\n")));
      const all = new Set<string>();
      cards++;
      keys += parsed.keys.length;
      for (const key of parsed.keys)
        for (const w of words(key)) {
          keyWords++;
          if (own.has(w)) inCard++;
          all.add(w);
        }
      distinct += all.size;
      distinctNew += [...all].filter((w) => !own.has(w)).length;
    });
  }
  const r = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 10) / 10);
  return {
    version,
    cards,
    keysPerCard: r(keys, cards),
    wordsPerKey: r(keyWords, keys),
    shareInCard: `${Math.round((inCard / Math.max(1, keyWords)) * 100)}%`,
    distinctPerCard: r(distinct, cards),
    distinctNotInCard: r(distinctNew, cards),
  };
}

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1]!;
};
if (process.argv[1]?.endsWith("key-words.ts")) {
  const sets = arg("--set", "paraphrase,coding,hand").split(",");
  const recorded = answers();
  for (const v of arg("--key-prompt", KEY_PROMPT_VERSIONS.join(",")).split(",")) process.stdout.write(`${JSON.stringify(keyWordStats(sets, v as KeyPromptVersion, recorded))}\n`);
}
