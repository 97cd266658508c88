// lib/core/frecency.ts
function utcDay(moment) {
  return utcIso(moment).slice(0, 10);
}
function utcIso(moment) {
  const y = moment.getUTCFullYear();
  if (!(y >= 0 && y <= 9999)) return moment.toISOString();
  const two = (n) => n < 10 ? `0${n}` : `${n}`;
  const ms = moment.getUTCMilliseconds();
  return `${String(y).padStart(4, "0")}-${two(moment.getUTCMonth() + 1)}-${two(moment.getUTCDate())}T${two(moment.getUTCHours())}:${two(moment.getUTCMinutes())}:${two(moment.getUTCSeconds())}.${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}Z`;
}
function daysBetween(from, to) {
  return Math.round((dayMs(to) - dayMs(from)) / 864e5);
}
var DAY_MS = /* @__PURE__ */ new Map();
function dayMs(day) {
  let ms = DAY_MS.get(day);
  if (ms === void 0) {
    ms = Date.parse(`${day}T00:00:00Z`);
    if (DAY_MS.size < 1e4) DAY_MS.set(day, ms);
  }
  return ms;
}
function dayNumber(day) {
  return dayMs(day) / 864e5;
}
var AGE_BUCKETS = [
  { maxDays: 1, label: "<=1d", weight: 1 },
  { maxDays: 7, label: "<=7d", weight: 0.7 },
  { maxDays: 30, label: "<=30d", weight: 0.4 },
  { maxDays: 90, label: "<=90d", weight: 0.2 },
  { maxDays: Infinity, label: ">90d", weight: 0.1 }
];
function ageBucket(lastDay, today) {
  return bucketOfAge(daysBetween(lastDay, today));
}
function bucketOfAge(days) {
  const age = Math.max(0, days);
  for (let i = 0; i < AGE_BUCKETS.length; i++) if (age <= AGE_BUCKETS[i].maxDays) return AGE_BUCKETS[i];
  return AGE_BUCKETS[AGE_BUCKETS.length - 1];
}
function frecency(usage, today) {
  return usage ? usage.access_count * ageBucket(usage.last_access_day, today).weight : 0;
}
export {
  AGE_BUCKETS,
  ageBucket,
  bucketOfAge,
  dayMs,
  dayNumber,
  daysBetween,
  frecency,
  utcDay,
  utcIso
};
