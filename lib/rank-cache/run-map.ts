// The merged index's ids (MEMORY.md order) and the base cache's, answered from a delta's runs (delta.ts) alone.
// Every prompt after a write reads the store through its delta until the delta is folded (up to 1,024 entries
// later), and a map the size of the index — merged id → base id, and back — was a pass over 100,000 entries each
// time; the runs are a few per write. Here a merged id finds its run by a binary search of the runs' starts, a
// base id by one of the base runs sorted by where they start in the base, and a term's postings (ascending base
// ids) a run at a time: a binary search for each run's slice, copied natively where the run kept its ids. What needs every entry (a full check, the refresh's pass
// over every entry) takes the whole array, made on first use.

import type { PostingList } from "../rank/postings.js";

/** A typed array's piece without a copy (the cache's postings are typed), else a copied piece. */
const part = (xs: ArrayLike<number>, first: number, end: number): ArrayLike<number> =>
  ArrayBuffer.isView(xs) ? (xs as Uint32Array).subarray(first, end) : Array.prototype.slice.call(xs, first, end);

/** [from, count, lineShift] triples as delta.ts `runs` holds them: from ≥ 0 base ids, from < 0 delta entries -from-1. */
export type Runs = readonly number[];

export class RunMap {
  /** Merged entries: the sum of the runs' counts. */
  readonly size: number;
  /** Per run, in merged order: its first merged id, from, count and line shift. */
  private readonly start: Int32Array;
  private readonly from: Int32Array;
  private readonly count: Int32Array;
  private readonly shift: Int32Array;
  /** The runs of base entries, by ascending from (they never overlap: checked by of()). */
  private readonly byBase: Int32Array;
  private whole?: { toBase: Int32Array; lineShift: Int32Array };

  private constructor(start: Int32Array, from: Int32Array, count: Int32Array, shift: Int32Array, byBase: Int32Array, size: number) {
    this.start = start;
    this.from = from;
    this.count = count;
    this.shift = shift;
    this.byBase = byBase;
    this.size = size;
  }

  /**
   * The map of `runs` over a base of `baseSize` entries and `deltaEntries` delta entries; undefined when a run points
   * outside either, two runs name one base entry, or a delta entry twice (no refresh writes such runs).
   */
  static of(runs: Runs, baseSize: number, deltaEntries: number): RunMap | undefined {
    if (runs.length % 3 !== 0) return undefined;
    const kept = [];
    for (let r = 0; r < runs.length; r += 3) if (runs[r + 1] !== 0) kept.push(r);
    const k = kept.length;
    const [start, from, count, shift] = [new Int32Array(k), new Int32Array(k), new Int32Array(k), new Int32Array(k)];
    let size = 0;
    for (let i = 0; i < k; i++) {
      const r = kept[i]!;
      const [f, c, s] = [runs[r]!, runs[r + 1]!, runs[r + 2]!];
      if (!(c > 0) || (f >= 0 ? f + c > baseSize : -f - 1 + c > deltaEntries)) return undefined;
      [start[i], from[i], count[i], shift[i]] = [size, f, c, s];
      size += c;
    }
    const byBase = Int32Array.from(
      kept.map((_, i) => i).filter((i) => from[i]! >= 0),
      (i) => i,
    ).sort((a, b) => from[a]! - from[b]!);
    for (let i = 1; i < byBase.length; i++) if (from[byBase[i - 1]!]! + count[byBase[i - 1]!]! > from[byBase[i]!]!) return undefined;
    const deltaRuns = Int32Array.from(
      kept.map((_, i) => i).filter((i) => from[i]! < 0),
      (i) => i,
    ).sort((a, b) => from[b]! - from[a]!);
    for (let i = 1; i < deltaRuns.length; i++) if (-from[deltaRuns[i - 1]!]! - 1 + count[deltaRuns[i - 1]!]! > -from[deltaRuns[i]!]! - 1) return undefined;
    return new RunMap(start, from, count, shift, byBase, size);
  }

  /** The run holding merged id j (a RangeError past the end). */
  private runOf(j: number): number {
    if (!(j >= 0 && j < this.size)) throw new RangeError(`no entry ${j}`);
    let lo = 0;
    let hi = this.start.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.start[mid]! <= j) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Merged id j's source: its base id (≥ 0), or -k-1 for delta entry k. */
  source(j: number): number {
    const r = this.runOf(j);
    const f = this.from[r]!;
    return f >= 0 ? f + (j - this.start[r]!) : f - (j - this.start[r]!);
  }

