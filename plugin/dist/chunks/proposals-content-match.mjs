import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  diffLines
} from "./core-line-diff.mjs";
import {
  cardFileOf,
  proposalCardProblem
} from "./proposals-propose.mjs";
import {
  findCardFile,
  renderNewCard,
  typeOf,
  updatedCardText
} from "./records-card-find.mjs";
import {
  readPending
} from "./records-proposal-files.mjs";
import {
  tokenize
} from "./rank-stem.mjs";
import {
  listCardFiles
} from "./store-read.mjs";
import {
  parseCard
} from "./core-card.mjs";
import {
  scopeEntryProblem,
  withoutTypePrefix
} from "./core-card-types.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";

// lib/proposals/trust.ts
import fs from "node:fs";
import path from "node:path";
var OWNER_ACTOR = "human";
function sourceFile(source) {
  const first = source.trim().split(/\s+/)[0] ?? "";
  const word = first.replace(/^path:/, "").replace(/[:;,.]+$/, "");
  if (word === "" || !/[./]/.test(word) || /^[a-z][a-z0-9+.-]*:/i.test(word)) return void 0;
  if (path.isAbsolute(word) || word.split(/[\\/]/).includes("..")) return void 0;
  return word;
}
function repoSourceChecker(repoRoot) {
  if (!repoRoot) return () => false;
  return (source) => {
    const rel = sourceFile(source);
    if (!rel) return false;
    try {
      return fs.lstatSync(path.join(repoRoot, rel)).isFile();
    } catch {
      return false;
    }
  };
}

// lib/proposals/review.ts
import fs2 from "node:fs";
import path2 from "node:path";

// lib/proposals/numbers.ts
var SMALL = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90
};
var SCALE = { hundred: 100, thousand: 1e3, million: 1e6 };
var NUMBER_WORDS = [...Object.keys(SMALL), ...Object.keys(SCALE)];
function quantities(text) {
  const out = /* @__PURE__ */ new Set();
  const words = text.toLowerCase().match(/\d+(?:[.,]\d+)*|[a-z]+/g) ?? [];
  let total;
  let current = 0;
  const flush = () => {
    if (total !== void 0) out.add(String(total + current));
    total = void 0;
    current = 0;
  };
  for (const w of words) {
    if (/^\d/.test(w)) {
      flush();
      out.add(String(Number(/^\d{1,3}(,\d{3})+$/.test(w) ? w.replace(/,/g, "") : w.replace(",", "."))));
    } else if (w in SMALL) {
      total ??= 0;
      current += SMALL[w];
    } else if (w in SCALE && total !== void 0) {
      const scale = SCALE[w];
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
    } else if (w === "and" && total !== void 0)
      continue;
    else flush();
  }
  flush();
  return out;
}
var UNITS = { min: "minut", mins: "minut", hr: "hour", hrs: "hour", sec: "second", secs: "second", wk: "week", wks: "week" };
function unitTerm(term) {
  return UNITS[term] ?? term;
}

