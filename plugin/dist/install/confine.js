// install/confine.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
import { isInside } from "../lib/core/instruction-imports.js";
import { realpathOr } from "../lib/store/checked-fs.js";
function assertConfined(edits, scope, projectDir) {
  if (scope === "user") return;
  for (const edit of edits) {
    const root = edit.within ?? projectDir;
    const real = realLocation(edit.file);
    if (real !== void 0 && isInside(real, realpathOr(root))) continue;
    throw new MemctlError(
      ERROR_CODES.E_PATH_ESCAPE,
      `${edit.file} ${real === void 0 ? "is a link to a file that does not exist" : `leads through a link to ${real}`}, outside ${root}: a ${scope} install writes only inside the project; nothing was written \u2014 remove the link, then run the command again`,
      { file: edit.file, ...real !== void 0 ? { target: real } : {} }
    );
  }
}
function realLocation(file) {
  const missing = [];
  let at = path.resolve(file);
  for (; ; ) {
    if (fs.lstatSync(at, { throwIfNoEntry: false }) !== void 0) {
      try {
        return path.join(fs.realpathSync(at), ...missing);
      } catch {
        return void 0;
      }
    }
    const parent = path.dirname(at);
    if (parent === at) return path.join(at, ...missing);
    missing.unshift(path.basename(at));
    at = parent;
  }
}
export {
  assertConfined
};
