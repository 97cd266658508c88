// lib/usage/usage.ts
import { appendBytes, realDir } from "../store/safe-write.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { foldUsage } from "./fold.js";
import { isMeasurable, renderLogLine, USAGE_LOG } from "./format.js";
import { FOLD_GRACE_MS, foldUsage as foldUsage2, USAGE_REJECTED } from "./fold.js";
import { HALVING_PERIOD_DAYS, isMeasurable as isMeasurable2, parseSnapshot, renderSnapshot, USAGE_LOG as USAGE_LOG2, USAGE_SNAPSHOT } from "./format.js";
import { readUsage } from "./read.js";
import { AGE_BUCKETS, ageBucket, frecency } from "../core/frecency.js";
var FOLD_AT_BYTES = 16 * 1024;
function recordHitsSync(memoryDir, cardRelpaths, today, options = {}) {
  const refused = cardRelpaths.filter((c) => !isMeasurable(c));
  const cards = [...new Set(cardRelpaths.filter(isMeasurable))];
  const line = renderLogLine(today, cards);
  if (line === void 0) return { recorded: 0, refused, folded: false };
  const size = appendBytes(joinPath(realDir(memoryDir, STATE_DIR), USAGE_LOG), Buffer.from(line, "utf8"));
  let folded = false;
  if (size >= (options.foldAtBytes ?? FOLD_AT_BYTES)) {
    try {
      folded = foldUsage(memoryDir, today, options.now);
    } catch {
    }
  }
  return { recorded: cards.length, refused, folded };
}
async function recordHits(memoryDir, cardRelpaths, today, options = {}) {
  return recordHitsSync(memoryDir, cardRelpaths, today, options);
}
export {
  AGE_BUCKETS,
  FOLD_AT_BYTES,
  FOLD_GRACE_MS,
  HALVING_PERIOD_DAYS,
  USAGE_LOG2 as USAGE_LOG,
  USAGE_REJECTED,
  USAGE_SNAPSHOT,
  ageBucket,
  foldUsage2 as foldUsage,
  frecency,
  isMeasurable2 as isMeasurable,
  parseSnapshot,
  readUsage,
  recordHits,
  recordHitsSync,
  renderSnapshot
};
