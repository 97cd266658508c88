import fs from "node:fs";
import path from "node:path";
import { assertMayWrite } from "./actor.js";
import { assertCardText, CARD_TYPES, DESCRIPTION_MAX, descriptionProblem } from "../core/card-rules.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { checkPathShape, checkWrite, withDefaults, type Guardrails } from "./guardrails.js";
import { latestByCard, makeEntry, readHistory, sha256Hex, type HistoryEntry } from "../store/history.js";
import { commitIntent, withRecordsLock, type CardChange, type Intent } from "./commit.js";
import { resolveMemoryPath } from "../store/safe-path.js";
import { assertNoSecrets, warmSecretScan, type SecretPolicy } from "./secrets.js";
import { parseCard } from "../core/card.js";
import { renderField, replaceBodyBytes, setFrontmatterFieldsBytes } from "../core/frontmatter-edit.js";
import { upsertIndexLineBytes } from "../core/index-edit.js";
import { parseIndex, renderIndexLine } from "../core/index-file.js";
import { INDEX_FILE } from "../store/read.js";
import { type CommitOptions } from "../store/write.js";
import { CARD_TYPE_PREFIX, type CardType, withoutTypePrefix } from "../core/card-types.js";

export { CARD_TYPES, DESCRIPTION_MAX, descriptionProblem } from "../core/card-rules.js";

// Records: named cards `<type>_<name>.md` with full frontmatter, one index line each, every write attributed
// and appended to history, all under the one store lock. rm / adopt live in records-admin.ts.

export type { CardType };
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

/** Everything a write needs besides its input: where, who, when, limits. */
export interface WriteContext {
  memoryDir: string;
  actor: string;
  now: Date;
  guardrails?: Partial<Guardrails>;
  commit?: CommitOptions;
  lockTimeoutMs?: number;
  /** The `[secrets] allow` list; every write is scanned whether or not it is given. */
  secrets?: SecretPolicy;
}

export interface SaveInput {
  name: string;
  type?: string;
  description?: string;
  body?: string;
  topics?: string[];
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
}

export const PROVENANCE_KINDS = ["fact", "inference", "unverified"] as const;
export interface CardProvenance {
  kind: (typeof PROVENANCE_KINDS)[number];
  confidence?: number;
  source: string;
}

