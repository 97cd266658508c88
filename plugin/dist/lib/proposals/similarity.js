// lib/proposals/similarity.ts
import { tokenize } from "../rank/tokenize.js";
import { NUMBER_WORDS, quantities, unitTerm } from "./numbers.js";
function prepare(s) {
  const desc = terms(s.description);
  const all = /* @__PURE__ */ new Set([...desc, ...terms(s.body ?? ""), ...(s.topics ?? []).flatMap((t) => terms(t))]);
  const keys = (s.recall ?? []).map((k) => new Set(terms(k))).filter((k) => k.size >= 2);
  const main = firstClause(s.description);
  return {
    desc,
    descSet: new Set(desc),
    all,
    numbers: quantities(s.description),
    refs: new Set(s.repoRefs ?? []),
    keys,
    main: new Set(terms(main)),
    mainNumbers: quantities(main)
  };
}
function firstClause(description) {
  const at = description.search(/;|:\s|\s[—–-]\s|\.\s+(?=[A-Z])/);
  return at > 0 ? description.slice(0, at) : description;
}
function sameMainStatement(a, b) {
  if (a.mainNumbers.size > 0 && b.mainNumbers.size > 0 && !sameSet(a.mainNumbers, b.mainNumbers)) return false;
  const [small, large] = a.main.size <= b.main.size ? [a.main, b.main] : [b.main, a.main];
  let shared = 0;
  for (const t of small) if (large.has(t)) shared++;
  return shared >= 4 && shared >= 0.8 * small.size;
}
var NUMBER_TERMS = new Set(NUMBER_WORDS.flatMap((w) => tokenize(w)));
function terms(text) {
  return tokenize(text).filter((t) => !/^\d+(?:[.,]\d+)*$/.test(t) && !NUMBER_TERMS.has(t)).map(unitTerm);
}
function compareStatements(a, b, listShared = true) {
  if (a.descSet.size === 0 || b.descSet.size === 0) return void 0;
  const sharedRefs = [...a.refs].filter((r) => b.refs.has(r)).sort();
  const refs = sharedRefs.length > 0;
  const descJ = jaccard(a.descSet, b.descSet);
  const both = overlap(a.all, b.all);
  const allJ = a.all.size + b.all.size - both === 0 ? 0 : both / (a.all.size + b.all.size - both);
  const numbersDiffer = a.numbers.size > 0 && b.numbers.size > 0 && !sameSet(a.numbers, b.numbers);
  const similarity = Math.round(Math.max(descJ, allJ) * 100) / 100;
  const result = (relation) => ({
    relation,
    similarity,
    shared_terms: listShared ? [...a.all].filter((t) => b.all.has(t)).sort() : [],
    shared_repo_refs: sharedRefs
  });
  if (!numbersDiffer && (descJ >= 0.75 || allJ >= 0.7 || refs && Math.max(descJ, allJ) >= 0.5 || paraphrase(a, b, both))) return result("near_duplicate");
  const subject = Math.max(commonPrefix(a.desc, b.desc), commonPrefix([...a.desc].reverse(), [...b.desc].reverse()));
  const shorter = Math.min(a.descSet.size, b.descSet.size);
  const sameSubject = subject >= 2 && subject * 2 > shorter || refs && subject >= 1;
  if (!sameSubject) return void 0;
  const differ = [...a.descSet].some((t) => !b.descSet.has(t)) && [...b.descSet].some((t) => !a.descSet.has(t));
  return differ || numbersDiffer ? result("contradiction") : void 0;
}
function paraphrase(a, b, shared) {
  const small = a.all.size <= b.all.size ? a.all : b.all;
  if (shared >= 4 && shared >= 0.8 * small.size) return true;
  const within = (keys, text) => keys.some((k) => [...k].every((t) => text.has(t)));
  return within(a.keys, b.all) || within(b.keys, a.all);
}
function overlap(a, b) {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let both = 0;
  for (const t of small) if (large.has(t)) both++;
  return both;
}
function jaccard(a, b) {
  const both = overlap(a, b);
  const union = a.size + b.size - both;
  return union === 0 ? 0 : both / union;
}
function sameSet(a, b) {
  return a.size === b.size && [...a].every((x) => b.has(x));
}
function commonPrefix(a, b) {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n] && !/\d/.test(a[n])) n++;
  return n;
}
export {
  compareStatements,
  prepare,
  sameMainStatement
};
