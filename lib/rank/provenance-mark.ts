// How a printed line says its card may not be true (docs/ranking.md, "What may not be true says so").

/**
 * The end of a printed line for a card that may not be true (docs/ranking.md): "(inference)" for provenance kind
 * inference, "(unverified, 0.3)" for a confidence below 0.5 ("(inference, 0.3)" for both); else undefined.
 */
export function provenanceMark(p: { kind?: string; confidence?: number } | undefined): string | undefined {
  if (!p) return undefined;
  const low = typeof p.confidence === "number" && Number.isFinite(p.confidence) && p.confidence < 0.5 ? String(Math.round(p.confidence * 100) / 100) : undefined;
  if (p.kind === "inference") return low === undefined ? "(inference)" : `(inference, ${low})`;
  return low === undefined ? undefined : `(unverified, ${low})`;
}
