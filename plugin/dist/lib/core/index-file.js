// lib/core/index-file.ts
import { linkKey } from "./link-key.js";
var BULLET = /^\s*(?:[-*+]|\d{1,9}[.)])\s+/;
var NUMBERED = /^\s*\d/;
var ENTRY = /^\s*(?:[-*+]|\d{1,9}[.)])\s+\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\)\s*(.*)$/;
var decorated;
var DECORATED = () => decorated ??= /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?(?:[^\p{L}\p{N}\s[\]`*_]{1,8}\s+)?(?:\*{1,2}|_{1,2})?\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\)(?:\*{1,2}|_{1,2})?\s*(.*)$/u;
var HOOK_SEPARATOR = /^(?:—|–|--|-|:)\s*/;
var FENCE = /^\s*(```|~~~)/;
function parseIndex(text) {
  const entries = [];
  const unparsed = [];
  indexLines(text, (raw, line) => {
    const parsed = parseIndexLine(raw, line);
    if (parsed === void 0) return;
    if ("reason" in parsed) unparsed.push(parsed);
    else entries.push(parsed);
  });
  return { entries, unparsed };
}
function indexLines(text, each) {
  const lines = text.split(/\r?\n/);
  let fenced = false;
  lines.forEach((raw, i) => {
    if (FENCE.test(raw)) fenced = !fenced;
    if (fenced) return;
    each(raw, i + 1);
  });
}
var isBullet = (raw) => BULLET.test(raw) && (!NUMBERED.test(raw) || ENTRY.test(raw) || DECORATED().test(raw));
function parseIndexLine(raw, line) {
  if (!isBullet(raw)) return void 0;
  const m = ENTRY.exec(raw) ?? DECORATED().exec(raw);
  if (!m) return NUMBERED.test(raw) ? void 0 : { line, raw, reason: "bullet line without a [Title](file.md) link" };
  const target = m[2].startsWith("<") ? m[2].slice(1, -1) : m[2];
  const file = safeDecode(target);
  if (!/\.md$/i.test(file.split("#")[0])) return { line, raw, reason: `link target "${target}" is not a .md card` };
  return { line, raw, title: m[1].replace(/\\(.)/g, "$1"), file: file.split("#")[0], hook: m[3].replace(HOOK_SEPARATOR, "").trim() };
}
var FURTHER_LINK = /\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\)/g;
function furtherLinks(hook) {
  const out = [];
  if (!hook.includes("](")) return out;
  for (const m of hook.matchAll(FURTHER_LINK)) {
    const target = m[2].startsWith("<") ? m[2].slice(1, -1) : m[2];
    const file = safeDecode(target).split("#")[0];
    if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(file) || !/\.md$/i.test(file)) continue;
    out.push({ title: m[1].replace(/\\(.)/g, "$1"), file });
  }
  return out;
}
function renderIndexLine(entry) {
  const title = entry.title.replace(/\s+/g, " ").replace(/([\\[\]])/g, "\\$1");
  const target = /[\s()<>]/.test(entry.file) ? `<${entry.file}>` : entry.file;
  const hook = entry.hook.replace(/\s+/g, " ").trim();
  return `- [${title}](${target})${hook ? ` \u2014 ${hook}` : ""}`;
}
var FORM = /^(\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?(?:[^\p{L}\p{N}\s[\]`*_]{1,8}\s+)?(?:\*{1,2}|_{1,2})?)\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)((?:\s+"[^"]*")?\)(?:\*{1,2}|_{1,2})?)(\s*(?:—|–|--|-|:)?\s*)(.*)$/u;
function inFormOf(old, line) {
  const was = FORM.exec(old);
  const next = parseIndexLine(line, 0);
  if (!was || next === void 0 || !("file" in next)) return line;
  const [, lead, rawTitle, rawTarget, close, sep, rawHook] = was;
  const target = rawTarget.startsWith("<") ? rawTarget.slice(1, -1) : rawTarget;
  const sameTarget = linkKey(safeDecode(target).split("#")[0]) === linkKey(next.file);
  const link = sameTarget ? `${rawTarget}${close}` : `${/[\s()<>]/.test(next.file) ? `<${next.file}>` : next.file}${close}`;
  const title = rawTitle.replace(/\\(.)/g, "$1") === next.title ? rawTitle : next.title.replace(/\s+/g, " ").replace(/([\\[\]])/g, "\\$1");
  const hook = rawHook.trim() === next.hook ? `${sep}${rawHook}` : next.hook === "" ? "" : `${/\S/.test(sep) ? sep : " \u2014 "}${next.hook}`;
  return `${lead}[${title}](${link}${hook}`;
}
function safeDecode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
export {
  FENCE,
  furtherLinks,
  inFormOf,
  indexLines,
  isBullet,
  parseIndex,
  parseIndexLine,
  renderIndexLine
};
