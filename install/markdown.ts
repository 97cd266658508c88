import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";

// A marker-delimited block in a Markdown file (AGENTS.md, rules files). The block is ours; everything
// outside it is the user's and is never touched. Removing the block gives back the exact original text.

const begin = (id: string) => `<!-- memctl:begin ${id} (managed by memctl install; edit outside this block) -->`;
const end = (id: string) => `<!-- memctl:end ${id} -->`;

interface Found {
  start: number;
  stop: number;
}

function findBlock(text: string, id: string, file?: string): Found | undefined {
  const re = new RegExp(`<!-- memctl:begin ${id}\\b[^>]*-->`);
  const m = re.exec(text);
  const closing = text.indexOf(end(id));
  if (!m && closing === -1) return undefined;
  if (!m || closing === -1 || closing < m.index || re.test(text.slice(m.index + m[0].length))) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `${file ?? "the file"} has unbalanced memctl:${id} markers; it was left untouched — fix or delete the markers by hand`, {
      file,
    });
  }
  return { start: m.index, stop: closing + end(id).length };
}

/** Inserts or replaces the block `id` with `body`; appended after a blank line when new. */
export function upsertBlock(text: string, id: string, body: string, file?: string): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const block = [begin(id), ...body.replace(/\s+$/, "").split("\n"), end(id)].join(eol);
  const found = findBlock(text, id, file);
  if (found) return text.slice(0, found.start) + block + text.slice(found.stop);
  let prefix = text;
  if (prefix.length > 0 && !prefix.endsWith("\n")) prefix += eol;
  if (prefix.trim().length > 0) prefix += eol;
  return prefix + block + eol;
}

/** Removes the block `id` (and the line break and blank line upsertBlock added with it). */
export function removeBlock(text: string, id: string, file?: string): string {
  const found = findBlock(text, id, file);
  if (!found) return text;
  let { start, stop } = found;
  if (text.startsWith("\r\n", stop)) stop += 2;
  else if (text.startsWith("\n", stop)) stop += 1;
  const head = text.slice(0, start);
  if (/(\r?\n)\r?\n$/.test(head)) start -= /\r\n$/.test(head) ? 2 : 1;
  return text.slice(0, start) + text.slice(stop);
}

export function hasBlock(text: string, id: string): boolean {
  return new RegExp(`<!-- memctl:begin ${id}\\b`).test(text);
}