export interface SaveResult {
  file: string;
  op: "create" | "update" | "unchanged";
  revived: boolean;
  entry?: HistoryEntry;
  indexLine: string;
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

/** The file for `name`: an exact file name, `<name>.md`, `<type>_<name>.md`, or a top-level card whose frontmatter name matches. */
export function findCardFile(memoryDir: string, name: string): string | undefined {
  if (name.includes("/")) {
    // A card in a subfolder, named by its path: through the path-safe resolver like any other path.
    const target = resolveMemoryPath(memoryDir, name);
    return target.kind === "file" && target.rel.endsWith(".md") ? target.rel : undefined;
  }
  const direct = name.endsWith(".md") ? [name] : [`${name}.md`, ...CARD_TYPES.map((t) => `${t}_${name}.md`)];
  const hits = direct.filter((f) => f !== INDEX_FILE && isRegularFile(path.join(memoryDir, f)));
  if (hits.length === 0) {
    for (const file of safeReaddir(memoryDir)) {
      if (!file.endsWith(".md") || file === INDEX_FILE || file.startsWith(".")) continue;
      const full = path.join(memoryDir, file);
      if (!isRegularFile(full)) continue;
      const fm = parseCard(fs.readFileSync(full, "utf8")).frontmatter;
      if (fm.name === name) hits.push(file);
    }
  }
  if (hits.length > 1) throw usageError(`"${name}" matches ${hits.join(", ")}; name the file instead (e.g. ${hits[0]})`);
  return hits[0];
}

/** A new card's text: full frontmatter (DESIGN.md field order) and the body. */
export function renderNewCard(input: Required<Pick<SaveInput, "name" | "description">> & SaveInput & { type: CardType }, today: string): string {
  const fields = [
    renderField("name", input.name),
    renderField("description", input.description),
    `metadata:\n  node_type: memory\n  type: ${input.type}`,
    renderField("topics", input.topics ?? []),
    renderField("priority", input.priority ?? "normal"),
    renderField("status", input.status ?? "active"),
    renderField("updated_at", today),
    ...(input.expires ? [renderField("expires_at", input.expires)] : []),
    renderField("repo_refs", input.refs ?? []),
    ...(input.provenance ? [renderField("provenance", input.provenance)] : []),
  ];
  return `---\n${fields.join("\n")}\n---\n${input.body ?? ""}`;
}

/** Creates or updates a card and its index line; a save after `rm` revives the card as a new revision. */
export async function saveCard(ctx: WriteContext, input: SaveInput): Promise<SaveResult> {
  assertMayWrite(ctx.actor, "save memory cards");
  validateSaveInput(input);
  await warmSecretScan(JSON.stringify(input));
  return withRecordsLock(ctx, () => saveCardLocked(ctx, input));
}

/** What a write decides besides the card (accept: the proposal it archives), given the save's outcome. */
export type Decide = (save: { file: string; op: SaveResult["op"]; rev: number | null }) => NonNullable<Intent["archive"]>;

/** Other cards' changes made in the same write (accept --supersede), given the saved card's file and name. */
export type Also = (save: { file: string; name: string; history: readonly HistoryEntry[] }) => CardChange[];

/** saveCard under a lock the caller took with withRecordsLock (accept checks its proposal in the same hold). */
export async function saveCardLocked(ctx: WriteContext, input: SaveInput, decide?: Decide, also?: Also): Promise<SaveResult> {
  validateSaveInput(input);
  const existing = findCardFile(ctx.memoryDir, input.name);
  if (input.expectSha256 !== undefined) checkBase(ctx.memoryDir, input.name, existing, input.expectSha256);
  const today = ctx.now.toISOString().slice(0, 10);
  let file: string;
  let before: Buffer | undefined;
  let next: Buffer;
  if (existing) {
    file = existing;
    before = fs.readFileSync(path.join(ctx.memoryDir, file));
    const existingType = typeOf(file, before.toString("utf8"));
    if (input.type && existingType && input.type !== existingType) {
      throw usageError(
        `card "${input.name}" already exists as ${file} (type ${existingType}); save it with -t ${existingType}, or "memctl rm ${input.name}" first to start over as ${input.type}`,
      );
    }
    next = updatedCardBytes(before, input, today, existingType);
  } else {
    const removedType = CARD_TYPES.find((t) => latestByCard(readHistory(ctx.memoryDir).entries).get(`${t}_${input.name}.md`)?.op === "delete");
    input = { ...input, type: input.type ?? removedType };
    validateName(input.name); // only new cards: an existing (e.g. imported) card is found by any name it has
    if (!input.type) throw usageError(`card "${input.name}" does not exist yet: give its type with -t (${CARD_TYPES.join(", ")})`);
    if (input.description === undefined) throw usageError(`card "${input.name}" does not exist yet: give its one-line description with -d`);
    file = `${input.type}_${input.name}.md`;
    if (fs.existsSync(path.join(ctx.memoryDir, file)) || isSymlink(path.join(ctx.memoryDir, file))) {
      throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `${file} exists but is not a regular card file (a symlink or directory); memctl will not write through or over it`, {
        file,
      });
    }
    next = Buffer.from(renderNewCard({ ...input, type: input.type as CardType, description: input.description }, today), "utf8");
  }
  const nextText = next.toString("utf8");
  assertCardText(file, nextText, before?.toString("utf8"), `give the description with -d "…" (save fills in the other fields)`);
  const meta = parseCard(nextText).meta;
  // A title the owner chose by hand in MEMORY.md is kept; the hook always follows the description.
  const title = currentIndexTitle(ctx.memoryDir, file) ?? meta.name ?? input.name;
  const indexLine = renderIndexLine({ title, file, hook: meta.description ?? "" });
  const history = readHistory(ctx.memoryDir);
  const latest = latestByCard(history.entries).get(file);
  const unchanged = before !== undefined && before.equals(next);
  if (!unchanged) {
    const limits = withDefaults(ctx.guardrails);
    checkPathShape([file], limits, file);
    checkWrite(fs.realpathSync(ctx.memoryDir), file, before?.length, next.length, limits);
    await assertNoSecrets(next.toString("utf8"), ctx.secrets, file);
  }
  // Bytes no revision records (a hand edit, or a write from before history) are recorded even when unchanged.
  const recorded = latest !== undefined && latest.sha256 === sha256Hex(next);
  const op: SaveResult["op"] = unchanged ? "unchanged" : before === undefined ? "create" : "update";
  const entry = unchanged && recorded ? undefined : makeEntry(history.entries, file, op === "unchanged" ? "adopt" : op, ctx.actor, ctx.now, next);
  const archive = decide?.({ file, op, rev: entry?.rev ?? null });
  // The saved card is the first change: the intent's commit point (records-commit.ts).
  const others = also?.({ file, name: meta.name ?? withoutTypePrefix(file.replace(/\.md$/, "")), history: history.entries }) ?? [];
  if (entry || archive || others.length > 0 || indexDiffers(ctx.memoryDir, file, indexLine)) {
    const change = { card: file, before: before === undefined ? null : sha256Hex(before), content: next, index: { line: indexLine }, entry: entry ?? null };
    await commitIntent(ctx.memoryDir, { changes: [change, ...others], archive }, ctx.commit);
  }
  return { file, op, revived: !unchanged && latest?.op === "delete", entry, indexLine };
}

