// A node:test reporter that writes one line per failed test. CI shows only the tail of a run's output, where TAP
// has long scrolled past the failure; run-tests.mjs prints these lines after the summary so the failing test is named.
import { relative } from "node:path";

export default async function* failedTests(source) {
  for await (const event of source) {
    if (event.type !== "test:fail") continue;
    const error = event.data.details?.error;
    if (error?.failureType === "subtestsFailed") continue; // its failing subtest has its own line
    const cause = error?.cause ?? error;
    const message = String(cause?.message ?? cause ?? "")
      .split("\n")[0]
      .slice(0, 300);
    const file = event.data.file ? relative(process.cwd(), event.data.file) : "?";
    yield `${file} › ${event.data.name}: ${message}\n`;
  }
}
