// Card numbers for compact hit lines. At 1,000 cards a prompt can hit hundreds of them, and a pending line that
// names each one runs to kilobytes: every hook re-reads the pending log, so its size is paid on every prompt.
// <memory_dir>/.memctl/usage.cards gives each card path a permanent number (its line, counted from 0 after the
// header), and a hit line then carries a bitmap or a short list of numbers instead of the paths.
//   "# memctl usage cards v1\t<registry id>\n" then one card path per line, append-only.
// The file only ever grows: a number, once given, names the same path forever, so a hit line written against it
// stays readable whatever happens to the store later. Two rebuilds appending the same new card at once both
// add a line; the first occurrence is the card's number, and both re-read the file to learn it. A line without
// its newline (a writer that died mid-append) is never counted, and the next append ends it first.
// The registry id ties hit lines to this file: lines written against a registry that was deleted since can no
// longer be read and are reported as malformed, never counted against the wrong cards.
import fs from "node:fs";
import path from "node:path";
import { STATE_DIR } from "../store/paths.js";
import { appendBytes, realDir, writeNewFile } from "../store/safe-write.js";
import { readRegular } from "../store/checked-fs.js";
import { base64urlText, decodeBase64url, utf8Text } from "../core/bytes.js";

export const USAGE_CARDS = "usage.cards";
const HEADER = "# memctl usage cards v1";
/** A registry id: short, random, and safe inside a tab-delimited first field. */
const REGISTRY_ID = /^[0-9a-z]{8,16}$/;

export interface CardRegistry {
  id: string;
  /** Card path by number. */
  cards: string[];
  /** The registry file's inode: a replaced file is a different registry. */
  ino: number;
}

/** Parses a registry's text; undefined when it is not one. Only newline-terminated lines count. */
export function parseRegistry(text: string, ino = 0): CardRegistry | undefined {
  const first = text.indexOf("\n");
  if (first === -1) return undefined;
  const [tag, id, extra] = text.slice(0, first).split("\t");
  if (tag !== HEADER || !id || !REGISTRY_ID.test(id) || extra !== undefined) return undefined;
  const last = text.lastIndexOf("\n");
  return { id, cards: last > first ? text.slice(first + 1, last).split("\n") : [], ino };
}

export function readRegistry(memoryDir: string): CardRegistry | undefined {
  const file = path.join(memoryDir, STATE_DIR, USAGE_CARDS);
  try {
    const { bytes, stat } = readRegular(file);
    return parseRegistry(utf8Text(bytes), stat.ino);
  } catch {
    return undefined;
  }
}

/** Number by card path: the first line naming a path is its number. */
export function numbersOf(registry: CardRegistry): Map<string, number> {
  const out = new Map<string, number>();
  registry.cards.forEach((card, no) => {
    if (!out.has(card)) out.set(card, no);
  });
  return out;
}

/**
 * Gives every card in `cards` a number, appending the new ones, and returns the registry with those numbers.
 * Undefined when the state directory cannot be written: hits are then recorded by path, as before.
 */
export function ensureNumbered(memoryDir: string, cards: readonly string[]): { registry: CardRegistry; numbers: Map<string, number> } | undefined {
  const dir = path.join(memoryDir, STATE_DIR);
  try {
    let registry = readRegistry(memoryDir) ?? create(dir, cards);
    if (!registry) return undefined;
    let numbers = numbersOf(registry);
    const missing = cards.filter((c) => !numbers.has(c));
    if (missing.length > 0) {
      append(path.join(dir, USAGE_CARDS), missing);
      registry = readRegistry(memoryDir);
      if (!registry) return undefined;
      numbers = numbersOf(registry);
      if (cards.some((c) => !numbers.has(c))) return undefined;
    }
    return { registry, numbers };
  } catch {
    return undefined;
  }
}

