// lib/config/legacy-owner.ts
import { lstatIfExists, readRegularUtf8 } from "../store/checked-fs.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { commitFileSync } from "../store/write.js";
var OWNER_FILE = "project-root";
var OWNER_MAX_BYTES = 16 * 1024;
function legacyOwner(legacyDir) {
  const file = joinPath(legacyDir, STATE_DIR, OWNER_FILE);
  if (lstatIfExists(file) === void 0) return void 0;
  try {
    const text = readRegularUtf8(file, OWNER_MAX_BYTES, { nofollow: true }).trim();
    return text === "" ? void 0 : text;
  } catch {
    return void 0;
  }
}
function claimLegacyStore(legacyDir, canonical) {
  try {
    commitFileSync(joinPath(realDir(legacyDir, STATE_DIR), OWNER_FILE), `${canonical}
`, { exclusive: true });
  } catch {
  }
}
export {
  claimLegacyStore,
  legacyOwner
};
