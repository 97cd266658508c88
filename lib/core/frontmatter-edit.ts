import { isDeepStrictEqual } from "node:util";
import { dump } from "js-yaml";
import { ERROR_CODES, MemctlError } from "./errors.js";
import { parseCard } from "./card.js";

// Text-level frontmatter edits: a card's frontmatter is never re-serialised as a whole. Each top-level key
// is a block of lines; an edit replaces (or appends) only the blocks it sets, so every other byte — the
// legacy `metadata:` block, comments, key order, quoting — survives. The result is re-parsed and checked.

const CARD = /^((?:\uFEFF|\u00EF\u00BB\u00BF)?---[ \t]*\r?\n)([\s\S]*?)(\r?\n?---[ \t]*(?:\r?\n|$))/;
const TOP_KEY = /^(?!- |-$|#)([^\s:'"][^:]*?|"[^"]*"|'[^']*')[ \t]*:(?:[ \t]|$)/;

interface Block {
  key?: string;
  text: string;
}

/** One frontmatter field rendered as YAML lines (no trailing newline); dates are double-quoted strings. */
export function renderField(key: string, value: unknown): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${key}: ${JSON.stringify(value)}`;
  return dump({ [key]: value }, { lineWidth: -1 }).replace(/\n$/, "");
}

/** Splits frontmatter text into top-level key blocks plus keyless blocks (blank lines, comments). */
export function splitBlocks(fm: string): Block[] {
  const blocks: Block[] = [];
  const lines = fm.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let pendingLoose: Block[] = [];
  for (const line of lines) {
    const bare = line.replace(/\r?\n$/, "");
    const key = TOP_KEY.exec(bare)?.[1];
    if (key !== undefined) {
      blocks.push(...pendingLoose);
      pendingLoose = [];
      blocks.push({ key: key.replace(/^["']|["']$/g, ""), text: line });
    } else if ((/^[ \t]/.test(bare) && bare.trim() !== "") || /^-( |$)/.test(bare)) {
      // A continuation (indented, or a block sequence at column 0) belongs to the last key, blank lines included.
      const owner = [...blocks].reverse().find((b) => b.key !== undefined);
      if (owner) {
        owner.text += pendingLoose.map((b) => b.text).join("") + line;
        pendingLoose = [];
      } else blocks.push({ text: line });
    } else pendingLoose.push({ text: line });
  }
  blocks.push(...pendingLoose);
  return blocks;
}

/**
 * Sets top-level fields in a card's frontmatter. `fields` maps key → value (undefined removes nothing; it is
 * skipped). Replaces existing blocks in place, appends new keys at the end. Throws E_CARD_FRONTMATTER when
 * the card has no frontmatter, or the edit would change anything it was not asked to.
 */
export function setFrontmatterFields(cardText: string, fields: Record<string, unknown>): string {
  return editFields(
    cardText,
    fields,
    (s) => s,
    (s) => s,
  );
}

// The byte variants edit a Latin-1 view of the card (one char per byte) so every byte outside the edited
// blocks — invalid UTF-8 included — is kept; rendered fields are spliced in as UTF-8 and parsing reads UTF-8.
const toView = (s: string): string => Buffer.from(s, "utf8").toString("latin1");
const fromView = (s: string): string => Buffer.from(s, "latin1").toString("utf8");

/** setFrontmatterFields on a card's raw bytes: only the set blocks change. */
export function setFrontmatterFieldsBytes(card: Buffer, fields: Record<string, unknown>): Buffer {
  return Buffer.from(editFields(card.toString("latin1"), fields, toView, fromView), "latin1");
}

/** replaceBody on a card's raw bytes: the frontmatter bytes are kept, the body is written as UTF-8. */
export function replaceBodyBytes(card: Buffer, body: string): Buffer {
  const match = CARD.exec(card.toString("latin1"));
  return Buffer.concat([match ? card.subarray(0, match[0].length) : Buffer.alloc(0), Buffer.from(body, "utf8")]);
}

function editFields(cardText: string, fields: Record<string, unknown>, encode: (s: string) => string, decode: (s: string) => string): string {
  const match = CARD.exec(cardText);
  if (!match) throw new MemctlError(ERROR_CODES.E_CARD_FRONTMATTER, "the card has no frontmatter block (--- … ---) to edit; nothing was written");
  const [, open, fm, close] = match as unknown as [string, string, string, string];
  const before = parseCard(decode(cardText));
  if (before.errors.length > 0)
    throw new MemctlError(ERROR_CODES.E_CARD_FRONTMATTER, `the card's frontmatter does not parse (${before.errors[0]!.message}); fix it by hand first — nothing was written`);
  const eol = fm.includes("\r\n") || open.endsWith("\r\n") ? "\r\n" : "\n";
  const blocks = splitBlocks(fm);
  const endsWithNewline = fm.endsWith("\n");
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
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

function verifyEdit(before: Record<string, unknown>, nextText: string, fields: Record<string, unknown>): void {
  const after = parseCard(nextText);
  const fail = (why: string) => new MemctlError(ERROR_CODES.E_CARD_FRONTMATTER, `could not edit the frontmatter safely (${why}); nothing was written — edit this card by hand`);
  if (after.errors.length > 0) throw fail(after.errors[0]!.message);
  for (const key of new Set([...Object.keys(before), ...Object.keys(after.frontmatter)])) {
    const expected = key in fields && fields[key] !== undefined ? fields[key] : before[key];
    if (!isDeepStrictEqual(after.frontmatter[key], expected)) throw fail(`field ${key} would not read back as intended`);
  }
}

/** Replaces the body (everything after the closing ---) keeping the frontmatter bytes. */
export function replaceBody(cardText: string, body: string): string {
  const match = CARD.exec(cardText);
  return match ? match[0] + body : body;
}
