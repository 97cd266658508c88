// A card's frontmatter and body read into typed fields, and what the fields say (retired, expired, its type). YAML
// beyond the plain kind every memctl write produces (frontmatter-fast.ts) is parsed by a loader the caller passes:
// lib/core/card.ts passes js-yaml's; the prompt hook, folding a saved card into its rank cache, first tries without
// one, so a prompt after a write does not require and compile js-yaml (~5-15 ms) for a card the fast path reads.
import { fastLoadFrontmatter } from "./frontmatter-fast.js";
import { typeFromFileName } from "./card-types.js";
import { recallKeysOf } from "./recall-keys.js";
import { scopesOf } from "./scope.js";

export type Priority = "always" | "normal" | "low";
export type ProvenanceKind = "fact" | "inference" | "unverified";

/** The typed view of a card's frontmatter (see DESIGN.md "Card frontmatter"). Unknown keys stay in `frontmatter`. */
export interface CardMeta {
  name?: string;
  description?: string;
  /** Legacy block: node_type, type, originSessionId. Preserved byte for byte by every rewrite. */
  metadata?: { node_type?: string; type?: string; originSessionId?: string; [k: string]: unknown };
  topics: string[];
  priority?: Priority;
  status?: string;
  updated_at?: string;
  expires_at?: string;
  /** Present (possibly empty) or absent: doctor distinguishes the two. */
  repo_refs?: string[];
  provenance?: { kind?: ProvenanceKind; confidence?: number; source?: string };
  /** Recall keys (lib/core/recall-keys.ts): ways people ask for this card; ranked, never printed. */
  recall?: string[];
  /** Where in the repository the card applies (lib/core/scope.ts): valid entries, normalised; absent = everywhere. */
  scope?: string[];
}

export interface CardProblem {
  code: string;
  message: string;
  /** The frontmatter field a W_FIELD_TYPE warning is about. */
  field?: string;
}

export interface ParsedCard {
  /** The frontmatter as parsed (CORE schema: dates stay strings). */
  frontmatter: Record<string, unknown>;
  meta: CardMeta;
  /** The exact frontmatter source between the fences, for byte-preserving edits. */
  frontmatterText: string;
  body: string;
  hasFrontmatter: boolean;
  errors: CardProblem[];
  warnings: CardProblem[];
}

/** Fields every card must carry (repo_refs may be [] but the key must exist). */
export const REQUIRED_FIELDS = ["topics", "priority", "status", "updated_at", "repo_refs"] as const;

const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/**
 * Parses a card; never throws. Bad YAML or wrong field types are collected as problems. Frontmatter the fast path
 * cannot settle goes to `loadYaml`; without one, undefined (the caller parses with lib/core/card.ts instead).
 */
export function parseCardWith(text: string, loadYaml?: (frontmatter: string) => unknown): ParsedCard | undefined {
  const match = FRONTMATTER.exec(text);
  if (!match) return { frontmatter: {}, meta: { topics: [] }, frontmatterText: "", body: text, hasFrontmatter: false, errors: [], warnings: [] };
  const frontmatterText = match[1]!;
  const body = text.slice(match[0].length);
  const errors: CardProblem[] = [];
  const warnings: CardProblem[] = [];
  let loaded: unknown;
  try {
    const fast = frontmatterText.trim() === "" ? {} : fastLoadFrontmatter(frontmatterText);
    if (fast === undefined && !loadYaml) return undefined;
    loaded = fast ?? loadYaml!(frontmatterText);
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).split("\n")[0];
    errors.push({ code: "E_CARD_FRONTMATTER", message: `frontmatter is not valid YAML: ${message}` });
    return { frontmatter: {}, meta: { topics: [] }, frontmatterText, body, hasFrontmatter: true, errors, warnings };
  }
  if (loaded === null || typeof loaded !== "object" || Array.isArray(loaded)) {
    errors.push({ code: "E_CARD_FRONTMATTER", message: "frontmatter must be a YAML mapping (key: value lines)" });
    return { frontmatter: {}, meta: { topics: [] }, frontmatterText, body, hasFrontmatter: true, errors, warnings };
  }
  const fm = loaded as Record<string, unknown>;
  return { frontmatter: fm, meta: toMeta(fm, warnings), frontmatterText, body, hasFrontmatter: true, errors, warnings };
}

