// lib/store/writable.ts
import fs from "node:fs";
import { systemCode } from "../core/errors.js";
import { joinPath, STATE_DIR } from "./paths.js";
function storeWriteProblem(memoryDir) {
  for (const dir of [memoryDir, joinPath(memoryDir, STATE_DIR)]) {
    try {
      fs.accessSync(dir, fs.constants.W_OK | fs.constants.X_OK);
    } catch (err) {
      const errno = systemCode(err) ?? "EACCES";
      if (errno !== "ENOENT") return { dir, errno };
    }
  }
  return void 0;
}
export {
  storeWriteProblem
};
