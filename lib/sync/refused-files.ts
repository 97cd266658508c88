import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, systemCode } from "../core/errors.js";
import { close, DEFAULT_READ_CAP, fileKind, NOT_REGULAR, openRegular, TOO_LARGE } from "../store/checked-fs.js";
import { INCOMING_DIR } from "./merge-driver.js";
import { SYNC_DIR, SYNC_FILE_MAX_BYTES } from "./repo.js";

// Sync's own files are read through the checked reader, and one it refuses (a link, a FIFO, past its cap) counts as
// absent so a planted one cannot hang or grow a sync. This names them, so the owner sees what was skipped and why.

/** What the owner does about one: memctl writes these files itself, so a planted one goes. */
export const REFUSED_FIX = "remove it (or put back a regular file); memctl does not read it until then";

/** A sync file memctl would not read: its store-relative path, the error code, and what it is. */
export interface RefusedFile {
  path: string;
  code: string;
  what: string;
}

/** Each of state.json, journal.json and incoming/*.json the checked reader refuses (opened, never read). */
export function refusedSyncFiles(memoryDir: string): RefusedFile[] {
  const files: [string, number][] = [
    [`${SYNC_DIR}/state.json`, SYNC_FILE_MAX_BYTES],
    [`${SYNC_DIR}/journal.json`, SYNC_FILE_MAX_BYTES],
  ];
  try {
    const names = fs.readdirSync(path.join(memoryDir, ...INCOMING_DIR.split("/"))).filter((n) => n.endsWith(".json") && !n.startsWith("."));
    for (const name of names.sort()) files.push([`${INCOMING_DIR}/${name}`, DEFAULT_READ_CAP]);
  } catch {
    /* no parked cards */
  }
  return files.flatMap(([rel, cap]) => {
    const found = refusal(path.join(memoryDir, ...rel.split("/")), cap);
    return found ? [{ path: rel, ...found }] : [];
  });
}

function refusal(file: string, cap: number): { code: string; what: string } | undefined {
  try {
    const { fd, stat } = openRegular(file, { nofollow: true });
    close(fd);
    return stat.size > cap ? { code: TOO_LARGE, what: `${stat.size} bytes, over the ${cap}-byte limit` } : undefined;
  } catch (err) {
    const code = systemCode(err);
    if (code === "ELOOP") return { code: ERROR_CODES.E_PATH_ESCAPE, what: "a symlink" };
    if (code === NOT_REGULAR) return { code: NOT_REGULAR, what: fileKind((err as { mode: number }).mode) };
    return undefined; // absent, or unreadable as any file may be: the readers treat those alike
  }
}
