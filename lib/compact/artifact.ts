import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { commitFile } from "../store/write.js";
import { readRegularUtf8 } from "../store/checked-fs.js";

// The compact slot: `<memory_dir>/.memctl/compact.json`, one overwritable artifact derived from the records.
// No history and no lock: overwriting destroys nothing (every generation is made from the records), two
// concurrent writers regenerated from the same records, and deleting it is always safe.

export const COMPACT_FILE = ".memctl/compact.json";
export const GENERATORS = ["mechanical", "llm"] as const;
export type Generator = (typeof GENERATORS)[number];

/**
 * One covered record: its store-relative card path, display name, and revision. The revision is the card's
 * latest history revision (a number) when its file still matches that revision's sha256; a card with no
 * history yet, or edited by hand since, gets the pseudo-revision "h:<first 16 hex of sha256 of its bytes>",
 * so any change to its bytes reads as "newer". A delete→revive cycle gets a new number, so it reads as new.
 */
export interface WatermarkEntry {
  card: string;
  name: string;
  rev: number | string;
}

export interface CompactArtifact {
  version: 1;
  summary: string;
  generator: Generator;
  /** The configured command for llm (argv joined for display), null for mechanical. */
  model: string | null;
  /** ISO-8601 UTC. */
  generated_at: string;
  generated_by: string;
  watermark: WatermarkEntry[];
  /** Names the model's summary left out, appended verbatim as index lines (repair, not rejection). */
  repaired: string[];
}

export type CompactRead = { status: "absent" } | { status: "ok"; compact: CompactArtifact } | { status: "invalid"; reason: string };

export function compactPath(memoryDir: string): string {
  return path.join(memoryDir, ...COMPACT_FILE.split("/"));
}

/** Reads and validates the slot; never throws. An invalid slot is reported, and treated as no compact. */
export function readCompact(memoryDir: string): CompactRead {
  let text: string;
  try {
    text = readRegularUtf8(compactPath(memoryDir));
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { status: "absent" };
    return { status: "invalid", reason: `cannot read ${COMPACT_FILE}: ${(err as Error).message}` };
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    return { status: "invalid", reason: `${COMPACT_FILE} is not JSON (${(err as Error).message}); run "memctl compact" to regenerate or "memctl compact --clear"` };
  }
  const problem = artifactProblem(v);
  if (problem) return { status: "invalid", reason: `${COMPACT_FILE}: ${problem}; run "memctl compact" to regenerate or "memctl compact --clear"` };
  return { status: "ok", compact: v as CompactArtifact };
}

function artifactProblem(v: unknown): string | undefined {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return "not an object";
  const o = v as Record<string, unknown>;
  if (o.version !== 1) return `unknown version ${JSON.stringify(o.version)}`;
  if (typeof o.summary !== "string") return "summary is not a string";
  if (!GENERATORS.includes(o.generator as Generator)) return "generator is not mechanical or llm";
  if (typeof o.generated_at !== "string" || typeof o.generated_by !== "string") return "generated_at / generated_by missing";
  if (!Array.isArray(o.watermark)) return "watermark is not a list";
  for (const w of o.watermark) {
    const e = w as Record<string, unknown>;
    if (!e || typeof e.card !== "string" || typeof e.name !== "string" || !(typeof e.rev === "number" || typeof e.rev === "string"))
      return "watermark entry without card / name / rev";
  }
  if (!Array.isArray(o.repaired)) return "repaired is not a list";
  return undefined;
}

/** Overwrites the slot atomically (a reader sees the old artifact or the new one, never a torn file). */
export async function writeCompact(memoryDir: string, compact: CompactArtifact): Promise<void> {
  realDir(memoryDir, STATE_DIR);
  // commitFile replaces a link at compact.json rather than writing through it (no followLink under a store).
  await commitFile(compactPath(memoryDir), JSON.stringify(compact, null, 2) + "\n");
}

/** Deletes the slot; true when there was one. Always safe: injection falls back to the full index. */
export function clearCompact(memoryDir: string): boolean {
  try {
    fs.unlinkSync(compactPath(memoryDir));
    return true;
  } catch (err) {
    if (systemCode(err) === "ENOENT") return false;
    throw err;
  }
}
