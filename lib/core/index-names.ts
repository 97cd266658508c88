import { parseIndexLine } from "./index-file.js";
import { linkKey } from "./link-key.js";

// The names MEMORY.md's lines can be found by when a new card is saved, as 32-bit hashes: a superset of what
// newCardScan (index-scan.ts) accepts, so a name whose keys none of them hashes to is on no line and a save of a new
// card need not read the 19 MB index of a 100,000-card store again (lib/store/index-names.ts keeps them; issue 32).
// A card name is made of letters, digits, . _ - (card-input.ts), and so is each key looked up: the title, each
// `<type>_<name>.md` and `<name>.md` (a subfolder card's file). On a line with no `%` or `\`, an entry's title and
// link target are its bytes as written, so a key equal to either is a whole run of name bytes there: the title
// between the last `[` before the line's first `](` and that `](` (the lead before the title holds no `](`, and a
// title without `\` no `]`), a link key a run between `(`, `<`, `/` and `#`, `)`, `>` or a space. A line holding
// `%` or `\` (escapes the parse undoes) is parsed whole instead. Extra hashes only cost a save the whole scan.

const NAME_BYTE = new Uint8Array(256);
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") NAME_BYTE[c.charCodeAt(0)] = 1;
const NL = 0x0a;
const CR = 0x0d;
const LINK = Buffer.from("](");
const ESCAPES = [0x25, 0x5c]; // % and \

/** FNV-1a over a name's characters (a name is ASCII, so the same as over its bytes). */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function bytesHash(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** The hashes a new card named `name` (its possible files `files`) is looked up by: newCardScan's three tests. */
export function newCardKeys(name: string, files: readonly string[]): number[] {
  return [name, ...files, `${name}.md`].map(nameHash);
}

/**
 * Adds the hashes of the names on `run`'s lines (whole lines, as feedIndexScan takes them) to `into`: at every `](`,
 * the title before it and the runs of the target after it (a later `](` on a line, a hook's link, only adds more),
 * and the entry of each line holding an escape, parsed. One native search per line: the rest is short byte loops.
 */
export function addIndexNames(run: Uint8Array, into: number[]): void {
  const bytes = Buffer.from(run.buffer, run.byteOffset, run.byteLength);
  for (const start of escapeLines(bytes)) {
    const nl = bytes.indexOf(NL, start);
    const end = nl === -1 ? bytes.length : nl > start && bytes[nl - 1] === CR ? nl - 1 : nl;
    parsedNames(bytes.toString("utf8", start, end), into);
  }
  for (let at = bytes.indexOf(LINK); at !== -1; at = bytes.indexOf(LINK, at + 2)) bytesNames(bytes, at, into);
}

/** The starts of the lines holding `%` or `\` (few or none in an index). */
function escapeLines(bytes: Buffer): Set<number> {
  const starts = new Set<number>();
  for (const byte of ESCAPES) for (let at = bytes.indexOf(byte); at !== -1; at = bytes.indexOf(byte, at + 1)) starts.add(at === 0 ? 0 : bytes.lastIndexOf(NL, at - 1) + 1);
  return starts;
}

/** At a `](`: the title when it is all name bytes back to its `[`, and every run of name bytes in the target. */
function bytesNames(bytes: Buffer, link: number, into: number[]): void {
  let open = link - 1;
  while (open >= 0 && NAME_BYTE[bytes[open]!] === 1) open--;
  if (open >= 0 && open + 1 < link && bytes[open] === 0x5b) into.push(bytesHash(bytes, open + 1, link));
  let at = link + 2;
  const close = bytes[at] === 0x3c ? 0x3e : 0x29; // `<…>` or `…)`
  for (let run = -1; ; at++) {
    const byte = at < bytes.length ? bytes[at]! : NL;
    if (NAME_BYTE[byte] === 1) {
      if (run === -1) run = at;
      continue;
    }
    if (run !== -1) into.push(bytesHash(bytes, run, at));
    run = -1;
    if (byte === close || byte === NL) return;
  }
}

/** A line with an escape, parsed as the scan parses it: its entry's title, link key and file name. */
function parsedNames(line: string, into: number[]): void {
  const entry = parseIndexLine(line, 0);
  if (entry === undefined || "reason" in entry) return;
  for (const name of [entry.title, linkKey(entry.file), entry.file.slice(entry.file.lastIndexOf("/") + 1)])
    if (name.length > 0 && [...name].every((c) => c.length === 1 && NAME_BYTE[c.charCodeAt(0)] === 1)) into.push(nameHash(name));
}
