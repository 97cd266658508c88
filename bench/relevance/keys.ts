// Recall keys for the relevance sets, written the honest way: each card's key-writing prompt is the product's
// own (lib/core/recall-keys.ts, languages from lib/rank/languages.ts); a model that sees only that prompt
// answers it; the answers are recorded by the prompt's sha256 (keys/answers.jsonl) and replayed through the
// model-command interface (bench/replay-model.mjs as the configured command), exactly as a user's model runs.
//   node --import tsx bench/relevance/keys.ts prompts --set paraphrase,coding,hand > prompts.jsonl
//   node --import tsx bench/relevance/keys.ts missing --set paraphrase,coding,hand   (prompts with no answer)
//   node --import tsx bench/relevance/keys.ts record answers.jsonl   (merge {hash, answer} lines a model wrote)
// --key-prompt v2|v4|v5 (prompts, missing; bench:relevance --keys) uses a frozen prompt (keys-prompt-v2.ts, -v4, -v5), so
// its recorded answers still replay; the default is the product's prompt today (the same text as v2 since h/keys3).
// A store's key prompts name the languages its owner asks in: those of the set's prompts to that store, as the
// hook's why log records them (a language code per prompt), through the product's own rule (keyLanguages);
// MEMCTL_BENCH_OWNER_LANGUAGES=every counts every language they use at all (a measurement bound, not the product).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseRecallKeys, type RecallPromptCard, recallKeysPrompt } from "../../lib/core/recall-keys.js";
import { recallKeysPromptV2 } from "./keys-prompt-v2.js";
import { recallKeysPromptV4 } from "./keys-prompt-v4.js";
import { recallKeysPromptV5 } from "./keys-prompt-v5.js";
import { keyLanguages, PROMPT_LANGUAGE_RULE, type PromptLanguageRule, textLanguage } from "../../lib/rank/languages.js";
import { runLlmCommand } from "../../lib/compact/generate.js";
import { codingGroups } from "./coding.js";
import { paraphraseGroups } from "./paraphrase.js";
import { handCards, loadPrompts } from "./store.js";
import type { BenchCard, BenchGroup } from "./harness.js";
import { mergeAnswers, recordedHashes, replayCommand, sha256 } from "../recorded-model.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ANSWERS_FILE = path.join(HERE, "keys", "answers.jsonl");
export const REPLAY_COMMAND = replayCommand(ANSWERS_FILE);

export { sha256 };

/** The key-writing prompt's versions: v2, v4 and v5 (frozen; v4 was tried and dropped, v5 tried on h/rank7) and current (the product's). */
export const KEY_PROMPT_VERSIONS = ["v2", "v4", "v5", "current"] as const;
export type KeyPromptVersion = (typeof KEY_PROMPT_VERSIONS)[number];
type PromptWriter = (card: RecallPromptCard, languages: readonly string[], owner: readonly string[]) => string;
const WRITERS: Record<KeyPromptVersion, PromptWriter> = { v2: recallKeysPromptV2, v4: recallKeysPromptV4, v5: recallKeysPromptV5, current: recallKeysPrompt };

/** The version a command line names with --key-prompt (the product's when it names none). */
export function keyPromptVersion(argv: readonly string[]): KeyPromptVersion {
  const at = argv.indexOf("--key-prompt");
  if (at === -1) return "current";
  const v = argv[at + 1] as KeyPromptVersion;
  if (!KEY_PROMPT_VERSIONS.includes(v)) throw new Error(`--key-prompt ${v}: known versions are ${KEY_PROMPT_VERSIONS.join(", ")}`);
  return v;
}

/**
 * The product's prompt for each card of a store, with the store's languages read from all its cards and the
 * owner's from `ownerPrompts`, the prompts asked of that store: what its why log would record is each one's
 * language code (the hook's textLanguage), and only that reaches the key-writing prompt (never a prompt's words).
 */