/** A new registry holding `cards`, made whole before it is linked into place; the existing one if we lost the race. */
function create(dir: string, cards: readonly string[]): CardRegistry | undefined {
  const file = path.join(dir, USAGE_CARDS);
  // Not a secret, only distinct from earlier registries of this store (node:crypto would load in every hook).
  const id = randomId();
  const tmp = `${file}.${process.pid}.${randomId()}.tmp`;
  realDir(path.dirname(dir), path.basename(dir));
  // writeNewFile removes the temp itself when the write fails (a full disk): none is ever left behind.
  writeNewFile(tmp, `${HEADER}\t${id}\n${cards.map((c) => `${c}\n`).join("")}`);
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return readRegistry(path.dirname(dir));
}

function randomId(): string {
  return (Math.random().toString(36).slice(2, 8) + Date.now().toString(36).slice(-6)).padEnd(12, "0");
}

/**
 * One O_APPEND write of the new paths (never through a link: appendBytes), first ending a torn last line if a
 * writer died mid-append.
 */
function append(file: string, cards: readonly string[]): void {
  appendBytes(file, Buffer.from(`${tornAtEnd(file) ? "\n" : ""}${cards.map((c) => `${c}\n`).join("")}`, "utf8"));
}

function tornAtEnd(file: string): boolean {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  try {
    const size = fs.fstatSync(fd).size;
    const last = Buffer.alloc(1);
    return size > 0 && fs.readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The hits of one call as a field: "b" and a base64url bitmap over card numbers, or "n" and ascending base-36
 * numbers joined by ",", whichever is shorter (a broad prompt in a big store hits thousands, a sharp one a few).
 */
export function encodeHits(numbers: ArrayLike<number>): string {
  const count = numbers.length;
  let max = -1;
  for (let i = 0; i < count; i++) if (numbers[i]! > max) max = numbers[i]!;
  const bitmapChars = Math.ceil((Math.ceil((max + 1) / 8) * 4) / 3);
  let listChars = 0;
  // Base-36 digits by arithmetic (no string per number): a broad prompt at 10,000 cards passes thousands.
  for (let i = 0; i < count && listChars <= bitmapChars; i++) listChars += base36Digits(numbers[i]!) + 1;
  if (listChars <= bitmapChars)
    return `n${Array.from(numbers)
      .sort((a, b) => a - b)
      .map((n) => n.toString(36))
      .join(",")}`;
  const bits = new Uint8Array(Math.ceil((max + 1) / 8));
  for (let i = 0; i < count; i++) bits[numbers[i]! >> 3]! |= 1 << (numbers[i]! & 7);
  return `b${base64urlText(bits)}`;
}

function base36Digits(n: number): number {
  let digits = 1;
  for (let rest = Math.floor(n / 36); rest > 0; rest = Math.floor(rest / 36)) digits++;
  return digits;
}

/** A decoded hits field: membership by card number. Undefined when the field is not one encodeHits writes. */
export interface HitSet {
  has(no: number): boolean;
  /** Every number in the set, ascending. */
  all(): number[];
}

const BASE36 = /^[0-9a-z]+$/;
const BASE64URL = /^b[A-Za-z0-9_-]+$/;

/** The bytes of a bitmap hits field ("b…"), or undefined for any other field. */
export function bitmapOf(field: string): Uint8Array | undefined {
  return field.length > 1 && field.charCodeAt(0) === 98 && BASE64URL.test(field) ? decodeBase64url(field.slice(1)) : undefined;
}

export function decodeHits(field: string): HitSet | undefined {
  const body = field.slice(1);
  const bits = bitmapOf(field);
  if (bits) {
    return {
      has: (no) => (no >= 0 && (bits[no >> 3] ?? 0) & (1 << (no & 7)) ? true : false),
      all: () => {
        const out: number[] = [];
        for (let i = 0; i < bits.length; i++) for (let b = 0; b < 8; b++) if (bits[i]! & (1 << b)) out.push(8 * i + b);
        return out;
      },
    };
  }
  if (field[0] === "n" && body !== "") {
    const parts = body.split(",");
    if (!parts.every((p) => BASE36.test(p))) return undefined;
    const set = new Set(parts.map((p) => parseInt(p, 36)));
    return { has: (no) => set.has(no), all: () => [...set].sort((a, b) => a - b) };
  }
  return undefined;
}