function toMeta(fm: Record<string, unknown>, warnings: CardProblem[]): CardMeta {
  const meta: CardMeta = { topics: [] };
  const warn = (field: string, expected: string) => warnings.push({ code: "W_FIELD_TYPE", message: `${field} should be ${expected}`, field });
  const text = (field: string): string | undefined => {
    const v = fm[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v === "string") return v;
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    warn(field, "a string");
    return undefined;
  };
  meta.name = text("name");
  meta.description = text("description");
  meta.status = text("status");
  meta.updated_at = text("updated_at");
  meta.expires_at = text("expires_at");
  // Read as written (a hand edit still sinks or expires as before), but named: doctor lists it and a write that changes it is refused.
  if (meta.status !== undefined && !(CARD_STATUSES as readonly string[]).includes(meta.status)) warn("status", `one of ${CARD_STATUSES.join(", ")}`);
  for (const field of ["updated_at", "expires_at"] as const) {
    const value = meta[field];
    if (value !== undefined && !isCalendarDate(value)) warn(field, "a real date, YYYY-MM-DD");
  }
  if (fm.metadata !== undefined) {
    if (fm.metadata && typeof fm.metadata === "object" && !Array.isArray(fm.metadata)) meta.metadata = fm.metadata as CardMeta["metadata"];
    else warn("metadata", "a mapping");
  }
  const topics = fm.topics;
  if (Array.isArray(topics)) meta.topics = topics.filter((t) => t !== null && t !== undefined).map(String);
  else if (typeof topics === "string")
    meta.topics = topics
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
  else if (topics !== undefined && topics !== null) warn("topics", "a list");
  if (fm.recall !== undefined && fm.recall !== null) {
    if (Array.isArray(fm.recall)) meta.recall = recallKeysOf(fm);
    else warn("recall", "a list");
  }
  if (fm.scope !== undefined && fm.scope !== null) {
    if (Array.isArray(fm.scope) || typeof fm.scope === "string") meta.scope = scopesOf(fm);
    else warn("scope", "a list");
  }
  const priority = text("priority");
  if (priority === "always" || priority === "normal" || priority === "low") meta.priority = priority;
  else if (priority !== undefined) warn("priority", "one of always, normal, low");
  if ("repo_refs" in fm) {
    const refs = fm.repo_refs;
    if (Array.isArray(refs)) meta.repo_refs = refs.map(String);
    else if (refs === null || refs === undefined) meta.repo_refs = [];
    else {
      warn("repo_refs", "a list");
      meta.repo_refs = [String(refs)];
    }
  }
  if (fm.provenance && typeof fm.provenance === "object" && !Array.isArray(fm.provenance)) {
    const p = fm.provenance as Record<string, unknown>;
    meta.provenance = {
      kind: p.kind === "fact" || p.kind === "inference" || p.kind === "unverified" ? p.kind : undefined,
      confidence: typeof p.confidence === "number" ? p.confidence : undefined,
      source: typeof p.source === "string" ? p.source : undefined,
    };
  }
  return meta;
}

/** The lifecycle a card's `status` names (DESIGN: active | stale | superseded; stale and superseded sink). */
export const CARD_STATUSES = ["active", "stale", "superseded"] as const;

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 and 2026-13-45 are not). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Which required fields a card lacks. */
export function missingFields(card: ParsedCard): string[] {
  return REQUIRED_FIELDS.filter((f) => !(f in card.frontmatter));
}

/** True when `expires_at` is a date strictly before `today` (YYYY-MM-DD comparison). */
export function isExpired(meta: Pick<CardMeta, "expires_at">, today: string): boolean {
  return typeof meta.expires_at === "string" && /^\d{4}-\d{2}-\d{2}/.test(meta.expires_at) && meta.expires_at.slice(0, 10) < today;
}

