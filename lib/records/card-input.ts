// What a save is given and what it writes into a card's text: the input's checks (all problems in one pass),
// a new card's full frontmatter, and an edit that keeps every byte outside the fields it sets. No IO.
import { CARD_TYPES, DESCRIPTION_MAX, descriptionProblem } from "../core/card-rules.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { CARD_STATUSES, isCalendarDate, missingFields, parseCard, type REQUIRED_FIELDS } from "../core/card.js";
import { renderField, replaceBodyBytes, setFrontmatterFieldsBytes } from "../core/frontmatter-edit.js";
import { CARD_TYPE_PREFIX, type CardType, withoutTypePrefix } from "../core/card-types.js";
import { recallKeyProblems } from "../core/recall-keys.js";
import { normalizeScope, scopeProblems } from "../core/scope.js";

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

export interface SaveInput {
  name: string;
  type?: string;
  description?: string;
  body?: string;
  topics?: string[];
  /** Recall keys (lib/core/recall-keys.ts): replaces the card's `recall:` list; undefined keeps it. */
  recall?: string[];
  /** Where the card applies (lib/core/scope.ts): replaces the card's `scope:` list ([] clears it); undefined keeps it. */
  scope?: string[];
  /** Keep an existing updated_at (memctl keys: keys say how people ask, not that the card's content changed). */
  keepUpdatedAt?: boolean;
  priority?: string;
  status?: string;
  expires?: string;
  refs?: string[];
  /** Seed 002's provenance: how the content is known. Written as the card's `provenance:` field. */
  provenance?: CardProvenance;
  /**
   * Compare-and-swap for proposals: the sha256 of the card file this write was prepared against, or null
   * for "the card must not exist yet". Checked under the lock; a mismatch is E_STALE_BASE, nothing written.
   */
  expectSha256?: string | null;
  /**
   * `memctl restore`: the card's whole text (an earlier revision's bytes) and the file it was, replacing every
   * field above. Written through the same checks as any save (card rules, guardrails, secret scan).
   */
  restore?: { file: string; text: Buffer };
}

export const PROVENANCE_KINDS = ["fact", "inference", "unverified"] as const;
export interface CardProvenance {
  kind: (typeof PROVENANCE_KINDS)[number];
  confidence?: number;
  source: string;
}

export function validateName(name: string): void {
  const problem = cardNameProblem(name);
  if (problem) throw usageError(problem);
}

/** Why `name` is not a card name (1-80 of letters, digits, . _ -, no .md), or undefined. */
export function cardNameProblem(name: string): string | undefined {
  if (!NAME.test(name) || name.endsWith(".md")) return `card name "${name}" must be 1-80 characters of letters, digits, . _ - (starting with a letter or digit, no .md)`;
  return undefined;
}

/** Why `file` is not a card file (`<type>_<name>.md` at the store root, so never MEMORY.md or a subfolder note), or undefined. */
export function cardFileProblem(file: string): string | undefined {
  const type = CARD_TYPE_PREFIX.exec(file)?.[1];
  const name = type !== undefined && file.endsWith(".md") ? file.slice(type.length + 1, -3) : undefined;
  if (name !== undefined && cardNameProblem(name) === undefined) return undefined;
  return `"${file}" is not a card: cards are <type>_<name>.md at the top of the memory directory (type one of ${CARD_TYPES.join(", ")})`;
}

/** A new card's text: full frontmatter (DESIGN.md field order) and the body. */
export function renderNewCard(input: Required<Pick<SaveInput, "name" | "description">> & SaveInput & { type: CardType }, today: string): string {
  const fields = [
    renderField("name", input.name),
    renderField("description", input.description),
    `metadata:\n  node_type: memory\n  type: ${input.type}`,
    renderField("topics", input.topics ?? []),
    ...(input.recall && input.recall.length > 0 ? [renderField("recall", input.recall)] : []),
    renderField("priority", input.priority ?? "normal"),
    renderField("status", input.status ?? "active"),
    renderField("updated_at", today),
    ...(input.expires ? [renderField("expires_at", input.expires)] : []),
    renderField("repo_refs", input.refs ?? []),
    ...(input.scope && input.scope.length > 0 ? [renderField("scope", input.scope.map(normalizeScope))] : []),
    ...(input.provenance ? [renderField("provenance", input.provenance)] : []),
  ];
  return `---\n${fields.join("\n")}\n---\n${input.body ?? ""}`;
}

