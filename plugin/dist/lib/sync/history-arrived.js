// lib/sync/history-arrived.ts
import { HISTORY_RELPATH, parseHistoryLine } from "../store/history.js";
import { entryKey, readSyncedHistory, recordSyncedHistory } from "../store/history-synced.js";
import { runGit } from "./git.js";
async function recordArrivedHistory(memoryDir, before, pusher, opts) {
  const old = new Set(before ? (await blob(memoryDir, before, opts) ?? "").split("\n") : []);
  const now = await blob(memoryDir, "HEAD", opts) ?? "";
  const arrived = /* @__PURE__ */ new Map();
  for (const line of now.split("\n")) {
    if (line.trim() === "" || old.has(line)) continue;
    const entry = parseHistoryLine(line);
    if (entry) arrived.set(entryKey(entry), entry);
  }
  const known = readSyncedHistory(memoryDir, new Set(arrived.keys()));
  const added = [...arrived].filter(([key]) => !known.has(key)).map(([, entry]) => entry);
  recordSyncedHistory(memoryDir, added, { pushed_by: pusher.authors, commit: pusher.commit });
  return added.length;
}
async function blob(dir, commit, opts) {
  const r = await runGit(dir, ["show", `${commit}:${HISTORY_RELPATH}`], opts);
  return r.code === 0 ? r.stdout : void 0;
}
export {
  recordArrivedHistory
};
