// lib/compact/artifact.ts
import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { commitFile } from "../store/write.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
var COMPACT_FILE = ".memctl/compact.json";
var GENERATORS = ["mechanical", "llm"];
function compactPath(memoryDir) {
  return path.join(memoryDir, ...COMPACT_FILE.split("/"));
}
function readCompact(memoryDir) {
  let text;
  try {
    text = readRegularUtf8(compactPath(memoryDir));
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { status: "absent" };
    return { status: "invalid", reason: `cannot read ${COMPACT_FILE}: ${err.message}` };
  }
  let v;
  try {
    v = JSON.parse(text);
  } catch (err) {
    return { status: "invalid", reason: `${COMPACT_FILE} is not JSON (${err.message}); run "memctl compact" to regenerate or "memctl compact --clear"` };
  }
  const problem = artifactProblem(v);
  if (problem) return { status: "invalid", reason: `${COMPACT_FILE}: ${problem}; run "memctl compact" to regenerate or "memctl compact --clear"` };
  return { status: "ok", compact: v };
}
function artifactProblem(v) {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return "not an object";
  const o = v;
  if (o.version !== 1) return `unknown version ${JSON.stringify(o.version)}`;
  if (typeof o.summary !== "string") return "summary is not a string";
  if (!GENERATORS.includes(o.generator)) return "generator is not mechanical or llm";
  if (typeof o.generated_at !== "string" || typeof o.generated_by !== "string") return "generated_at / generated_by missing";
  if (!Array.isArray(o.watermark)) return "watermark is not a list";
  for (const w of o.watermark) {
    const e = w;
    if (!e || typeof e.card !== "string" || typeof e.name !== "string" || !(typeof e.rev === "number" || typeof e.rev === "string"))
      return "watermark entry without card / name / rev";
  }
  if (!Array.isArray(o.repaired)) return "repaired is not a list";
  return void 0;
}
async function writeCompact(memoryDir, compact) {
  realDir(memoryDir, STATE_DIR);
  await commitFile(compactPath(memoryDir), JSON.stringify(compact, null, 2) + "\n");
}
function clearCompact(memoryDir) {
  try {
    fs.unlinkSync(compactPath(memoryDir));
    return true;
  } catch (err) {
    if (systemCode(err) === "ENOENT") return false;
    throw err;
  }
}
export {
  COMPACT_FILE,
  GENERATORS,
  clearCompact,
  compactPath,
  readCompact,
  writeCompact
};
