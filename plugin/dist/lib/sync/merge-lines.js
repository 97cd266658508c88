// lib/sync/merge-lines.ts
import { parseIndex } from "../core/index-file.js";
function splitLines(text) {
  if (text === "") return { lines: [], newlineAtEnd: true };
  const newlineAtEnd = text.endsWith("\n");
  const lines = (newlineAtEnd ? text.slice(0, -1) : text).split("\n");
  return { lines, newlineAtEnd };
}
function joinLines(lines, newlineAtEnd) {
  if (lines.length === 0) return "";
  return lines.join("\n") + (newlineAtEnd ? "\n" : "");
}
var TIME_KEY = /"(?:ts|at|created_at|date)"\s*:\s*"([^"]*)"/;
function timeOf(line) {
  return TIME_KEY.exec(line)?.[1];
}
function mergeLog(base, ours, theirs) {
  const b = new Set(splitLines(base).lines.filter((l) => l !== ""));
  const o = splitLines(ours).lines.filter((l) => l !== "");
  const t = splitLines(theirs).lines.filter((l) => l !== "");
  const tSet = new Set(t);
  const oSet = new Set(o);
  const kept = o.filter((l) => !(b.has(l) && !tSet.has(l)));
  const seen = /* @__PURE__ */ new Set();
  const added = [];
  for (const l of t) {
    if (oSet.has(l) || b.has(l) || seen.has(l)) continue;
    seen.add(l);
    added.push(l);
  }
  const out = [];
  let i = 0;
  let j = 0;
  while (i < kept.length && j < added.length) {
    const ko = timeOf(kept[i]);
    const kt = timeOf(added[j]);
    if (ko !== void 0 && kt !== void 0 && kt < ko) out.push(added[j++]);
    else out.push(kept[i++]);
  }
  while (i < kept.length) out.push(kept[i++]);
  while (j < added.length) out.push(added[j++]);
  return joinLines(out, true);
}
function keyed(text) {
  const { lines, newlineAtEnd } = splitLines(text);
  const fileAt = /* @__PURE__ */ new Map();
  for (const e of parseIndex(lines.join("\n")).entries) fileAt.set(e.line - 1, e.file);
  const counts = /* @__PURE__ */ new Map();
  const keys = lines.map((line, i) => {
    const file = fileAt.get(i);
    const k = file !== void 0 ? `card:${file}` : `text:${line}`;
    const n = counts.get(k) ?? 0;
    counts.set(k, n + 1);
    return `${k}#${n}`;
  });
  return { keys, lines, newlineAtEnd };
}
var START = "\0start";
function mergeIndex(base, ours, theirs) {
  const b = keyed(base);
  const o = keyed(ours);
  const t = keyed(theirs);
  const baseLine = new Map(b.keys.map((k, i) => [k, b.lines[i]]));
  const theirLine = new Map(t.keys.map((k, i) => [k, t.lines[i]]));
  const ourKeys = new Set(o.keys);
  const result = /* @__PURE__ */ new Map();
  for (let i = 0; i < o.keys.length; i++) {
    const k = o.keys[i];
    const line = o.lines[i];
    const inBase = baseLine.has(k);
    const theirs2 = theirLine.get(k);
    if (inBase && theirs2 === void 0) continue;
    if (theirs2 !== void 0 && theirs2 !== line && line === baseLine.get(k)) result.set(k, theirs2);
    else result.set(k, line);
  }
  const inserts = /* @__PURE__ */ new Map();
  let anchor = START;
  for (let i = 0; i < t.keys.length; i++) {
    const k = t.keys[i];
    if (result.has(k)) {
      anchor = k;
      continue;
    }
    if (baseLine.has(k) || ourKeys.has(k)) continue;
    const list = inserts.get(anchor) ?? [];
    list.push(t.lines[i]);
    inserts.set(anchor, list);
  }
  const out = [...inserts.get(START) ?? []];
  for (const [k, line] of result) {
    out.push(line);
    out.push(...inserts.get(k) ?? []);
  }
  return joinLines(out, o.lines.length > 0 ? o.newlineAtEnd : t.newlineAtEnd);
}
export {
  mergeIndex,
  mergeLog
};
