// lib/config/legacy-owner.ts
import path from "node:path";
import { close, isDirectory, lstatIfExists, openRegular, readAt, readdirNames, readRegularUtf8, realpathOr } from "../store/checked-fs.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { findRepo } from "./git.js";
import { claudeSlug } from "./project.js";
import { realDir } from "../store/safe-write.js";
import { commitFileSync } from "../store/write.js";
var OWNER_FILE = "project-root";
var OWNER_MAX_BYTES = 16 * 1024;
function legacyOwner(legacyDir) {
  const file = joinPath(legacyDir, STATE_DIR, OWNER_FILE);
  if (lstatIfExists(file) === void 0) return void 0;
  try {
    const text = readRegularUtf8(file, OWNER_MAX_BYTES, { nofollow: true }).trim();
    return text === "" ? void 0 : text;
  } catch {
    return void 0;
  }
}
function claimLegacyStore(legacyDir, canonical) {
  try {
    commitFileSync(joinPath(realDir(legacyDir, STATE_DIR), OWNER_FILE), `${canonical}
`, { exclusive: true });
  } catch {
  }
}
var TRANSCRIPTS_MAX = 64;
var TRANSCRIPT_HEAD_BYTES = 16 * 1024;
var CWD_KEY = /"cwd":"((?:[^"\\]|\\.)*)"/g;
function legacyClaimant(legacyDir, canonical) {
  const folder = path.dirname(legacyDir);
  const slug = path.basename(folder);
  let names;
  try {
    names = readdirNames(folder).filter((n) => n.endsWith(".jsonl")).slice(0, TRANSCRIPTS_MAX);
  } catch {
    return canonical;
  }
  const inside = (dir) => [dir, realpathOr(dir)].some((d) => d === canonical || d.startsWith(canonical + path.sep));
  const others = /* @__PURE__ */ new Set();
  for (const name of names) {
    for (const cwd of transcriptCwds(joinPath(folder, name))) {
      if (inside(cwd)) return canonical;
      others.add(cwd);
    }
  }
  for (const cwd of others) {
    if (!isDirectory(cwd)) continue;
    const owner = findRepo(cwd)?.canonicalRoot ?? realpathOr(cwd);
    if (owner !== canonical && claudeSlug(owner) === slug) return owner;
  }
  return canonical;
}
function transcriptCwds(file) {
  let opened;
  try {
    opened = openRegular(file, { nofollow: true });
  } catch {
    return [];
  }
  try {
    const buf = Buffer.alloc(TRANSCRIPT_HEAD_BYTES);
    const text = buf.toString("utf8", 0, readAt(opened.fd, buf, 0, buf.length, 0));
    const out = /* @__PURE__ */ new Set();
    for (const m of text.matchAll(CWD_KEY)) {
      try {
        const cwd = JSON.parse(`"${m[1]}"`);
        if (path.isAbsolute(cwd)) out.add(cwd);
      } catch {
      }
    }
    return [...out];
  } catch {
    return [];
  } finally {
    close(opened.fd);
  }
}
export {
  claimLegacyStore,
  legacyClaimant,
  legacyOwner
};
