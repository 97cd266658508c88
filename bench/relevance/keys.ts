// Recall keys for the relevance sets, written the honest way: each card's key-writing prompt is the product's
// own (lib/core/recall-keys.ts, languages from lib/rank/languages.ts); a model that sees only that prompt
// answers it; the answers are recorded by the prompt's sha256 (keys/answers.jsonl) and replayed through the
// model-command interface (bench/replay-model.mjs as the configured command), exactly as a user's model runs.
//   node --import tsx bench/relevance/keys.ts prompts --set paraphrase,coding,hand > prompts.jsonl
//   node --import tsx bench/relevance/keys.ts missing --set paraphrase,coding,hand   (prompts with no answer)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseRecallKeys, recallKeysPrompt } from "../../lib/core/recall-keys.js";
import { storeLanguages } from "../../lib/rank/languages.js";
import { runLlmCommand } from "../../lib/compact/generate.js";
import { codingGroups } from "./coding.js";
import { paraphraseGroups } from "./paraphrase.js";
import { handCards } from "./store.js";
import type { BenchCard, BenchGroup } from "./harness.js";
import { recordedHashes, replayCommand, sha256 } from "../recorded-model.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ANSWERS_FILE = path.join(HERE, "keys", "answers.jsonl");
export const REPLAY_COMMAND = replayCommand(ANSWERS_FILE);

export { sha256 };

/** The product's prompt for each card of a store, with the store's languages read from all its cards. */
export function keyPrompts(cards: readonly BenchCard[]): { file: string; prompt: string; hash: string }[] {
  const languages = storeLanguages(cards.map((c) => [c.title, c.hook, c.body ?? ""].join("\n")));
  return cards.map((c) => {
    const prompt = recallKeysPrompt({ name: c.file.replace(/\.md$/, ""), title: c.title, description: c.hook, topics: c.topics, body: c.body ?? "" }, languages);
    return { file: c.file, prompt, hash: sha256(prompt) };
  });
}

/** Each card with the keys the recorded model wrote for it, run through the model-command interface. */
export async function withRecordedKeys(cards: readonly BenchCard[], command = REPLAY_COMMAND): Promise<{ cards: BenchCard[]; failed: number }> {
  const prompts = keyPrompts(cards);
  let failed = 0;
  const out: BenchCard[] = [];
  for (const [i, card] of cards.entries()) {
    const run = await runLlmCommand({ command, prompt: prompts[i]!.prompt, timeoutMs: 10_000, env: process.env });
    const parsed = run.ok ? parseRecallKeys(run.summary, card.title) : undefined;
    if (parsed?.ok) out.push({ ...card, recall: parsed.keys });
    else {
      failed++;
      out.push(card);
    }
  }
  return { cards: out, failed };
}

export function keyedSets(names: readonly string[]): BenchGroup[] {
  return names.flatMap((name) => {
    if (name === "paraphrase") return paraphraseGroups();
    if (name === "coding") return codingGroups();
    if (name === "hand") return [{ name: "hand", cards: handCards(), prompts: [] }];
    throw new Error(`unknown set ${name} (paraphrase, coding, hand)`);
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [verb = "prompts", ...rest] = process.argv.slice(2);
  const at = rest.indexOf("--set");
  const sets = at === -1 ? ["paraphrase", "coding", "hand"] : rest[at + 1]!.split(",");
  const have = recordedHashes(ANSWERS_FILE);
  const seen = new Set<string>();
  for (const group of keyedSets(sets))
    for (const p of keyPrompts(group.cards)) {
      if (seen.has(p.hash) || (verb === "missing" && have.has(p.hash))) continue;
      seen.add(p.hash);
      process.stdout.write(JSON.stringify({ hash: p.hash, prompt: p.prompt }) + "\n");
    }
}
