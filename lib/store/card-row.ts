import type { CardMeta } from "../core/card.js";
import { asciiJson } from "../core/sanitize.js";

// A card record's strings as the card cache stores them: one JSON line a card (the rows section,
// card-cache-format.ts), written by encodeRow and parsed only when a reader asks for a string, then checked, so
// a damaged row is read again from the card, never taken for its fields (lib/store/card-record.ts).

/** The strings of a card record, in the order of its JSON row. */
export interface Row {
  /** Why the file could not be read; its fields are then empty (such a record is never trusted). */
  readError?: string;
  name?: string;
  description?: string;
  topics: string[];
  priority?: string;
  status?: string;
  updated_at?: string;
  /** cardType(file, meta), or undefined. */
  type?: string;
  /** meta.provenance, as parseCard reads it. */
  provenance?: CardMeta["provenance"];
  /** parseCard's errors and warnings, as messages (what `memctl ui` shows on the card). */
  problems: string[];
  /** meta.scope (where a `priority: always` card is pinned: session start's overview). */
  scope?: string[];
  /** SHA-256 of the card's bytes, hex: its revision against the write history (a compact's watermark). */
  sha256?: string;
  /** meta.expires_at as written (session start leaves out a card past it, compared with today when read). */
  expires_at?: string;
  /** The frontmatter's superseded_by (core/card.ts supersededBy): the successor a listed superseded card names. */
  superseded_by?: string;
}

/** A record's strings as one JSON line, every non-ASCII character escaped (a one-byte string parses about twice as fast). */
export function encodeRow(r: Row): string {
  const row = [
    r.readError ?? null,
    r.name ?? null,
    r.description ?? null,
    r.topics,
    r.priority ?? null,
    r.status ?? null,
    r.updated_at ?? null,
    r.type ?? null,
    r.provenance ? [r.provenance.kind ?? null, r.provenance.confidence ?? null, r.provenance.source ?? null] : null,
    r.problems,
    r.scope ?? null,
    r.sha256 ?? null,
    r.expires_at ?? null,
    r.superseded_by ?? null,
  ];
  return asciiJson(row);
}

const num = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const optStr = (v: unknown): v is string | null => v === null || typeof v === "string";
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((t) => typeof t === "string");

/** A row's JSON line parsed and checked; undefined when it is not one encodeRow wrote. */
export function checkRow(text: string): Row | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(v) || v.length !== 14) return undefined;
  const [readError, name, description, topics, priority, status, updated, type, prov, problems, scope, sha256, expires, supersededBy] = v;
  if (!optStr(readError) || !optStr(name) || !optStr(description) || !optStr(priority) || !optStr(status) || !optStr(updated) || !optStr(type)) return undefined;
  if (!strings(topics) || !strings(problems) || (scope !== null && !strings(scope)) || !optStr(expires) || !optStr(supersededBy)) return undefined;
  if (sha256 !== null && !(typeof sha256 === "string" && /^[0-9a-f]{64}$/.test(sha256))) return undefined;
  const provenance = checkProvenance(prov);
  if (provenance === false) return undefined;
  return {
    readError: readError ?? undefined,
    name: name ?? undefined,
    description: description ?? undefined,
    topics,
    priority: priority ?? undefined,
    status: status ?? undefined,
    updated_at: updated ?? undefined,
    type: type ?? undefined,
    provenance,
    problems,
    scope: scope ?? undefined,
    sha256: sha256 ?? undefined,
    expires_at: expires ?? undefined,
    superseded_by: supersededBy ?? undefined,
  };
}

function checkProvenance(v: unknown): CardMeta["provenance"] | false {
  if (v === null) return undefined;
  if (!Array.isArray(v) || v.length !== 3) return false;
  const [kind, confidence, source] = v;
  if (kind !== null && kind !== "fact" && kind !== "inference" && kind !== "unverified") return false;
  if (confidence !== null && !num(confidence)) return false;
  if (!optStr(source)) return false;
  return { kind: kind ?? undefined, confidence: confidence ?? undefined, source: source ?? undefined };
}
