// lib/rank-cache/entry-path.ts
import { isCardFileName } from "../core/card-types.js";
import { parseIndexLine } from "../core/index-file.js";
import { cardPathKey } from "../core/link-key.js";
function isEntryPath(file, raw) {
  if (isCardFileName(file)) return true;
  if (typeof file !== "string") return false;
  const linked = parseIndexLine(raw(), 0);
  return linked !== void 0 && "file" in linked && cardPathKey(linked.file) === file;
}
export {
  isEntryPath
};