/** The compare-and-swap of a proposal's base: the card must still be exactly what the proposer saw. */
function checkBase(memoryDir: string, name: string, existing: string | undefined, expected: string | null): void {
  const current = existing === undefined ? null : sha256Hex(fs.readFileSync(path.join(memoryDir, existing)));
  if (current === expected) return;
  const what =
    expected === null
      ? `card "${name}" was created (${existing}) after this was prepared`
      : current === null
        ? `card "${name}" was removed after this was prepared`
        : `card "${name}" (${existing}) changed after this was prepared`;
  throw new MemctlError(
    ERROR_CODES.E_STALE_BASE,
    `${what}; nothing was written. Review the difference first (memctl review ID), then accept with --force to overwrite, or reject it.`,
    { card: existing ?? null, expected_sha256: expected, current_sha256: current },
  );
}

/** Checks every flag in one pass and reports all problems together. */
function validateSaveInput(input: SaveInput): void {
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
  if (input.expires !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(input.expires)) problems.push(`--expires ${input.expires} must be a date, YYYY-MM-DD`);
  if (input.status !== undefined && !/^[a-z][a-z-]*$/.test(input.status)) problems.push(`--status ${input.status} must be a lowercase word (active, stale, superseded, …)`);
  for (const ref of input.refs ?? []) {
    if (!/^(path|fn|flag):\S/.test(ref)) problems.push(`--ref ${ref} is outside the repo_refs grammar (path:<file>, fn:<file>#<symbol>, flag:<invocation> <--flag>)`);
  }
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
    priority: input.priority ?? ("priority" in fm ? undefined : "normal"),
    status: input.status ?? ("status" in fm ? undefined : "active"),
    updated_at: today,
    expires_at: input.expires,
    repo_refs: input.refs && input.refs.length > 0 ? input.refs : "repo_refs" in fm ? undefined : [],
    provenance: input.provenance,
  };
  const edited = setFrontmatterFieldsBytes(base, fields);
  return input.body === undefined ? edited : replaceBodyBytes(edited, input.body);
}

/** Whether MEMORY.md lacks `line` for `file` (a missing index counts). */
function indexDiffers(memoryDir: string, file: string, line: string): boolean {
  let index: Buffer;
  try {
    index = fs.readFileSync(path.join(memoryDir, INDEX_FILE));
  } catch {
    return true;
  }
  return !upsertIndexLineBytes(index, file, line).equals(index);
}

export function currentIndexTitle(memoryDir: string, file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(memoryDir, INDEX_FILE), "utf8");
  } catch {
    return undefined;
  }
  return parseIndex(text).entries.find((e) => e.file.replace(/^\.\//, "") === file)?.title;
}

export function typeOf(file: string, text: string): string | undefined {
  const prefix = CARD_TYPE_PREFIX.exec(file)?.[1];
  if (prefix) return prefix;
  const t = parseCard(text).meta.metadata?.type;
  return typeof t === "string" ? t : undefined;
}

function isSymlink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

function isRegularFile(p: string): boolean {
  try {
    return fs.lstatSync(p).isFile();
  } catch {
    return false;
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
}
