import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);

// lib/core/utc.ts
var pad = (n, width = 2) => String(n).padStart(width, "0");
function utcDay(at) {
  const d = typeof at === "number" ? new Date(at) : at;
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
function utcStamp(at) {
  const d = typeof at === "number" ? new Date(at) : at;
  return `${utcDay(d)}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}Z`;
}

export {
  utcDay,
  utcStamp
};
