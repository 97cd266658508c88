// lib/sync/history-arrived.ts
import { HISTORY_RELPATH, parseHistoryLine } from "../store/history.js";
import { entryKey, readSyncedHistory, recordSyncedHistory } from "../store/history-synced.js";
import { runGit } from "./git.js";
async function recordArrivedHistory(memoryDir, before, pusher, opts) {
  const old = new Set(before ? (await blob(memoryDir, before, opts) ?? "").split("\n") : []);
  const now = await blob(memoryDir, "HEAD", opts) ?? "";
  const known = readSyncedHistory(memoryDir);
  const added = [];
  const seen = /* @__PURE__ */ new Set();
  for (const line of now.split("\n")) {
    if (line.trim() === "" || old.has(line)) continue;
    const entry = parseHistoryLine(line);
    if (!entry) continue;
    const key = entryKey(entry);
    if (known.has(key) || seen.has(key)) continue;
    seen.add(key);
    added.push(entry);
  }
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
