// A monotonic clock in milliseconds for deadlines (reading the hook's input, waiting for a lock). The global
// `performance` is a getter that loads perf_hooks, eleven internal modules (~0.6 ms of CPU at start): the hook, which
// starts for every prompt, needs only a number that never goes back.
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
