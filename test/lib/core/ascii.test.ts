// Each scanner in lib/core/ascii.ts stands in for a regular expression on the hook's path: it must answer exactly
// what that expression answers, on edge cases and on many random strings over the characters that matter.
import assert from "node:assert/strict";
import { test } from "node:test";
import { isAsciiDigits, isAsciiText, isDayShape, isPrintableAscii, lowerAsciiRuns } from "../../../lib/core/ascii.js";

// Characters around every class boundary the scanners check, plus non-ASCII (Latin-1, CJK, a surrogate pair).
const ALPHABET = ["\0", "\t", "\n", "\x1f", " ", "-", "/", "0", "5", "9", ":", "@", "A", "Z", "[", "`", "a", "m", "z", "{", "~", "\x7f", "\x80", "é", "٣", "内", "😀"];

/** Deterministic random strings (mulberry32), short enough to hit every shape often. */
function* samples(count: number, seed = 7): Generator<string> {
  let s = seed;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let k = 0; k < count; k++) {
    const length = Math.floor(next() * 14);
    let text = "";
    for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
    yield text;
  }
}

/** Strings that look like days, and near misses of every position. */
function dayLike(): string[] {
  const out = ["2026-12-03", "0000-00-00", "9999-99-99", "", "2026-12-3", "2026-12-031", "2026/12/03", "202a-12-03", "２026-12-03", "2026-12-03\n", " 2026-12-03"];
  const day = "2026-12-03";
  for (let i = 0; i < day.length; i++) for (const c of ["x", "-", "0", "٣"]) out.push(day.slice(0, i) + c + day.slice(i + 1));
  return out;
}

test("isAsciiText, isPrintableAscii, isAsciiDigits and isDayShape answer what their expressions answer", () => {
  const cases = [...samples(20_000), ...dayLike(), "1", "12", "123", "a".repeat(40_000)];
  for (const text of cases) {
    assert.equal(isAsciiText(text), /^[\x00-\x7f]*$/.test(text), JSON.stringify(text));
    assert.equal(isPrintableAscii(text), /^[\x20-\x7e]*$/.test(text), JSON.stringify(text));
    assert.equal(isAsciiDigits(text), /^\d+$/.test(text), JSON.stringify(text));
    assert.equal(isDayShape(text), /^\d{4}-\d{2}-\d{2}$/.test(text), JSON.stringify(text));
  }
});

test("lowerAsciiRuns gives the matches of /[a-z]+/g and /[a-z0-9]+/g, in order", () => {
  for (const text of [...samples(20_000, 11), "", "abc", "a1b2", "how do we deploy? 部署 v2-api", "zz00zz", "0"]) {
    assert.deepEqual(lowerAsciiRuns(text, false), text.match(/[a-z]+/g) ?? [], JSON.stringify(text));
    assert.deepEqual(lowerAsciiRuns(text, true), text.match(/[a-z0-9]+/g) ?? [], JSON.stringify(text));
  }
});
