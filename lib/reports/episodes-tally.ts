// What stats reports about episodes.jsonl (format in notes/contracts.md, read by lib/store/episodes.ts readEpisodes).
// Malformed lines are counted, never skipped; a file that exists but cannot be read is "error", never "empty".

/** The parts of an episodes read that stats uses (lib/store/episodes.ts EpisodesRead fits). */
export interface EpisodesReadLike {
  episodes: readonly { summary?: unknown }[];
  malformed: number;
  status: "ok" | "none" | "error";
  error?: string;
}

export interface EpisodesTally {
  status: "ok" | "none" | "error";
  error?: string;
  total: number;
  withSummary: number;
  malformed: number;
}

/** Pure: episodes, those whose summary has non-whitespace content, and malformed lines. */
export function tallyEpisodes(read: EpisodesReadLike): EpisodesTally {
  const withSummary = read.episodes.filter((e) => typeof e.summary === "string" && e.summary.trim() !== "").length;
  return { status: read.status, ...(read.error !== undefined ? { error: read.error } : {}), total: read.episodes.length, withSummary, malformed: read.malformed };
}
