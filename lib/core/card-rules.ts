import { ERROR_CODES, MemctlError } from "./errors.js";
import { parseCard, REQUIRED_FIELDS } from "./card.js";
import { CARD_TYPES } from "./card-types.js";
import { TAG_CHARACTER } from "./sanitize.js";

// The authoring rules of a card, in one place: save, accept and the file tools (CLI manage, MCP memory_manage)
// all check a card's text here before writing it. A card is a file named `<type>_<name>.md` at the store root;
// anything else (people/alex.md, notes/…) is a free note and is written as given.

export { CARD_TYPES };
// Defined beside the types (no js-yaml there), so the per-prompt hook can count card files without loading it.
export { isCardFile } from "./card-types.js";
export const DESCRIPTION_MAX = 200;
/** The fields a written card carries: the description (its index hook) and what doctor requires. */
export const CARD_REQUIRED = ["description", ...REQUIRED_FIELDS] as const;

/** Authoring rule for a description: at most 200 characters (imports are exempt and stored verbatim). */
export function descriptionProblem(description: string): string | undefined {
  const length = [...description].length;
  if (length > DESCRIPTION_MAX)
    return `the description is ${length} characters; the limit is ${DESCRIPTION_MAX} when authoring. Keep the injected line short and put the detail in the body (--body-file FILE or - for stdin).`;
  if (description.trim() === "") return "the description is empty; say in one line what the card is for";
  return undefined;
}

/**
 * Why `text` may not enter memory for what it hides from people, or undefined. Unicode tag characters
 * (U+E0000–U+E007F) spell ASCII that no terminal, editor or review shows and a model reads: instructions hidden
 * under a harmless card ("ASCII smuggling"). No card, proposal or index line needs them.
 */
export function hiddenTextProblem(text: string): string | undefined {
  if (!TAG_CHARACTER.test(text)) return undefined;
  const n = text.match(new RegExp(TAG_CHARACTER.source, "g"))!.length;
  return `it holds ${n} invisible Unicode tag characters (U+E0000–U+E007F): text a model reads and no person sees in review; remove them`;
}

/**
 * `bytes` without the tag characters hiddenTextProblem names (UTF-8 F3 A0 80–81 xx), and how many there were: an
 * import keeps everything a person can see and drops what only a model reads (other writes refuse them).
 */
export function withoutTagBytes(bytes: Uint8Array): { bytes: Uint8Array; removed: number } {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  let removed = 0;
  for (let at = 0; at < bytes.length; at++) {
    if (bytes[at] === 0xf3 && bytes[at + 1] === 0xa0 && (bytes[at + 2] === 0x80 || bytes[at + 2] === 0x81) && (bytes[at + 3]! & 0xc0) === 0x80) {
      removed++;
      at += 3;
    } else out[n++] = bytes[at]!;
  }
  return removed === 0 ? { bytes, removed } : { bytes: out.subarray(0, n), removed };
}

/**
 * What keeps `text` from being a valid card; empty when it is one. The description is judged only when it is
 * new or changed from `previous` (an imported card's long description is kept as it was).
 */
export function cardTextProblems(text: string, previous?: string): string[] {
  return check(text, previous).problems;
}

/** Refuses a card text that breaks the rules, naming every problem; E_DESCRIPTION_TOO_LONG when that is the only one. */
export function assertCardText(file: string, text: string, previous?: string, fix = 'write it with "memctl save", or give it the full frontmatter'): void {
  const { problems, tooLong } = check(text, previous);
  if (problems.length === 0) return;
  const code = tooLong && problems.length === 1 ? ERROR_CODES.E_DESCRIPTION_TOO_LONG : ERROR_CODES.E_CARD_RULES;
  const named = problems.join("; ").replace(/\.$/, "");
  throw new MemctlError(code, `${file} is named like a card, so it must be one: ${named}. Nothing was written; ${fix}.`, { file, problems, limit: DESCRIPTION_MAX });
}

function check(text: string, previous: string | undefined): { problems: string[]; tooLong: boolean } {
  const hidden = hiddenTextProblem(text);
  const checked = checkCard(text, previous);
  return hidden ? { problems: [...checked.problems, hidden], tooLong: false } : checked;
}

