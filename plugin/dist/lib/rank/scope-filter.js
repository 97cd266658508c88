// lib/rank/scope-filter.ts
import { inScope } from "../core/scope.js";
var SCOPE_BOOST = 0.25;
function scopeOf(index, scopeAt, n) {
  if (scopeAt === void 0) return void 0;
  const scoped = index.scoped?.() ?? [];
  if (scoped.length === 0) return void 0;
  const out = new Uint8Array(n);
  const here = new Uint8Array(n);
  const scopes = /* @__PURE__ */ new Map();
  for (const [id, list] of scoped) {
    if (id >= n) throw new RangeError("a scoped entry points past the entries");
    scopes.set(id, list);
    if (scopeAt !== null && inScope(list, scopeAt)) here[id] = 1;
    else out[id] = 1;
  }
  const where = scopeAt === null ? "outside any repository" : scopeAt === "" ? "the repository root" : scopeAt;
  return { out, here, why: (id) => `scope: ${(scopes.get(id) ?? []).join(", ")} (not ${where})` };
}
function withHeld(scope, held, n) {
  if (held === void 0) return scope;
  if (held.mask.length !== n) throw new RangeError("the held ids are not of this index");
  const out = held.mask.slice();
  if (scope) for (let i = 0; i < n; i++) out[i] = out[i] | scope.out[i];
  return { out, here: scope?.here ?? new Uint8Array(n), why: (id) => held.mask[id] === 1 ? "held for review" : scope.why(id) };
}
function heldIn(ids, length, mask) {
  let count = 0;
  for (let k = 0; k < length; k++) count += mask[ids[k]] ?? 0;
  return count;
}
function applyScope(scope, relevance, touchedIds, count) {
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const id = touchedIds[i];
    if (scope.out[id] === 1) {
      relevance[id] = 0;
      continue;
    }
    if (scope.here[id] === 1) relevance[id] = relevance[id] * (1 + SCOPE_BOOST);
    touchedIds[kept++] = id;
  }
  return kept;
}
export {
  SCOPE_BOOST,
  applyScope,
  heldIn,
  scopeOf,
  withHeld
};