// lib/proposals/similarity.ts
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
function compareStatements(a, b) {
  if (a.descSet.size === 0 || b.descSet.size === 0) return void 0;
  const sharedRefs = [...a.refs].filter((r) => b.refs.has(r)).sort();
  const refs = sharedRefs.length > 0;
  const descJ = jaccard(a.descSet, b.descSet);
  const allJ = jaccard(a.all, b.all);
  const numbersDiffer = a.numbers.size > 0 && b.numbers.size > 0 && !sameSet(a.numbers, b.numbers);
  const similarity = Math.round(Math.max(descJ, allJ) * 100) / 100;
  const shared = [...a.all].filter((t) => b.all.has(t)).sort();
  const result = (relation) => ({ relation, similarity, shared_terms: shared, shared_repo_refs: sharedRefs });
  if (!numbersDiffer && (descJ >= 0.75 || allJ >= 0.7 || refs && Math.max(descJ, allJ) >= 0.5 || paraphrase(a, b))) return result("near_duplicate");
  const subject = Math.max(commonPrefix(a.desc, b.desc), commonPrefix([...a.desc].reverse(), [...b.desc].reverse()));
  const shorter = Math.min(a.descSet.size, b.descSet.size);
  const sameSubject = subject >= 2 && subject * 2 > shorter || refs && subject >= 1;
  if (!sameSubject) return void 0;
  const differ = [...a.descSet].some((t) => !b.descSet.has(t)) && [...b.descSet].some((t) => !a.descSet.has(t));
  return differ || numbersDiffer ? result("contradiction") : void 0;
}
function paraphrase(a, b) {
  const [small, large] = a.all.size <= b.all.size ? [a.all, b.all] : [b.all, a.all];
  let shared = 0;
  for (const t of small) if (large.has(t)) shared++;
  if (shared >= 4 && shared >= 0.8 * small.size) return true;
  const within = (keys, text) => keys.some((k) => [...k].every((t) => text.has(t)));
  return within(a.keys, b.all) || within(b.keys, a.all);
}
function jaccard(a, b) {
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
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

// lib/proposals/content-match.ts
var NOT_A_CARD = /(^|\/)(MEMORY\.[^/]*|episodes\.summary)\.md$/i;
function relatedByContent(proposals, cards, options) {
  const live = cards.filter((c) => c.status !== "superseded" && !NOT_A_CARD.test(c.file)).map((c) => ({ c, terms: /* @__PURE__ */ new Set([...tokenize(c.description), ...(c.recall ?? []).flatMap((k) => tokenize(k))]), full: void 0 }));
  const byFile = new Map(cards.map((c) => [c.file, c]));
  const targets = new Map(proposals.map((p) => [p.id, options.targetOf(p)]));
  const statements = new Map(proposals.map((p) => [p.id, statementOf(p, byFile.get(targets.get(p.id) ?? ""))]));
  const out = /* @__PURE__ */ new Map();
  for (const p of proposals) {
    const mine = statements.get(p.id);
    const target = targets.get(p.id);
    const found = [];
    for (const item of live) {
      const c = item.c;
      if (c.file === target || !shares(mine.prepared, item.terms, c.repoRefs)) continue;
      item.full ??= prepare({ ...c });
      const cmp = compareStatements(mine.prepared, item.full);
      if (cmp) found.push({ relation: cmp.relation, card_file: c.file, proposal: null, description: c.description, body: c.body, ...rest(cmp) });
    }
    for (const q of proposals) {
      if (q.id === p.id || options.groupOf(q) === options.groupOf(p) || target !== void 0 && targets.get(q.id) === target) continue;
      const other = statements.get(q.id);
      const cmp = compareStatements(mine.prepared, other.prepared);
      if (cmp)
        found.push({ relation: cmp.relation, card_file: targets.get(q.id) ?? cardFileOf(q), proposal: q.id, description: other.description, body: other.body, ...rest(cmp) });
    }
    found.sort((a, b) => a.relation === b.relation ? b.similarity - a.similarity : a.relation === "near_duplicate" ? -1 : 1);
    out.set(p.id, found);
  }
  return out;
}
function statementOf(p, target) {
  const description = p.card.description ?? target?.description ?? "";
  const body = p.card.body ?? target?.body ?? "";
  const own = p.card.recall;
  const recall = Array.isArray(own) ? own.filter((k) => typeof k === "string") : target?.recall ?? [];
  return { description, body, prepared: prepare({ description, body, topics: p.card.topics ?? target?.topics ?? [], repoRefs: target?.repoRefs ?? [], recall }) };
}
function shares(mine, terms2, refs) {
  for (const t of mine.descSet) if (terms2.has(t)) return true;
  return refs.some((r) => mine.refs.has(r));
}
function rest(cmp) {
  return { similarity: cmp.similarity, shared_terms: cmp.shared_terms, shared_repo_refs: cmp.shared_repo_refs };
}

// lib/proposals/scope-suggest.ts
function suggestScope(sources, repoRefs) {
  const files = [...sources.flatMap((s) => s.split(";")).map(fileOfSource), ...repoRefs.map(fileOfRef)].filter((f) => f !== void 0);
  if (files.length === 0) return null;
  let common;
  for (const file of files) {
    if (scopeEntryProblem(file) !== void 0) return null;
    const dir = file.split("/").slice(0, -1);
    common = common === void 0 ? dir : common.slice(0, prefixLength(common, dir));
    if (common.length === 0) return null;
  }
  return [common.join("/")];
}
function fileOfSource(source) {
  return sourceFile(source)?.replace(/:\d.*$/, "").replace(/#.*$/, "");
}
function fileOfRef(ref) {
  const m = /^(?:path|fn):([^#\s]+)/.exec(ref.trim());
  return m ? m[1] : void 0;
}
function prefixLength(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

// lib/proposals/review.ts
async function reviewPending(memoryDir) {
  const read = readPending(memoryDir);
  const cards = await cardSummaries(memoryDir);
  const byName = /* @__PURE__ */ new Map();
  for (const p of read.proposals) byName.set(groupKey(p), [...byName.get(groupKey(p)) ?? [], p]);
  const targets = new Map(read.proposals.map((p) => [p.id, findTarget(memoryDir, p)]));
  const related = relatedByContent(read.proposals, cards, { targetOf: (p) => targets.get(p.id), groupOf: groupKey });
  const pending = read.proposals.map((p) => {
    const group = (byName.get(groupKey(p)) ?? []).filter((o) => o.id !== p.id);
    const key = contentKey(p);
    const file = targets.get(p.id);
    const target = cards.find((c) => c.file === file);
    const stale = shaOf(memoryDir, file) !== p.base_sha256;
    const sameAsCard = target !== void 0 && sameContent(p, target);
    const sameDescription = p.card.description === void 0 ? void 0 : cards.find((c) => c.file !== target?.file && norm(c.description) === norm(p.card.description));
    const flags = {
      stale,
      duplicate_of_card: sameAsCard ? target.file : sameDescription?.file ?? null,
      duplicate_of: group.filter((o) => contentKey(o) === key).map((o) => o.id),
      conflicts_with: group.filter((o) => contentKey(o) !== key).map((o) => o.id),
      contradicts_card: target !== void 0 && !sameAsCard && stale,
      not_a_card: proposalCardProblem(p.card.name, p.target) ?? proposalCardProblem(p.card.name, file ?? null) ?? null,
      near_duplicates: related.get(p.id)?.filter((r) => r.relation === "near_duplicate") ?? [],
      contradictions: related.get(p.id)?.filter((r) => r.relation === "contradiction") ?? []
    };
    return { proposal: p, card_file: target?.file ?? cardFileOf(p), flags, suggested_scope: scopeSuggestion(p, target) };
  });
  return { pending, unreadable: read.unreadable };
}
function scopeSuggestion(p, target) {
  if (p.card.scope !== void 0 || (target?.scope?.length ?? 0) > 0) return null;
  return suggestScope(allSources(p).split("; "), target?.repoRefs ?? []);
}
function currentScopeSuggestion(memoryDir, p) {
  const file = findTarget(memoryDir, p);
  let target;
  if (file !== void 0) {
    try {
      const meta = parseCard(fs2.readFileSync(path2.join(memoryDir, file), "utf8")).meta;
      target = { repoRefs: meta.repo_refs ?? [], scope: meta.scope ?? [] };
    } catch {
      target = void 0;
    }
  }
  return scopeSuggestion(p, target);
}
function saveInputOf(p, overrides = {}) {
  return {
    name: p.card.name,
    type: p.card.type,
    description: overrides.description ?? p.card.description,
    body: p.card.body,
    topics: overrides.topics ?? p.card.topics,
    recall: p.card.recall,
    scope: overrides.scope ?? p.card.scope,
    provenance: { ...p.provenance, source: allSources(p) }
  };
}
function allSources(p) {
  return [.../* @__PURE__ */ new Set([p.source, ...(p.merged ?? []).map((m) => m.source)])].join("; ");
}
function previewProposal(memoryDir, p, today) {
  const file = findTarget(memoryDir, p);
  const input = saveInputOf(p);
  if (file === void 0) {
    const type = p.card.type ?? "reference";
    const after = renderNewCard({ ...input, type, description: input.description ?? "" }, today);
    return { card_file: cardFileOf(p), exists: false, before: "", after, diff: diffLines("", after) };
  }
  const before = fs2.readFileSync(path2.join(memoryDir, file), "utf8");
  try {
    const after = updatedCardText(before, input, today, typeOf(file, before));
    return { card_file: file, exists: true, before, after, diff: diffLines(before, after) };
  } catch (err) {
    return { card_file: file, exists: true, before, after: before, diff: diffLines(before, before), error: err.message };
  }
}
function groupKey(p) {
  return withoutTypePrefix(p.card.name.replace(/\.md$/, "")).toLowerCase();
}
function contentKey(p) {
  return JSON.stringify([p.card.type ?? null, norm(p.card.description ?? ""), norm(p.card.body ?? ""), [...p.card.topics ?? []].map(norm).sort()]);
}
function sameContent(p, card) {
  const description = p.card.description ?? card.description;
  const body = p.card.body ?? card.body;
  if (norm(description) !== norm(card.description)) return false;
  if (norm(body) === norm(card.body)) return true;
  const quoted = norm(body.replace(/^> ?/gm, ""));
  return norm(card.body) !== "" && quoted.includes(norm(card.body));
}
function shaOf(memoryDir, file) {
  if (file === void 0) return null;
  try {
    return sha256Hex(fs2.readFileSync(path2.join(memoryDir, file)));
  } catch {
    return null;
  }
}
function findTarget(memoryDir, p) {
  try {
    return findCardFile(memoryDir, p.card.name);
  } catch {
    return void 0;
  }
}
async function cardSummaries(memoryDir) {
  let files;
  try {
    files = await listCardFiles(memoryDir);
  } catch {
    return [];
  }
  const out = [];
  for (const file of files.sort()) {
    try {
      const card = parseCard(fs2.readFileSync(path2.join(memoryDir, file), "utf8"));
      const m = card.meta;
      out.push({
        file,
        name: m.name ?? file,
        description: m.description ?? "",
        body: card.body,
        status: m.status,
        topics: m.topics,
        repoRefs: m.repo_refs ?? [],
        recall: m.recall ?? [],
        scope: m.scope ?? []
      });
    } catch {
    }
  }
  return out;
}
function norm(text) {
  return text.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
}

export {
  prepare,
  sameMainStatement,
  compareStatements,
  relatedByContent,
  OWNER_ACTOR,
  repoSourceChecker,
  reviewPending,
  currentScopeSuggestion,
  saveInputOf,
  previewProposal,
  groupKey,
  contentKey,
  cardSummaries
};
