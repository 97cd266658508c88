// lib/store/card-words.ts
import fs from "node:fs";
import { decodeCardWords, encodeCardCache, encodeCardWords } from "./card-cache-format.js";
import { memoByStamp, readRecord } from "./card-read.js";
import { hasCardTerms, lineOwners, postedCounts, readCardTerms, scanWords, writeCardTerms } from "./card-terms.js";
import { lstatIfExists } from "./checked-fs.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { realDir, replaceFile } from "./safe-write.js";
import { CARD_DELTA, deltaOf, encodeCardDelta } from "./card-delta.js";
var CARD_CACHE = "card-cache";
var CARD_WORDS = "card-words";
var EXTRA_SHARE = 1 / 8;
var EXTRA_MIN = 64 * 1024;
var CardWords = class {
  constructor(dir, old, records, from, fresh, next) {
    this.dir = dir;
    this.old = old;
    this.records = records;
    this.next = next;
    /** card-words was read and checked (`placed.file` is it), or laid out again. */
    this.checked = false;
    this.relaid = false;
    this.written = false;
    this.placed = this.plan(from, fresh);
    this.unchanged = fresh.size === 0 && from.length === (old?.records.length ?? -1) && from.every((i, k) => i === k);
  }
  /** The placement without reading card-words or any card: old places kept, fresh words into a new own section. */
  plan(from, fresh) {
    const parts = [];
    const wordsAt = new Array(this.records.length);
    let size = 0;
    for (let k = 0; k < this.records.length; k++) {
      const i = from[k];
      const was = i >= 0 ? this.old.wordsAt[i] : Number.NaN;
      if (was >= 0 && this.old.head.words) {
        wordsAt[k] = was;
        continue;
      }
      const line = was < 0 ? lineIn(this.old.extra, -1 - was, this.records[k]) : fresh.get(k);
      wordsAt[k] = line ? -1 - size : Number.NaN;
      if (!line) continue;
      parts.push(line);
      size += line.length;
    }
    return { file: void 0, extra: Buffer.concat(parts), wordsAt };
  }
  /** Words for every record that has none placed, read from its card now; true when there were any. */
  fill() {
    const p = this.placed;
    const parts = [p.extra];
    let size = p.extra.length;
    for (let k = 0; k < this.records.length; k++) {
      if (!Number.isNaN(p.wordsAt[k])) continue;
      const read = readRecord(this.dir, this.records[k].file);
      read.record.linked = this.records[k].linked;
      this.records[k] = read.record;
      p.wordsAt[k] = -1 - size;
      parts.push(read.words);
      size += read.words.length;
    }
    if (parts.length === 1) return false;
    p.extra = Buffer.concat(parts);
    return true;
  }
  /**
   * The placement with every record's words made, card-words read and checked, and laid out again when it does not
   * check or the own section outgrew it. What changed is written, unless write() asked (it writes next).
   */
  words(forWrite = false) {
    if (this.checked) return this.placed;
    this.checked = true;
    const filled = this.fill();
    const file = this.placed.wordsAt.some((w) => w >= 0) ? this.readFile() : void 0;
    const same = this.old !== void 0 && this.unchanged && file !== void 0 && checkedWith.get(this.old) === file;
    const ok = file !== void 0 && (same || checks(file, this.placed, this.records));
    if (ok && this.old && this.unchanged) checkedWith.set(this.old, file);
    if (ok) this.placed.file = file;
    if (!ok || this.placed.extra.length > Math.max(EXTRA_MIN, file.length * EXTRA_SHARE)) this.relayout();
    if (!forWrite && (filled || this.relaid)) {
      this.written = false;
      this.write();
    }
    return this.placed;
  }
  readFile() {
    const token = this.old?.head.words;
    return token ? memoByStamp(joinPath(this.dir, STATE_DIR, CARD_WORDS), (bytes) => decodeCardWords(bytes, token)) : void 0;
  }
  /** Every record's words in record order, for a new card-words (after fill(): every record has some placed). */
  relayout() {
    const p = this.placed;
    this.relaid = true;
    if (p.wordsAt.every((w, k) => w === (k === 0 ? -1 : p.wordsAt[k - 1] - (this.records[k - 1].headBytes + this.records[k - 1].bodyBytes + 2)))) {
      this.placed = { file: p.extra, extra: Buffer.alloc(0), wordsAt: p.wordsAt.map((w) => -1 - w) };
      return;
    }
    const parts = [];
    const wordsAt = new Array(this.records.length);
    let size = 0;
    for (let k = 0; k < this.records.length; k++) {
      const w = p.wordsAt[k];
      const r = this.records[k];
      const line = (w >= 0 ? p.file && lineIn(p.file, w, r) : lineIn(p.extra, -1 - w, r)) ?? readRecord(this.dir, r.file).words;
      wordsAt[k] = size;
      parts.push(line);
      size += line.length;
    }
    this.placed = { file: Buffer.concat(parts), extra: Buffer.alloc(0), wordsAt };
  }
  /**
   * For each record, how often each of `wanted` occurs in its head and body; undefined: none of them. The lines of
   * card-words come from card-terms when it is there for this card-words and fits the records, else from a scan
   * of card-words (which then writes card-terms); the own section is always scanned (it holds only changed cards).
   */
  counts(wanted) {
    const words = [...new Set(wanted)];
    const indexed = this.fromTerms(words);
    const p = indexed ? this.placed : this.words();
    const records = this.records;
    const found = indexed?.found ?? new Array(records.length);
    const inFile = [];
    const inExtra = [];
    for (let k = 0; k < p.wordsAt.length; k++) (p.wordsAt[k] >= 0 ? inFile : inExtra).push(k);
    const scan = (buf, owners, start, word, needle) => scanWords(
      found,
      buf,
      owners,
      start,
      (k) => records[k].headBytes,
      (k) => records[k].bodyBytes,
      word,
      needle
    );
    for (const word of words) {
      const needle = Buffer.from(` ${word}:`, "utf8");
      if (!indexed) scan(p.file, inFile, (k) => p.wordsAt[k], word, needle);
      scan(p.extra, inExtra, (k) => -1 - p.wordsAt[k], word, needle);
    }
    if (!indexed) this.keepTerms();
    return found;
  }
  /**
   * The counts card-terms gives for the records placed in card-words (the own section left to the caller's scan),
   * or undefined when it cannot: no card-words yet, words still to make, or no card-terms that fits.
   */
  fromTerms(words) {
    const token = this.old?.head.words;
    const p = this.placed;
    if (!token || this.relaid || p.wordsAt.some((w) => Number.isNaN(w))) return void 0;
    const read = readCardTerms(this.dir, token, words);
    this.terms = typeof read === "string" ? read : "build";
    if (typeof read === "string") return void 0;
    const owners = lineOwners(
      read.lines,
      p.wordsAt,
      (k) => this.records[k].headBytes,
      (k) => this.records[k].bodyBytes
    );
    if (!owners || !this.records.every((r, k) => p.wordsAt[k] >= 0 || lineIn(p.extra, -1 - p.wordsAt[k], r))) return void 0;
    this.terms = "scan";
    return { found: postedCounts(read, owners, this.records.length) };
  }
  /** After a scan of card-words: card-terms for it, unless there is one (or it cannot have one). */
  keepTerms() {
    const token = this.relaid ? this.wordsToken : this.old?.head.words;
    const file = this.placed.file;
    if (!token || !file || !this.relaid && this.terms === "scan") return;
    if (this.relaid || this.terms === "build" || !hasCardTerms(this.dir, token)) writeCardTerms(this.dir, token, file);
    this.terms = "scan";
  }
  /**
   * The card-cache file; card-words first when it is new or laid out again (a reader between the two renames finds
   * a token that does not match, never wrong words). An own section past its share of card-words lays them out
   * again here too, so a store only listed, never searched, does not grow its cache file without end; records
   * without words stay so (no card-words is made for a store no search has read).
   */
  write() {
    if (this.written) return;
    this.written = true;
    try {
      const state = realDir(this.dir, STATE_DIR);
      const token = this.old?.head.words ?? null;
      if (!this.relaid && !this.checked) {
        const size = token ? lstatIfExists(joinPath(state, CARD_WORDS))?.size : void 0;
        const wordless = this.placed.wordsAt.some((w) => Number.isNaN(w));
        if (size === void 0 && !wordless || this.placed.extra.length > Math.max(EXTRA_MIN, (size ?? 0) * EXTRA_SHARE)) this.words(true);
      }
      const head = { ...this.next.head, words: this.relaid ? `${Date.now().toString(36)}-${process.pid.toString(36)}-${Math.random().toString(36).slice(2, 10)}` : token };
      const d = this.next.delta;
      const delta = !this.relaid && d ? deltaOf(d.base, this.records, d.baseOf, this.placed, head, d.edits) : void 0;
      if (delta) {
        replaceFile(joinPath(state, CARD_DELTA), encodeCardDelta(delta), joinPath(state, `${CARD_DELTA}.${process.pid}.tmp`));
        this.next.written?.(joinPath(state, CARD_DELTA));
        return;
      }
      if (this.relaid) replaceFile(joinPath(state, CARD_WORDS), encodeCardWords(head.words, this.placed.file), joinPath(state, `${CARD_WORDS}.${process.pid}.tmp`));
      const [view, viewHead] = this.next.fullView?.() ?? [this.next.view, head.view];
      const file = {
        head: { ...head, view: viewHead },
        records: this.records,
        wordsAt: this.placed.wordsAt,
        extra: this.placed.extra,
        view,
        links: this.next.links,
        lines: this.next.lines()
      };
      replaceFile(joinPath(state, CARD_CACHE), encodeCardCache(file), joinPath(state, `${CARD_CACHE}.${process.pid}.tmp`));
      fs.rmSync(joinPath(state, CARD_DELTA), { force: true });
      if (this.relaid) this.wordsToken = head.words;
      this.next.written?.(joinPath(state, CARD_CACHE));
    } catch {
    }
  }
};
var checkedWith = /* @__PURE__ */ new WeakMap();
function lineIn(buf, at, r) {
  const end = at + r.headBytes + r.bodyBytes + 2;
  return at >= 0 && end <= buf.length && buf[at + r.headBytes] === 9 && buf[end - 1] === 10 ? buf.subarray(at, end) : void 0;
}
function checks(file, p, records) {
  let last = -1;
  for (let k = 0; k < records.length; k++) {
    const w = p.wordsAt[k];
    if (w < 0 ? !lineIn(p.extra, -1 - w, records[k]) : w <= last || !lineIn(file, w, records[k])) return false;
    if (w >= 0) last = w;
  }
  return true;
}
export {
  CARD_CACHE,
  CARD_WORDS,
  CardWords
};
