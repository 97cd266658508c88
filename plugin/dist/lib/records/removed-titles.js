// lib/records/removed-titles.ts
import path from "node:path";
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
    for (const [file, title] of Object.entries(raw)) if (isTitle(title)) out[file] = title;
    return out;
  } catch {
    return {};
  }
}
function isTitle(title) {
  return typeof title === "string" && title.trim() !== "" && title.length <= TITLE_MAX && !/[\u0000-\u001f\u007f]/.test(title);
}
function removedTitle(memoryDir, file) {
  const titles = read(memoryDir);
  return Object.hasOwn(titles, file) ? titles[file] : void 0;
}
async function keepRemovedTitle(memoryDir, file, title, fallback) {
  const titles = read(memoryDir);
  const keep = isTitle(title) && title !== fallback;
  if (!keep && !Object.hasOwn(titles, file)) return;
  delete titles[file];
  if (keep) titles[file] = title;
  const entries = Object.entries(titles).slice(-MAX_TITLES);
  await commitFile(path.join(realDir(memoryDir, STATE_DIR), REMOVED_TITLES_FILE), JSON.stringify(Object.fromEntries(entries)) + "\n");
}
export {
  REMOVED_TITLES_FILE,
  keepRemovedTitle,
  removedTitle
};
