// card-terms (lib/store/card-terms-format.ts) holds, for each term, exactly the card-words lines and counts a scan
// of card-words finds: checked against a direct reading of generated words, every term looked up through its
// hash bucket as a search does; words not written as card-read.ts writes them build nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { countTerms, encodeTermCounts, terms } from "../../../lib/core/search-terms.js";
import { encodeCardTerms } from "../../../lib/store/card-terms-build.js";
import { decodePostings, decodeTermsHead, findInBucket, termHash } from "../../../lib/store/card-terms-format.js";

/** card-words lines for `cards` [head text, body text], as card-read.ts writes them. */
function wordsOf(cards: [string, string][]): Buffer {
  return Buffer.from(cards.map(([h, b]) => `${encodeTermCounts(countTerms(terms(h)))}\t${encodeTermCounts(countTerms(terms(b)))}\n`).join(""), "utf8");
}

/** What a search reads from the file for `word`: line, head count, body count; [] when no line holds it. */
function lookUp(file: Buffer, token: string, word: string): [number, number | undefined, number | undefined][] {
  const { head, start } = decodeTermsHead(file.subarray(0, 4096), token, file.length)!;
  const [lines, buckets, dict] = head.sections;
  const bytes = Buffer.from(word, "utf8");
  const b = termHash(bytes) & (head.buckets - 1);
  const table = file.subarray(start + lines, start + lines + buckets);
  const entries = file.subarray(start + lines + buckets + table.readUInt32LE(b * 4), start + lines + buckets + table.readUInt32LE(b * 4 + 4));
  const at = findInBucket(entries, bytes);
  assert.notEqual(at, undefined, `${word}: its bucket reads back`);
  if (at === null) return [];
  const postingsAt = start + lines + buckets + dict;
  const p = decodePostings(file.subarray(postingsAt + at![0], postingsAt + at![0] + at![1]), head.lines)!;
  return p.line.map((l, i) => [l, p.head[i]! ? p.head[i]! - 1 : undefined, p.body[i]! ? p.body[i]! - 1 : undefined]);
}

/** The same from the text: every line holding ` word:` in its head or body part. */
function scanned(cards: [string, string][], word: string): [number, number | undefined, number | undefined][] {
  const out: [number, number | undefined, number | undefined][] = [];
  cards.forEach(([h, b], line) => {
    const head = countTerms(terms(h)).get(word);
    const body = countTerms(terms(b)).get(word);
    if (head !== undefined || body !== undefined) out.push([line, head, body]);
  });
  return out;
}

test("every term's lines and counts are the scan's, looked up through its bucket", () => {
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const vocabulary = [...Array.from({ length: 300 }, (_, i) => `w${i}`), "deploy", "migration", "naïve", "日本語", "x_y", "ab"];
  const text = (n: number) => Array.from({ length: n }, () => vocabulary[rand(vocabulary.length)]).join(" ");
  const cards: [string, string][] = Array.from({ length: 400 }, (_, i) => [i % 50 === 0 ? "" : text(1 + rand(6)), i % 70 === 0 ? "" : text(rand(80))]);
  const file = encodeCardTerms(wordsOf(cards), "tok-1")!;
  assert.ok(file, "built");
  for (const word of [...new Set(cards.flatMap(([h, b]) => [...terms(h), ...terms(b)]))]) assert.deepEqual(lookUp(file, "tok-1", word), scanned(cards, word), word);
  for (const word of ["absent", "w1000", "日"]) assert.deepEqual(lookUp(file, "tok-1", word), [], word);
  const lines = decodeTermsHead(file.subarray(0, 4096), "tok-1", file.length)!;
  assert.equal(lines.head.lines, cards.length);
  assert.equal(decodeTermsHead(file.subarray(0, 4096), "tok-2", file.length), undefined, "another card-words' token");
  assert.equal(decodeTermsHead(file.subarray(0, 4096), "tok-1", file.length - 1), undefined, "a file of another length");
});

test("an empty card-words, and a line with no words, build and read back", () => {
  const empty = encodeCardTerms(Buffer.alloc(0), "t")!;
  assert.deepEqual(lookUp(empty, "t", "deploy"), []);
  const blank = encodeCardTerms(Buffer.from("\t\n ab:2\t ab:1\n"), "t")!;
  assert.deepEqual(lookUp(blank, "t", "ab"), [[1, 2, 1]]);
});

test("words not as card-read.ts writes them build nothing (the search keeps scanning them)", () => {
  for (const bad of [" ab:1 ab:2\t\n", " ab:\t\n", " ab:1x\t\n", "ab:1\t\n", " ab:1\n", " ab:1\t", " :1\t\n", `\t ab:${2 ** 40}\n`])
    assert.equal(encodeCardTerms(Buffer.from(bad), "t"), undefined, JSON.stringify(bad));
});

test("postings that are damaged or name a line past the file do not decode", () => {
  assert.deepEqual(decodePostings(Buffer.from([3, 2, 0]), 4), { line: [3], head: [2], body: [0] });
  assert.equal(decodePostings(Buffer.from([3, 2, 0]), 3), undefined, "line 3 of 3");
  assert.equal(decodePostings(Buffer.from([3, 2]), 4), undefined, "cut short");
  assert.equal(decodePostings(Buffer.from([1, 0, 0]), 4), undefined, "in neither part");
  assert.equal(decodePostings(Buffer.from([1, 1, 0, 0, 1, 0]), 4), undefined, "the same line twice");
  assert.equal(decodePostings(Buffer.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 1]), 4), undefined, "a varint past 2^53");
});
