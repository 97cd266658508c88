import { randomBytes } from "node:crypto";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { readRegularUtf8, refusedRead } from "./checked-fs.js";
import { STATE_DIR } from "./paths.js";
import { commitFile } from "./write.js";

// A random id for this machine's copy of a store, kept in per-machine state (never synced). A write-ahead intent
// carries it, so a crash-recovery record that arrived from elsewhere (a synced remote, a copied folder) is never
// taken for this machine's own unfinished write.

export const MACHINE_ID_RELPATH = `${STATE_DIR}/machine-id`;
const ID = /^[0-9a-f]{32}$/;

function idPath(memoryDir: string): string {
  return path.join(memoryDir, ...MACHINE_ID_RELPATH.split("/"));
}

/** This machine's id for the store, or undefined when none was made yet (or the file is not one of ours). */
export function readMachineId(memoryDir: string): string | undefined {
  try {
    // One open checks and reads (no link followed, regular only, 4 KiB at most): no window for a swap between them.
    const id = readRegularUtf8(idPath(memoryDir), 4096, { nofollow: true }).trim();
    return ID.test(id) ? id : undefined;
  } catch (err) {
    if (systemCode(err) === "ENOENT" || refusedRead(err)) return undefined;
    throw err;
  }
}

/** The id, made on first use. The caller holds the store lock (.memctl/ exists). */
export async function ensureMachineId(memoryDir: string): Promise<string> {
  const existing = readMachineId(memoryDir);
  if (existing) return existing;
  const id = randomBytes(16).toString("hex");
  await commitFile(idPath(memoryDir), `${id}\n`);
  return id;
}
