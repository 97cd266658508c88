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
export {
  fastLoadFrontmatter
};