/**
 * No longer true on `today`: superseded, or past its `expires_at`. Never injected, at session start or per prompt
 * (docs/ranking.md, "What is no longer true is not injected"); search and show still find it.
 */
export function isRetired(meta: Pick<CardMeta, "status" | "expires_at">, today: string): boolean {
  return meta.status === "superseded" || isExpired(meta, today);
}

/**
 * Why a card is no longer true (docs/ranking.md: never injected): superseded (by whom), or past its
 * expires_at on the caller's day. Search, list, show and the web view still find it; the mark keeps a reader from taking it as current.
 */
export interface NoLongerTrue {
  no_longer_true?: "superseded" | "expired";
  superseded_by?: string;
  expires_at?: string;
}

/** The mark of a card no longer true on `today` (isRetired's two cases); nothing for a live one. */
export function noLongerTrue(card: ParsedCard, today: string): NoLongerTrue {
  return noLongerTrueOf({ ...card.meta, superseded_by: supersededBy(card) }, today);
}

/** The mark from the fields a listed row keeps (list's, the web view's): the same as noLongerTrue of the card they were read from. */
export function noLongerTrueOf(fields: Pick<CardMeta, "status" | "expires_at"> & { superseded_by?: string }, today: string): NoLongerTrue {
  if (fields.status === "superseded") return { no_longer_true: "superseded", ...(fields.superseded_by ? { superseded_by: fields.superseded_by } : {}) };
  if (isExpired(fields, today)) return { no_longer_true: "expired", expires_at: fields.expires_at!.slice(0, 10) };
  return {};
}

/** The frontmatter's `superseded_by` when it is a non-empty string (what supersede writes); undefined otherwise. */
export function supersededBy(card: ParsedCard): string | undefined {
  const by = card.frontmatter.superseded_by;
  return typeof by === "string" && by !== "" ? by : undefined;
}

/** Why a card is no longer true, as one phrase ("superseded by NAME", "expired DATE"), or "" for a card still true. */
export function noLongerTrueReason(h: NoLongerTrue): string {
  if (h.no_longer_true === "superseded") return `superseded${h.superseded_by ? ` by ${h.superseded_by}` : ""}`;
  if (h.no_longer_true === "expired") return `expired ${h.expires_at}`;
  return "";
}

/** A card's mark as one phrase for the text outputs, or "" for a card still true. */
export function noLongerTrueText(h: NoLongerTrue): string {
  const reason = noLongerTrueReason(h);
  return reason ? `${reason} — not injected` : "";
}

/** Could be retired on some day (superseded, or with a dated `expires_at`): what a cache flags, to compare with today when read. */
export function mayRetire(meta: Pick<CardMeta, "status" | "expires_at">): boolean {
  return meta.status === "superseded" || (typeof meta.expires_at === "string" && /^\d{4}-\d{2}-\d{2}/.test(meta.expires_at));
}

/** The card's type from its file name prefix or metadata.type (feedback, project, reference, user). */
export function cardType(file: string, meta: CardMeta): string | undefined {
  const prefix = typeFromFileName(file);
  return prefix ?? (typeof meta.metadata?.type === "string" ? meta.metadata.type : undefined);
}

/**
 * The first frontmatter line whose unquoted value holds ": " or " #" (`description: drive Z: is slow`), the usual
 * reason a card written by hand or by a model is not YAML: its key and 1-based line in the card (the `---` is line 1).
 */
export function unquotedColonLine(frontmatterText: string): { line: number; key: string } | undefined {
  const lines = frontmatterText.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = /^([A-Za-z_][A-Za-z0-9_-]*):[ \t]+(?!["'[{|>])(.*)$/.exec(lines[i]!);
    if (m && /: | #|:$/.test(m[2]!.trimEnd())) return { line: i + 2, key: m[1]! };
  }
  return undefined;
}