export function keyPrompts(
  cards: readonly BenchCard[],
  ownerPrompts: readonly string[] = [],
  version: KeyPromptVersion = "current",
): { file: string; prompt: string; hash: string }[] {
  const languages = keyLanguages(
    cards.map((c) => [c.title, c.hook, c.body ?? ""].join("\n")),
    { promptCodes: ownerPrompts.map(textLanguage) },
    ownerRule(),
  );
  return cards.map((c) => {
    const prompt = WRITERS[version](
      { name: c.file.replace(/\.md$/, ""), title: c.title, description: c.hook, topics: c.topics, body: c.body ?? "" },
      languages.cards,
      languages.owner,
    );
    return { file: c.file, prompt, hash: sha256(prompt) };
  });
}

/**
 * The product's rule for which prompt languages count (PROMPT_LANGUAGE_RULE), or with
 * MEMCTL_BENCH_OWNER_LANGUAGES=every a measurement-only bound: every language the set's prompts use at all counts
 * (one prompt is enough), to show what the lever is worth on sets whose stores hold only a few prompts each.
 */
function ownerRule(): PromptLanguageRule {
  const mode = process.env.MEMCTL_BENCH_OWNER_LANGUAGES;
  if (mode === undefined || mode === "" || mode === "product") return PROMPT_LANGUAGE_RULE;
  if (mode === "every") return { ...PROMPT_LANGUAGE_RULE, minShare: 0, minPrompts: 1 };
  throw new Error(`MEMCTL_BENCH_OWNER_LANGUAGES=${mode}: product (the default) or every`);
}

/** The prompts asked of a group's store, as its owner's why log would hold them (their languages are what is used). */
export const ownerPromptsOf = (group: BenchGroup): string[] => group.prompts.map((p) => p.prompt);

/** Each card with the keys the recorded model wrote for it, run through the model-command interface. */
export async function withRecordedKeys(
  cards: readonly BenchCard[],
  ownerPrompts: readonly string[] = [],
  command = REPLAY_COMMAND,
  version: KeyPromptVersion = "current",
): Promise<{ cards: BenchCard[]; failed: number }> {
  const prompts = keyPrompts(cards, ownerPrompts, version);
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
    if (name === "hand") return [{ name: "hand", cards: handCards(), prompts: loadPrompts() }];
    if (name === "heldout") return [{ name: "heldout", cards: handCards(), prompts: loadPrompts("bench/relevance/prompts-heldout.jsonl") }];
    throw new Error(`unknown set ${name} (paraphrase, coding, hand, heldout)`);
  });
}

/** The hash of every key prompt the bench sends for `sets`, in every version. */
export function benchPromptHashes(sets: readonly string[] = ALL_SETS): Set<string> {
  const groups = keyedSets(sets);
  return new Set(KEY_PROMPT_VERSIONS.flatMap((v) => groups.flatMap((g) => keyPrompts(g.cards, ownerPromptsOf(g), v).map((p) => p.hash))));
}

const ALL_SETS = ["paraphrase", "coding", "hand", "heldout"];

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [verb = "prompts", ...rest] = process.argv.slice(2);
  if (verb === "record") {
    const file = rest[0];
    if (!file) throw new Error("record: name the {hash, answer} JSONL file to merge");
    const r = mergeAnswers(file, benchPromptHashes(), ANSWERS_FILE);
    process.stdout.write(`recorded ${r.added} answer(s) into ${path.relative(process.cwd(), ANSWERS_FILE)}; ${r.known} already recorded; ${r.refused.length} refused\n`);
    for (const why of r.refused) process.stdout.write(`  refused ${why}\n`);
    process.exitCode = r.refused.length > 0 ? 1 : 0;
  } else {
    const at = rest.indexOf("--set");
    const sets = at === -1 ? ["paraphrase", "coding", "hand"] : rest[at + 1]!.split(",");
    const version = keyPromptVersion(rest);
    const have = recordedHashes(ANSWERS_FILE);
    const seen = new Set<string>();
    for (const group of keyedSets(sets))
      for (const p of keyPrompts(group.cards, ownerPromptsOf(group), version)) {
        if (seen.has(p.hash) || (verb === "missing" && have.has(p.hash))) continue;
        seen.add(p.hash);
        process.stdout.write(JSON.stringify({ hash: p.hash, prompt: p.prompt }) + "\n");
      }
  }
}
