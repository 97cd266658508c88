// lib/core/memory-prose.ts
import { FENCE, parseIndexLine } from "./index-file.js";
import { linkKey } from "./link-key.js";
var BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*\r?\n?$/;
var HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\r?\n?$/;
function splitProse(text, isCard) {
  const lines = text.replace(/^\uFEFF/, "").match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let levelOne = 0;
  let inFence = false;
  for (const l of lines) {
    if (FENCE.test(l)) inFence = !inFence;
    else if (!inFence && HEADING.exec(l)?.[1] === "#") levelOne += 1;
  }
  const stack = [];
  const sections = [{ siblings: [], runs: 0 }];
  const runs = [];
  let current;
  let fenced = false;
  let linkLines = 0;
  let headingLines = 0;
  const close = () => {
    if (!current) return;
    while (current.parts.length > 0 && current.parts[current.parts.length - 1].trim() === "") current.parts.pop();
    if (current.parts.length > 0) {
      const section = sections.length - 1;
      const s = sections[section];
      s.runs += 1;
      const body = current.parts.join("");
      const counted = current.parts.filter((p) => p.trim() !== "").length;
      runs.push({ ...s.heading !== void 0 ? { heading: s.heading } : {}, line: current.start, text: body, lines: counted, siblings: [], ordinal: s.runs, section });
    }
    current = void 0;
  };
  lines.forEach((raw, i) => {
    const heading = fenced ? null : HEADING.exec(raw);
    if (heading) {
      close();
      headingLines += 1;
      const level = heading[1].length;
      while (stack.length > 0 && stack[stack.length - 1].level >= level) stack.pop();
      stack.push({ level, text: (heading[2] ?? "").trim() });
      const trail = stack.filter((h, j) => h.text !== "" && (levelOne !== 1 || h.level !== 1 || j === stack.length - 1));
      sections.push({ heading: trail.map((h) => h.text).join(": ") || void 0, siblings: [], runs: 0 });
      return;
    }
    if (!fenced && BREAK.test(raw) && (i === 0 || lines[i - 1].trim() === "")) {
      close();
      headingLines += 1;
      const title = levelOne === 1 && stack[0]?.level === 1 ? stack[0] : void 0;
      stack.length = 0;
      if (title) stack.push(title);
      sections.push({ ...title?.text ? { heading: title.text } : {}, siblings: [], runs: 0 });
      return;
    }
    const entry = fenced ? void 0 : parseIndexLine(raw.replace(/\r?\n$/, ""), i + 1);
    if (entry !== void 0 && "file" in entry && isCard(linkKey(entry.file))) {
      close();
      linkLines += 1;
      sections[sections.length - 1].siblings.push(linkKey(entry.file));
      return;
    }
    if (FENCE.test(raw)) fenced = !fenced;
    if (!current && raw.trim() === "") return;
    current ??= { start: i + 1, parts: [] };
    current.parts.push(raw);
  });
  close();
  return {
    runs: runs.map(({ section, ...run }) => ({ ...run, siblings: sections[section].siblings })),
    linkLines,
    headingLines
  };
}
function proseDescription(text, max = 200) {
  const all = text.split(/\r?\n/);
  let fenced = false;
  const outside = all.filter((l) => FENCE.test(l) ? (fenced = !fenced, false) : !fenced);
  const parts = (outside.some((l) => l.trim() !== "") ? outside : all.filter((l) => !FENCE.test(l))).map(
    (l) => l.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "").replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/\s+/g, " ").trim()
  ).filter((l) => l !== "");
  let out = "";
  for (const p of parts) out += out === "" ? p : /[.:;!?,]$/.test(out) ? ` ${p}` : `; ${p}`;
  const chars = [...out];
  if (chars.length <= max) return out;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s;,:]+$/, "")}\u2026`;
}
function headingSlug(heading) {
  const slug = (heading ?? "").normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  if (slug.length <= 48) return slug;
  const cut = slug.slice(0, 49);
  const end = cut.lastIndexOf("_");
  return end >= 24 ? cut.slice(0, end) : cut.slice(0, 48).replace(/_+$/, "");
}
export {
  headingSlug,
  proseDescription,
  splitProse
};
