// lib/sync/history-backfill.ts
import { HISTORY_RELPATH, parseHistoryLine } from "../store/history.js";
import { entryKey, historyBackfilled, readSyncedHistory, recordHistoryBackfill, recordSyncedHistory } from "../store/history-synced.js";
import { runGit } from "./git.js";
import { localCommits } from "./rebuild-hold.js";
import { headCommit } from "./repo.js";
var BLAME_TIMEOUT_MS = 18e4;
async function backfillHistoryMarks(dir, opts) {
  if (historyBackfilled(dir)) return 0;
  const head = await headCommit(dir, opts);
  const blame = head === void 0 ? void 0 : await runGit(dir, ["blame", "--porcelain", "HEAD", "--", HISTORY_RELPATH], { ...opts, timeoutMs: BLAME_TIMEOUT_MS }).catch(() => void 0);
  let added = 0;
  if (head !== void 0 && blame?.code === 0) {
    const local = new Set(await localCommits(dir, opts));
    const arrived = /* @__PURE__ */ new Map();
    for (const { commit, author, line } of blamed(blame.stdout)) {
      if (local.has(commit)) continue;
      const entry = parseHistoryLine(line);
      if (entry) arrived.set(entryKey(entry), { entry, author, commit });
    }
    const known = readSyncedHistory(dir, new Set(arrived.keys()));
    const byCommit = /* @__PURE__ */ new Map();
    for (const [key, a] of arrived) {
      if (known.has(key)) continue;
      const group = byCommit.get(a.commit) ?? { author: a.author, entries: [] };
      group.entries.push(a.entry);
      byCommit.set(a.commit, group);
    }
    for (const [commit, { author, entries }] of byCommit) {
      recordSyncedHistory(dir, entries, { pushed_by: [author], commit });
      added += entries.length;
    }
  }
  recordHistoryBackfill(dir, head ?? null);
  return added;
}
function* blamed(out) {
  const authors = /* @__PURE__ */ new Map();
  let commit = "";
  for (let at = 0; at < out.length; ) {
    const nl = out.indexOf("\n", at);
    const end = nl === -1 ? out.length : nl;
    const row = out.slice(at, end);
    at = end + 1;
    if (row.startsWith("	")) {
      const a = authors.get(commit) ?? {};
      yield { commit, author: `${a.name ?? "?"} ${a.mail ?? "<>"}`, line: row.slice(1) };
    } else if (/^[0-9a-f]{40,64} \d+ \d+/.test(row)) {
      commit = row.slice(0, row.indexOf(" "));
      if (!authors.has(commit)) authors.set(commit, {});
    } else if (row.startsWith("author ")) authors.get(commit).name = row.slice(7);
    else if (row.startsWith("author-mail ")) authors.get(commit).mail = row.slice(12);
  }
}
export {
  backfillHistoryMarks
};
