import assert from "node:assert/strict";
import { test } from "node:test";
import { foldJobs, type JobEvent } from "../../../lib/store/jobs.js";
import { jobIssues } from "../../../lib/reports/job-issues.js";

const at = (m: number) => new Date(Date.UTC(2026, 11, 2, 10, m)).toISOString();
const lease = (job: string, m: number, attempt: number): JobEvent => ({ job, event: "leased", at: at(m), attempt, holder: "1@h", lease_until: at(m + 5) });

test("doctor's jobs: stuck ones, and failed ones past max attempts with the last error; a later done job of the kind clears them", () => {
  const events: JobEvent[] = [
    { job: "a", event: "queued", at: at(0), kind: "import", max_attempts: 2, command: "memctl import claude --yes" },
    lease("a", 0, 1),
    { job: "a", event: "failed", at: at(1), error: "disk full" },
    lease("a", 2, 2),
    { job: "a", event: "failed", at: at(3), error: "disk still full" },
    { job: "b", event: "queued", at: at(0), kind: "shard" },
    lease("b", 0, 1), // its lease ran out at minute 5
    { job: "c", event: "queued", at: at(0), kind: "compact" },
    lease("c", 0, 1),
    { job: "c", event: "failed", at: at(1), error: "model timed out" }, // attempts left: retried by the next run
  ];
  const now = new Date(at(30));
  const { stuck, failed } = jobIssues(foldJobs(events, now));
  assert.deepEqual(
    stuck.map((j) => [j.id, j.kind, j.attempts, j.resume]),
    [["b", "shard", 1, "memctl shard"]],
  );
  assert.deepEqual(
    failed.map((j) => [j.id, j.attempts, j.max_attempts, j.last_error, j.resume]),
    [["a", 2, 2, "disk still full", "memctl import claude --yes"]],
  );
  const redone = [...events, { job: "d", event: "queued", at: at(40), kind: "import" } as JobEvent, lease("d", 40, 1), { job: "d", event: "done", at: at(41) } as JobEvent];
  assert.deepEqual(jobIssues(foldJobs(redone, new Date(at(50)))).failed, [], "the import was done again since");
});
