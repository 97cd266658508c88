// lib/cli/ledger.ts
import { runJob } from "../store/job-run.js";
async function asJob(io, memoryDir, kind, command, work, summary, options = {}) {
  let value;
  const run = await runJob(
    { memoryDir, now: () => io.now() },
    kind,
    async () => {
      value = await work();
      return summary(value);
    },
    options.regenerated ? { exclusive: false, retry: false, command } : { exclusive: true, command }
  );
  return { value, job: run.job, retried: run.retried };
}
export {
  asJob
};
