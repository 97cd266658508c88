// MEMORY.md edited by hand, matched to the merged index it was without parsing the lines that did not change: the
// bullet lines' hashes are diffed with the entries' (core's diffHunks, as the card cache diffs its lines) and only
// the lines in a hunk are parsed (headings and blank lines are no entries: they take no part, so a sectioned index
// is not thousands of edits). A hand edit of one line of a 100,000-line index then parses a line or two and keeps
// the rest as runs of the base, instead of parsing every line, building a map of 100,000 hashes and a segment per
// entry (every-entry.ts matchLines, which anything this cannot settle still takes).
// A line whose hash is an old entry's has that entry's raw text (the hash matchLines trusts), so it parses the same
// at its new line number; what parseIndex does differently inside a fenced block is left to matchLines: any fence
// mark in the text, a line that matches two old entries, or more unaligned entries than a delta holds returns
// undefined.
import { diffHunks } from "../core/line-diff.js";
import { isBullet, parseIndexLine, type IndexEntry } from "../core/index-file.js";
import { lineHashes } from "../core/line-key.js";
import { utf8Text, bufferView } from "../core/bytes.js";
import { isMeasurable } from "../usage/format.js";
import { normalizeCardPath } from "./card-fields.js";
import type { OpenDelta } from "./delta.js";
import type { Unparsed } from "./journal.js";
import type { Seg } from "./patch.js";
import type { OpenCache } from "./read.js";

/** 53 bits of a line hash's two lanes (seeded by the cache's header.seed), as a number (every-entry.ts compares the same). */
export const key53 = (a: number, b: number) => a * 2 ** 21 + (b >>> 11);
/** Unaligned entries past this many (each looked up by its card's path): not a small edit, matchLines decides. */
const MAX_UNALIGNED = 64;
/** Entries removed and lines added past this many: not a small edit (the card cache's HAND_LINES, for the same reason). */
const MAX_EDITS = 256;

export interface Aligned {
  segs: Seg[];
  unparsed: Unparsed[];
  cards: number;
  plainFiles: boolean;
}

