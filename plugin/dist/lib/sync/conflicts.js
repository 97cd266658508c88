// lib/sync/conflicts.ts
import fs from "node:fs";
import path from "node:path";
import { typeFromFileName } from "../core/card-types.js";
import { appendHistory, latestByCard, makeEntry, readHistory, sha256Hex } from "../store/history.js";
import { logEvent, newProposalId, PROPOSALS_DIR } from "../records/proposal-files.js";
import { nextSeq, readNewest } from "../records/proposal-read.js";
import { parseCard } from "../core/card.js";
import { realDir } from "../store/safe-write.js";
import { readMerged } from "./merged-read.js";
import { commitFile } from "../store/write.js";
import { readIncoming } from "./merge-driver.js";
var SYNC_SOURCE = "memctl sync";
async function stageIncoming(memoryDir, now) {
  const staged = [];
  const history = readHistory(memoryDir).entries;
  for (const { file, card } of readIncoming(memoryDir)) {
    const proposal = toProposal(memoryDir, card, history, now);
    if (proposal && !alreadyStaged(memoryDir, card)) {
      realDir(memoryDir, ...PROPOSALS_DIR.split("/"));
      await commitFile(path.join(memoryDir, PROPOSALS_DIR, `${proposal.id}.json`), JSON.stringify(proposal, null, 2) + "\n");
      logEvent(memoryDir, { event: "proposed", id: proposal.id, actor: "system", at: proposal.created_at, card: card.path, source: proposal.source, kind: "fact" });
      staged.push(proposal);
    }
    fs.rmSync(file, { force: true });
  }
  return staged;
}
function alreadyStaged(memoryDir, card) {
  return readNewest(memoryDir).some((p) => p.conflict?.sha256 === card.sha256);
}
function toProposal(memoryDir, card, history, now) {
  const type = typeFromFileName(card.path);
  if (!type) return void 0;
  const parsed = parseCard(card.text);
  const stem = card.path.slice(type.length + 1, -".md".length);
  const name = typeof parsed.meta.name === "string" && parsed.meta.name !== "" ? parsed.meta.name : stem;
  const author = [...history].reverse().find((e) => e.card === card.path && e.sha256 === card.sha256)?.actor ?? "system";
  const here = readMerged(path.join(memoryDir, card.path));
  const exists = here !== null && here !== void 0;
  const why = card.reason === "edited-both" ? `edited on two machines; the other edit is the card now, this one (by ${author}) waits for review` : `removed on one machine and edited on another (by ${author}); the removal stands, accept this to revive the card`;
  const source = `${SYNC_SOURCE}: ${card.path} ${why}`;
  const proposal = {
    id: newProposalId(now),
    seq: nextSeq(memoryDir),
    status: "pending",
    proposer: author,
    created_at: now.toISOString(),
    source,
    provenance: { kind: "fact", source },
    card: {
      name,
      type,
      ...typeof parsed.meta.description === "string" ? { description: parsed.meta.description } : {},
      body: parsed.body,
      ...parsed.meta.topics.length > 0 ? { topics: parsed.meta.topics } : {}
    },
    target: exists ? card.path : null,
    base_sha256: here ? sha256Hex(here) : null,
    conflict: { reason: card.reason, card: card.path, sha256: card.sha256, kept_sha256: card.kept_sha256, text: card.text }
  };
  return proposal;
}
function reconcileHistory(memoryDir, cards, now) {
  const entries = readHistory(memoryDir).entries;
  const latest = latestByCard(entries);
  let appended = 0;
  for (const card of new Set(cards)) {
    if (!typeFromFileName(card) || card.includes("/")) continue;
    const last = latest.get(card);
    const content = readMerged(path.join(memoryDir, card));
    if (content === void 0) continue;
    if (content === null ? last === void 0 || last.sha256 === null : last !== void 0 && last.sha256 === sha256Hex(content)) continue;
    if (content !== null && last === void 0) continue;
    const entry = makeEntry(entries, card, content === null ? "delete" : "adopt", "system", now, content);
    appendHistory(memoryDir, entry);
    entries.push(entry);
    appended++;
  }
  return appended;
}
export {
  SYNC_SOURCE,
  reconcileHistory,
  stageIncoming
};