/** Checks every flag in one pass and reports all problems together. */
export function validateSaveInput(input: SaveInput): void {
  const problems: string[] = [];
  let tooLong = false;
  if (input.type !== undefined && !(CARD_TYPES as readonly string[]).includes(input.type))
    problems.push(`-t ${input.type} is not a card type; use one of ${CARD_TYPES.join(", ")}`);
  if (input.description !== undefined) {
    const problem = descriptionProblem(input.description);
    if (problem) problems.push(problem);
    tooLong = [...input.description].length > DESCRIPTION_MAX;
  }
  if (input.priority !== undefined && !["always", "normal", "low"].includes(input.priority)) problems.push(`--priority ${input.priority} must be always, normal or low`);
  if (input.provenance) problems.push(...provenanceProblems(input.provenance));
  if (input.expires !== undefined && !isCalendarDate(input.expires)) problems.push(`--expires ${input.expires} must be a real date, YYYY-MM-DD`);
  if (input.status !== undefined && !(CARD_STATUSES as readonly string[]).includes(input.status))
    problems.push(`--status ${input.status} must be one of ${CARD_STATUSES.join(", ")}`);
  for (const ref of input.refs ?? []) {
    if (!/^(path|fn|flag):\S/.test(ref)) problems.push(`--ref ${ref} is outside the repo_refs grammar (path:<file>, fn:<file>#<symbol>, flag:<invocation> <--flag>)`);
  }
  // Keys get their own code: a caller (a model's answer, a proposal) can tell bad keys from a bad flag.
  const keyProblems = recallKeyProblems(input.recall).map((p) => p.message);
  if (problems.length === 0 && keyProblems.length > 0) throw new MemctlError(ERROR_CODES.E_RECALL_KEYS, keyProblems.join("\n"), { problems: keyProblems });
  problems.push(...keyProblems);
  // Scope too: a caller can tell a scope that leaves the repository from any other bad flag.
  const scopeMessages = scopeProblems(input.scope).map((p) => p.message);
  if (problems.length === 0 && scopeMessages.length > 0) throw new MemctlError(ERROR_CODES.E_SCOPE, scopeMessages.join("\n"), { problems: scopeMessages });
  problems.push(...scopeMessages);
  if (problems.length === 0) return;
  // A description that is merely too long is an authoring-rule refusal (exit 1); anything else is usage (exit 2).
  const code = tooLong && problems.length === 1 ? ERROR_CODES.E_DESCRIPTION_TOO_LONG : ERROR_CODES.E_USAGE;
  throw new MemctlError(code, problems.join("\n"), { limit: DESCRIPTION_MAX, problems });
}

/** What is wrong with a provenance (kind, confidence in 0..1, a non-empty source); empty when it is fine. */
export function provenanceProblems(p: CardProvenance): string[] {
  const problems: string[] = [];
  if (!(PROVENANCE_KINDS as readonly string[]).includes(p.kind)) problems.push(`--kind ${p.kind} must be one of ${PROVENANCE_KINDS.join(", ")}`);
  if (p.confidence !== undefined && !(Number.isFinite(p.confidence) && p.confidence >= 0 && p.confidence <= 1)) problems.push("--confidence must be a number from 0 to 1");
  if (typeof p.source !== "string" || p.source.trim() === "") problems.push("--source is empty: name where this was learned (a file, a URL, a conversation, a command's output)");
  return problems;
}

/** Applies a save to an existing card: only the given fields, updated_at, and any missing required field. */
export function updatedCardText(before: string, input: SaveInput, today: string, type: string | undefined): string {
  return updatedCardBytes(Buffer.from(before, "utf8"), input, today, type).toString("utf8");
}

/** updatedCardText on the card's bytes: every byte outside the edited fields (and the body, unless given) is kept. */
export function updatedCardBytes(before: Buffer, input: SaveInput, today: string, type: string | undefined): Buffer {
  const card = parseCard(before.toString("utf8"));
  const fm = card.frontmatter;
  const base = card.hasFrontmatter ? before : Buffer.concat([Buffer.from("---\n---\n"), before]);
  const fields: Record<string, unknown> = {
    name: "name" in fm ? undefined : withoutTypePrefix(input.name.replace(/\.md$/, "")),
    description: input.description,
    metadata: "metadata" in fm ? undefined : type ? { node_type: "memory", type } : { node_type: "memory" },
    topics: input.topics ?? ("topics" in fm ? undefined : []),
    recall: input.recall,
    priority: input.priority ?? ("priority" in fm ? undefined : "normal"),
    status: input.status ?? ("status" in fm ? undefined : "active"),
    updated_at: input.keepUpdatedAt && "updated_at" in fm ? undefined : today,
    expires_at: input.expires,
    repo_refs: input.refs && input.refs.length > 0 ? input.refs : "repo_refs" in fm ? undefined : [],
    scope: input.scope?.map(normalizeScope),
    provenance: input.provenance,
  };
  const edited = setFrontmatterFieldsBytes(base, fields);
  return input.body === undefined ? edited : replaceBodyBytes(edited, input.body);
}

export function typeOf(file: string, text: string): string | undefined {
  const prefix = CARD_TYPE_PREFIX.exec(file)?.[1];
  if (prefix) return prefix;
  const t = parseCard(text).meta.metadata?.type;
  return typeof t === "string" ? t : undefined;
}

/** The neutral value of each of the `missing` standard fields (what fix-fields adds); updated_at is the card's own date. */
export function missingFieldValues(missing: readonly string[], updatedAt: string): Record<string, unknown> {
  const all: Record<(typeof REQUIRED_FIELDS)[number], unknown> = { topics: [], priority: "normal", status: "active", updated_at: updatedAt, repo_refs: [] };
  return Object.fromEntries(missing.map((f) => [f, all[f as keyof typeof all]]));
}

/** `card` with the standard fields it lacks added as fix-fields adds them (every other byte kept); as it is when it does not parse. */
export function withStandardFields(card: Buffer, updatedAt: string): Buffer {
  const parsed = parseCard(card.toString("utf8"));
  if (!parsed.hasFrontmatter || parsed.errors.length > 0) return card;
  const missing = missingFields(parsed);
  if (missing.length === 0) return card;
  try {
    return setFrontmatterFieldsBytes(card, missingFieldValues(missing, updatedAt));
  } catch {
    return card; // a frontmatter the editor will not touch: the card rules say why
  }
}
