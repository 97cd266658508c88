// lib/store/card-derived.ts
import { lstatIfExists, readRegular } from "./checked-fs.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { replaceFile } from "./safe-write.js";
function readDerived(memoryDir, name, cache) {
  try {
    const { bytes } = readRegular(joinPath(memoryDir, STATE_DIR, name), Number.MAX_SAFE_INTEGER, { nofollow: true });
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const nl = buf.indexOf(10);
    if (nl < 0) return void 0;
    const head = JSON.parse(buf.toString("utf8", 0, nl));
    if (!Array.isArray(head.cache) || head.cache.length !== 4 || !head.cache.every((v, i) => v === cache[i])) return void 0;
    if (typeof head.facts !== "object" || head.facts === null || Array.isArray(head.facts)) return void 0;
    return { facts: head.facts, payload: buf.subarray(nl + 1) };
  } catch {
    return void 0;
  }
}
function writeDerived(memoryDir, name, cache, facts, payload) {
  try {
    const state = joinPath(memoryDir, STATE_DIR);
    if (!lstatIfExists(state)?.isDirectory()) return;
    const file = joinPath(state, name);
    const head = JSON.stringify({ cache, facts });
    const line = `${head}${" ".repeat((8 - (Buffer.byteLength(head) + 1) % 8) % 8)}
`;
    replaceFile(file, [Buffer.from(line, "utf8"), ...payload], `${file}.${process.pid}.tmp`);
  } catch {
  }
}
export {
  readDerived,
  writeDerived
};
