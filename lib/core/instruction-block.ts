// The instruction parts memctl adds for a host, as one fenced block within a byte budget. The always-on layer is
// paid on every turn, so it is bounded: parts go in order (broad to specific, each import after its importer) and
// the first part that does not fit ends the block, with one line saying how much was left out and where to see it.
// A part is never cut in the middle: half a rule reads as a different rule.
import { inertBlock } from "./sanitize-block.js";
import { redactSecretLines } from "./secret-patterns.js";
import { utf8Bytes } from "./block.js";
import type { InstructionPart } from "./instructions.js";

export const INSTRUCTIONS_OPEN = "<memctl-instructions>";
export const INSTRUCTIONS_CLOSE = "</memctl-instructions>";
const HEAD =
  "Standing instructions this host does not load by itself, composed by memctl (user → project → subtree, @imports expanded). Each part names its file; follow them as you would the host's own instruction files.";

export interface InstructionBlock {
  /** The block ("" when no part is added), its bytes, and which parts went in or were left out. */
  text: string;
  bytes: number;
  included: InstructionPart[];
  omitted: InstructionPart[];
}

/** The heading of one part: its file, and for an import where it was imported. */
export function partHeading(part: InstructionPart, display: (file: string) => string): string {
  const origin = part.from ? `, imported by ${display(part.from.file)}:${part.from.line} (@${part.from.target})` : "";
  return `--- ${display(part.file)} (${part.layer}${origin})`;
}

export function renderInstructionBlock(parts: readonly InstructionPart[], options: { maxBytes: number; display: (file: string) => string; moreCommand: string }): InstructionBlock {
  if (parts.length === 0) return { text: "", bytes: 0, included: [], omitted: [] };
  // Instruction files are the project's, not memory, but what enters a block is redacted all the same (a `.env`
  // a CLAUDE.md imports, a token pasted into AGENTS.md).
  const pieces = parts.map((p) => `${partHeading(p, options.display)}\n${defuse(inertBlock(redactSecretLines(p.text.replace(/\n+$/, "").split("\n")).join("\n")))}`);
  const frame = (body: readonly string[], note?: string) => [INSTRUCTIONS_OPEN, HEAD, ...body, ...(note ? [note] : []), INSTRUCTIONS_CLOSE].join("\n") + "\n";
  const note = (omitted: readonly InstructionPart[]) =>
    `(${omitted.length} instruction part${omitted.length === 1 ? "" : "s"}, ${omitted.reduce((n, p) => n + p.bytes, 0)} bytes, left out over the ${options.maxBytes}-byte budget ([instructions] max_bytes): ${options.moreCommand} shows them)`;
  let kept = pieces.length;
  // Drop parts from the end until the block, with its note when something is left out, fits.
  while (kept > 0 && utf8Bytes(frame(pieces.slice(0, kept), kept < pieces.length ? note(parts.slice(kept)) : undefined)) > options.maxBytes) kept--;
  const omitted = parts.slice(kept);
  // Even when no part fits, the model hears that standing instructions exist and where (when that line fits).
  const text = frame(pieces.slice(0, kept), omitted.length ? note(omitted) : undefined);
  if (utf8Bytes(text) > options.maxBytes) return { text: "", bytes: 0, included: [], omitted };
  return { text, bytes: utf8Bytes(text), included: parts.slice(0, kept), omitted };
}

/** No instruction text can close the block early. */
function defuse(text: string): string {
  return text.toLowerCase().includes("memctl-instructions") ? text.replace(/<(\/?)memctl-instructions/gi, "<$1memctl-instructions\u200b") : text;
}
