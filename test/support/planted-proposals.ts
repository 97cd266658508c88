// Proposal files written straight into a store's queue, as an agent's memory_propose loop (or a teammate's push within
// the limits) leaves it: the queue-full tests plant up to 2,000 of ~95 KB and measure what a command holds of them.
import fs from "node:fs";
import path from "node:path";

/** The i-th proposal's id: one second of 2026-01-01 apart, so file names sort in staging order (as real ids do). */
export function plantedId(i: number): string {
  return `p-20260101T${String(Math.floor(i / 60)).padStart(4, "0")}${String(i % 60).padStart(2, "0")}Z-${i.toString(16).padStart(6, "0")}`;
}

/** What a planted proposal differs in; the rest is a pending unverified project card `note-<i>` proposed over MCP. */
export interface PlantedFields {
  body: string;
  name?: string;
  description?: string;
  status?: string;
  source?: string;
  /** Fields added at the top level (a sync conflict, say). */
  extra?: Record<string, unknown>;
}

/** The i-th planted proposal's JSON, stamped with its id's second. */
export function plantedProposal(i: number, fields: PlantedFields): string {
  const id = plantedId(i);
  return JSON.stringify({
    id,
    seq: i,
    status: fields.status ?? "pending",
    created_at: `2026-01-01T${id.slice(11, 13)}:${id.slice(13, 15)}:${id.slice(15, 17)}Z`,
    proposer: "host:claude",
    source: fields.source ?? "mcp",
    provenance: { kind: "unverified", source: "mcp" },
    card: { name: fields.name ?? `note-${i}`, type: "project", description: fields.description ?? `note ${i}`, body: fields.body },
    target: null,
    base_sha256: null,
    ...fields.extra,
  });
}

/** The store's proposal queue folder (made, with its archive), where the planted files go. */
export function proposalDir(memoryDir: string): string {
  const dir = path.join(memoryDir, ".memctl", "proposals");
  fs.mkdirSync(path.join(dir, "archive"), { recursive: true });
  return dir;
}

/** Plants proposals `from`..`to` (inclusive) in the queue, or in its archive, each as `fields(i)` says. */
export function plantProposals(memoryDir: string, from: number, to: number, fields: (i: number) => PlantedFields, where: "queue" | "archive" = "queue"): void {
  const dir = proposalDir(memoryDir);
  const into = where === "archive" ? path.join(dir, "archive") : dir;
  for (let i = from; i <= to; i++) fs.writeFileSync(path.join(into, `${plantedId(i)}.json`), plantedProposal(i, fields(i)));
}
