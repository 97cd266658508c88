import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import { isDeepStrictEqual } from "node:util";
import { ERROR_CODES, MemctlError } from "./errors.js";

// JSON-with-comments edits done as text splices at offsets from jsonc-parser's tree, so every byte we did
// not add (comments, key order, compact objects, trailing commas) survives, and removing what we added gives
// back the exact input. jsonc-parser's own modify() re-formats the neighbouring lines, which would not.

export type JsonPath = (string | number)[];

/** Parses a JSONC document whose root must be an object; anything else throws E_CONFIG_PARSE. */
export function parseJsoncRoot(text: string, file = "the file"): Node {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || !root) {
    const first = errors[0];
    const where = first ? ` at line ${lineOf(text, first.offset)} (${printParseErrorCode(first.error)})` : "";
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `${file} is not valid JSON${where}; it was left untouched — fix it by hand, then run the command again`, { file });
  }
  if (root.type !== "object") {
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `${file} must hold a JSON object at the top level; it was left untouched`, { file });
  }
  return root;
}

/** The plain value of a JSONC document (comments dropped); throws E_CONFIG_PARSE when it does not parse. */
export function readJsonc(text: string, file?: string): Record<string, unknown> {
  return nodeValue(parseJsoncRoot(text, file)) as Record<string, unknown>;
}

export function nodeValue(node: Node | undefined): unknown {
  if (!node) return undefined;
  switch (node.type) {
    case "object":
      return Object.fromEntries((node.children ?? []).map((p) => [p.children![0]!.value as string, nodeValue(p.children![1])]));
    case "array":
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

/** Adds `key: value` as the last member of the object at `path` (or appends `value` when the container is an array). */
export function appendMember(text: string, path: JsonPath, key: string | undefined, value: unknown): string {
  const container = findNodeAtLocation(parseJsoncRoot(text), path);
  if (!container || (key === undefined ? container.type !== "array" : container.type !== "object")) {
    throw new MemctlError(
      ERROR_CODES.E_CONFIG_PARSE,
      `expected ${key === undefined ? "an array" : "an object"} at ${path.join(".") || "the top level"}; the file was left untouched`,
    );
  }
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const unit = indentUnit(text);
  const members = container.children ?? [];
  const render = (indent: string) => {
    const body = JSON.stringify(value, null, unit)
      .split("\n")
      .join(eol + indent);
    return `${indent}${key === undefined ? "" : `${JSON.stringify(key)}: `}${body}`;
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
  // A container written on one line stays on one line; otherwise the new member gets its own line.
  const compact = !text.slice(container.offset, last.offset).includes("\n");
  const lead = compact ? " " : eol;
  const piece = compact ? `${key === undefined ? "" : `${JSON.stringify(key)}: `}${JSON.stringify(value)}` : render(lineIndent(text, last.offset));
  const end = last.offset + last.length;
  const trailingComma = commaAfter(text, end);
  const insertion = trailingComma !== undefined ? { at: trailingComma + 1, content: `${lead}${piece},` } : { at: end, content: `,${lead}${piece}` };
  return verify(text, text.slice(0, insertion.at) + insertion.content + text.slice(insertion.at), path, key, value);
}

/** Removes the member at `path` (object property or array element), undoing exactly what appendMember adds. */
export function removeMember(text: string, path: JsonPath): string {
  const root = parseJsoncRoot(text);
  const node = findNodeAtLocation(root, path);
  if (!node) return text;
  const member = node.parent?.type === "property" ? node.parent : node;
  const container = member.parent!;
  const siblings = container.children ?? [];
  const index = siblings.indexOf(member);
  const end = member.offset + member.length;
  let next: string;
  if (siblings.length === 1) {
    const open = container.offset;
    const close = container.offset + container.length - 1;
    const between = text.slice(open + 1, close);
    const strippedInner = between.slice(0, member.offset - open - 1) + between.slice(end - open - 1);
    // The only member goes; a container left holding only whitespace (and maybe a comma) collapses to {} / [].
    next = text.slice(0, open + 1) + (strippedInner.replace(/,/, "").trim() === "" ? "" : strippedInner) + text.slice(close);
  } else if (index === siblings.length - 1) {
    const prev = siblings[index - 1]!;
    const prevEnd = prev.offset + prev.length;
    const ownComma = commaAfter(text, end);
    // Trailing-comma style keeps the comma after the previous member; otherwise the comma before us goes.
    next = ownComma !== undefined ? text.slice(0, commaAfter(text, prevEnd)! + 1) + text.slice(ownComma + 1) : text.slice(0, prevEnd) + text.slice(end);
  } else {
    const following = siblings[index + 1]!;
    next = text.slice(0, lineStartOrOffset(text, member.offset)) + text.slice(lineStartOrOffset(text, following.offset));
  }
  const expected = nodeValue(root) as Record<string, unknown>;
  deleteAt(expected, path);
  if (!isDeepStrictEqual(nodeValue(parseJsoncRoot(next)), expected)) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `could not remove ${path.join(".")} cleanly; the file was left untouched — remove it by hand`);
  }
  return next;
}

/** Replaces the value at `path` (which must exist) with `value`, keeping everything around it. */
export function replaceValue(text: string, path: JsonPath, value: unknown): string {
  const node = findNodeAtLocation(parseJsoncRoot(text), path);
  if (!node) throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `nothing at ${path.join(".")} to replace`);
  const indent = lineIndent(text, node.offset);
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const body = JSON.stringify(value, null, indentUnit(text))
    .split("\n")
    .join(eol + indent);
  return text.slice(0, node.offset) + body + text.slice(node.offset + node.length);
}

function verify(before: string, after: string, path: JsonPath, key: string | undefined, value: unknown): string {
  const expected = nodeValue(parseJsoncRoot(before)) as Record<string, unknown>;
  const container = getAt(expected, path) as Record<string, unknown> | unknown[];
  if (key === undefined) (container as unknown[]).push(value);
  else (container as Record<string, unknown>)[key] = value;
  if (!isDeepStrictEqual(nodeValue(parseJsoncRoot(after)), expected)) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `could not add ${[...path, key ?? "[]"].join(".")} cleanly; the file was left untouched`);
  }
  return after;
}

function getAt(value: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
}

function deleteAt(value: unknown, path: JsonPath): void {
  const parent = getAt(value, path.slice(0, -1)) as Record<string | number, unknown> | unknown[];
  const last = path[path.length - 1]!;
  if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete parent[last];
}

/** Offset of the comma that directly follows `from` (skipping whitespace and comments), if any. */
function commaAfter(text: string, from: number): number | undefined {
  let i = from;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) i++;
    else if (text.startsWith("//", i)) i = text.indexOf("\n", i) === -1 ? text.length : text.indexOf("\n", i);
    else if (text.startsWith("/*", i)) i = text.indexOf("*/", i) === -1 ? text.length : text.indexOf("*/", i) + 2;
    else return ch === "," ? i : undefined;
  }
  return undefined;
}

/** The start of the line holding `offset` when only whitespace precedes it there; else `offset` itself. */
function lineStartOrOffset(text: string, offset: number): number {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return text.slice(start, offset).trim() === "" ? start : offset;
}

function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** The file's indent unit: the leading whitespace of its first indented line, else two spaces. */
export function indentUnit(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  return m ? m[1]! : "  ";
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split("\n").length;
}
