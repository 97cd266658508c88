import path from "node:path";
import { readEpisodes, type EpisodesRead } from "./episodes.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { recoverShard } from "./episode-shards.js";
import { EPISODES_SUMMARY_FILE } from "./paths.js";
import { commitFile, type CommitOptions } from "./write.js";
import { utcDay } from "../core/frecency.js";

// episodes.summary.md (seed 001's rebuild-summary): every episode with a summary, from the monthly shards and
// episodes.jsonl, one line each under its month. Skeletons (the retired Stop hook's empty rows) are skipped.
// Derived and rewritten whole, byte-stable for the same episodes (no clock in it), so it diffs cleanly in git.

export interface SummaryResult {
  file: string;
  episodes: number;
  skipped_empty: number;
  months: number;
  bytes: number;
  sources: string[];
}

/** The summary's text. Pure. */
export function renderSummary(read: Pick<EpisodesRead, "episodes">): { text: string; episodes: number; skipped_empty: number; months: number; sources: string[] } {
  const filled = read.episodes.filter((e) => e.summary.trim() !== "");
  const sorted = [...filled].sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
  const months = new Map<string, string[]>();
  for (const e of sorted) {
    const day = utcDay(new Date(e.ts));
    const line = `- ${day} ${e.host || "unknown host"}: ${e.summary.replace(/\s+/g, " ").trim()}`;
    months.set(day.slice(0, 7), [...(months.get(day.slice(0, 7)) ?? []), line]);
  }
  const sources = [...new Set(read.episodes.map((e) => e.file))];
  const skipped = read.episodes.length - filled.length;
  const head = [
    "# Episodes",
    "",
    `Written by \`memctl rebuild-summary\` from ${sources.length ? sources.join(", ") : "no episode file"}: ${filled.length} episode${filled.length === 1 ? "" : "s"}${skipped ? `, ${skipped} empty skeleton${skipped === 1 ? "" : "s"} skipped` : ""}. Rebuilt whole each time; edit the episodes, not this file.`,
  ];
  const body = [...months].flatMap(([month, lines]) => ["", `## ${month}`, "", ...lines]);
  return { text: [...head, ...body].join("\n") + "\n", episodes: filled.length, skipped_empty: skipped, months: months.size, sources };
}

/** Rewrites episodes.summary.md. The caller holds the store lock. */
export async function rebuildSummary(memoryDir: string, commit?: CommitOptions): Promise<SummaryResult> {
  await recoverShard(memoryDir, commit);
  const read = readEpisodes(memoryDir);
  if (read.status === "error") throw new MemctlError(ERROR_CODES.E_IO, `${read.error}; nothing was written — fix the file (a regular, readable episodes file) and retry`);
  const r = renderSummary(read);
  await commitFile(path.join(memoryDir, EPISODES_SUMMARY_FILE), r.text, commit);
  return { file: EPISODES_SUMMARY_FILE, episodes: r.episodes, skipped_empty: r.skipped_empty, months: r.months, bytes: Buffer.byteLength(r.text), sources: r.sources };
}
