// install/markdown.ts
import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
var begin = (id) => `<!-- memctl:begin ${id} (managed by memctl install; edit outside this block) -->`;
var end = (id) => `<!-- memctl:end ${id} -->`;
function findBlock(text, id, file) {
  const re = new RegExp(`<!-- memctl:begin ${id}\\b[^>]*-->`);
  const m = re.exec(text);
  const closing = text.indexOf(end(id));
  if (!m && closing === -1) return void 0;
  if (!m || closing === -1 || closing < m.index || re.test(text.slice(m.index + m[0].length))) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `${file ?? "the file"} has unbalanced memctl:${id} markers; it was left untouched \u2014 fix or delete the markers by hand`, {
      file
    });
  }
  return { start: m.index, stop: closing + end(id).length };
}
function upsertBlock(text, id, body, file) {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const block = [begin(id), ...body.replace(/\s+$/, "").split("\n"), end(id)].join(eol);
  const found = findBlock(text, id, file);
  if (found) return text.slice(0, found.start) + block + text.slice(found.stop);
  let prefix = text;
  if (prefix.length > 0 && !prefix.endsWith("\n")) prefix += eol;
  if (prefix.trim().length > 0) prefix += eol;
  return prefix + block + eol;
}
function removeBlock(text, id, file) {
  const found = findBlock(text, id, file);
  if (!found) return text;
  let { start, stop } = found;
  if (text.startsWith("\r\n", stop)) stop += 2;
  else if (text.startsWith("\n", stop)) stop += 1;
  const head = text.slice(0, start);
  if (/(\r?\n)\r?\n$/.test(head)) start -= /\r\n$/.test(head) ? 2 : 1;
  return text.slice(0, start) + text.slice(stop);
}
function hasBlock(text, id) {
  return new RegExp(`<!-- memctl:begin ${id}\\b`).test(text);
}
export {
  hasBlock,
  removeBlock,
  upsertBlock
};