function checkCard(text: string, previous: string | undefined): { problems: string[]; tooLong: boolean } {
  const card = parseCard(text);
  if (!card.hasFrontmatter) return { problems: [`it has no frontmatter block (--- … ---); a card starts with the fields ${CARD_REQUIRED.join(", ")}`], tooLong: false };
  if (card.errors.length > 0) return { problems: card.errors.map((e) => e.message), tooLong: false };
  const problems: string[] = [];
  const missing = CARD_REQUIRED.filter((f) => !(f in card.frontmatter));
  if (missing.length > 0) problems.push(`it lacks the required field${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  // A value of the wrong shape ("priority: urgent") would be read as absent, silently: refused when written or
  // changed, so an edit elsewhere in a card that already holds one is not blocked by it.
  const prior = previous === undefined ? undefined : parseCard(previous);
  for (const w of card.warnings) {
    if (w.field && prior && JSON.stringify(prior.frontmatter[w.field]) === JSON.stringify(card.frontmatter[w.field])) continue;
    problems.push(w.message);
  }
  const description = card.meta.description ?? ("description" in card.frontmatter ? "" : undefined);
  let tooLong = false;
  if (description !== undefined && (prior === undefined || prior.meta.description !== card.meta.description)) {
    const problem = descriptionProblem(description);
    if (problem) problems.push(problem);
    tooLong = [...description].length > DESCRIPTION_MAX;
  }
  return { problems, tooLong };
}

/**
 * Whether `after` says word for word what `before` says: the same frontmatter values (in any key order or quoting) and
 * the same body lines (line endings, blank lines at either end, a run of blank lines for one outside code, trailing spaces and runs of
 * spaces or tabs inside a line aside). Such an edit brings nothing for a person to review. The frontmatter's text must
 * also hold the same words: a YAML comment parses to nothing, yet an agent that opens the card reads it. A body's line
 * breaks and indents are kept: moving them turns a snippet's `# rm -rf …` into a command, or a line out of its `if`.
 */
export function sameWords(before: string, after: string): boolean {
  const a = parseCard(before);
  const b = parseCard(after);
  if (a.errors.length > 0 || b.errors.length > 0 || a.hasFrontmatter !== b.hasFrontmatter) return false;
  return canonical(a.frontmatter) === canonical(b.frontmatter) && textWords(a.frontmatterText) === textWords(b.frontmatterText) && bodyLines(a.body) === bodyLines(b.body);
}

/**
 * A body's lines as compared: each outside a fence with its indent as written and its other runs of spaces and tabs as
 * one space (no other whitespace: String.trim's Unicode spaces are characters a teammate could swap in), a run of blank
 * lines as one and none at either end. Whether a blank line stands between two lines is kept: it makes or ends a
 * heading, a list or a code block. A fenced block's lines are kept exactly (a blank line or a space after a shell
 * continuation's backslash runs the command without its guard), as are a line indented four columns and the count of
 * blank lines before it (indented code), and a trailing space after a backslash anywhere.
 */
function bodyLines(body: string): string {
  const out: string[] = [];
  let fence: { mark: string; length: number } | undefined;
  let blanks = 0;
  for (const line of body.split(/\r\n|\r|\n/)) {
    if (fence) {
      out.push(line);
      const close = FENCE_MARK.exec(line);
      if (close && close[2] === "" && close[1]![0] === fence.mark && close[1]!.length >= fence.length) fence = undefined;
      continue;
    }
    if (/^[ \t]*$/.test(line)) {
      if (out.length > 0) blanks++;
      continue;
    }
    // Before a code-indented line (an indented code block's, or a list item's) the run is the code's own text.
    const code = CODE_INDENT.test(line);
    for (let k = code ? blanks : Math.min(blanks, 1); k > 0; k--) out.push("");
    blanks = 0;
    const indent = /^[ \t]*/.exec(line)![0];
    const rest = line.slice(indent.length).replace(/[ \t]+/g, " ");
    out.push(code ? line : indent + (rest.endsWith("\\ ") ? rest : rest.replace(/ $/, "")));
    const open = FENCE_MARK.exec(line);
    // Backticks in a backtick fence's info string make it inline code, not a fence (CommonMark).
    if (open && !(open[1]![0] === "`" && open[2]!.includes("`"))) fence = { mark: open[1]![0]!, length: open[1]!.length };
  }
  return out.join("\n");
}

/** Four columns of indent (a tab reaches them): CommonMark's indented code, compared exactly like a fence's lines. */
const CODE_INDENT = /^(?: {0,3}\t| {4})/;

/** A fence line at any indent (more fences than CommonMark's, so more lines are compared exactly): its mark, the rest. */
const FENCE_MARK = /^[ \t]*(`{3,}|~{3,})(.*?)[ \t]*$/;

/** A frontmatter's words in sorted order, quotes and flow brackets aside: the same in any key order or quoting. */
function textWords(frontmatter: string): string {
  return frontmatter
    .split(/[\s"'[\]{},]+/)
    .filter(Boolean)
    .sort()
    .join(" ");
}

/** A parsed YAML value as JSON with every mapping's keys sorted: the same values in another order (or quoting) match. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : v,
  );
}
