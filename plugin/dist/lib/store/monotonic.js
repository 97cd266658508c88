// lib/store/monotonic.ts
function monotonicMs() {
  return Number(process.hrtime.bigint()) / 1e6;
}
export {
  monotonicMs
};
