import assert from "node:assert/strict";
import { test } from "node:test";
import { utcDay, utcStamp } from "../../../lib/core/utc.js";

test("utcStamp and utcDay match Date#toISOString across the calendar", () => {
  const instants = [0, 951782400000, 951868799999, 1709164800123, 1796217350838, Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(1, 0, 1)];
  for (let ms = Date.UTC(2023, 0, 1); ms < Date.UTC(2025, 0, 1); ms += 86_400_000 * 7 + 3_601_001) instants.push(ms);
  for (const ms of instants) {
    const iso = new Date(ms).toISOString();
    assert.equal(utcStamp(new Date(ms)), iso);
    assert.equal(utcStamp(ms), iso);
    assert.equal(utcDay(ms), iso.slice(0, 10));
  }
});
