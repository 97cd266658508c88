import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  scopesOf,
  typeFromFileName
} from "./core-card-types.mjs";
import {
  CORE_SCHEMA,
  load
} from "./npm-js-yaml-dist-js-yaml.mjs";

// lib/core/frontmatter-fast.ts
var KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
var ITEM = /^( *)- (.*)$/;
var NESTED = /^( +)([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
var PLAIN_FIRST = /^[A-Za-z_\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]/;
var PLAIN_BODY = /^[A-Za-z0-9 _\-./()@+=?!%$^&*~;:#<>`'"\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd,[\]{}]*$/;
var DIGIT_STRING = /^[0-9][0-9A-Za-z]*-[0-9A-Za-z-]*$/;
var FLOW_UNSAFE = /[,[\]{}]/;
var QUOTED_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]/;
var trimSpaces = (s) => s.replace(/^ +| +$/g, "");
var CORE_WORDS = /* @__PURE__ */ new Set(["null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"]);
var NOT_SIMPLE = /* @__PURE__ */ Symbol("not simple");
function scalar(raw, flow) {
  const v = trimSpaces(raw);
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    const inner = v.slice(1, -1);
    return /["\\]/.test(inner) || flow && inner.includes(",") || QUOTED_UNSAFE.test(inner) ? NOT_SIMPLE : inner;
  }
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) {
    const inner = v.slice(1, -1);
    return inner.includes("'") || flow && inner.includes(",") || QUOTED_UNSAFE.test(inner) ? NOT_SIMPLE : inner;
  }
  const first = PLAIN_FIRST.test(v) || DIGIT_STRING.test(v) && !/^[0-9]*[eE]-[0-9]*$/.test(v);
  if (v === "" || !first || CORE_WORDS.has(v) || !PLAIN_BODY.test(v)) return NOT_SIMPLE;
  if (v.includes(": ") || v.includes(" #") || v.endsWith(":") || flow && FLOW_UNSAFE.test(v)) return NOT_SIMPLE;
  return v;
}
function flowList(raw) {
  const inner = trimSpaces(raw.slice(1, -1));
  if (inner === "") return [];
  const items = [];
  for (const part of inner.split(",")) {
    const s = scalar(part, true);
    if (s === NOT_SIMPLE || s === null) return NOT_SIMPLE;
    items.push(s);
  }
  return items;
}
function inline(raw) {
  const v = trimSpaces(raw);
  if (v.startsWith("[") && v.endsWith("]")) return flowList(v);
  return scalar(v, false);
}
function fastLoadFrontmatter(text) {
  if (trimSpaces(text.replace(/\n/g, " ")) === "" || /[\t\r\u2028\u2029\ufeff]/.test(text)) return void 0;
  const lines = text.split("\n").map((l) => l.replace(/ +$/, ""));
  const out = {};
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line === "") {
      i++;
      continue;
    }
    const m = KEY.exec(line);
    if (!m || m[1] in out || m[1] === "__proto__") return void 0;
    const key = m[1];
    i++;
    if (m[2] !== void 0 && trimSpaces(m[2]) !== "") {
      const value = inline(m[2]);
      if (value === NOT_SIMPLE) return void 0;
      out[key] = value;
      continue;
    }
    const block = [];
    while (i < lines.length && lines[i] !== "" && (lines[i].startsWith(" ") || lines[i].startsWith("- "))) block.push(lines[i++]);
    if (block.length === 0) {
      if (i < lines.length && lines[i] === "" && lines.slice(i).some((l) => l.startsWith(" ") || l.startsWith("- "))) return void 0;
      out[key] = null;
      continue;
    }
    const parsed = ITEM.test(block[0]) ? blockList(block) : nestedMap(block);
    if (parsed === void 0) return void 0;
    out[key] = parsed;
  }
  return out;
}
function blockList(block) {
  const indent = ITEM.exec(block[0])[1];
  const items = [];
  for (const line of block) {
    const m = ITEM.exec(line);
    if (!m || m[1] !== indent) return void 0;
    const s = scalar(m[2], false);
    if (s === NOT_SIMPLE || s === null || s.startsWith("- ")) return void 0;
    items.push(s);
  }
  return items;
}
function nestedMap(block) {
  const indent = NESTED.exec(block[0])?.[1];
  if (indent === void 0) return void 0;
  const map = {};
  for (const line of block) {
    const m = NESTED.exec(line);
    if (!m || m[1] !== indent || m[2] in map || m[2] === "__proto__") return void 0;
    if (m[3] === void 0 || trimSpaces(m[3]) === "") return void 0;
    const value = inline(m[3]);
    if (value === NOT_SIMPLE) return void 0;
    map[m[2]] = value;
  }
  return map;
}

