// lib/store/card-terms.ts
import { encodeCardTerms } from "./card-terms-build.js";
import { decodePostings, decodeTermsHead, findInBucket, TERMS_VERSION, termHash } from "./card-terms-format.js";
import { close, openRegular, readFullyAt } from "./checked-fs.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { realDir, replaceFile } from "./safe-write.js";
var CARD_TERMS = "card-terms";
var HEAD_BYTES = 4096;
var UNUSABLE = "unusable";
function readCardTerms(dir, token, wanted) {
  let fd;
  try {
    const opened = openRegular(joinPath(dir, STATE_DIR, CARD_TERMS), { nofollow: true });
    fd = opened.fd;
    const top = readFullyAt(fd, 0, Math.min(HEAD_BYTES, opened.stat.size));
    if (top.toString("latin1") === `${TERMS_VERSION} ${token}
${UNUSABLE}
`) return "scan";
    const found = decodeTermsHead(top, token, opened.stat.size);
    if (!found) return "build";
    const { head, start } = found;
    const [linesLength, bucketsLength, dictLength, postingsLength] = head.sections;
    const bucketsAt = start + linesLength;
    const dictAt = bucketsAt + bucketsLength;
    const postingsAt = dictAt + dictLength;
    const postings = /* @__PURE__ */ new Map();
    for (const word of new Set(wanted)) {
      const bytes = Buffer.from(word, "utf8");
      const bucket = readFullyAt(fd, bucketsAt + (termHash(bytes) & head.buckets - 1) * 4, 8);
      const [from, to] = [bucket.readUInt32LE(0), bucket.readUInt32LE(4)];
      if (to < from || to > dictLength) return "build";
      const at = findInBucket(readFullyAt(fd, dictAt + from, to - from), bytes);
      if (at === null) continue;
      if (at === void 0 || at[0] + at[1] > postingsLength) return "build";
      const decoded = decodePostings(readFullyAt(fd, postingsAt + at[0], at[1]), head.lines);
      if (!decoded) return "build";
      postings.set(word, decoded);
    }
    return { lines: readFullyAt(fd, start, linesLength), postings };
  } catch {
    return "build";
  } finally {
    if (fd !== void 0) close(fd);
  }
}
function hasCardTerms(dir, token) {
  let fd;
  try {
    const opened = openRegular(joinPath(dir, STATE_DIR, CARD_TERMS), { nofollow: true });
    fd = opened.fd;
    const top = readFullyAt(fd, 0, Math.min(HEAD_BYTES, opened.stat.size));
    return top.toString("latin1", 0, top.indexOf(10)) === `${TERMS_VERSION} ${token}`;
  } catch {
    return false;
  } finally {
    if (fd !== void 0) close(fd);
  }
}
function writeCardTerms(dir, token, words) {
  try {
    const state = realDir(dir, STATE_DIR);
    const bytes = encodeCardTerms(words, token) ?? Buffer.from(`${TERMS_VERSION} ${token}
${UNUSABLE}
`, "latin1");
    replaceFile(joinPath(state, CARD_TERMS), bytes, joinPath(state, `${CARD_TERMS}.${process.pid}.tmp`));
  } catch {
  }
}
function lineOwners(lines, wordsAt, headBytes, bodyBytes) {
  const count = lines.length / 12;
  const owners = new Int32Array(count).fill(-1);
  let j = 0;
  for (let k = 0; k < wordsAt.length; k++) {
    const w = wordsAt[k];
    if (w < 0) continue;
    while (j < count && lines.readUInt32LE(j * 12) < w) j++;
    if (j === count || lines.readUInt32LE(j * 12) !== w) return void 0;
    if (lines.readUInt32LE(j * 12 + 4) !== headBytes(k) || lines.readUInt32LE(j * 12 + 8) !== bodyBytes(k)) return void 0;
    owners[j++] = k;
  }
  return owners;
}
function postedCounts(read, owners, records) {
  const found = new Array(records);
  for (const [word, post] of read.postings) {
    for (let i = 0; i < post.line.length; i++) {
      const k = owners[post.line[i]];
      if (k < 0) continue;
      if (post.head[i]) countIn(found, k, true, word, post.head[i] - 1);
      if (post.body[i]) countIn(found, k, false, word, post.body[i] - 1);
    }
  }
  return found;
}
var NONE = /* @__PURE__ */ new Map();
function countIn(found, k, head, word, n) {
  const counts = found[k] ??= { head: NONE, body: NONE };
  if (head) (counts.head === NONE ? counts.head = /* @__PURE__ */ new Map() : counts.head).set(word, n);
  else (counts.body === NONE ? counts.body = /* @__PURE__ */ new Map() : counts.body).set(word, n);
}
function scanWords(found, buf, owners, start, headBytes, bodyBytes, word, needle) {
  if (!buf || owners.length === 0) return;
  for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + needle.length)) {
    const k = owners[lastAtOrBefore(owners, at, start)];
    const s = start(k);
    const head = headBytes(k);
    if (at < s || at >= s + head + bodyBytes(k) + 1) continue;
    let n = 0;
    for (let q = at + needle.length; buf[q] >= 48 && buf[q] <= 57; q++) n = n * 10 + buf[q] - 48;
    countIn(found, k, at < s + head, word, n);
  }
}
function lastAtOrBefore(owners, at, start) {
  let lo = 0;
  let hi = owners.length - 1;
  while (lo < hi) {
    const mid = lo + hi + 1 >> 1;
    if (start(owners[mid]) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
export {
  CARD_TERMS,
  countIn,
  hasCardTerms,
  lineOwners,
  postedCounts,
  readCardTerms,
  scanWords,
  writeCardTerms
};
