// The block's candidate lines as the ranking hands them over: each reads its text and card file from the index
// only when the block prints it, so composing costs what is printed, not what is looked at.
import { keptOrRendered, toInjectLine, type InjectLine } from "../core/block.js";
import type { RankIndex } from "../rank/postings.js";
import type { Ranked } from "../rank/score.js";

/**
 * A line whose text (and card file) are read only if it is printed; its size comes from the index when it
 * knows it. The block looks at ~60 candidates and prints ~20.
 */
export function lazyLine(index: RankIndex, r: Ranked): InjectLine {
  if (!index.lineBytes) return toInjectLine(r.entry);
  return new LazyLine(index, r.index, index.lineBytes(r.index), r);
}

/** A class, so the accessors live on the prototype rather than in a literal per line. */
class LazyLine implements InjectLine {
  private printed?: string;
  private path?: string;
  constructor(
    private readonly index: RankIndex,
    private readonly id: number,
    readonly bytes: number,
    private readonly ranked: Ranked,
  ) {}
  get file(): string {
    return (this.path ??= this.index.file(this.id));
  }
  get text(): string {
    // The cache's line only as the renderer writes it: one edited to close the fence is rendered again (block.ts).
    return (this.printed ??= keptOrRendered(this.index.lineText?.(this.id), () => this.ranked.entry));
  }
  get key(): string | undefined {
    return this.index.lineKey?.(this.id);
  }
}
