// A fast path for the frontmatter almost every card has: flat `key: value` lines, `[a, b]` and `- item` lists,
// and one level of nested mapping (`metadata:`). Reading 10,000 cards through js-yaml costs ~0.3 s of doctor's
// budget; this subset parses in a fraction of that. It is deliberately narrow: anything it is not certain
// js-yaml (CORE schema) would read identically — numbers, booleans, null words, escapes, comments, anchors,
// block scalars, tabs, deeper nesting — returns undefined and the caller uses js-yaml. A property test holds it
// to "undefined or exactly what js-yaml returns".

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
const ITEM = /^( *)- (.*)$/;
const NESTED = /^( +)([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
/** Plain scalars that CORE resolves to a string: no indicator first, no `: ` or ` #`, no trailing colon. */
const PLAIN_FIRST = /^[A-Za-z_\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]/;
const PLAIN_BODY = /^[A-Za-z0-9 _\-./()@+=?!%$^&*~;:#<>`'"\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd,[\]{}]*$/;
/** Digit-first plain scalars that are certainly not CORE numbers: an inner `-` (dates, UUIDs), unless `<digits>e-<digits>`. */
const DIGIT_STRING = /^[0-9][0-9A-Za-z]*-[0-9A-Za-z-]*$/;
const FLOW_UNSAFE = /[,[\]{}]/;
const QUOTED_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]/;
/** Trims ASCII spaces only: String.trim also strips NBSP and other Unicode spaces, which YAML keeps as content. */
const trimSpaces = (s: string) => s.replace(/^ +| +$/g, "");
const CORE_WORDS = new Set(["null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"]);

type Scalar = string | null;
const NOT_SIMPLE = Symbol("not simple");

/** One scalar in the subset, or NOT_SIMPLE. `flow` forbids the flow indicators `, [ ] { }`. */
function scalar(raw: string, flow: boolean): Scalar | typeof NOT_SIMPLE {
  const v = trimSpaces(raw);
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    const inner = v.slice(1, -1);
    return /["\\]/.test(inner) || (flow && inner.includes(",")) || QUOTED_UNSAFE.test(inner) ? NOT_SIMPLE : inner;
  }
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) {
    const inner = v.slice(1, -1);
    return inner.includes("'") || (flow && inner.includes(",")) || QUOTED_UNSAFE.test(inner) ? NOT_SIMPLE : inner;
  }
  const first = PLAIN_FIRST.test(v) || (DIGIT_STRING.test(v) && !/^[0-9]*[eE]-[0-9]*$/.test(v));
  if (v === "" || !first || CORE_WORDS.has(v) || !PLAIN_BODY.test(v)) return NOT_SIMPLE;
  if (v.includes(": ") || v.includes(" #") || v.endsWith(":") || (flow && FLOW_UNSAFE.test(v))) return NOT_SIMPLE;
  return v;
}

/** `[a, b]` → ["a", "b"]; `[]` → []. */
function flowList(raw: string): string[] | typeof NOT_SIMPLE {
  const inner = trimSpaces(raw.slice(1, -1));
  if (inner === "") return [];
  const items: string[] = [];
  for (const part of inner.split(",")) {
    const s = scalar(part, true);
    if (s === NOT_SIMPLE || s === null) return NOT_SIMPLE;
    items.push(s);
  }
  return items;
}

/** An inline value: scalar or flow list. */
function inline(raw: string): unknown {
  const v = trimSpaces(raw);
  if (v.startsWith("[") && v.endsWith("]")) return flowList(v);
  return scalar(v, false);
}

/** Parses frontmatter in the simple subset, or returns undefined when js-yaml must decide. */
export function fastLoadFrontmatter(text: string): Record<string, unknown> | undefined {
  if (trimSpaces(text.replace(/\n/g, " ")) === "" || /[\t\r\u2028\u2029\ufeff]/.test(text)) return undefined;
  const lines = text.split("\n").map((l) => l.replace(/ +$/, ""));
  const out: Record<string, unknown> = {};
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line === "") {
      i++;
      continue;
    }
    const m = KEY.exec(line);
    if (!m || m[1]! in out || m[1] === "__proto__") return undefined;
    const key = m[1]!;
    i++;
    if (m[2] !== undefined && trimSpaces(m[2]) !== "") {
      const value = inline(m[2]);
      if (value === NOT_SIMPLE) return undefined;
      out[key] = value;
      continue;
    }
    // `key:` — a block list, a one-level mapping, or null.
    const block: string[] = [];
    while (i < lines.length && lines[i] !== "" && (lines[i]!.startsWith(" ") || lines[i]!.startsWith("- "))) block.push(lines[i++]!);
    if (block.length === 0) {
      if (i < lines.length && lines[i] === "" && lines.slice(i).some((l) => l.startsWith(" ") || l.startsWith("- "))) return undefined;
      out[key] = null;
      continue;
    }
    const parsed = ITEM.test(block[0]!) ? blockList(block) : nestedMap(block);
    if (parsed === undefined) return undefined;
    out[key] = parsed;
  }
  return out;
}

function blockList(block: string[]): string[] | undefined {
  const indent = ITEM.exec(block[0]!)![1]!;
  const items: string[] = [];
  for (const line of block) {
    const m = ITEM.exec(line);
    if (!m || m[1] !== indent) return undefined;
    const s = scalar(m[2]!, false);
    if (s === NOT_SIMPLE || s === null || s.startsWith("- ")) return undefined;
    items.push(s);
  }
  return items;
}

function nestedMap(block: string[]): Record<string, unknown> | undefined {
  const indent = NESTED.exec(block[0]!)?.[1];
  if (indent === undefined) return undefined;
  const map: Record<string, unknown> = {};
  for (const line of block) {
    const m = NESTED.exec(line);
    if (!m || m[1] !== indent || m[2]! in map || m[2] === "__proto__") return undefined;
    if (m[3] === undefined || trimSpaces(m[3]) === "") return undefined;
    const value = inline(m[3]);
    if (value === NOT_SIMPLE) return undefined;
    map[m[2]!] = value;
  }
  return map;
}
