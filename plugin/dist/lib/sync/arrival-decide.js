// lib/sync/arrival-decide.ts
import path from "node:path";
import { pastedWord } from "../core/shell-quote.js";
import { isCardFile } from "../core/card-rules.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { diffLines } from "../core/line-diff.js";
import { assertOwner } from "../records/actor.js";
import { readArrivals, writeArrivals } from "../store/arrivals.js";
import { liveness } from "../store/hold.js";
import { appendHistory, makeEntry, readHistory, sha256Hex } from "../store/history.js";
import { withStoreLock } from "../store/lock.js";
import { runGit } from "./git.js";
import { restoreCard } from "../records/restore.js";
import { relinkCard } from "../records/admin.js";
import { readRevision } from "../store/revisions.js";
import { readMerged, readMergedText } from "./merged-read.js";
var ARRIVAL_ID = /^a-[0-9a-f]{1,12}$/;
function isArrivalId(id) {
  return ARRIVAL_ID.test(id);
}
function liveArrivals(memoryDir) {
  return readArrivals(memoryDir).items.filter(liveness(memoryDir));
}
function findArrival(memoryDir, id) {
  const hits = liveArrivals(memoryDir).filter((a) => a.id.startsWith(id));
  if (hits.length === 1) return hits[0];
  if (hits.length === 0) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no held arrival ${id}; memctl review lists them`, { id });
  throw new MemctlError(ERROR_CODES.E_MULTIPLE_MATCHES, `${id} matches ${hits.length} arrivals (${hits.map((h) => h.id).join(", ")}); give more of the id`, { id });
}
async function acceptArrival(ctx, id) {
  assertOwner(ctx.actor, "accept what a sync brought in");
  return withStoreLock(ctx.memoryDir, async () => {
    const arrival = findArrival(ctx.memoryDir, id);
    if (arrival.state === "quarantined")
      throw usageError(
        `${arrival.id} (${arrival.path}) is quarantined: ${arrival.reasons.join("; ")}. It cannot be accepted as it is; fix the file (your edit makes it yours) or remove it with memctl rm.`,
        { id: arrival.id }
      );
    const file = readArrivals(ctx.memoryDir);
    const released = arrival.kind === "note" ? [arrival.id] : file.items.filter((a) => a.path === arrival.path && a.state !== "quarantined" && a.kind !== "note").map((a) => a.id);
    await writeArrivals(ctx.memoryDir, { version: 1, items: file.items.filter((a) => !released.includes(a.id)) });
    const abs = path.join(ctx.memoryDir, arrival.path);
    const bytes = isCardFile(arrival.path) && arrival.kind !== "removed" && arrival.sha256 !== null ? readMerged(abs) : void 0;
    if (bytes) appendHistory(ctx.memoryDir, makeEntry(readHistory(ctx.memoryDir).entries, arrival.path, "adopt", ctx.actor, ctx.now, bytes));
    return { arrival, released: released.filter((r) => r !== arrival.id) };
  });
}
async function acceptAllArrivals(ctx) {
  assertOwner(ctx.actor, "accept what a sync brought in");
  const decided = [];
  const done = /* @__PURE__ */ new Set();
  for (const a of liveArrivals(ctx.memoryDir)) {
    if (a.state !== "pending" || done.has(a.id)) continue;
    const decision = await acceptArrival(ctx, a.id);
    for (const id of [decision.arrival.id, ...decision.released]) done.add(id);
    decided.push(decision);
  }
  return decided;
}
async function rejectArrival(ctx, id, reason, git) {
  assertOwner(ctx.actor, "reject what a sync brought in");
  const removed = findArrival(ctx.memoryDir, id);
  const relinked = removed.kind === "removed" && removed.sha256 !== null && removed.line !== void 0;
  if (relinked) await relinkCard(ctx, removed.path, removed.line);
  const restored = removed.kind === "removed" && !relinked && isCardFile(removed.path) ? await restoreRemoved(ctx, removed, git) : void 0;
  return withStoreLock(ctx.memoryDir, async () => {
    const arrival = restored || relinked ? removed : findArrival(ctx.memoryDir, id);
    const file = readArrivals(ctx.memoryDir);
    if (relinked) {
      await writeArrivals(ctx.memoryDir, { version: 1, items: file.items.filter((a) => a.id !== arrival.id) });
      return { arrival: { ...arrival, state: "rejected" }, released: [], relinked: arrival.path };
    }
    const items = file.items.map(
      (a) => a.id === arrival.id ? { ...a, state: a.state === "quarantined" ? a.state : "rejected", reasons: [...a.reasons, `rejected by ${ctx.actor} at ${ctx.now.toISOString()}: ${reason}`] } : a
    );
    await writeArrivals(ctx.memoryDir, { version: 1, items });
    return { arrival: items.find((a) => a.id === arrival.id), released: [], ...restored ? { restored } : {} };
  });
}
async function restoreRemoved(ctx, arrival, git) {
  const before = arrival.before ? await runGit(ctx.memoryDir, ["show", `${arrival.before}:${arrival.path}`], git) : void 0;
  const owned = before?.code === 0 ? sha256Hex(before.stdout) : void 0;
  const kept = readHistory(ctx.memoryDir).entries.filter((e) => e.card === arrival.path && owned !== void 0 && e.sha256 === owned).at(-1);
  if (!kept || readRevision(ctx.memoryDir, kept.sha256).state !== "kept")
    throw new MemctlError(
      ERROR_CODES.E_NOT_FOUND,
      `${arrival.path} was removed on another machine and memctl kept no revision of it as it stood here; nothing was changed. Bring it back from git: git -C ${pastedWord(ctx.memoryDir)} checkout ${arrival.before ?? "HEAD~1"} -- ${pastedWord(arrival.path)}`,
      { id: arrival.id, path: arrival.path }
    );
  const saved = await restoreCard(ctx, arrival.path, kept.rev);
  return { file: saved.file, rev: saved.entry?.rev ?? kept.rev };
}
async function previewArrival(memoryDir, a, opts) {
  if (a.state === "quarantined" && a.reasons.some((r) => /secret|symlink|not a regular file|bytes/.test(r))) return { diff: [], withheld: a.reasons.join("; ") };
  const before = a.before ? await runGit(memoryDir, ["show", `${a.before}:${a.path}`], opts) : void 0;
  const beforeText = before && before.code === 0 ? before.stdout : void 0;
  const abs = path.join(memoryDir, a.path);
  const afterText = readMergedText(abs);
  return {
    ...beforeText !== void 0 ? { before: beforeText } : {},
    ...afterText !== void 0 ? { after: afterText } : {},
    diff: diffLines(beforeText ?? "", afterText ?? "")
  };
}
export {
  ARRIVAL_ID,
  acceptAllArrivals,
  acceptArrival,
  findArrival,
  isArrivalId,
  liveArrivals,
  previewArrival,
  rejectArrival
};