// lib/core/recall-keys.ts
var MAX_RECALL_KEYS = 16;
var MAX_RECALL_KEY_CHARS = 120;
var RECALL_KEYS_ASKED = "12 to 16";
var RECALL_KEYS_GUIDANCE = "short lines a developer would type when this card is what they need without knowing it exists \u2014 the symptom they see, questions it answers, synonyms and related tool names it does not spell out \u2014 in everyday words rather than the card's own, varied from key to key, at least three in each of the store's languages; never the title again";
function recallKeyProblems(value) {
  if (value === void 0 || value === null) return [];
  const problem = (message) => ({ code: "E_RECALL_KEYS", message });
  if (!Array.isArray(value)) return [problem("recall must be a list of strings (one way people would ask for this card per item)")];
  const problems = [];
  if (value.length > MAX_RECALL_KEYS) problems.push(problem(`recall has ${value.length} keys; at most ${MAX_RECALL_KEYS} are allowed`));
  value.forEach((k, i) => {
    if (typeof k !== "string" || k.trim() === "") problems.push(problem(`recall[${i}] must be a non-empty string`));
    else if (/[\u0000-\u001f\u007f]/.test(k)) problems.push(problem(`recall[${i}] must be one line with no control characters`));
    else if ([...k].length > MAX_RECALL_KEY_CHARS) problems.push(problem(`recall[${i}] is ${[...k].length} characters; at most ${MAX_RECALL_KEY_CHARS} are allowed`));
  });
  return problems;
}
function recallKeysOf(frontmatter) {
  const v = frontmatter.recall;
  if (!Array.isArray(v)) return [];
  return v.filter((k) => typeof k === "string" && k.trim() !== "").slice(0, MAX_RECALL_KEYS);
}
var PROMPT_BODY_CHARS = 2e3;
function recallKeysPrompt(card, languages) {
  const body = card.body.trim();
  const clipped = body.length > PROMPT_BODY_CHARS ? `${body.slice(0, PROMPT_BODY_CHARS)}
[\u2026]` : body;
  const langs = languages.length > 0 ? languages.join(", ") : "English";
  return [
    "You write recall keys for one memory card of a developer's coding-agent memory.",
    "A recall key is a short line a developer might type to an agent when this card is what the agent needs,",
    `even though they do not know the card exists. Write ${RECALL_KEYS_ASKED} keys:`,
    "- symptoms they would describe when they hit the problem the card prevents (what they see, not the rule);",
    "- questions they would ask whose answer is in the card;",
    "- synonyms, broader and narrower terms, and names of related tools the card does not spell out;",
    `- at least three of the above in each of these languages, the ones this store is written in: ${langs}.`,
    "Write as that developer would, in everyday words, not in the card's own terms; vary the words from key to key",
    "so that together the keys cover the many ways of saying it, since a key only helps when it shares a word with",
    "what they type. Keep each key under 100 characters. Do not repeat the card's title. Do not add facts the card",
    "does not state.",
    "Answer with the keys only, one per line: no numbering, no bullets, no quotes, no other text.",
    "",
    "<card>",
    `name: ${card.name}`,
    `title: ${card.title}`,
    ...card.description ? [`description: ${card.description}`] : [],
    ...card.topics.length > 0 ? [`topics: ${card.topics.join(", ")}`] : [],
    "",
    clipped,
    "</card>"
  ].join("\n");
}
var LIST_MARK = /^\s*(?:[-*•·]|\d{1,2}[.)]|[（(]?\d{1,2}[)）])\s+/;
var QUOTES = /^["'“”‘’「『]+|["'“”‘’」』]+$/g;
function parseRecallKeys(answer, title = "") {
  const seen = /* @__PURE__ */ new Set([title.trim().toLowerCase()]);
  const keys = [];
  for (const raw of answer.split(/\r?\n/)) {
    if (/^\s*```/.test(raw)) continue;
    const line = raw.replace(LIST_MARK, "").trim().replace(QUOTES, "").trim();
    if (line === "" || line.endsWith(":") || /[\u0000-\u001f\u007f]/.test(line)) continue;
    if ([...line].length > MAX_RECALL_KEY_CHARS) continue;
    const fold = line.toLowerCase();
    if (seen.has(fold)) continue;
    seen.add(fold);
    keys.push(line);
    if (keys.length === MAX_RECALL_KEYS) break;
  }
  if (keys.length === 0) return { ok: false, reason: "the model's answer held no usable key (one short line per key was expected)" };
  return { ok: true, keys };
}

// lib/core/card.ts
var REQUIRED_FIELDS = ["topics", "priority", "status", "updated_at", "repo_refs"];
var FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;
function parseCard(text) {
  const match = FRONTMATTER.exec(text);
  if (!match) return { frontmatter: {}, meta: { topics: [] }, frontmatterText: "", body: text, hasFrontmatter: false, errors: [], warnings: [] };
  const frontmatterText = match[1];
  const body = text.slice(match[0].length);
  const errors = [];
  const warnings = [];
  let loaded;
  try {
    loaded = frontmatterText.trim() === "" ? {} : fastLoadFrontmatter(frontmatterText) ?? load(frontmatterText, { schema: CORE_SCHEMA });
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).split("\n")[0];
    errors.push({ code: "E_CARD_FRONTMATTER", message: `frontmatter is not valid YAML: ${message}` });
    return { frontmatter: {}, meta: { topics: [] }, frontmatterText, body, hasFrontmatter: true, errors, warnings };
  }
  if (loaded === null || typeof loaded !== "object" || Array.isArray(loaded)) {
    errors.push({ code: "E_CARD_FRONTMATTER", message: "frontmatter must be a YAML mapping (key: value lines)" });
    return { frontmatter: {}, meta: { topics: [] }, frontmatterText, body, hasFrontmatter: true, errors, warnings };
  }
  const fm = loaded;
  return { frontmatter: fm, meta: toMeta(fm, warnings), frontmatterText, body, hasFrontmatter: true, errors, warnings };
}
function toMeta(fm, warnings) {
  const meta = { topics: [] };
  const warn = (field, expected) => warnings.push({ code: "W_FIELD_TYPE", message: `${field} should be ${expected}`, field });
  const text = (field) => {
    const v = fm[field];
    if (v === void 0 || v === null) return void 0;
    if (typeof v === "string") return v;
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    warn(field, "a string");
    return void 0;
  };
  meta.name = text("name");
  meta.description = text("description");
  meta.status = text("status");
  meta.updated_at = text("updated_at");
  meta.expires_at = text("expires_at");
  if (meta.status !== void 0 && !CARD_STATUSES.includes(meta.status)) warn("status", `one of ${CARD_STATUSES.join(", ")}`);
  for (const field of ["updated_at", "expires_at"]) {
    const value = meta[field];
    if (value !== void 0 && !isCalendarDate(value)) warn(field, "a real date, YYYY-MM-DD");
  }
  if (fm.metadata !== void 0) {
    if (fm.metadata && typeof fm.metadata === "object" && !Array.isArray(fm.metadata)) meta.metadata = fm.metadata;
    else warn("metadata", "a mapping");
  }
  const topics = fm.topics;
  if (Array.isArray(topics)) meta.topics = topics.filter((t) => t !== null && t !== void 0).map(String);
  else if (typeof topics === "string")
    meta.topics = topics.split(",").map((t) => t.trim()).filter(Boolean);
  else if (topics !== void 0 && topics !== null) warn("topics", "a list");
  if (fm.recall !== void 0 && fm.recall !== null) {
    if (Array.isArray(fm.recall)) meta.recall = recallKeysOf(fm);
    else warn("recall", "a list");
  }
  if (fm.scope !== void 0 && fm.scope !== null) {
    if (Array.isArray(fm.scope) || typeof fm.scope === "string") meta.scope = scopesOf(fm);
    else warn("scope", "a list");
  }
  const priority = text("priority");
  if (priority === "always" || priority === "normal" || priority === "low") meta.priority = priority;
  else if (priority !== void 0) warn("priority", "one of always, normal, low");
  if ("repo_refs" in fm) {
    const refs = fm.repo_refs;
    if (Array.isArray(refs)) meta.repo_refs = refs.map(String);
    else if (refs === null || refs === void 0) meta.repo_refs = [];
    else {
      warn("repo_refs", "a list");
      meta.repo_refs = [String(refs)];
    }
  }
  if (fm.provenance && typeof fm.provenance === "object" && !Array.isArray(fm.provenance)) {
    const p = fm.provenance;
    meta.provenance = {
      kind: p.kind === "fact" || p.kind === "inference" || p.kind === "unverified" ? p.kind : void 0,
      confidence: typeof p.confidence === "number" ? p.confidence : void 0,
      source: typeof p.source === "string" ? p.source : void 0
    };
  }
  return meta;
}
var CARD_STATUSES = ["active", "stale", "superseded"];
function isCalendarDate(value) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
function missingFields(card) {
  return REQUIRED_FIELDS.filter((f) => !(f in card.frontmatter));
}
function isExpired(meta, today) {
  return typeof meta.expires_at === "string" && /^\d{4}-\d{2}-\d{2}/.test(meta.expires_at) && meta.expires_at.slice(0, 10) < today;
}
function cardType(file, meta) {
  const prefix = typeFromFileName(file);
  return prefix ?? (typeof meta.metadata?.type === "string" ? meta.metadata.type : void 0);
}

export {
  RECALL_KEYS_ASKED,
  RECALL_KEYS_GUIDANCE,
  recallKeyProblems,
  recallKeysPrompt,
  parseRecallKeys,
  REQUIRED_FIELDS,
  parseCard,
  CARD_STATUSES,
  isCalendarDate,
  missingFields,
  isExpired,
  cardType
};