/** `bytes` (MEMORY.md now) aligned with the merged index of `base` and `cur`; undefined when matchLines must decide. */
export function alignIndex(base: OpenCache, cur: OpenDelta, bytes: Uint8Array): Aligned | undefined {
  const buf = bufferView(bytes);
  if (!cur.delta.plainFiles || buf.includes("```") || buf.includes("~~~")) return undefined;
  const toBase = cur.map.toBase;
  const n = toBase.length;
  const raw = base.view.rawKeys;
  const baseLines = base.view.lines;
  const entries = cur.delta.entries;
  const keyOf = (j: number) => {
    const b = toBase[j]!;
    return b >= 0 ? key53(raw[2 * b]!, raw[2 * b + 1]!) : key53(...entries[-b - 1]!.key);
  };
  const used = new Uint8Array(n);
  let carried = 0; // entries used: each old entry links its own card (plainFiles), so each is one card
  const segs: Seg[] = [];
  const unparsed: Unparsed[] = [];
  const unaligned: { seg: number; e: IndexEntry; key: number }[] = [];
  const carry = (j: number, line: number) => {
    used[j] = 1;
    carried++;
    const b = toBase[j]!;
    if (b < 0) {
      segs.push({ line, d: entries[-b - 1]! });
      return;
    }
    const shift = line - baseLines[b]!;
    const last = segs[segs.length - 1];
    if (last?.from !== undefined && last.from + last.count === b && last.shift === shift) last.count++;
    else segs.push({ from: b, count: 1, shift });
  };
  // Only the lines that do not align are decoded: one with an old entry's hash is that entry's text (the hash
  // matchLines trusts), so a bullet; any other is tested as text. Decoding, splitting and re-encoding the whole
  // 19 MB index was most of a prompt's ~240 ms of CPU after a one-line hand edit (bench/README.md, h/after100k).
  const hashes = lineHashes(bytes, base.header.seed); // line i (cut at "\n", less a "\r" before it) at 2i, 2i + 1
  const count = hashes.length / 2;
  const starts = new Int32Array(count + 1);
  for (let i = 1; i < count; i++) starts[i] = buf.indexOf(0x0a, starts[i - 1]!) + 1;
  starts[count] = bytes.length + 1;
  const lineText = (i: number) => {
    let end = starts[i + 1]! - 1;
    if (i < count - 1 && end > starts[i]! && bytes[end - 1] === 0x0d) end--;
    return utf8Text(bytes, starts[i]!, end);
  };
  const bullets: number[] = []; // the line indexes of the bullet lines, and their keys
  const keys: number[] = [];
  // The old entry expected next: a line with its hash or one of the seven after it's moves it on; a bullet that has
  // neither is looked for up to MAX_EDITS further (entries removed). It only saves decoding: it decides no alignment.
  let next = 0;
  for (let i = 0; i < count; i++) {
    const key = key53(hashes[2 * i]!, hashes[2 * i + 1]!);
    let d = 0;
    while (d < 8 && next + d < n && keyOf(next + d) !== key) d++;
    if (d < 8 && next + d < n) next += d + 1;
    else {
      if (!isBullet(lineText(i))) continue;
      for (d = 8; d <= MAX_EDITS && next + d < n; d++)
        if (keyOf(next + d) === key) {
          next += d + 1;
          break;
        }
    }
    bullets.push(i);
    keys.push(key);
  }
  const hunks = diffHunks(n, bullets.length, (j, k) => keyOf(j) === keys[k], MAX_EDITS);
  if (hunks === undefined) return undefined;
  let k = 0;
  for (const h of [...hunks, { aStart: n, bStart: bullets.length, bEnd: bullets.length }]) {
    for (let j = h.aStart - h.bStart + k; k < h.bStart; k++, j++) carry(j, bullets[k]! + 1);
    for (; k < h.bEnd; k++) {
      const parsed = parseIndexLine(lineText(bullets[k]!), bullets[k]! + 1);
      if (parsed === undefined) continue;
      if ("reason" in parsed) unparsed.push([parsed.line, parsed.raw, parsed.reason]);
      else {
        if (unaligned.length >= MAX_UNALIGNED) return undefined;
        unaligned.push({ seg: segs.length, e: parsed, key: keys[k]! });
        segs.push({ line: parsed.line, e: parsed });
      }
    }
  }
  // An unaligned entry is a line moved (an old entry with its hash, linking its card, not used yet: carried), or new.
  const files = [...new Set(unaligned.map((u) => normalizeCardPath(u.e.file)))];
  const linking = oldEntriesLinking(base, cur, files);
  let fresh = 0;
  const freshFiles = new Set<string>();
  let plainFiles = true;
  for (const u of unaligned) {
    const file = normalizeCardPath(u.e.file);
    const old = linking.get(file)!;
    const same = old.filter((j) => keyOf(j) === u.key);
    if (same.some((j) => used[j] === 1)) return undefined; // one line twice: matchLines' order decides which is carried
    if (same.length > 0) {
      const j = same[0]!;
      used[j] = 1;
      carried++;
      const b = toBase[j]!;
      segs[u.seg] = b >= 0 ? { from: b, count: 1, shift: u.e.line - baseLines[b]! } : { line: u.e.line, d: entries[-b - 1]! };
      continue;
    }
    fresh++;
    if (freshFiles.has(file) || !isMeasurable(file)) plainFiles = false;
    freshFiles.add(file);
  }
  // A new line's card linked by an old line still there: one card, two lines.
  for (const file of freshFiles) if (linking.get(file)!.some((j) => used[j] === 1)) plainFiles = false;
  const cards = carried + [...freshFiles].filter((f) => !linking.get(f)!.some((j) => used[j] === 1)).length;
  return { segs, unparsed, cards, plainFiles: plainFiles && fresh === freshFiles.size };
}

/** The merged ids of the old entries linking each of `files` (the base's found by a native search of its paths). */
function oldEntriesLinking(base: OpenCache, cur: OpenDelta, files: readonly string[]): Map<string, number[]> {
  const out = new Map<string, number[]>(files.map((f) => [f, []]));
  for (const [file, ids] of base.view.findFiles(files)) for (const b of ids) if (cur.map.merged(b) >= 0) out.get(file)!.push(cur.map.merged(b));
  for (const j of cur.map.deltaIds()) out.get(cur.delta.entries[-cur.map.source(j) - 1]!.file)?.push(j);
  return out;
}
