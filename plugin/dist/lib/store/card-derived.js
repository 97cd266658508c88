// lib/store/card-derived.ts
import { close, lstatIfExists, openRegular, readFullyAt } from "./checked-fs.js";
import { cacheStamp } from "./full-check.js";
import { CARD_CACHE } from "./card-words.js";
import { sameNumbers } from "./index-links.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { replaceFile } from "./safe-write.js";
function derivedCap(size) {
  return 8 * size + (1 << 20);
}
function sourceSize(memoryDir, cache) {
  const base = lstatIfExists(joinPath(memoryDir, STATE_DIR, CARD_CACHE));
  return base?.isFile() && !sameNumbers(cacheStamp(base), cache) ? cache[1] + base.size : cache[1];
}
function readDerived(memoryDir, name, cache) {
  return readStamped(memoryDir, name, cache, true);
}
function readDerivedAny(memoryDir, name, current) {
  return readStamped(memoryDir, name, current, false);
}
function readStamped(memoryDir, name, cache, exact) {
  let fd;
  try {
    const opened = openRegular(joinPath(memoryDir, STATE_DIR, name), { nofollow: true });
    fd = opened.fd;
    const size = opened.stat.size;
    if (size > derivedCap(sourceSize(memoryDir, cache))) return void 0;
    const stamp = Buffer.from(`${JSON.stringify({ cache }).slice(0, -1)},`, "utf8");
    if (exact && (size <= stamp.length || !readFullyAt(fd, 0, stamp.length).equals(stamp))) return void 0;
    const bytes = new Uint8Array(size);
    const buf = readFullyAt(fd, 0, size, Buffer.from(bytes.buffer, 0, size));
    const nl = buf.indexOf(10);
    if (nl < 0) return void 0;
    const head = JSON.parse(buf.toString("utf8", 0, nl));
    if (!Array.isArray(head.cache) || head.cache.length !== 4 || !head.cache.every((v, i) => exact ? v === cache[i] : typeof v === "number")) return void 0;
    if (typeof head.facts !== "object" || head.facts === null || Array.isArray(head.facts)) return void 0;
    return { cache: head.cache, facts: head.facts, payload: buf.subarray(nl + 1) };
  } catch {
    return void 0;
  } finally {
    if (fd !== void 0) close(fd);
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
  derivedCap,
  readDerived,
  readDerivedAny,
  writeDerived
};
