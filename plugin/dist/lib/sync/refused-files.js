// lib/sync/refused-files.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, systemCode } from "../core/errors.js";
import { close, DEFAULT_READ_CAP, fileKind, NOT_REGULAR, openRegular, TOO_LARGE } from "../store/checked-fs.js";
import { INCOMING_DIR } from "./merge-driver.js";
import { SYNC_DIR, SYNC_FILE_MAX_BYTES } from "./repo.js";
var REFUSED_FIX = "remove it (or put back a regular file); memctl does not read it until then";
function refusedSyncFiles(memoryDir) {
  const files = [
    [`${SYNC_DIR}/state.json`, SYNC_FILE_MAX_BYTES],
    [`${SYNC_DIR}/journal.json`, SYNC_FILE_MAX_BYTES]
  ];
  try {
    const names = fs.readdirSync(path.join(memoryDir, ...INCOMING_DIR.split("/"))).filter((n) => n.endsWith(".json") && !n.startsWith("."));
    for (const name of names.sort()) files.push([`${INCOMING_DIR}/${name}`, DEFAULT_READ_CAP]);
  } catch {
  }
  return files.flatMap(([rel, cap]) => {
    const found = refusal(path.join(memoryDir, ...rel.split("/")), cap);
    return found ? [{ path: rel, ...found }] : [];
  });
}
function refusal(file, cap) {
  try {
    const { fd, stat } = openRegular(file, { nofollow: true });
    close(fd);
    return stat.size > cap ? { code: TOO_LARGE, what: `${stat.size} bytes, over the ${cap}-byte limit` } : void 0;
  } catch (err) {
    const code = systemCode(err);
    if (code === "ELOOP") return { code: ERROR_CODES.E_PATH_ESCAPE, what: "a symlink" };
    if (code === NOT_REGULAR) return { code: NOT_REGULAR, what: fileKind(err.mode) };
    return void 0;
  }
}
export {
  REFUSED_FIX,
  refusedSyncFiles
};
