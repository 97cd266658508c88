// What the owner would actually be asked to review: each session's candidates staged by the product's own
// stageCaptured (lib/capture/stage.ts) into a real store, one store per repository (the sessions of one project
// share one memory), sessions in the order they were typed. So the per-session bound and the dedupe against
// pending proposals act as they would, and a statement the user repeats in a later session is proposed once.
// A message is "proposed" when a proposal was staged from it, and "covered" when it was proposed or one of its
// candidates was skipped because it restates a proposal already pending: its statement awaits the owner either
// way. Precision is over proposed messages (what the owner reviews), recall over covered ones (what memory holds).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readPending } from "../../lib/proposals/propose.js";
import { stageCaptured, type CaptureCandidate } from "../../lib/capture/stage.js";
import type { BenchSession } from "./corpus.js";

export interface StagedMessage {
  proposed: boolean;
  covered: boolean;
  /** Proposals staged from it, and its candidates recorded on a pending proposal as said again (lib/proposals/restate.ts). */
  proposals: number;
  recorded: number;
  /** Each staged proposal's source line and body's quote, and each skip's reason (for the dev half's listing). */
  notes: string[];
}

const NOW = new Date("2026-12-06T00:00:00Z");

/** Stages every session's candidates, repository by repository, into throwaway stores; by message id. */
export async function stagedBy(sessions: readonly BenchSession[], candidatesOf: (s: BenchSession) => readonly CaptureCandidate[]): Promise<Map<number, StagedMessage>> {
  const out = new Map<number, StagedMessage>();
  const byRepo = new Map<string, BenchSession[]>();
  for (const s of sessions) {
    const repo = `${s.set}:${s.messages[0]?.repo ?? s.key}`;
    byRepo.set(repo, [...(byRepo.get(repo) ?? []), s]);
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-bench-capture-"));
  try {
    let storeN = 0;
    for (const repoSessions of byRepo.values()) {
      const memoryDir = path.join(root, `store-${storeN++}`);
      fs.mkdirSync(memoryDir);
      for (const s of repoSessions) {
        const src = { host: "bench", sessionId: `s${s.messages[0]?.id ?? 0}` };
        for (const c of candidatesOf(s)) {
          const m = s.messages.find((x, i) => (x.n ?? i + 1) === c.message);
          if (!m) continue;
          // One candidate at a time, so each outcome is known to be this candidate's; the store is re-read each
          // call, which is what a second stageCaptured run for the same session does (the bound counts them).
          const r = await stageCaptured({ memoryDir, actor: "host:bench", now: NOW }, src, [c]);
          const seen = out.get(m.id) ?? { proposed: false, covered: false, proposals: 0, recorded: 0, notes: [] };
          for (const p of r.staged) {
            seen.proposed = seen.covered = true;
            seen.proposals++;
            const source = readPending(memoryDir).proposals.find((x) => x.id === p.id)?.source ?? "(no source)";
            seen.notes.push(`staged ${p.id}: ${p.description}\n      source: ${source}`);
          }
          for (const k of r.skipped) {
            if (/^restates /.test(k.reason)) seen.covered = true;
            if (/; recorded on it as said again$/.test(k.reason)) seen.recorded++;
            seen.notes.push(`skipped: ${k.reason} (${c.description})`);
          }
          out.set(m.id, seen);
        }
      }
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  return out;
}
