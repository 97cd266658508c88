// The coding-assistant set: memory that developers committed to public repositories (CLAUDE.md / AGENTS.md),
// condensed into one card per fact, one store per project, with prompts a developer would type
// (coding/README.md lists the sources, commits and licences).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchCard, BenchGroup } from "./harness.js";
import type { LabelledPrompt } from "./types.js";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "coding");

function readJsonl<T>(file: string): (T & { group: string })[] {
  return fs
    .readFileSync(path.join(DIR, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T & { group: string });
}

/** One group per project, in the order the cards file names them. */
export function codingGroups(): BenchGroup[] {
  const cards = readJsonl<BenchCard>("cards.jsonl");
  const prompts = readJsonl<LabelledPrompt>("prompts.jsonl");
  const names = [...new Set(cards.map((c) => c.group))];
  return names.map((name) => ({
    name,
    cards: cards.filter((c) => c.group === name).map(({ group: _g, ...card }) => card),
    prompts: prompts.filter((p) => p.group === name).map(({ group: _g, ...p }) => p),
  }));
}
