import { inertText } from "../core/sanitize.js";
import { displayWidth } from "./output.js";

// Small rendering helpers shared by the doctor and stats printers: aligned tables, bars, number formats.
// Every memory-derived string passes through `inert` before it reaches the terminal.

/** Memory-derived text made terminal-safe (control characters as inert \xNN). */
export const inert = inertText;

/** 12345 → "12,345". */
export function num(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Bytes in a readable unit: "812 B", "3.1 KB", "2.4 MB". */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** "62.5%", or "—" when there is nothing to measure. */
export function percent(p: number | null): string {
  return p === null ? "—" : `${p.toFixed(1)}%`;
}

const EIGHTHS = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/** A horizontal bar of `width` cells for value/max, with eighth-cell resolution. */
export function bar(value: number, max: number, width = 20): string {
  if (max <= 0 || value <= 0) return "";
  const cells = Math.min(width, (value / max) * width);
  const full = Math.floor(cells);
  return "█".repeat(full) + EIGHTHS[Math.round((cells - full) * 8) % 8];
}

/** Aligns rows into columns (display width aware, so CJK stays aligned); `right` lists right-aligned columns. */
export function table(rows: string[][], options: { indent?: string; right?: number[]; gap?: string } = {}): string[] {
  const indent = options.indent ?? "  ";
  const gap = options.gap ?? "  ";
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, displayWidth(stripAnsi(cell)));
    });
  }
  return rows.map(
    (row) =>
      indent +
      row
        .map((cell, i) => {
          if (i === row.length - 1 && !options.right?.includes(i)) return cell;
          const pad = widths[i]! - displayWidth(stripAnsi(cell));
          return options.right?.includes(i) ? " ".repeat(Math.max(0, pad)) + cell : cell + " ".repeat(Math.max(0, pad));
        })
        .join(gap)
        .trimEnd(),
  );
}

// Colour codes are added by picocolors after inert() has run, so only our own SGR sequences are stripped here.
const ANSI = /\u001b\[[0-9;]*m/g;
function stripAnsi(text: string): string {
  return text.replace(ANSI, "");
}
