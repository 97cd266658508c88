// lib/records/card-input.ts
import { CARD_TYPES, DESCRIPTION_MAX, descriptionProblem } from "../core/card-rules.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { CARD_STATUSES, isCalendarDate, missingFields, parseCard } from "../core/card.js";
import { renderField, replaceBodyBytes, setFrontmatterFieldsBytes } from "../core/frontmatter-edit.js";
import { CARD_TYPE_PREFIX, withoutTypePrefix } from "../core/card-types.js";
import { recallKeyProblems } from "../core/recall-keys.js";
import { normalizeScope, scopeProblems } from "../core/scope.js";
var NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;
var PROVENANCE_KINDS = ["fact", "inference", "unverified"];
function validateName(name) {
  const problem = cardNameProblem(name);
  if (problem) throw usageError(problem);
}
function cardNameProblem(name) {
  if (!NAME.test(name) || name.endsWith(".md")) return `card name "${name}" must be 1-80 characters of letters, digits, . _ - (starting with a letter or digit, no .md)`;
  return void 0;
}
function cardFileProblem(file) {
  const type = CARD_TYPE_PREFIX.exec(file)?.[1];
  const name = type !== void 0 && file.endsWith(".md") ? file.slice(type.length + 1, -3) : void 0;
  if (name !== void 0 && cardNameProblem(name) === void 0) return void 0;
  return `"${file}" is not a card: cards are <type>_<name>.md at the top of the memory directory (type one of ${CARD_TYPES.join(", ")})`;
}
function renderNewCard(input, today) {
  const fields = [
    renderField("name", input.name),
    renderField("description", input.description),
    `metadata:
  node_type: memory
  type: ${input.type}`,
    renderField("topics", input.topics ?? []),
    ...input.recall && input.recall.length > 0 ? [renderField("recall", input.recall)] : [],
    renderField("priority", input.priority ?? "normal"),
    renderField("status", input.status ?? "active"),
    renderField("updated_at", today),
    ...input.expires ? [renderField("expires_at", input.expires)] : [],
    renderField("repo_refs", input.refs ?? []),
    ...input.scope && input.scope.length > 0 ? [renderField("scope", input.scope.map(normalizeScope))] : [],
    ...input.provenance ? [renderField("provenance", input.provenance)] : []
  ];
  return `---
${fields.join("\n")}
---
${input.body ?? ""}`;
}
function validateSaveInput(input) {
  const problems = [];
  let tooLong = false;
  if (input.type !== void 0 && !CARD_TYPES.includes(input.type))
    problems.push(`-t ${input.type} is not a card type; use one of ${CARD_TYPES.join(", ")}`);
  if (input.description !== void 0) {
    const problem = descriptionProblem(input.description);
    if (problem) problems.push(problem);
    tooLong = [...input.description].length > DESCRIPTION_MAX;
  }
  if (input.priority !== void 0 && !["always", "normal", "low"].includes(input.priority)) problems.push(`--priority ${input.priority} must be always, normal or low`);
  if (input.provenance) problems.push(...provenanceProblems(input.provenance));
  if (input.expires !== void 0 && !isCalendarDate(input.expires)) problems.push(`--expires ${input.expires} must be a real date, YYYY-MM-DD`);
  if (input.status !== void 0 && !CARD_STATUSES.includes(input.status))
    problems.push(`--status ${input.status} must be one of ${CARD_STATUSES.join(", ")}`);
  for (const ref of input.refs ?? []) {
    if (!/^(path|fn|flag):\S/.test(ref)) problems.push(`--ref ${ref} is outside the repo_refs grammar (path:<file>, fn:<file>#<symbol>, flag:<invocation> <--flag>)`);
  }
  const keyProblems = recallKeyProblems(input.recall).map((p) => p.message);
  if (problems.length === 0 && keyProblems.length > 0) throw new MemctlError(ERROR_CODES.E_RECALL_KEYS, keyProblems.join("\n"), { problems: keyProblems });
  problems.push(...keyProblems);
  const scopeMessages = scopeProblems(input.scope).map((p) => p.message);
  if (problems.length === 0 && scopeMessages.length > 0) throw new MemctlError(ERROR_CODES.E_SCOPE, scopeMessages.join("\n"), { problems: scopeMessages });
  problems.push(...scopeMessages);
  if (problems.length === 0) return;
  const code = tooLong && problems.length === 1 ? ERROR_CODES.E_DESCRIPTION_TOO_LONG : ERROR_CODES.E_USAGE;
  throw new MemctlError(code, problems.join("\n"), { limit: DESCRIPTION_MAX, problems });
}
function provenanceProblems(p) {
  const problems = [];
  if (!PROVENANCE_KINDS.includes(p.kind)) problems.push(`--kind ${p.kind} must be one of ${PROVENANCE_KINDS.join(", ")}`);
  if (p.confidence !== void 0 && !(Number.isFinite(p.confidence) && p.confidence >= 0 && p.confidence <= 1)) problems.push("--confidence must be a number from 0 to 1");
  if (typeof p.source !== "string" || p.source.trim() === "") problems.push("--source is empty: name where this was learned (a file, a URL, a conversation, a command's output)");
  return problems;
}
function updatedCardText(before, input, today, type) {
  return updatedCardBytes(Buffer.from(before, "utf8"), input, today, type).toString("utf8");
}
function updatedCardBytes(before, input, today, type) {
  const card = parseCard(before.toString("utf8"));
  const fm = card.frontmatter;
  const base = card.hasFrontmatter ? before : Buffer.concat([Buffer.from("---\n---\n"), before]);
  const fields = {
    name: "name" in fm ? void 0 : withoutTypePrefix(input.name.replace(/\.md$/, "")),
    description: input.description,
    metadata: "metadata" in fm ? void 0 : type ? { node_type: "memory", type } : { node_type: "memory" },
    topics: input.topics ?? ("topics" in fm ? void 0 : []),
    recall: input.recall,
    priority: input.priority ?? ("priority" in fm ? void 0 : "normal"),
    status: input.status ?? ("status" in fm ? void 0 : "active"),
    updated_at: input.keepUpdatedAt && "updated_at" in fm ? void 0 : today,
    expires_at: input.expires,
    repo_refs: input.refs && input.refs.length > 0 ? input.refs : "repo_refs" in fm ? void 0 : [],
    scope: input.scope?.map(normalizeScope),
    provenance: input.provenance
  };
  const edited = setFrontmatterFieldsBytes(base, fields);
  return input.body === void 0 ? edited : replaceBodyBytes(edited, input.body);
}
function typeOf(file, text) {
  const prefix = CARD_TYPE_PREFIX.exec(file)?.[1];
  if (prefix) return prefix;
  const t = parseCard(text).meta.metadata?.type;
  return typeof t === "string" ? t : void 0;
}
function missingFieldValues(missing, updatedAt) {
  const all = { topics: [], priority: "normal", status: "active", updated_at: updatedAt, repo_refs: [] };
  return Object.fromEntries(missing.map((f) => [f, all[f]]));
}
function withStandardFields(card, updatedAt) {
  const parsed = parseCard(card.toString("utf8"));
  if (!parsed.hasFrontmatter || parsed.errors.length > 0) return card;
  const missing = missingFields(parsed);
  if (missing.length === 0) return card;
  try {
    return setFrontmatterFieldsBytes(card, missingFieldValues(missing, updatedAt));
  } catch {
    return card;
  }
}
export {
  PROVENANCE_KINDS,
  cardFileProblem,
  cardNameProblem,
  missingFieldValues,
  provenanceProblems,
  renderNewCard,
  typeOf,
  updatedCardBytes,
  updatedCardText,
  validateName,
  validateSaveInput,
  withStandardFields
};
