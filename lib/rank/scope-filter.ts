// Scope in ranking (docs/ranking.md, "Scope"): which scoped entries apply where the prompt was asked from. Read
// from the index's few scoped entries (the rank cache carries them in its header), never from a card file.
import { inScope } from "../core/scope.js";
import type { RankIndex } from "./postings.js";

/**
 * A card scoped to the prompt's working directory has its relevance multiplied by 1 + this: as much as frecency at
 * its most, so it goes ahead of unscoped cards of similar relevance and never ahead of a much better match.
 */
export const SCOPE_BOOST = 0.25;

export interface ScopeMasks {
  /** 1 for a scoped entry that does not apply here: never a hit, never pinned. */
  out: Uint8Array;
  /** 1 for a scoped entry that applies here: relevance × (1 + SCOPE_BOOST). */
  here: Uint8Array;
  why(id: number): string;
}

/** Which scoped entries apply at scopeAt; undefined when no scope is applied or no entry is scoped (most stores). */
export function scopeOf(index: RankIndex, scopeAt: string | null | undefined, n: number): ScopeMasks | undefined {
  if (scopeAt === undefined) return undefined;
  const scoped = index.scoped?.() ?? [];
  if (scoped.length === 0) return undefined;
  const out = new Uint8Array(n);
  const here = new Uint8Array(n);
  const scopes = new Map<number, readonly string[]>();
  for (const [id, list] of scoped) {
    if (id >= n) throw new RangeError("a scoped entry points past the entries"); // a damaged cache: rebuild
    scopes.set(id, list);
    if (scopeAt !== null && inScope(list, scopeAt)) here[id] = 1;
    else out[id] = 1;
  }
  const where = scopeAt === null ? "outside any repository" : scopeAt === "" ? "the repository root" : scopeAt;
  return { out, here, why: (id) => `scope: ${(scopes.get(id) ?? []).join(", ")} (not ${where})` };
}

/**
 * Held cards (a teammate's push awaiting the owner's review) by id: 1 for each, and how many. Ranking leaves them out
 * as it leaves out-of-scope cards, and out of its statistics too (score.ts): the owner's cards rank as without them.
 */
export interface HeldIds {
  mask: Uint8Array;
  count: number;
}

/** The scope's masks with held ids out as well; the scope's own when nothing is held. */
export function withHeld(scope: ScopeMasks | undefined, held: HeldIds | undefined, n: number): ScopeMasks | undefined {
  if (held === undefined) return scope;
  if (held.mask.length !== n) throw new RangeError("the held ids are not of this index"); // a caller's bug: never rank on it
  const out = held.mask.slice();
  if (scope) for (let i = 0; i < n; i++) out[i] = out[i]! | scope.out[i]!;
  return { out, here: scope?.here ?? new Uint8Array(n), why: (id) => (held.mask[id] === 1 ? "held for review" : scope!.why(id)) };
}

/** How many of a posting list's ids are held. */
export function heldIn(ids: ArrayLike<number>, length: number, mask: Uint8Array): number {
  let count = 0;
  for (let k = 0; k < length; k++) count += mask[ids[k]!] ?? 0;
  return count;
}

/** Drops out-of-scope ids from the touched list (relevance 0) and boosts the ones in scope; the new count. */
export function applyScope(scope: ScopeMasks, relevance: Float64Array, touchedIds: Uint32Array, count: number): number {
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const id = touchedIds[i]!;
    if (scope.out[id] === 1) {
      relevance[id] = 0;
      continue;
    }
    if (scope.here[id] === 1) relevance[id] = relevance[id]! * (1 + SCOPE_BOOST);
    touchedIds[kept++] = id;
  }
  return kept;
}
