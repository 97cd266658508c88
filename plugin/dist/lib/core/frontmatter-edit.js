// lib/core/frontmatter-edit.ts
import { isDeepStrictEqual } from "node:util";
import { dump } from "../../vendor/js-yaml.js";
import { ERROR_CODES, MemctlError } from "./errors.js";
import { parseCard } from "./card.js";
var CARD = /^((?:\uFEFF|\u00EF\u00BB\u00BF)?---[ \t]*\r?\n)([\s\S]*?)(\r?\n?---[ \t]*(?:\r?\n|$))/;
var TOP_KEY = /^(?!- |-$|#)([^\s:'"][^:]*?|"[^"]*"|'[^']*')[ \t]*:(?:[ \t]|$)/;
function renderField(key, value) {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${key}: ${JSON.stringify(value)}`;
  return dump({ [key]: value }, { lineWidth: -1 }).replace(/\n$/, "");
}
function splitBlocks(fm) {
  const blocks = [];
  const lines = fm.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let pendingLoose = [];
  for (const line of lines) {
    const bare = line.replace(/\r?\n$/, "");
    const key = TOP_KEY.exec(bare)?.[1];
    if (key !== void 0) {
      blocks.push(...pendingLoose);
      pendingLoose = [];
      blocks.push({ key: key.replace(/^["']|["']$/g, ""), text: line });
    } else if (/^[ \t]/.test(bare) && bare.trim() !== "" || /^-( |$)/.test(bare)) {
      const owner = [...blocks].reverse().find((b) => b.key !== void 0);
      if (owner) {
        owner.text += pendingLoose.map((b) => b.text).join("") + line;
        pendingLoose = [];
      } else blocks.push({ text: line });
    } else pendingLoose.push({ text: line });
  }
  blocks.push(...pendingLoose);
  return blocks;
}
function setFrontmatterFields(cardText, fields) {
  return editFields(
    cardText,
    fields,
    (s) => s,
    (s) => s
  );
}
var toView = (s) => Buffer.from(s, "utf8").toString("latin1");
var fromView = (s) => Buffer.from(s, "latin1").toString("utf8");
function setFrontmatterFieldsBytes(card, fields) {
  return Buffer.from(editFields(card.toString("latin1"), fields, toView, fromView), "latin1");
}
function replaceBodyBytes(card, body) {
  const match = CARD.exec(card.toString("latin1"));
  return Buffer.concat([match ? card.subarray(0, match[0].length) : Buffer.alloc(0), Buffer.from(body, "utf8")]);
}
function editFields(cardText, fields, encode, decode) {
  const match = CARD.exec(cardText);
  if (!match) throw new MemctlError(ERROR_CODES.E_CARD_FRONTMATTER, "the card has no frontmatter block (--- \u2026 ---) to edit; nothing was written");
  const [, open, fm, close] = match;
  const before = parseCard(decode(cardText));
  if (before.errors.length > 0)
    throw new MemctlError(ERROR_CODES.E_CARD_FRONTMATTER, `the card's frontmatter does not parse (${before.errors[0].message}); fix it by hand first \u2014 nothing was written`);
  const eol = fm.includes("\r\n") || open.endsWith("\r\n") ? "\r\n" : "\n";
  const blocks = splitBlocks(fm);
  const endsWithNewline = fm.endsWith("\n");
  for (const [key, value] of Object.entries(fields)) {
    if (value === void 0) continue;
    const rendered = encode(renderField(key, value)).split("\n").join(eol);
    const existing = blocks.find((b) => b.key === key);
    if (existing) existing.text = rendered + (/\r?\n$/.test(existing.text) ? eol : "");
    else {
      const last = blocks[blocks.length - 1];
      if (last && !/\n$/.test(last.text)) last.text += eol;
      blocks.push({ key, text: rendered + eol });
    }
  }
  let nextFm = blocks.map((b) => b.text).join("");
  if (!endsWithNewline) nextFm = nextFm.replace(/\r?\n$/, "");
  const closing = nextFm !== "" && !/^\r?\n/.test(close) && !nextFm.endsWith("\n") ? eol + close : close;
  const next = open + nextFm + closing + cardText.slice(match[0].length);
  verifyEdit(before.frontmatter, decode(next), fields);
  return next;
}
function verifyEdit(before, nextText, fields) {
  const after = parseCard(nextText);
  const fail = (why) => new MemctlError(ERROR_CODES.E_CARD_FRONTMATTER, `could not edit the frontmatter safely (${why}); nothing was written \u2014 edit this card by hand`);
  if (after.errors.length > 0) throw fail(after.errors[0].message);
  for (const key of /* @__PURE__ */ new Set([...Object.keys(before), ...Object.keys(after.frontmatter)])) {
    const expected = key in fields && fields[key] !== void 0 ? fields[key] : before[key];
    if (!isDeepStrictEqual(after.frontmatter[key], expected)) throw fail(`field ${key} would not read back as intended`);
  }
}
function replaceBody(cardText, body) {
  const match = CARD.exec(cardText);
  return match ? match[0] + body : body;
}
export {
  renderField,
  replaceBody,
  replaceBodyBytes,
  setFrontmatterFields,
  setFrontmatterFieldsBytes,
  splitBlocks
};
