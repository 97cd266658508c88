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
    resume: resumeCommand(j)
  });
  return {
    stuck: jobs.filter((j) => j.status === "stuck" && !doneAfter(j)).map((j) => issue(j, "stuck")),
    failed: jobs.filter((j) => j.status === "failed" && j.attempts >= j.max_attempts && !doneAfter(j)).map((j) => issue(j, "failed"))
  };
}
function resumeCommand(j) {
  if (j.command !== null && MEMCTL_COMMAND.test(j.command)) return j.command;
  return /^[a-z][a-z-]*$/.test(j.kind) ? `memctl ${j.kind}` : "memctl jobs";
}
var MEMCTL_COMMAND = /^memctl(?: (?:[A-Za-z0-9_./@%+=:,-]+|'(?:[^'\x00-\x1f\x7f]|'\\'')*'))+$/;
export {
  jobIssues
};
