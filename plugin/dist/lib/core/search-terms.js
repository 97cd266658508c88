// lib/core/search-terms.ts
var CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/;
function terms(text) {
  const out = [];
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) {
    if (CJK.test(word)) {
      const chars = [...word].filter((ch) => CJK.test(ch));
      if (chars.length === 1) out.push(chars[0]);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    } else if (word.length >= 2) out.push(word);
  }
  return out;
}
function countTerms(list) {
  const m = /* @__PURE__ */ new Map();
  for (const t of list) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}
function encodeTermCounts(counts) {
  let out = "";
  for (const [t, n] of counts) out += ` ${t}:${n}`;
  return out;
}
function cardHead(meta) {
  return `${meta.name ?? ""} ${meta.description ?? ""} ${meta.topics.join(" ")}`;
}
export {
  cardHead,
  countTerms,
  encodeTermCounts,
  terms
};
