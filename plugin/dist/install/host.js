// install/host.ts
import fs from "node:fs";
import path from "node:path";
import { readRegularUtf8 } from "../lib/store/checked-fs.js";
import { isManaged, managedFile } from "./managed-file.js";
function scopeBase(ctx) {
  return ctx.scope === "user" ? ctx.io.home : ctx.projectDir;
}
function commandFileEdits(ctx, dir, sources, render, fileFor, label) {
  const root = scopeBase(ctx);
  const edits = sources.map((c) => {
    const file = fileFor(dir, c.name);
    return { file, label: `${label}${c.name}`, root, owned: true, ...managedFile(file, render(c)) };
  });
  const wanted = new Set(edits.map((e) => e.file));
  for (const [name, stale] of listManaged(dir, fileFor)) {
    if (wanted.has(stale)) continue;
    const drop = (before) => before !== null && isManaged(before) ? null : before;
    edits.push({ file: stale, label: `${label}${name} (no longer shipped)`, root, owned: true, install: drop, uninstall: drop });
  }
  return edits;
}
function listManaged(dir, fileFor) {
  let entries;
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return entries.map((e) => [e.replace(/\.md$/, ""), fileFor(dir, e.replace(/\.md$/, ""))]).filter(([, f]) => {
    try {
      return isManaged(readRegularUtf8(f));
    } catch {
      return false;
    }
  });
}
function onPath(io, binary) {
  for (const dir of (io.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, binary);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
    }
  }
  return void 0;
}
function detectBy(io, binary, configDir) {
  const bin = onPath(io, binary) ?? null;
  const dir = fs.existsSync(configDir) ? configDir : null;
  const found = { binary: bin, config_dir: dir };
  if (bin) return { detected: true, evidence: `${binary} on PATH (${bin}); ${dir ? `${dir} exists` : `no ${configDir} yet`}`, found };
  if (dir) return { detected: true, evidence: `${dir} exists; ${binary} is not on PATH`, found };
  return { detected: false, evidence: `no ${binary} on PATH and no ${configDir}`, found };
}
export {
  commandFileEdits,
  detectBy,
  onPath,
  scopeBase
};
