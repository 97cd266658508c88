// lib/core/instruction-block.ts
import { inertBlock } from "./sanitize-block.js";
import { redactSecretLines } from "./secret-patterns.js";
import { utf8Bytes } from "./block.js";
var INSTRUCTIONS_OPEN = "<memctl-instructions>";
var INSTRUCTIONS_CLOSE = "</memctl-instructions>";
var HEAD = "Standing instructions this host does not load by itself, composed by memctl (user \u2192 project \u2192 subtree, @imports expanded). Each part names its file; follow them as you would the host's own instruction files.";
function partHeading(part, display) {
  const origin = part.from ? `, imported by ${display(part.from.file)}:${part.from.line} (@${part.from.target})` : "";
  return `--- ${display(part.file)} (${part.layer}${origin})`;
}
function renderInstructionBlock(parts, options) {
  if (parts.length === 0) return { text: "", bytes: 0, included: [], omitted: [] };
  const pieces = parts.map((p) => `${partHeading(p, options.display)}
${defuse(inertBlock(redactSecretLines(p.text.replace(/\n+$/, "").split("\n")).join("\n")))}`);
  const frame = (body, note2) => [INSTRUCTIONS_OPEN, HEAD, ...body, ...note2 ? [note2] : [], INSTRUCTIONS_CLOSE].join("\n") + "\n";
  const note = (omitted2) => `(${omitted2.length} instruction part${omitted2.length === 1 ? "" : "s"}, ${omitted2.reduce((n, p) => n + p.bytes, 0)} bytes, left out over the ${options.maxBytes}-byte budget ([instructions] max_bytes): ${options.moreCommand} shows them)`;
  let kept = pieces.length;
  while (kept > 0 && utf8Bytes(frame(pieces.slice(0, kept), kept < pieces.length ? note(parts.slice(kept)) : void 0)) > options.maxBytes) kept--;
  const omitted = parts.slice(kept);
  const text = frame(pieces.slice(0, kept), omitted.length ? note(omitted) : void 0);
  if (utf8Bytes(text) > options.maxBytes) return { text: "", bytes: 0, included: [], omitted };
  return { text, bytes: utf8Bytes(text), included: parts.slice(0, kept), omitted };
}
function defuse(text) {
  return text.toLowerCase().includes("memctl-instructions") ? text.replace(/<(\/?)memctl-instructions/gi, "<$1memctl-instructions\u200B") : text;
}
export {
  INSTRUCTIONS_CLOSE,
  INSTRUCTIONS_OPEN,
  partHeading,
  renderInstructionBlock
};
