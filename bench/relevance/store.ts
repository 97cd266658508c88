// Materialises the hand-written relevance store (cards.jsonl) as a real memory directory, and reads it back
// through memctl's own parsers so every ranker sees exactly what is on disk.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderCard, shiftDay } from "../gen-store.js";
import { parseIndex, renderIndexLine } from "../../lib/core/index-file.js";
import { parseCard } from "../../lib/core/card.js";
import { recordHitsSync } from "../../lib/usage/usage.js";
import type { BenchEntry, LabelledPrompt } from "./types.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const TODAY = "2026-12-02";

/** A card of a relevance set: its index line fields, optional frontmatter and an optional body. */
export interface CardLine {
  file: string;
  title: string;
  hook: string;
  topics: string[];
  priority?: string;
  status?: string;
  updated_at?: string;
  /** Markdown after the card's heading and hook (the detail a model opens the card for). */
  body?: string;
  /** Recall keys (frontmatter `recall:`), when the set is run with recorded keys (keys.ts). */
  recall?: string[];
}

function readJsonl<T>(name: string): T[] {
  return fs
    .readFileSync(path.join(HERE, name), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T);
}

/** The labelled prompts: prompts.jsonl here by default, or another JSONL file of the same shape. */
export function loadPrompts(file?: string): LabelledPrompt[] {
  if (!file) return readJsonl<LabelledPrompt>("prompts.jsonl");
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as LabelledPrompt);
}

/**
 * Cards a long-lived store's usage sidecar would favour: the generic ones that match many prompts. They get
 * many recent hits so the benchmark also checks that frecency never lifts an irrelevant card over a relevant one.
 */
export const POPULAR_CARDS = [
  "feedback_run_typecheck.md",
  "feedback_small_prs.md",
  "user_terse_answers.md",
  "reference_test_commands.md",
  "project_architecture.md",
  "feedback_pnpm_only.md",
  "reference_local_setup.md",
  "project_deploy_pipeline.md",
  "feedback_no_any.md",
  "reference_ci_workflows.md",
  "project_database.md",
  "reference_db_commands.md",
];

/** The hand-written store's cards (cards.jsonl). */
export function handCards(): CardLine[] {
  return readJsonl<CardLine>("cards.jsonl");
}

/**
 * Writes MEMORY.md + card files (+ a usage sidecar unless `usage` is false) into a fresh temp dir. `cards`
 * defaults to the hand-written store; the usage sidecar favours its POPULAR_CARDS.
 */
export function materializeStore(options: { usage?: boolean; dir?: string; cards?: readonly CardLine[] } = {}): string {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "memctl-relevance-"));
  fs.mkdirSync(dir, { recursive: true });
  const cards = options.cards ?? handCards();
  cards.forEach((c, i) => {
    const card = { ...c, priority: c.priority ?? "normal", status: c.status ?? "active" };
    fs.writeFileSync(path.join(dir, c.file), withRecall(renderCard(card, c.updated_at ?? shiftDay(TODAY, -((i * 37) % 300)), [], c.body ?? ""), c.recall));
  });
  fs.writeFileSync(path.join(dir, "MEMORY.md"), ["# Memory", "", ...cards.map(renderIndexLine), ""].join("\n"));
  if (options.usage !== false)
    writeRelevanceUsage(
      dir,
      cards.map((c) => c.file),
    );
  // A session logged this morning, so the hook prints no episode reminder and every line of budget goes to cards.
  const episode = {
    ts: `${TODAY}T09:00:00.000Z`,
    host: "codex",
    summary: "Moved the exports job to the worker; staging verified.",
    project_key: "relevance-bench",
    repo: "/src/acme",
    actor: "human",
  };
  fs.writeFileSync(path.join(dir, "episodes.jsonl"), JSON.stringify(episode) + "\n");
  return dir;
}

/** A rendered card with its recall keys in the frontmatter (a `recall:` list before `priority:`), as a save writes them. */
function withRecall(text: string, recall: readonly string[] | undefined): string {
  if (!recall || recall.length === 0) return text;
  const list = `recall:\n${recall.map((k) => `  - ${JSON.stringify(k)}`).join("\n")}\n`;
  return text.replace(/^priority: /m, `${list}priority: `);
}

/** 60 days of simulated hook calls: popular cards hit often and recently, a third of the rest now and then. */
function writeRelevanceUsage(dir: string, files: string[]): void {
  for (let day = 60; day >= 0; day--) {
    const today = shiftDay(TODAY, -day);
    for (let call = 0; call < 4; call++) {
      const hits = POPULAR_CARDS.filter((_, k) => (k + call + day) % 3 !== 0);
      const other = files[(day * 7 + call * 13) % files.length]!;
      if ((day + call) % 3 === 0) hits.push(other);
      recordHitsSync(dir, hits, today);
    }
  }
}

/** Reads the store back: index lines joined with their card's frontmatter, in MEMORY.md order. */
export function readEntries(dir: string): BenchEntry[] {
  const index = parseIndex(fs.readFileSync(path.join(dir, "MEMORY.md"), "utf8"));
  return index.entries.map((e) => {
    const meta = parseCard(fs.readFileSync(path.join(dir, e.file), "utf8")).meta;
    return {
      file: e.file,
      title: e.title,
      hook: e.hook,
      raw: e.raw,
      topics: meta.topics,
      ...(meta.recall && meta.recall.length > 0 ? { recall: meta.recall } : {}),
      priority: meta.priority ?? "normal",
      status: meta.status ?? "active",
      updated_at: meta.updated_at ?? "",
    };
  });
}
