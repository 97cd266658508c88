// lib/usage/read.ts
import { access, exists, lstatIfExists, notRegularError, readdirNames, readRegularBytes, readRegularUtf8, R_OK } from "../store/checked-fs.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { utf8Text } from "../core/bytes.js";
import { legacyReader } from "./legacy.js";
import { add, addLogLines, applyDecay, FOLDING, parseSnapshot, USAGE_LOG, USAGE_SNAPSHOT } from "./format.js";
function readUsage(memoryDir, today, only) {
  const dir = joinPath(memoryDir, STATE_DIR);
  if (!exists(dir)) return { store: "none", cards: /* @__PURE__ */ new Map() };
  try {
    let snap = { folded: /* @__PURE__ */ new Map(), cards: /* @__PURE__ */ new Map() };
    let found = exists(joinPath(dir, USAGE_SNAPSHOT));
    if (found) snap = parseSnapshot(readRegularUtf8(joinPath(dir, USAGE_SNAPSHOT), void 0, { nofollow: true }), only);
    applyDecay(snap, today);
    const pending = /* @__PURE__ */ new Map();
    let malformed = 0;
    const legacy = legacyReader(dir);
    for (const name of [...foldingFiles(dir), USAGE_LOG]) {
      const file = joinPath(dir, name);
      if (!exists(file)) continue;
      found = true;
      malformed += addLogLines(pending, unconsumed(file, snap.folded.get(name) ?? 0, false).text, { ...only ? { only } : {}, legacy });
    }
    for (const [card, u] of pending) add(snap.cards, card, u);
    return { store: found ? "tsv" : "none", cards: snap.cards, ...malformed ? { malformed } : {} };
  } catch (err) {
    return { store: "error", error: err.message, cards: /* @__PURE__ */ new Map() };
  }
}
function foldingFiles(dir) {
  return readdirNames(dir).filter((n) => FOLDING.test(n)).sort();
}
function unconsumed(file, offset, all) {
  let buf;
  try {
    const st = lstatIfExists(file);
    if (st === void 0) return { text: "", end: offset };
    if (!st.isFile()) throw notRegularError(file, st.mode);
    if (offset >= st.size) {
      access(file, R_OK);
      return { text: "", end: offset };
    }
    buf = readRegularBytes(file, void 0, { nofollow: true });
  } catch (err) {
    if (err.code === "ENOENT") return { text: "", end: offset };
    throw err;
  }
  const start = Math.min(offset, buf.length);
  const end = all ? buf.length : Math.max(start, buf.lastIndexOf(10) + 1);
  return { text: utf8Text(buf, start, end), end };
}
export {
  foldingFiles,
  readUsage,
  unconsumed
};
