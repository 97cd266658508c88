import pc from "picocolors";
import type { Io } from "../store/io.js";
import { safeJson } from "../core/sanitize.js";

export type Colors = ReturnType<typeof pc.createColors>;

/** Colour only on a TTY, never with NO_COLOR (any non-empty value) or TERM=dumb; FORCE_COLOR wins. */
export function colorsFor(io: Io): Colors {
  const forced = io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== "0";
  const disabled = Boolean(io.env.NO_COLOR) || io.env.TERM === "dumb";
  return pc.createColors(forced || (!disabled && io.stdout.isTTY === true));
}

/** The one word every command that writes a card uses for what happened to it (save, remember, accept). */
export function writeVerb(result: { op: "create" | "update" | "unchanged"; revived?: boolean }): "revived" | "created" | "updated" | "unchanged" {
  if (result.revived) return "revived";
  return result.op === "create" ? "created" : result.op === "update" ? "updated" : "unchanged";
}

/** A progress line: `update` is absent off a terminal, so callers can skip the work of describing progress. */
export interface Progress {
  update?: (text: string, final?: boolean) => void;
  done: () => void;
}

/**
 * Progress on stderr, only when stderr is a terminal: one self-overwriting line (carriage return + erase to the
 * end of line), redrawn at most every 100 ms (a `final` update always), ended with a newline when done. Nothing
 * is drawn in the first `afterMs` (by io.now), so quick work stays quiet. A single line needs no library.
 */
export function progressLine(io: Io, options: { afterMs?: number } = {}): Progress {
  if (!io.stderr.isTTY) return { done: () => {} };
  const clock = () => io.now().getTime();
  const start = clock();
  let last = -Infinity;
  let shown = false;
  let text = "";
  return {
    update: (next, final = false) => {
      text = next;
      const now = clock();
      if (now - start < (options.afterMs ?? 0) || (!final && now - last < 100)) return;
      last = now;
      shown = true;
      io.stderr.write(`\r${text}\x1b[K`);
    },
    done: () => {
      if (shown) io.stderr.write(`\r${text}\x1b[K\n`);
      shown = false;
    },
  };
}

/** Prints one JSON report object carrying schema_version: 1. */
export function printJson(io: Io, report: object): void {
  io.stdout.write(safeJson({ schema_version: 1, ...report }) + "\n");
}

/**
 * What printJson(io, { ...report, [key]: items }) prints, `items` last, each item's text given by `item` as
 * safeJson lays it out at that depth (four spaces in), written a megabyte at a time: at 100,000 cards `list
 * --json` is 38 MB, which as one string cost a second pass for the terminal-safety escape over all of it and
 * one 38 MB encode (issue 32). test/cli/list-json.test.ts holds it to printJson's bytes. With `keep`, the items'
 * bytes (between jsonItemsFrame's head and tail) are also pushed there as the encoded pieces written: `list --json`
 * files them to print again around a frame of its own (lib/cli/list.ts).
 */
export function printJsonItems<T>(io: Io, report: object, key: string, items: readonly T[], item: (value: T) => string, keep?: Buffer[]): void {
  if (items.length === 0) {
    printJson(io, { ...report, [key]: [] });
    return;
  }
  const [head, tail] = jsonItemsFrame(report, key);
  const out = chunkedWriter(io, undefined, keep);
  // Kept pieces hold the items alone: the frame is written apart from them.
  if (keep) io.stdout.write(head);
  else out.add(head);
  for (let i = 0; i < items.length; i++) out.add(i === 0 ? item(items[i]!) : `,\n${item(items[i]!)}`);
  if (!keep) out.add(tail);
  out.end();
  if (keep) io.stdout.write(tail);
}

/** What printJsonItems writes before its items (joined by ",\n") and after them, for a non-empty list. */
export function jsonItemsFrame(report: object, key: string): [head: string, tail: string] {
  const whole = safeJson({ schema_version: 1, ...report, [key]: [0] });
  const at = whole.lastIndexOf("\n    0\n");
  return [whole.slice(0, at + 1), `${whole.slice(at + 6)}\n`];
}

/**
 * Text written in pieces of about a megabyte: never one string of the whole output. With `keep`, each piece is
 * written as its UTF-8 bytes and pushed there too.
 */
export function chunkedWriter(io: Io, size = 1 << 20, keep?: Buffer[]): { add(text: string): void; end(): void } {
  let parts: string[] = [];
  let length = 0;
  const flush = () => {
    if (parts.length > 0 && keep) {
      const piece = Buffer.from(parts.join(""), "utf8");
      io.stdout.write(piece);
      keep.push(piece);
    } else if (parts.length > 0) io.stdout.write(parts.join(""));
    parts = [];
    length = 0;
  };
  return {
    add(text) {
      parts.push(text);
      length += text.length;
      if (length >= size) flush();
    },
    end: flush,
  };
}

/** Pads text to a display width, counting East Asian wide characters as two columns. */
export function padEnd(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}

/** Terminal columns a string occupies (wide CJK = 2). */
export function displayWidth(text: string): number {
  if (allNarrow(text, text.length)) return text.length;
  let width = 0;
  for (const ch of text) width += isWide(ch.codePointAt(0)!) ? 2 : 1;
  return width;
}

/**
 * Whether the first `n` UTF-16 units of `text` are each one narrow character: below U+1100, where isWide's ranges
 * start (no surrogate either). `list` measures 100,000 rows' cells: a loop over char codes, not code points.
 */
export function allNarrow(text: string, n: number): boolean {
  for (let i = 0; i < n && i < text.length; i++) if (text.charCodeAt(i) >= 0x1100) return false;
  return true;
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}
