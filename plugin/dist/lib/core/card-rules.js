// lib/core/card-rules.ts
import { ERROR_CODES, MemctlError } from "./errors.js";
import { parseCard, REQUIRED_FIELDS } from "./card.js";
import { CARD_TYPES } from "./card-types.js";
import { TAG_CHARACTER } from "./sanitize.js";
import { isCardFile } from "./card-types.js";
var DESCRIPTION_MAX = 200;
var CARD_REQUIRED = ["description", ...REQUIRED_FIELDS];
function descriptionProblem(description) {
  const length = [...description].length;
  if (length > DESCRIPTION_MAX)
    return `the description is ${length} characters; the limit is ${DESCRIPTION_MAX} when authoring. Keep the injected line short and put the detail in the body (--body-file FILE or - for stdin).`;
  if (description.trim() === "") return "the description is empty; say in one line what the card is for";
  return void 0;
}
function hiddenTextProblem(text) {
  if (!TAG_CHARACTER.test(text)) return void 0;
  const n = text.match(new RegExp(TAG_CHARACTER.source, "g")).length;
  return `it holds ${n} invisible Unicode tag characters (U+E0000\u2013U+E007F): text a model reads and no person sees in review; remove them`;
}
function withoutTagBytes(bytes) {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  let removed = 0;
  for (let at = 0; at < bytes.length; at++) {
    if (bytes[at] === 243 && bytes[at + 1] === 160 && (bytes[at + 2] === 128 || bytes[at + 2] === 129) && (bytes[at + 3] & 192) === 128) {
      removed++;
      at += 3;
    } else out[n++] = bytes[at];
  }
  return removed === 0 ? { bytes, removed } : { bytes: out.subarray(0, n), removed };
}
function cardTextProblems(text, previous) {
  return check(text, previous).problems;
}
function assertCardText(file, text, previous, fix = 'write it with "memctl save", or give it the full frontmatter') {
  const { problems, tooLong } = check(text, previous);
  if (problems.length === 0) return;
  const code = tooLong && problems.length === 1 ? ERROR_CODES.E_DESCRIPTION_TOO_LONG : ERROR_CODES.E_CARD_RULES;
  const named = problems.join("; ").replace(/\.$/, "");
  throw new MemctlError(code, `${file} is named like a card, so it must be one: ${named}. Nothing was written; ${fix}.`, { file, problems, limit: DESCRIPTION_MAX });
}
function check(text, previous) {
  const hidden = hiddenTextProblem(text);
  const checked = checkCard(text, previous);
  return hidden ? { problems: [...checked.problems, hidden], tooLong: false } : checked;
}
function checkCard(text, previous) {
  const card = parseCard(text);
  if (!card.hasFrontmatter) return { problems: [`it has no frontmatter block (--- \u2026 ---); a card starts with the fields ${CARD_REQUIRED.join(", ")}`], tooLong: false };
  if (card.errors.length > 0) return { problems: card.errors.map((e) => e.message), tooLong: false };
  const problems = [];
  const missing = CARD_REQUIRED.filter((f) => !(f in card.frontmatter));
  if (missing.length > 0) problems.push(`it lacks the required field${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  const prior = previous === void 0 ? void 0 : parseCard(previous);
  for (const w of card.warnings) {
    if (w.field && prior && JSON.stringify(prior.frontmatter[w.field]) === JSON.stringify(card.frontmatter[w.field])) continue;
    problems.push(w.message);
  }
  const description = card.meta.description ?? ("description" in card.frontmatter ? "" : void 0);
  let tooLong = false;
  if (description !== void 0 && (prior === void 0 || prior.meta.description !== card.meta.description)) {
    const problem = descriptionProblem(description);
    if (problem) problems.push(problem);
    tooLong = [...description].length > DESCRIPTION_MAX;
  }
  return { problems, tooLong };
}
function sameWords(before, after) {
  const a = parseCard(before);
  const b = parseCard(after);
  if (a.errors.length > 0 || b.errors.length > 0 || a.hasFrontmatter !== b.hasFrontmatter) return false;
  return canonical(a.frontmatter) === canonical(b.frontmatter) && textWords(a.frontmatterText) === textWords(b.frontmatterText) && bodyLines(a.body) === bodyLines(b.body);
}
function bodyLines(body) {
  const out = [];
  let fence;
  let blanks = 0;
  for (const line of body.split(/\r\n|\r|\n/)) {
    if (fence) {
      out.push(line);
      const close = FENCE_MARK.exec(line);
      if (close && close[2] === "" && close[1][0] === fence.mark && close[1].length >= fence.length) fence = void 0;
      continue;
    }
    if (/^[ \t]*$/.test(line)) {
      if (out.length > 0) blanks++;
      continue;
    }
    const code = CODE_INDENT.test(line);
    for (let k = code ? blanks : Math.min(blanks, 1); k > 0; k--) out.push("");
    blanks = 0;
    const indent = /^[ \t]*/.exec(line)[0];
    const rest = line.slice(indent.length).replace(/[ \t]+/g, " ");
    out.push(code ? line : indent + (rest.endsWith("\\ ") ? rest : rest.replace(/ $/, "")));
    const open = FENCE_MARK.exec(line);
    if (open && !(open[1][0] === "`" && open[2].includes("`"))) fence = { mark: open[1][0], length: open[1].length };
  }
  return out.join("\n");
}
var CODE_INDENT = /^(?: {0,3}\t| {4})/;
var FENCE_MARK = /^[ \t]*(`{3,}|~{3,})(.*?)[ \t]*$/;
function textWords(frontmatter) {
  return frontmatter.split(/[\s"'[\]{},]+/).filter(Boolean).sort().join(" ");
}
function canonical(value) {
  return JSON.stringify(
    value,
    (_key, v) => v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x < y ? -1 : x > y ? 1 : 0)) : v
  );
}
export {
  CARD_REQUIRED,
  CARD_TYPES,
  DESCRIPTION_MAX,
  assertCardText,
  cardTextProblems,
  descriptionProblem,
  hiddenTextProblem,
  isCardFile,
  sameWords,
  withoutTagBytes
};
