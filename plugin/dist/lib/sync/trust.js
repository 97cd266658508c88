// lib/sync/trust.ts
import { git, runGit } from "./git.js";
var TRUST_LEVELS = ["own", "shared"];
var DEFAULT_TRUST = "shared";
var KEY = "memctl.trust";
function isTrustLevel(v) {
  return typeof v === "string" && TRUST_LEVELS.includes(v);
}
async function readTrust(memoryDir, options) {
  const r = await runGit(memoryDir, ["config", "--local", "--get", KEY], options);
  const v = r.stdout.trim();
  return r.code === 0 && isTrustLevel(v) ? { level: v, chosen: true } : { level: DEFAULT_TRUST, chosen: false };
}
async function writeTrust(memoryDir, level, options) {
  await git(memoryDir, ["config", "--local", KEY, level], options);
}
export {
  DEFAULT_TRUST,
  TRUST_LEVELS,
  isTrustLevel,
  readTrust,
  writeTrust
};
