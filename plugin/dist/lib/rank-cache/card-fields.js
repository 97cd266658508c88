// lib/rank-cache/card-fields.ts
import path from "node:path";
import { FIELD_WEIGHT } from "../rank/postings.js";
import { stopTestOf, tokenizeMarked } from "../rank/tokenize.js";
import { recallTerms } from "../rank/key-terms.js";
import { provenanceMark } from "../rank/provenance-mark.js";
import { renderEntryLine } from "../core/block.js";
import { utf8Text } from "../core/bytes.js";
import { CARD_TYPES } from "../core/card-types.js";
import { close, openRegular, readAt, readRegularUtf8 } from "../store/checked-fs.js";
import { cardPathKey } from "../core/link-key.js";
import { parseCardWith } from "../core/card-parse.js";
var FILE_TYPE_PREFIX = new RegExp(`^(.*\\/)?(${CARD_TYPES.join("|")})_`);
var HEAD_BYTES = 16 * 1024;
var CARD_READ_CAP = 4 * 1024 * 1024;
var parseCard;
async function readCardFields(memoryDir, file) {
  const head = readHead(path.join(memoryDir, file));
  if (head === void 0) return void 0;
  const card = parseCardWith(head) ?? (parseCard ??= (await import("../core/card-yaml.js")).parseCard)(head);
  const meta = card.meta;
  return {
    priority: meta.priority,
    status: meta.status,
    expires_at: meta.expires_at,
    topics: meta.topics,
    // A card's keys are one field (their words counted together, length-normalised against other cards' keys).
    recallTerms: recallTerms(meta.recall ?? []),
    // Only the head is read: a body past the first 16 KiB of the file is not indexed (docs/ranking.md).
    bodyTerms: FIELD_WEIGHT.body > 0 ? tokenizeMarked(card.body) : [],
    ...provenanceMark(meta.provenance) ? { mark: provenanceMark(meta.provenance) } : {},
    ...meta.scope && meta.scope.length > 0 ? { scope: meta.scope } : {}
  };
}
function rankEntryOf(e, file, f, lineTerms) {
  const nameWords = file.replace(/\.md$/i, "").replace(FILE_TYPE_PREFIX, "$1");
  const stop = lineTerms ? void 0 : stopTestOf(`${e.title}
${e.hook}`);
  return {
    line: e.line,
    raw: e.raw,
    title: e.title,
    file,
    hook: e.hook,
    ...f.priority ? { priority: f.priority } : {},
    ...f.status ? { status: f.status } : {},
    ...f.expires_at ? { expires_at: f.expires_at } : {},
    topics: f.topics,
    ...f.mark ? { mark: f.mark } : {},
    ...f.scope ? { scope: f.scope } : {},
    terms: {
      title: lineTerms?.title ?? tokenizeMarked(e.title, stop),
      topics: f.topicTerms ?? tokenizeMarked([...f.topics, nameWords].join(" ").replace(/[_-]/g, " ")),
      hook: lineTerms?.hook ?? tokenizeMarked(e.hook, stop),
      recall: f.recallTerms ?? [],
      body: f.bodyTerms ?? []
    }
  };
}
function printedLine(e) {
  return e.mark ? `${renderEntryLine(e)} ${e.mark}` : renderEntryLine(e);
}
function normalizeCardPath(file) {
  return cardPathKey(file);
}
function readHead(file) {
  let fd;
  try {
    fd = openRegular(file).fd;
  } catch {
    return void 0;
  }
  try {
    const buf = new Uint8Array(HEAD_BYTES);
    const n = readAt(fd, buf, 0, HEAD_BYTES, 0);
    const head = utf8Text(buf, 0, n);
    if (n < HEAD_BYTES || /\n---[ \t]*\r?\n/.test(head.slice(3))) return head;
    return readRegularUtf8(file, CARD_READ_CAP);
  } catch {
    return void 0;
  } finally {
    close(fd);
  }
}
export {
  normalizeCardPath,
  printedLine,
  rankEntryOf,
  readCardFields
};
