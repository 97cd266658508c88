import assert from "node:assert/strict";
import { test } from "node:test";
import { COMPACT_RELPATH, diagnoseInjection, warnBytesFromConfig, type InjectionFacts } from "../../../lib/reports/injection.js";

const base: InjectionFacts = {
  host: "generic",
  indexInjectBytes: 5000,
  pinnedInjectBytes: 0,
  pinnedLineBytes: 0,
  pinnedCards: 0,
  budgetBytes: 3000,
  budgetEntries: 20,
  ceilingBytes: 8000,
  warnBytes: 4096,
  warnBytesSource: "default",
  compact: { file: COMPACT_RELPATH, present: false, current: null, records_since: null },
};

test("the remedy follows the cause: a behind compact → recompact; a current one → curate, never recompact", () => {
  const behind = diagnoseInjection({ ...base, compact: { ...base.compact, present: true, current: false, records_since: 4 } });
  assert.equal(behind.cause, "compact-behind");
  assert.match(behind.remedy!, /memctl compact/);
  assert.match(behind.remedy!, /4 record/);
  const current = diagnoseInjection({ ...base, compact: { ...base.compact, present: true, current: true, records_since: 0 } });
  assert.equal(current.cause, "index-over-warn");
  assert.doesNotMatch(current.remedy!, /memctl compact/);
  assert.match(current.remedy!, /curate/);
});

test("pinned cards over the budget are diagnosed before the whole-index size; under both there is no remedy", () => {
  const pinned = diagnoseInjection({ ...base, pinnedInjectBytes: 3500, pinnedLineBytes: 3200, pinnedCards: 9 });
  assert.equal(pinned.cause, "pinned-over-budget");
  assert.equal(pinned.per_prompt_max_bytes, 3000 + 3200);
  assert.equal(diagnoseInjection({ ...base, pinnedLineBytes: 9000 }).per_prompt_max_bytes, 8000, "never past the host's ceiling");
  const fine = diagnoseInjection({ ...base, indexInjectBytes: 4096 });
  assert.deepEqual([fine.cause, fine.remedy, fine.over_warn], ["none", null, false], "at the threshold is not over it");
});

test("[doctor] warn_bytes comes from the config when valid, else the default with the problem named", () => {
  assert.deepEqual(warnBytesFromConfig({}), { value: 4096, source: "default" });
  assert.deepEqual(warnBytesFromConfig({ doctor: { warn_bytes: 8000 } }), { value: 8000, source: "config" });
  assert.match(warnBytesFromConfig({ doctor: { warn_bytes: -1 } }).problem!, /non-negative integer/);
  assert.match(warnBytesFromConfig({ doctor: 3 }).problem!, /must be a table/);
});

test("with a valid compact the size that decides 'over' is the assembled body with it", () => {
  const under = diagnoseInjection({ ...base, compact: { ...base.compact, present: true, current: true, records_since: 0, inject_bytes_with: 3000, inject_bytes_without: 5000 } });
  assert.deepEqual([under.over_warn, under.injected_bytes, under.cause, under.remedy], [false, 3000, "none", null]);
  const still = diagnoseInjection({ ...base, compact: { ...base.compact, present: true, current: true, records_since: 0, inject_bytes_with: 4500, inject_bytes_without: 5000 } });
  assert.deepEqual([still.over_warn, still.cause], [true, "index-over-warn"]);
  assert.match(still.remedy!, /with it would still inject 4500 bytes \(5000 without it/);
});
