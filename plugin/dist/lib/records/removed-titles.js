// lib/records/removed-titles.ts
import path from "node:path";
import { findIndexLine } from "../core/index-find.js";
import { indexPlaceOf } from "../core/index-place.js";
import { readRegularBytes } from "../store/checked-fs.js";
import { STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { commitFile } from "../store/write.js";
var REMOVED_TITLES_FILE = "removed-titles.json";
var MAX_TITLES = 2e3;
var TITLE_MAX = 300;
var READ_CAP = 1024 * 1024;
function read(memoryDir) {
  try {
    const raw = JSON.parse(Buffer.from(readRegularBytes(path.join(memoryDir, STATE_DIR, REMOVED_TITLES_FILE), READ_CAP, { nofollow: true })).toString("utf8"));
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
    const out = {};
    for (const [file, value] of Object.entries(raw)) {
      const line = parse(value);
      if (line) out[file] = stored(line);
    }
    return out;
  } catch {
    return {};
  }
}
function parse(value) {
  if (isTitle(value)) return { title: value };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return void 0;
  const v = value;
  const place = { ...isCardName(v.after) ? { after: v.after } : {}, ...isCardName(v.before) ? { before: v.before } : {} };
  const line = { ...isTitle(v.title) ? { title: v.title } : {}, ...place.after || place.before ? { place } : {} };
  return line.title || line.place ? line : void 0;
}
function stored(line) {
  return line.place ? { ...line.title ? { title: line.title } : {}, ...line.place } : line.title;
}
function isTitle(title) {
  return typeof title === "string" && title.trim() !== "" && title.length <= TITLE_MAX && !/[\u0000-\u001f\u007f]/.test(title);
}
function isCardName(file) {
  return isTitle(file) && /\.md$/i.test(file);
}
function removedLine(memoryDir, file) {
  const lines = read(memoryDir);
  return Object.hasOwn(lines, file) ? parse(lines[file]) : {};
}
function removedLineOf(index, file, fallback) {
  const title = index ? findIndexLine(index, file)?.entry.title : void 0;
  const place = index ? indexPlaceOf(index, file) : void 0;
  return { ...isTitle(title) && title !== fallback ? { title } : {}, ...place ? { place } : {} };
}
async function keepRemovedLine(memoryDir, file, keep) {
  try {
    const lines = read(memoryDir);
    if (!keep.title && !keep.place && !Object.hasOwn(lines, file)) return;
    delete lines[file];
    if (keep.title || keep.place) lines[file] = stored(keep);
    const entries = Object.entries(lines).slice(-MAX_TITLES);
    await commitFile(path.join(realDir(memoryDir, STATE_DIR), REMOVED_TITLES_FILE), JSON.stringify(Object.fromEntries(entries)) + "\n", { durable: false });
  } catch {
  }
}
export {
  REMOVED_TITLES_FILE,
  keepRemovedLine,
  removedLine,
  removedLineOf
};
