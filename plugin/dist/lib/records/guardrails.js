// lib/records/guardrails.ts
import fs from "node:fs";
import { configFilePath, readConfig } from "../config/config.js";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { STATE_DIR } from "../store/read.js";
import { readHold } from "../store/hold.js";
var GUARDRAIL_CONFIG_KEYS = Object.freeze({
  maxDepth: "max_depth",
  maxSegmentBytes: "max_segment_bytes",
  maxFileBytes: "max_file_bytes",
  maxTotalBytes: "max_total_bytes",
  maxFiles: "max_files",
  maxTrashFiles: "max_trash_files",
  maxTrashBytes: "max_trash_bytes",
  maxEpisodesBytes: "max_episodes_bytes",
  maxEpisodesLines: "max_episodes_lines",
  maxRevisionsPerCard: "max_revisions_per_card",
  maxRevisionBytes: "max_revision_bytes"
});
var DEFAULT_GUARDRAILS = Object.freeze({
  maxDepth: 4,
  maxSegmentBytes: 128,
  maxFileBytes: 100 * 1024,
  maxTotalBytes: 10 * 1024 * 1024,
  maxFiles: 2e3,
  maxTrashFiles: 2e3,
  maxTrashBytes: 10 * 1024 * 1024,
  maxEpisodesBytes: 10 * 1024 * 1024,
  maxEpisodesLines: 2e4,
  maxRevisionsPerCard: 20,
  maxRevisionBytes: 10 * 1024 * 1024
});
function measureStore(base) {
  const usage = { files: 0, bytes: 0 };
  const hold = readHold(base);
  const prefix = Buffer.byteLength(base) + 1;
  const walk = (dir, top) => {
    for (const entry of gone(() => fs.readdirSync(dir, { withFileTypes: true, encoding: "buffer" })) ?? []) {
      if (top && (entry.name.toString() === STATE_DIR || entry.name.toString() === ".git")) continue;
      const full = Buffer.concat([dir, Buffer.from("/"), entry.name]);
      if (entry.isDirectory()) walk(full, false);
      else if (entry.isFile()) {
        const size = gone(() => fs.lstatSync(full).size);
        if (size === void 0) continue;
        if (hold?.held(full.subarray(prefix).toString())?.state === "quarantined") continue;
        usage.files++;
        usage.bytes += size;
      }
    }
  };
  walk(Buffer.from(base), true);
  return usage;
}
function gone(read) {
  try {
    return read();
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return void 0;
    throw err;
  }
}
function checkPathShape(segments, limits, shown) {
  if (segments.length > limits.maxDepth) {
    throw guardrail(`Error: ${shown} is ${segments.length} levels deep; the limit is ${limits.maxDepth}. Use a shallower path.`, {
      limit: "maxDepth",
      value: segments.length,
      max: limits.maxDepth
    });
  }
  for (const segment of segments) {
    const bytes = Buffer.byteLength(segment);
    if (bytes > limits.maxSegmentBytes) {
      throw guardrail(`Error: the name "${segment.slice(0, 40)}\u2026" in ${shown} is ${bytes} bytes; the limit is ${limits.maxSegmentBytes}. Use a shorter name.`, {
        limit: "maxSegmentBytes",
        value: bytes,
        max: limits.maxSegmentBytes
      });
    }
  }
}
function storeLimitsBind(actor) {
  return actor !== "human" && actor !== "system";
}
function checkWrite(base, shown, oldBytes, newBytes, limits, store = true) {
  if (newBytes > limits.maxFileBytes) {
    throw guardrail(`Error: ${shown} would be ${newBytes} bytes; the per-file limit is ${limits.maxFileBytes}. Split it into smaller files.`, {
      limit: "maxFileBytes",
      value: newBytes,
      max: limits.maxFileBytes
    });
  }
  if (!store) return;
  const usage = measureStore(base);
  const files = usage.files + (oldBytes === void 0 ? 1 : 0);
  if (files > limits.maxFiles) {
    throw guardrail(
      `Error: the memory directory would hold ${files} files; the limit is ${limits.maxFiles}. Delete or merge files first, or raise it: ${raiseHint("maxFiles", files)}.`,
      { limit: "maxFiles", value: files, max: limits.maxFiles }
    );
  }
  const total = usage.bytes - (oldBytes ?? 0) + newBytes;
  if (total > limits.maxTotalBytes) {
    throw guardrail(
      `Error: the memory directory would hold ${total} bytes; the limit is ${limits.maxTotalBytes}. Delete or shorten files first, or raise it: ${raiseHint("maxTotalBytes", total)}.`,
      { limit: "maxTotalBytes", value: total, max: limits.maxTotalBytes }
    );
  }
}
function withDefaults(partial = {}) {
  return { ...DEFAULT_GUARDRAILS, ...partial };
}
function configuredGuardrails(io) {
  const set = readConfig(io).value.guardrails;
  const out = {};
  for (const [field, key] of Object.entries(GUARDRAIL_CONFIG_KEYS)) {
    const v = set[key];
    if (v !== void 0) out[field] = v;
  }
  return out;
}
function raiseHint(limit, needed, configFile) {
  return `set [guardrails] ${GUARDRAIL_CONFIG_KEYS[limit]} = ${needed} in ${configFile ?? "memctl's user config"}`;
}
function checkBatch(base, batch, index, limits, io, what, store = true) {
  const config = configFilePath(io);
  const refuse = (limit, message, value, max) => {
    const raise = `[guardrails]
  ${GUARDRAIL_CONFIG_KEYS[limit]} = ${value}`;
    return new MemctlError(
      ERROR_CODES.E_GUARDRAIL,
      `${message}; the limit is ${max.toLocaleString("en-US")} (${GUARDRAIL_CONFIG_KEYS[limit]}). Nothing was written. ${what} fewer, or raise the limit in ${config}:
  ${raise}`,
      { limit: GUARDRAIL_CONFIG_KEYS[limit], value, max, config_file: config }
    );
  };
  for (const f of batch) {
    checkPathShape(f.file.split("/"), limits, f.file);
    if (f.bytes > limits.maxFileBytes) throw refuse("maxFileBytes", `${f.file} is ${f.bytes.toLocaleString("en-US")} bytes`, f.bytes, limits.maxFileBytes);
  }
  if (!store) return;
  const usage = measureStore(base);
  const files = usage.files + batch.length + (index.created ? 1 : 0);
  if (files > limits.maxFiles) throw refuse("maxFiles", `the memory directory would hold ${files.toLocaleString("en-US")} files`, files, limits.maxFiles);
  const total = usage.bytes + batch.reduce((n, f) => n + f.bytes, 0) + index.delta;
  if (total > limits.maxTotalBytes) throw refuse("maxTotalBytes", `the memory directory would hold ${total.toLocaleString("en-US")} bytes`, total, limits.maxTotalBytes);
}
function guardrail(message, data) {
  return new MemctlError(ERROR_CODES.E_GUARDRAIL, message, data);
}
export {
  DEFAULT_GUARDRAILS,
  GUARDRAIL_CONFIG_KEYS,
  checkBatch,
  checkPathShape,
  checkWrite,
  configuredGuardrails,
  measureStore,
  raiseHint,
  storeLimitsBind,
  withDefaults
};
