// lib/core/jsonc.ts
import { findNodeAtLocation, parseTree, printParseErrorCode } from "../../vendor/jsonc-parser.js";
import { isDeepStrictEqual } from "node:util";
import { ERROR_CODES, MemctlError } from "./errors.js";
function parseJsoncRoot(text, file = "the file") {
  const errors = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || !root) {
    const first = errors[0];
    const where = first ? ` at line ${lineOf(text, first.offset)} (${printParseErrorCode(first.error)})` : "";
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `${file} is not valid JSON${where}; it was left untouched \u2014 fix it by hand, then run the command again`, { file });
  }
  if (root.type !== "object") {
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `${file} must hold a JSON object at the top level; it was left untouched`, { file });
  }
  return root;
}
function readJsonc(text, file) {
  return nodeValue(parseJsoncRoot(text, file));
}
function nodeValue(node) {
  if (!node) return void 0;
  switch (node.type) {
    case "object":
      return Object.fromEntries((node.children ?? []).map((p) => [p.children[0].value, nodeValue(p.children[1])]));
    case "array":
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}
function appendMember(text, path, key, value) {
  const container = findNodeAtLocation(parseJsoncRoot(text), path);
  if (!container || (key === void 0 ? container.type !== "array" : container.type !== "object")) {
    throw new MemctlError(
      ERROR_CODES.E_CONFIG_PARSE,
      `expected ${key === void 0 ? "an array" : "an object"} at ${path.join(".") || "the top level"}; the file was left untouched`
    );
  }
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const unit = indentUnit(text);
  const members = container.children ?? [];
  const render = (indent) => {
    const body = JSON.stringify(value, null, unit).split("\n").join(eol + indent);
    return `${indent}${key === void 0 ? "" : `${JSON.stringify(key)}: `}${body}`;
  };
  const last = members[members.length - 1];
  if (!last) {
    const open = container.offset;
    const close = container.offset + container.length - 1;
    const outer = lineIndent(text, open);
    const inner = text.slice(open + 1, close);
    if (inner.trim() !== "") throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, "cannot add to a container that holds only comments; edit it by hand");
    const next = `${eol}${render(outer + unit)}${eol}${outer}`;
    return verify(text, text.slice(0, open + 1) + next + text.slice(close), path, key, value);
  }
  const compact = !text.slice(container.offset, last.offset).includes("\n");
  const lead = compact ? " " : eol;
  const piece = compact ? `${key === void 0 ? "" : `${JSON.stringify(key)}: `}${JSON.stringify(value)}` : render(lineIndent(text, last.offset));
  const end = last.offset + last.length;
  const trailingComma = commaAfter(text, end);
  const insertion = trailingComma !== void 0 ? { at: trailingComma + 1, content: `${lead}${piece},` } : { at: end, content: `,${lead}${piece}` };
  return verify(text, text.slice(0, insertion.at) + insertion.content + text.slice(insertion.at), path, key, value);
}
function removeMember(text, path) {
  const root = parseJsoncRoot(text);
  const node = findNodeAtLocation(root, path);
  if (!node) return text;
  const member = node.parent?.type === "property" ? node.parent : node;
  const container = member.parent;
  const siblings = container.children ?? [];
  const index = siblings.indexOf(member);
  const end = member.offset + member.length;
  let next;
  if (siblings.length === 1) {
    const open = container.offset;
    const close = container.offset + container.length - 1;
    const between = text.slice(open + 1, close);
    const strippedInner = between.slice(0, member.offset - open - 1) + between.slice(end - open - 1);
    next = text.slice(0, open + 1) + (strippedInner.replace(/,/, "").trim() === "" ? "" : strippedInner) + text.slice(close);
  } else if (index === siblings.length - 1) {
    const prev = siblings[index - 1];
    const prevEnd = prev.offset + prev.length;
    const ownComma = commaAfter(text, end);
    next = ownComma !== void 0 ? text.slice(0, commaAfter(text, prevEnd) + 1) + text.slice(ownComma + 1) : text.slice(0, prevEnd) + text.slice(end);
  } else {
    const following = siblings[index + 1];
    next = text.slice(0, lineStartOrOffset(text, member.offset)) + text.slice(lineStartOrOffset(text, following.offset));
  }
  const expected = nodeValue(root);
  deleteAt(expected, path);
  if (!isDeepStrictEqual(nodeValue(parseJsoncRoot(next)), expected)) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `could not remove ${path.join(".")} cleanly; the file was left untouched \u2014 remove it by hand`);
  }
  return next;
}
function replaceValue(text, path, value) {
  const node = findNodeAtLocation(parseJsoncRoot(text), path);
  if (!node) throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `nothing at ${path.join(".")} to replace`);
  const indent = lineIndent(text, node.offset);
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const body = JSON.stringify(value, null, indentUnit(text)).split("\n").join(eol + indent);
  return text.slice(0, node.offset) + body + text.slice(node.offset + node.length);
}
function verify(before, after, path, key, value) {
  const expected = nodeValue(parseJsoncRoot(before));
  const container = getAt(expected, path);
  if (key === void 0) container.push(value);
  else container[key] = value;
  if (!isDeepStrictEqual(nodeValue(parseJsoncRoot(after)), expected)) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `could not add ${[...path, key ?? "[]"].join(".")} cleanly; the file was left untouched`);
  }
  return after;
}
function getAt(value, path) {
  return path.reduce((v, k) => v[k], value);
}
function deleteAt(value, path) {
  const parent = getAt(value, path.slice(0, -1));
  const last = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(last, 1);
  else delete parent[last];
}
function commaAfter(text, from) {
  let i = from;
  while (i < text.length) {
    const ch = text[i];
    if (/\s/.test(ch)) i++;
    else if (text.startsWith("//", i)) i = text.indexOf("\n", i) === -1 ? text.length : text.indexOf("\n", i);
    else if (text.startsWith("/*", i)) i = text.indexOf("*/", i) === -1 ? text.length : text.indexOf("*/", i) + 2;
    else return ch === "," ? i : void 0;
  }
  return void 0;
}
function lineStartOrOffset(text, offset) {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return text.slice(start, offset).trim() === "" ? start : offset;
}
function lineIndent(text, offset) {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))[0];
}
function indentUnit(text) {
  const m = /\n([ \t]+)\S/.exec(text);
  return m ? m[1] : "  ";
}
function lineOf(text, offset) {
  return text.slice(0, offset).split("\n").length;
}
export {
  appendMember,
  indentUnit,
  nodeValue,
  parseJsoncRoot,
  readJsonc,
  removeMember,
  replaceValue
};
