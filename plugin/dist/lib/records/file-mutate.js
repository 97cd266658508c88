// lib/records/file-mutate.ts
import { assertMayWrite } from "./actor.js";
import { withRecordsLock } from "./commit.js";
import { warmSecretScan } from "./secrets.js";
import { appendHistory, makeEntry, readHistory } from "../store/history.js";
async function mutateFiles(ctx, what, fn) {
  assertMayWrite(ctx.actor, what);
  await warmSecretScan();
  return withRecordsLock(ctx, () => fn(readHistory(ctx.memoryDir).entries));
}
function recordChange(ctx, history, rel, op, content) {
  const entry = makeEntry(history, rel, op, ctx.actor, ctx.now, content);
  appendHistory(ctx.memoryDir, entry);
  history.push(entry);
}
export {
  mutateFiles,
  recordChange
};
