// lib/reports/job-issues.ts
function jobIssues(jobs) {
  const doneAfter = (j) => jobs.some((o) => o !== j && o.kind === j.kind && o.status === "done" && o.updated_at >= j.updated_at);
  const issue = (j, status) => ({
    id: j.id,
    kind: j.kind,
    status,
    attempts: j.attempts,
    max_attempts: j.max_attempts,
    last_error: j.last_error,
    lease_until: j.lease_until,
    updated_at: j.updated_at,
    resume: j.command ?? `memctl ${j.kind}`
  });
  return {
    stuck: jobs.filter((j) => j.status === "stuck" && !doneAfter(j)).map((j) => issue(j, "stuck")),
    failed: jobs.filter((j) => j.status === "failed" && j.attempts >= j.max_attempts && !doneAfter(j)).map((j) => issue(j, "failed"))
  };
}
export {
  jobIssues
};
