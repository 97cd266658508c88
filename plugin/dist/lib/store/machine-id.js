// lib/store/machine-id.ts
import { randomBytes } from "node:crypto";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { readRegularUtf8, refusedRead } from "./checked-fs.js";
import { STATE_DIR } from "./paths.js";
import { commitFile } from "./write.js";
var MACHINE_ID_RELPATH = `${STATE_DIR}/machine-id`;
var ID = /^[0-9a-f]{32}$/;
function idPath(memoryDir) {
  return path.join(memoryDir, ...MACHINE_ID_RELPATH.split("/"));
}
function readMachineId(memoryDir) {
  try {
    const id = readRegularUtf8(idPath(memoryDir), 4096, { nofollow: true }).trim();
    return ID.test(id) ? id : void 0;
  } catch (err) {
    if (systemCode(err) === "ENOENT" || refusedRead(err)) return void 0;
    throw err;
  }
}
async function ensureMachineId(memoryDir) {
  const existing = readMachineId(memoryDir);
  if (existing) return existing;
  const id = randomBytes(16).toString("hex");
  await commitFile(idPath(memoryDir), `${id}
`);
  return id;
}
export {
  MACHINE_ID_RELPATH,
  ensureMachineId,
  readMachineId
};
