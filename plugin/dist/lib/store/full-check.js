// lib/store/full-check.ts
import { lstatIfExists, readRegularUtf8 } from "./checked-fs.js";
import { replaceFile } from "./safe-write.js";
import { joinPath, STATE_DIR } from "./paths.js";
var FULL_CHECK_MAX = 1e4;
var VERIFIED_FOR_MS = 2e3;
var CARD_CHECK = "card-check";
var CARD_CHECK_MAX_BYTES = 512;
function fullCheckMaxFrom(env) {
  const v = env.MEMCTL_FULL_CHECK_MAX;
  return v !== void 0 && /^\d+$/.test(v) ? Number(v) : FULL_CHECK_MAX;
}
function freshnessOf(io) {
  return { nowMs: io.now().getTime(), fullCheckMax: fullCheckMaxFrom(io.env) };
}
function verifiedRecently(checkedMs, nowMs) {
  return nowMs >= checkedMs && nowMs - checkedMs < VERIFIED_FOR_MS;
}
var ABSENT = [-1, -1, -1, 0];
function absentAt(path) {
  try {
    return lstatIfExists(path) === void 0;
  } catch {
    return false;
  }
}
function cacheStamp(st) {
  return [st.mtimeMs, st.size, st.ctimeMs, st.ino];
}
function readCardCheck(memoryDir, cache, nowMs) {
  try {
    const v = JSON.parse(readRegularUtf8(joinPath(memoryDir, STATE_DIR, CARD_CHECK), CARD_CHECK_MAX_BYTES, { nofollow: true }));
    const num = (x) => typeof x === "number" && Number.isFinite(x);
    if (!Array.isArray(v.cache) || v.cache.length !== 4 || !v.cache.every((x, i) => x === cache[i])) return void 0;
    if (!num(v.at) || !verifiedRecently(v.at, nowMs)) return void 0;
    if (!Array.isArray(v.journal) || v.journal.length !== 2 || !v.journal.every(num)) return void 0;
    return { cache, at: v.at, journal: [v.journal[0], v.journal[1]] };
  } catch {
    return void 0;
  }
}
function writeCardCheck(memoryDir, check) {
  try {
    const state = joinPath(memoryDir, STATE_DIR);
    if (!lstatIfExists(state)?.isDirectory()) return;
    const file = joinPath(state, CARD_CHECK);
    replaceFile(file, JSON.stringify(check), `${file}.${process.pid}.tmp`);
  } catch {
  }
}
function recordCheck(memoryDir, file, check) {
  const st = lstatIfExists(file);
  if (st?.isFile()) writeCardCheck(memoryDir, { cache: cacheStamp(st), at: check.at, journal: check.journal });
}
export {
  ABSENT,
  CARD_CHECK,
  FULL_CHECK_MAX,
  VERIFIED_FOR_MS,
  absentAt,
  cacheStamp,
  freshnessOf,
  fullCheckMaxFrom,
  readCardCheck,
  recordCheck,
  verifiedRecently,
  writeCardCheck
};
