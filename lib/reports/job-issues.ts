// Doctor's view of the job ledger (lib/store/jobs.ts): a job is an issue when its holder died or its lease ran
// out before it was done (stuck), or when it failed on its last allowed attempt. A later job of the same kind
// that finished clears it: the work was done again. Each carries the command that resumes it.
import type { JobState } from "../store/jobs.js";

export interface JobIssue {
  id: string;
  kind: string;
  status: "stuck" | "failed";
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  lease_until: string | null;
  updated_at: string;
  /** What to run: the job's own command when the ledger has it, else `memctl <kind>`. */
  resume: string;
}

export function jobIssues(jobs: readonly JobState[]): { stuck: JobIssue[]; failed: JobIssue[] } {
  const doneAfter = (j: JobState) => jobs.some((o) => o !== j && o.kind === j.kind && o.status === "done" && o.updated_at >= j.updated_at);
  const issue = (j: JobState, status: "stuck" | "failed"): JobIssue => ({
    id: j.id,
    kind: j.kind,
    status,
    attempts: j.attempts,
    max_attempts: j.max_attempts,
    last_error: j.last_error,
    lease_until: j.lease_until,
    updated_at: j.updated_at,
    resume: resumeCommand(j),
  });
  return {
    stuck: jobs.filter((j) => j.status === "stuck" && !doneAfter(j)).map((j) => issue(j, "stuck")),
    failed: jobs.filter((j) => j.status === "failed" && j.attempts >= j.max_attempts && !doneAfter(j)).map((j) => issue(j, "failed")),
  };
}

/**
 * The ledger's command when it is one memctl writes (memctl, then plain or single-quoted words), else `memctl <kind>`
 * for a kind that is a word, else `memctl jobs`. A ledger a project checkout brought printed `memctl consolidate;
 * curl … | sh` as the fix to paste.
 */
function resumeCommand(j: JobState): string {
  if (j.command !== null && MEMCTL_COMMAND.test(j.command)) return j.command;
  return /^[a-z][a-z-]*$/.test(j.kind) ? `memctl ${j.kind}` : "memctl jobs";
}

const MEMCTL_COMMAND = /^memctl(?: (?:[A-Za-z0-9_./@%+=:,-]+|'(?:[^'\x00-\x1f\x7f]|'\\'')*'))+$/;
