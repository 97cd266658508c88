import fs from "node:fs";
import { systemCode } from "../core/errors.js";
import { joinPath, STATE_DIR } from "./paths.js";

// Whether this user's writes to a store can succeed, asked without writing (doctor writes nothing): every write
// makes a file in the memory directory or in .memctl/ (the lock, history) and renames it into place.

/** The first folder a write needs that this user cannot write (and why: EACCES, EROFS, …); undefined when none. */
export function storeWriteProblem(memoryDir: string): { dir: string; errno: string } | undefined {
  for (const dir of [memoryDir, joinPath(memoryDir, STATE_DIR)]) {
    try {
      fs.accessSync(dir, fs.constants.W_OK | fs.constants.X_OK);
    } catch (err) {
      const errno = systemCode(err) ?? "EACCES";
      if (errno !== "ENOENT") return { dir, errno }; // a missing .memctl/ is made by the first write
    }
  }
  return undefined;
}
