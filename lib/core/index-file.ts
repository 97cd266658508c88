import { linkKey } from "./link-key.js";

/** One card line of MEMORY.md: `- [Title](file.md) — hook` (or `1. [Title](file.md) — hook`). */
export interface IndexEntry {
  /** 1-based line number in MEMORY.md. */
  line: number;
  raw: string;
  title: string;
  /** The link target as written (relative to the memory directory). */
  file: string;
  /** The hook text after the link, separator removed; may be empty. */
  hook: string;
}

/** A bullet line that looks like an index entry but has no parseable `.md` link. Reported, never dropped. */
export interface UnparsedLine {
  line: number;
  raw: string;
  reason: string;
}

export interface ParsedIndex {
  entries: IndexEntry[];
  unparsed: UnparsedLine[];
}

// A bullet (`-`, `*`, `+`) or a list number (`1.`, `2)`: CommonMark's ordered list marker, up to 9 digits).
const BULLET = /^\s*(?:[-*+]|\d{1,9}[.)])\s+/;
const NUMBERED = /^\s*\d/;
const ENTRY = /^\s*(?:[-*+]|\d{1,9}[.)])\s+\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\)\s*(.*)$/;
// Tried only when ENTRY fails (its \p classes cost twice ENTRY's time): before the link, hand-kept indexes may put a
// task box (`[x] `), a marker of symbols (`★★ `, `⚠️ `: no letter or digit, so `See [x](y.md)` stays prose) and
// bold or italic around the whole link (`**[T](f.md)**`). The same three groups as ENTRY. Made on first use: V8
// parses a /u literal with \p classes when its line runs (~2.5 M instructions), and a warm prompt parses no line.
let decorated: RegExp | undefined;
const DECORATED = () =>
  (decorated ??=
    /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?(?:[^\p{L}\p{N}\s[\]`*_]{1,8}\s+)?(?:\*{1,2}|_{1,2})?\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\)(?:\*{1,2}|_{1,2})?\s*(.*)$/u);
const HOOK_SEPARATOR = /^(?:—|–|--|-|:)\s*/;
/** A line that opens or closes a fenced block: nothing inside one is an index line. */
export const FENCE = /^\s*(```|~~~)/;

/**
 * Parses MEMORY.md. Bullet lines (and numbered ones) opening with a Markdown link to a `.md` file are entries; other bullet lines are
 * `unparsed` (so doctor and stats can report them); headings, prose and fenced blocks are not index lines.
 */
export function parseIndex(text: string): ParsedIndex {
  const entries: IndexEntry[] = [];
  const unparsed: UnparsedLine[] = [];
  indexLines(text, (raw, line) => {
    const parsed = parseIndexLine(raw, line);
    if (parsed === undefined) return;
    if ("reason" in parsed) unparsed.push(parsed);
    else entries.push(parsed);
  });
  return { entries, unparsed };
}

/** Each line of MEMORY.md outside a fenced block, with its 1-based number: the lines parseIndex parses. */
export function indexLines(text: string, each: (raw: string, line: number) => void): void {
  const lines = text.split(/\r?\n/);
  let fenced = false;
  lines.forEach((raw, i) => {
    if (FENCE.test(raw)) fenced = !fenced;
    if (fenced) return;
    each(raw, i + 1);
  });
}

/**
 * A line that can be an index line (parseIndexLine returns undefined for any other): a bullet, or a numbered line
 * that opens with a link. Numbered lines are steps of prose more often than not, so one without a link is no
 * broken index line.
 */
export const isBullet = (raw: string) => BULLET.test(raw) && (!NUMBERED.test(raw) || ENTRY.test(raw) || DECORATED().test(raw));

/** One line outside a fenced block: an entry, an unparsed bullet line, or undefined for anything else. */
export function parseIndexLine(raw: string, line: number): IndexEntry | UnparsedLine | undefined {
  if (!isBullet(raw)) return undefined;
  const m = ENTRY.exec(raw) ?? DECORATED().exec(raw);
  if (!m) return NUMBERED.test(raw) ? undefined : { line, raw, reason: "bullet line without a [Title](file.md) link" };
  const target = m[2]!.startsWith("<") ? m[2]!.slice(1, -1) : m[2]!;
  const file = safeDecode(target);
  if (!/\.md$/i.test(file.split("#")[0]!)) return { line, raw, reason: `link target "${target}" is not a .md card` };
  return { line, raw, title: m[1]!.replace(/\\(.)/g, "$1"), file: file.split("#")[0]!, hook: m[3]!.replace(HOOK_SEPARATOR, "").trim() };
}

// A Markdown link in an entry's hook to a relative `.md` file: `[B](b.md)`, `[B](<b c.md>)`, `[B](b.md#part)`.
const FURTHER_LINK = /\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\)/g;

/**
 * The further links of an entry line (`- [A](a.md) — see also [B](b.md)`): the cards its hook names, each with its
 * title. They are no entries (the line is A's: the hook ranks and prints it once), but the index names them, so a
 * card one reaches is no orphan and a dead one is a dead link. URLs and other schemes are not cards.
 */
export function furtherLinks(hook: string): { title: string; file: string }[] {
  const out: { title: string; file: string }[] = [];
  if (!hook.includes("](")) return out; // most hooks hold no link: no regex over them
  for (const m of hook.matchAll(FURTHER_LINK)) {
    const target = m[2]!.startsWith("<") ? m[2]!.slice(1, -1) : m[2]!;
    const file = safeDecode(target).split("#")[0]!;
    if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(file) || !/\.md$/i.test(file)) continue;
    out.push({ title: m[1]!.replace(/\\(.)/g, "$1"), file });
  }
  return out;
}