  /** How far merged id j's line moved from its base entry's (0 for a delta entry). */
  lineShiftOf(j: number): number {
    return this.shift[this.runOf(j)]!;
  }

  /** The merged id of base entry b, or -1 when no run names it (its line was removed, or the delta holds it anew). */
  merged(b: number): number {
    const byBase = this.byBase;
    let lo = 0;
    let hi = byBase.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const r = byBase[mid]!;
      if (b < this.from[r]!) hi = mid - 1;
      else if (b >= this.from[r]! + this.count[r]!) lo = mid + 1;
      else return this.start[r]! + (b - this.from[r]!);
    }
    return -1;
  }

  /**
   * A term's postings (ascending base ids) with merged ids, and room for `extra` more after them (the caller's delta
   * postings). Each base run's slice of the list is found by a binary search and copied natively where the run kept
   * its ids (merged id = base id: a save's replaced or appended line moves no other), added to one by one only where
   * lines before it were removed or inserted; postings no run names (a line removed, a card the delta holds anew)
   * are left out. The list itself when nothing moved, is left out or is added. A base id past `baseSize` throws (a
   * damaged cache: the caller rebuilds).
   */
  mapPostings(list: PostingList, baseSize: number, extra: number): PostingList {
    const { byBase, from, count, start } = this;
    const n = list.length;
    const ids = list.id;
    if (n > 0 && ids[n - 1]! >= baseSize) throw new RangeError("a posting points past the entries");
    const lower = (value: number, lo: number) => {
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (ids[mid]! < value) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const slices: number[] = [];
    let kept = 0;
    let same = extra === 0;
    let at = 0;
    for (let i = 0; i < byBase.length && at < n; i++) {
      const r = byBase[i]!;
      const first = lower(from[r]!, at);
      const end = lower(from[r]! + count[r]!, first);
      if (first > at || (first < end && start[r] !== from[r])) same = false;
      if (first < end) slices.push(first, end, start[r]! - from[r]!);
      kept += end - first;
      at = end;
    }
    if (same && at === n) return list;
    const out = { length: kept, id: new Uint32Array(kept + extra), tf: new Float32Array(kept + extra), mask: new Uint8Array(kept + extra) };
    let k = 0;
    for (let s = 0; s < slices.length; s += 3) {
      const [first, end, offset] = [slices[s]!, slices[s + 1]!, slices[s + 2]!];
      out.tf.set(part(list.tf, first, end), k);
      out.mask.set(part(list.mask, first, end), k);
      if (offset === 0) out.id.set(part(ids, first, end), k);
      else for (let i = first; i < end; i++) out.id[k + i - first] = ids[i]! + offset;
      k += end - first;
    }
    return out;
  }

  /** The merged ids that hold delta entries, ascending. */
  deltaIds(): number[] {
    const ids: number[] = [];
    for (let r = 0; r < this.start.length; r++) if (this.from[r]! < 0) for (let i = 0; i < this.count[r]!; i++) ids.push(this.start[r]! + i);
    return ids;
  }

  /** Each run as [first merged id, from, count]: a mask over the merged ids is copied a run at a time. */
  forEachRun(visit: (start: number, from: number, count: number) => void): void {
    for (let r = 0; r < this.start.length; r++) visit(this.start[r]!, this.from[r]!, this.count[r]!);
  }

  /** Merged id → source and line shift for every entry, made on first use (a pass over every entry needs them). */
  get toBase(): Int32Array {
    return this.materialise().toBase;
  }

  get lineShift(): Int32Array {
    return this.materialise().lineShift;
  }

  private materialise(): { toBase: Int32Array; lineShift: Int32Array } {
    if (this.whole) return this.whole;
    const toBase = new Int32Array(this.size);
    const lineShift = new Int32Array(this.size);
    for (let r = 0; r < this.start.length; r++) {
      const [s, f, c] = [this.start[r]!, this.from[r]!, this.count[r]!];
      lineShift.fill(this.shift[r]!, s, s + c);
      const step = f >= 0 ? 1 : -1;
      for (let i = 0, b = f; i < c; i++, b += step) toBase[s + i] = b;
    }
    this.whole = { toBase, lineShift };
    return this.whole;
  }
}
