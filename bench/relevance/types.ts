/** One index line of the relevance store, with the card fields a ranker may use. */
export interface BenchEntry {
  file: string;
  title: string;
  hook: string;
  /** The MEMORY.md line as written. */
  raw: string;
  topics: string[];
  /** The card's recall keys (frontmatter `recall:`), when the store has them. */
  recall?: string[];
  priority: "always" | "normal" | "low";
  status: string;
  updated_at: string;
}

/** A ranker orders index entries for a prompt, best first; entries it leaves out are never shown. */
export type Ranker = (entries: readonly BenchEntry[], prompt: string) => BenchEntry[];

export interface LabelledPrompt {
  id: string;
  kind: string;
  prompt: string;
  /** Card files that should answer the prompt; a hit is any of them in the block. */
  relevant: string[];
}