/** Renders one index line; whitespace in the hook is collapsed so an entry is always exactly one line. */
export function renderIndexLine(entry: { title: string; file: string; hook: string }): string {
  const title = entry.title.replace(/\s+/g, " ").replace(/([\\[\]])/g, "\\$1");
  const target = /[\s()<>]/.test(entry.file) ? `<${entry.file}>` : entry.file;
  const hook = entry.hook.replace(/\s+/g, " ").trim();
  return `- [${title}](${target})${hook ? ` — ${hook}` : ""}`;
}

// An entry line in parts: what comes before the title (indent, list marker, box, symbols, emphasis), the title as
// written, the link with any emphasis closing it, the separator and the hook. ENTRY and DECORATED in one.
const FORM =
  /^(\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?(?:[^\p{L}\p{N}\s[\]`*_]{1,8}\s+)?(?:\*{1,2}|_{1,2})?)\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)((?:\s+"[^"]*")?\)(?:\*{1,2}|_{1,2})?)(\s*(?:—|–|--|-|:)?\s*)(.*)$/u;

/**
 * `line` (as renderIndexLine writes it) in the form of `old`, the entry line it replaces: the owner's list marker,
 * number, box, symbols, emphasis, link target as written and separator are kept, and the title and hook as written
 * too where `line` does not change them. A save changes what it changes, not how the owner writes the index.
 */
export function inFormOf(old: string, line: string): string {
  const was = FORM.exec(old);
  const next = parseIndexLine(line, 0);
  if (!was || next === undefined || !("file" in next)) return line;
  const [, lead, rawTitle, rawTarget, close, sep, rawHook] = was as unknown as string[];
  const target = rawTarget!.startsWith("<") ? rawTarget!.slice(1, -1) : rawTarget!;
  const sameTarget = linkKey(safeDecode(target).split("#")[0]!) === linkKey(next.file);
  const link = sameTarget ? `${rawTarget}${close}` : `${/[\s()<>]/.test(next.file) ? `<${next.file}>` : next.file}${close}`;
  const title = rawTitle!.replace(/\\(.)/g, "$1") === next.title ? rawTitle! : next.title.replace(/\s+/g, " ").replace(/([\\[\]])/g, "\\$1");
  const hook = rawHook!.trim() === next.hook ? `${sep}${rawHook}` : next.hook === "" ? "" : `${/\S/.test(sep!) ? sep : " — "}${next.hook}`;
  return `${lead}[${title}](${link}${hook}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The index was larger than the cap: its first `lines` lines (`bytes` bytes) of `totalBytes` were read. */
export interface IndexTruncation {
  lines: number;
  bytes: number;
  totalBytes: number;
}
