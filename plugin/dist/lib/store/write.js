// lib/store/write.ts
import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { processAlive } from "./lock.js";
import { writeNewFile } from "./safe-write.js";
import { realpathOr } from "./checked-fs.js";
function randomHex(bytes) {
  return process.getBuiltinModule("node:crypto").randomBytes(bytes).toString("hex");
}
async function commitFile(file, content, options = {}) {
  const staged = stageOne(file, content, options);
  await pauseBeforeCommit(options);
  renameOne(staged, options);
}
async function pauseBeforeCommit(options = {}) {
  if (options.pauseBeforeCommitMs && options.pauseBeforeCommitMs > 0) await new Promise((r) => setTimeout(r, options.pauseBeforeCommitMs));
}
function commitFileSync(file, content, options = {}) {
  renameOne(stageOne(file, content, options), options);
}
function stageOne(file, content, options) {
  if (options.followLink) {
    file = realpathOr(file);
    fs.mkdirSync(path.dirname(file), { recursive: true });
  }
  const dir = path.dirname(file);
  if (options.sweep !== false) sweepDeadTemps(dir);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomHex(4)}.tmp`);
  let mode = 420;
  try {
    const stat = fs.lstatSync(file);
    if (stat.isFile()) mode = stat.mode & 511;
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  writeNewFile(temp, typeof content === "string" ? Buffer.from(content, "utf8") : content, { mode, fsync: options.durable !== false });
  return { file, temp };
}
function renameOne({ file, temp }, options) {
  try {
    if (options.exclusive) {
      fs.linkSync(temp, file);
      fs.rmSync(temp, { force: true });
    } else fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
  if (options.durable !== false) syncDirectory(path.dirname(file));
}
var TEMP = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;
function sweepDeadTemps(dir) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = TEMP.exec(name)?.[1];
    if (pid !== void 0 && !processAlive(Number(pid))) fs.rmSync(path.join(dir, name), { force: true });
  }
}
function syncDirectory(dir) {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
  }
}
function pauseFromEnv(env) {
  const ms = Number(env.MEMCTL_PAUSE_BEFORE_COMMIT_MS);
  return Number.isFinite(ms) && ms > 0 ? { pauseBeforeCommitMs: ms } : {};
}
async function stageFiles(files, onStaged, concurrency = 8) {
  const random = randomHex(4 * files.length);
  const temps = files.map(({ file }, i) => path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${random.slice(8 * i, 8 * i + 8)}.tmp`));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      const handle = await fs.promises.open(temps[i], fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 420);
      try {
        await handle.writeFile(files[i].content);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      onStaged?.(++done);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  } catch (err) {
    for (const temp of temps) fs.rmSync(temp, { force: true });
    throw err;
  }
  return temps;
}
function commitStaged(pairs) {
  const dirs = /* @__PURE__ */ new Set();
  for (const { temp, file } of pairs) {
    fs.renameSync(temp, file);
    dirs.add(path.dirname(file));
  }
  for (const dir of dirs) syncDirectory(dir);
}
export {
  commitFile,
  commitFileSync,
  commitStaged,
  pauseBeforeCommit,
  pauseFromEnv,
  stageFiles,
  sweepDeadTemps,
  syncDirectory
};
