import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { environmentFault, MemctlError } from "../../../lib/core/errors.js";

// The machine's state (a full disk, a quota, a read-only mount, permissions) is reported as what it is, with what
// to do; anything else is left for the caller to report as the bug it is.

function systemError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: something, open '/s/x'`), { code, syscall: "open", path: "/s/x" });
}

test("ENOSPC and EDQUOT are E_DISK_FULL, EROFS E_NOT_WRITABLE, EACCES and EPERM E_PERMISSION, each saying what to do", () => {
  const cases = [
    ["ENOSPC", "E_DISK_FULL", /disk is full.*Free some space and retry/],
    ["EDQUOT", "E_DISK_FULL", /quota/],
    ["EROFS", "E_NOT_WRITABLE", /read-only.*retry/],
    ["EACCES", "E_PERMISSION", /permission denied.*\/s\/x.*permissions/],
    ["EPERM", "E_PERMISSION", /permission denied/],
  ] as const;
  for (const [errno, code, message] of cases) {
    const fault = environmentFault(systemError(errno));
    assert.ok(fault instanceof MemctlError, errno);
    assert.equal(fault.code, code);
    assert.match(fault.message, message);
    assert.equal(fault.data?.errno, errno);
  }
});

test("a real failed write to /dev/full is a full disk; other errors and MemctlErrors are not environment faults", () => {
  let thrown: unknown;
  const fd = fs.openSync("/dev/full", "w");
  try {
    fs.writeSync(fd, "x");
  } catch (err) {
    thrown = err;
  } finally {
    fs.closeSync(fd);
  }
  assert.equal(environmentFault(thrown)?.code, "E_DISK_FULL");
  assert.equal(environmentFault(systemError("ENOENT")), undefined);
  assert.equal(environmentFault(new TypeError("x")), undefined);
  assert.equal(environmentFault(new MemctlError("E_IO", "x")), undefined);
});
