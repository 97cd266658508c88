// lib/usage/fold.ts
import fs from "node:fs";
import path from "node:path";
import { lstatIfExists, readRegularUtf8 } from "../store/checked-fs.js";
import { STATE_DIR } from "../store/paths.js";
import { tryStoreLock } from "../store/lock.js";
import { appendBytes, realDir, replaceFile } from "../store/safe-write.js";
import { addLogLines, add, applyDecay, FOLDING, parseSnapshot, SET_ASIDE_SUFFIX, renderSnapshot, USAGE_LOG, USAGE_SNAPSHOT } from "./format.js";
import { foldingFiles, unconsumed } from "./read.js";
import { legacyReader } from "./legacy.js";
var FOLD_GRACE_MS = 1e4;
var USAGE_REJECTED = "usage.rejected";
function foldUsage(memoryDir, today, now = Date.now) {
  const dir = realDir(memoryDir, STATE_DIR);
  const lock = tryStoreLock(memoryDir);
  if (!lock) return false;
  try {
    const stamp = now();
    try {
      fs.renameSync(path.join(dir, USAGE_LOG), path.join(dir, `usage.${stamp}-${process.pid}.folding`));
    } catch (err) {
      if (err.code !== "ENOENT") throw err;
    }
    const snapFile = path.join(dir, USAGE_SNAPSHOT);
    let snap = { folded: /* @__PURE__ */ new Map(), cards: /* @__PURE__ */ new Map() };
    try {
      snap = parseSnapshot(readRegularUtf8(snapFile, void 0, { nofollow: true }));
    } catch (err) {
      if (err.code !== "ENOENT") fs.renameSync(snapFile, `${snapFile}.corrupt-${stamp}`);
    }
    applyDecay(snap, today);
    const folded = /* @__PURE__ */ new Map();
    const rejected = [];
    const added = /* @__PURE__ */ new Map();
    const legacy = legacyReader(dir);
    for (const name of foldingFiles(dir)) {
      const st = lstatIfExists(path.join(dir, name));
      if (st !== void 0 && !st.isFile()) {
        try {
          fs.renameSync(path.join(dir, name), path.join(dir, `${name}${SET_ASIDE_SUFFIX}${stamp}`));
        } catch {
        }
        continue;
      }
      const abandoned = stamp - Number(FOLDING.exec(name)[1]) > FOLD_GRACE_MS;
      const pending = unconsumed(path.join(dir, name), snap.folded.get(name) ?? 0, abandoned);
      addLogLines(added, pending.text, { legacy, onMalformed: (line) => rejected.push(line) });
      folded.set(name, pending.end);
    }
    for (const [card, u] of added) add(snap.cards, card, u);
    snap.folded = folded;
    if (!lock.stillHeld()) return false;
    if (rejected.length > 0) appendBytes(path.join(dir, USAGE_REJECTED), Buffer.from(`${rejected.join("\n")}
`, "utf8"));
    replaceFile(snapFile, renderSnapshot(snap), `${snapFile}.${process.pid}.${stamp}.tmp`);
    for (const [name, end] of folded) {
      const file = path.join(dir, name);
      if (stamp - Number(FOLDING.exec(name)[1]) > FOLD_GRACE_MS && fs.statSync(file).size === end) fs.unlinkSync(file);
    }
    return true;
  } finally {
    lock.release();
  }
}
export {
  FOLD_GRACE_MS,
  USAGE_REJECTED,
  foldUsage
};
