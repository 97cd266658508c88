import { FENCE, parseIndexLine } from "./index-file.js";
import { linkKey } from "./link-key.js";

// Claude Code's MEMORY.md often keeps facts as prose (headings, bullets, paragraphs) beside its `- [Title](file.md)`
// card links. This splits it the way `memctl import claude` carries it: each run of lines between a heading and the
// next heading or card link is one note, its text exactly as written. Pure: no IO.

/** One run of non-link lines under one heading. */
export interface ProseRun {
  /** The heading it sits under ("Tracker: Commands" for a ### under a ##); undefined before the first heading. */
  heading?: string;
  /** 1-based line of its first line. */
  line: number;
  /** Its lines exactly as written, line endings included; blank lines at either end left out. */
  text: string;
  /** How many of its lines are not blank. */
  lines: number;
  /** The card files the link lines of its section link (what its section's cards are). */
  siblings: string[];
  /** 1 for the first run of its section, 2 for a run after a link line in the same section, … */
  ordinal: number;
}

export interface ProseSplit {
  runs: ProseRun[];
  /** Card link lines (not carried as prose: the cards they link are imported themselves). */
  linkLines: number;
  /** Heading lines (carried as the titles of the runs under them) and thematic breaks (`---` after a blank line). */
  headingLines: number;
}

const BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*\r?\n?$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\r?\n?$/;

/**
 * Splits MEMORY.md text into prose runs. A line is a card link when it is an index line whose target `isCard`
 * accepts (a card file of the same directory); any other link line (a URL, a file that is not there) is prose, so
 * its words are carried too. Headings and links inside a fenced block are prose.
 */
export function splitProse(text: string, isCard: (file: string) => boolean): ProseSplit {
  // A byte-order mark (an editor's, on Windows) is no text: left on, it would hide the first line's heading.
  const lines = text.replace(/^\uFEFF/, "").match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let levelOne = 0;
  let inFence = false;
  for (const l of lines) {
    if (FENCE.test(l)) inFence = !inFence;
    else if (!inFence && HEADING.exec(l)?.[1] === "#") levelOne += 1;
  }
  const stack: { level: number; text: string }[] = [];
  const sections: { heading?: string; siblings: string[]; runs: number }[] = [{ siblings: [], runs: 0 }];
  const runs: (ProseRun & { section: number })[] = [];
  let current: { start: number; parts: string[] } | undefined;
  let fenced = false;
  let linkLines = 0;
  let headingLines = 0;
  const close = () => {
    if (!current) return;
    while (current.parts.length > 0 && current.parts[current.parts.length - 1]!.trim() === "") current.parts.pop();
    if (current.parts.length > 0) {
      const section = sections.length - 1;
      const s = sections[section]!;
      s.runs += 1;
      const body = current.parts.join("");
      const counted = current.parts.filter((p) => p.trim() !== "").length;
      runs.push({ ...(s.heading !== undefined ? { heading: s.heading } : {}), line: current.start, text: body, lines: counted, siblings: [], ordinal: s.runs, section });
    }
    current = undefined;
  };
  lines.forEach((raw, i) => {
    const heading = fenced ? null : HEADING.exec(raw);
    if (heading) {
      close();
      headingLines += 1;
      const level = heading[1]!.length;
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
      stack.push({ level, text: (heading[2] ?? "").trim() });
      // A lone level-1 heading is the document's title: it names only the text right under it.
      const trail = stack.filter((h, j) => h.text !== "" && (levelOne !== 1 || h.level !== 1 || j === stack.length - 1));
      sections.push({ heading: trail.map((h) => h.text).join(": ") || undefined, siblings: [], runs: 0 });
      return;
    }
    // A thematic break after a blank line ends the heading's section: what follows it (a footer) is the document's.
    if (!fenced && BREAK.test(raw) && (i === 0 || lines[i - 1]!.trim() === "")) {
      close();
      headingLines += 1;
      const title = levelOne === 1 && stack[0]?.level === 1 ? stack[0] : undefined;
      stack.length = 0;
      if (title) stack.push(title);
      sections.push({ ...(title?.text ? { heading: title.text } : {}), siblings: [], runs: 0 });
      return;
    }
    const entry = fenced ? undefined : parseIndexLine(raw.replace(/\r?\n$/, ""), i + 1);
    if (entry !== undefined && "file" in entry && isCard(linkKey(entry.file))) {
      close();
      linkLines += 1;
      sections[sections.length - 1]!.siblings.push(linkKey(entry.file));
      return;
    }
    if (FENCE.test(raw)) fenced = !fenced;
    if (!current && raw.trim() === "") return;
    current ??= { start: i + 1, parts: [] };
    current.parts.push(raw);
  });
  close();
  return {
    runs: runs.map(({ section, ...run }) => ({ ...run, siblings: sections[section]!.siblings })),
    linkLines,
    headingLines,
  };
}

/**
 * A one-line description of a run: its lines without list markers, joined, cut at a word before 200 characters.
 * Derived text (the body keeps every byte), so it follows the authoring limit.
 */
export function proseDescription(text: string, max = 200): string {
  const all = text.split(/\r?\n/);
  let fenced = false;
  const outside = all.filter((l) => (FENCE.test(l) ? ((fenced = !fenced), false) : !fenced));
  // Code says little about what a run is for: it is described from its code only when it holds nothing else.
  const parts = (outside.some((l) => l.trim() !== "") ? outside : all.filter((l) => !FENCE.test(l)))
    .map((l) =>
      l
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
        // A link keeps its text: the index line of the note must link its own card only.
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((l) => l !== "");
  let out = "";
  for (const p of parts) out += out === "" ? p : /[.:;!?,]$/.test(out) ? ` ${p}` : `; ${p}`;
  const chars = [...out];
  if (chars.length <= max) return out;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s;,:]+$/, "")}…`;
}

/** A card-name stem from a heading: lower-case ASCII letters and digits joined by "_", at most 48 characters. */
export function headingSlug(heading: string | undefined): string {
  const slug = (heading ?? "")
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (slug.length <= 48) return slug;
  // Cut at a word where one ends late enough: a name reads better whole-worded.
  const cut = slug.slice(0, 49);
  const end = cut.lastIndexOf("_");
  return end >= 24 ? cut.slice(0, end) : cut.slice(0, 48).replace(/_+$/, "");
}
