// lib/records/intent-file.ts
import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { DEFAULT_READ_CAP, NOT_REGULAR, readRegularUtf8, refusedRead } from "../store/checked-fs.js";
import { sha256Hex } from "../store/history.js";
import { readMachineId } from "../store/machine-id.js";
import { STATE_DIR } from "../store/paths.js";
import { notRealError, realDir } from "../store/safe-write.js";
import { commitFile, syncDirectory } from "../store/write.js";
import { intentProblems } from "./intent-check.js";
var INTENT_RELPATH = `${STATE_DIR}/intent.json`;
var QUARANTINE_RELDIR = `${STATE_DIR}/quarantine`;
function intentPath(memoryDir) {
  return path.join(memoryDir, ...INTENT_RELPATH.split("/"));
}
function serializeIntent(intent) {
  return JSON.stringify({ ...intent, changes: intent.changes.map(({ previous: _p, ...c }) => ({ ...c, content: c.content === null ? null : c.content.toString("base64") })) }) + "\n";
}
function clearIntent(memoryDir) {
  fs.rmSync(intentPath(memoryDir), { force: true });
  syncDirectory(path.dirname(intentPath(memoryDir)));
}
function inspectIntent(memoryDir) {
  let text;
  try {
    text = readRegularUtf8(intentPath(memoryDir), DEFAULT_READ_CAP, { nofollow: true });
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT") return { state: "none" };
    if (code === "ELOOP" || code === NOT_REGULAR) throw notRealError(INTENT_RELPATH, "file", code === "ELOOP" ? fs.constants.S_IFLNK : void 0);
    throw err;
  }
  return judgeIntent(memoryDir, text);
}
function judgeIntent(memoryDir, text) {
  let raw;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { state: "refused", problems: [`it does not parse: ${err.message}`], text };
  }
  const problems = intentProblems(memoryDir, raw, readMachineId(memoryDir));
  if (problems.length > 0) return { state: "refused", problems, text };
  const parsed = raw;
  return { state: "ours", intent: { ...parsed, changes: parsed.changes.map((c) => ({ ...c, content: c.content === null ? null : Buffer.from(c.content, "base64") })) } };
}
function readIntent(memoryDir) {
  const found = inspectIntent(memoryDir);
  return found.state === "ours" ? found.intent : void 0;
}
function refusedIntents(memoryDir) {
  const out = [];
  const pending = inspectIntent(memoryDir);
  if (pending.state === "refused") out.push({ file: INTENT_RELPATH, problems: pending.problems });
  const dir = path.join(memoryDir, ...QUARANTINE_RELDIR.split("/"));
  let names = [];
  try {
    names = fs.readdirSync(dir).filter((n) => /^intent-[0-9a-f]{16}\.json$/.test(n)).sort();
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  for (const name of names) {
    let text;
    try {
      text = readRegularUtf8(path.join(dir, name), DEFAULT_READ_CAP, { nofollow: true });
    } catch (err) {
      if (systemCode(err) === "ENOENT" || refusedRead(err)) continue;
      throw err;
    }
    const judged = judgeIntent(memoryDir, text);
    out.push({ file: `${QUARANTINE_RELDIR}/${name}`, problems: judged.state === "refused" ? judged.problems : ["set aside by an earlier memctl"] });
  }
  return out;
}
async function quarantineIntent(memoryDir, text) {
  const dir = realDir(memoryDir, ...QUARANTINE_RELDIR.split("/"));
  await commitFile(path.join(dir, `intent-${sha256Hex(text).slice(0, 16)}.json`), text);
  clearIntent(memoryDir);
}
export {
  INTENT_RELPATH,
  QUARANTINE_RELDIR,
  clearIntent,
  inspectIntent,
  intentPath,
  quarantineIntent,
  readIntent,
  refusedIntents,
  serializeIntent
};
