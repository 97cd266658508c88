// lib/store/history-latest-file.ts
import path from "node:path";
import { readRegular } from "./checked-fs.js";
import { STATE_DIR } from "./paths.js";
import { realDir } from "./safe-write.js";
import { commitFileSync } from "./write.js";
import { bufferView } from "../core/bytes.js";
var HISTORY_LATEST_RELPATH = `${STATE_DIR}/history-latest.idx`;
var MAGIC = "memctl-history-latest 1";
var WINDOW = 4096;
function indexPath(memoryDir) {
  return path.join(memoryDir, ...HISTORY_LATEST_RELPATH.split("/"));
}
function loadIndex(memoryDir) {
  try {
    const { bytes } = readRegular(indexPath(memoryDir));
    const buffer = bufferView(bytes);
    const nl = buffer.indexOf(10);
    const header = JSON.parse(buffer.toString("utf8", 0, nl));
    const body = nl + 1;
    const { dev, ino, covered, head, tail, n } = header;
    if (header.magic !== MAGIC || typeof dev !== "string" || typeof ino !== "string" || typeof head !== "string" || typeof tail !== "string") return void 0;
    if (!Number.isSafeInteger(covered) || !Number.isSafeInteger(n) || body % 4 !== 0 || buffer.length !== body + n * 8) return void 0;
    const pairs = new Uint32Array(buffer.buffer.slice(buffer.byteOffset + body, buffer.byteOffset + buffer.length));
    const headBytes = Buffer.from(head, "base64");
    const tailBytes = Buffer.from(tail, "base64");
    const windows = Math.min(WINDOW, covered);
    if (headBytes.length !== windows || tailBytes.length !== windows) return void 0;
    return { dev, ino, covered, head: headBytes, tail: tailBytes, pairs, onDisk: true };
  } catch {
    return void 0;
  }
}
function saveIndex(memoryDir, index) {
  try {
    let header = JSON.stringify({
      magic: MAGIC,
      dev: index.dev,
      ino: index.ino,
      covered: index.covered,
      head: index.head.toString("base64"),
      tail: index.tail.toString("base64"),
      n: index.pairs.length / 2
    });
    header += " ".repeat((4 - (Buffer.byteLength(header) + 1) % 4) % 4) + "\n";
    const pairs = Buffer.from(index.pairs.buffer, index.pairs.byteOffset, index.pairs.byteLength);
    realDir(memoryDir, STATE_DIR);
    commitFileSync(indexPath(memoryDir), Buffer.concat([Buffer.from(header, "utf8"), pairs]), { durable: false });
    index.onDisk = true;
  } catch {
  }
}
export {
  HISTORY_LATEST_RELPATH,
  WINDOW,
  indexPath,
  loadIndex,
  saveIndex
};
