// lib/fs-fast.ts against node:fs on one directory tree: every function, on files, directories, links, missing
// paths and bad paths, must give what fs gives (the same fields, or the same error code, syscall, path and
// message). Returns what differed. Run in-process by the tests and, bundled, under other Node lines.
import fs from "node:fs";
import path from "node:path";
import * as fast from "../../lib/fs-fast.js";

type Outcome = { value: unknown } | { error: Record<string, unknown> };

function outcome(f: () => unknown): Outcome {
  try {
    return { value: f() };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return { error: { code: e.code, syscall: e.syscall, path: e.path, message: e.message } };
  }
}

function statFields(s: unknown): unknown {
  if (s === undefined) return undefined;
  const st = s as fast.FileStat;
  return { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, mode: st.mode, isFile: st.isFile(), isDirectory: st.isDirectory() };
}

function bytes(b: unknown): unknown {
  return Buffer.isBuffer(b) ? b.toString("hex") : b;
}

/** Builds the tree under `dir` (which must be empty) and lists every difference from node:fs. */
export function conformanceFailures(dir: string): string[] {
  const file = path.join(dir, "card.md");
  fs.writeFileSync(file, "- [Deploy](deploy.md) — staging first, 部署前检查\n");
  fs.writeFileSync(path.join(dir, "empty.md"), "");
  fs.writeFileSync(path.join(dir, "big.bin"), Buffer.alloc(300_000, 7));
  fs.mkdirSync(path.join(dir, "sub"));
  fs.symlinkSync(file, path.join(dir, "link.md"));
  fs.symlinkSync(path.join(dir, "sub"), path.join(dir, "dirlink"));
  fs.symlinkSync(path.join(dir, "gone.md"), path.join(dir, "dangling.md"));
  // Timestamps with sub-millisecond parts, where an mtimeMs computed another way would differ in the last bits.
  fs.utimesSync(file, 1_764_000_000.123456, 1_764_000_000.987654);
  const paths = ["card.md", "empty.md", "big.bin", "sub", "link.md", "dirlink", "dangling.md", "missing.md", "card.md/inside", "sub/../card.md"].map((p) => path.join(dir, p));
  paths.push(`${file}\u0000.txt`, "", "relative-missing.md");
  const failures: string[] = [];
  const same = (what: string, a: Outcome, b: Outcome) => {
    const x = JSON.stringify(a);
    const y = JSON.stringify(b);
    if (x !== y) failures.push(`${what}: fs-fast ${x} vs fs ${y}`);
  };
  for (const p of paths) {
    const label = JSON.stringify(path.relative(dir, p) || p);
    same(`statIfExists ${label}`, outcome(() => statFields(fast.statIfExists(p))), outcome(() => statFields(fs.statSync(p, { throwIfNoEntry: false }))));
    same(`stat ${label}`, outcome(() => statFields(fast.stat(p))), outcome(() => statFields(fs.statSync(p))));
    same(`lstatIfExists ${label}`, outcome(() => statFields(fast.lstatIfExists(p))), outcome(() => statFields(fs.lstatSync(p, { throwIfNoEntry: false }))));
    same(`exists ${label}`, outcome(() => fast.exists(p)), outcome(() => fs.existsSync(p)));
    same(`readUtf8 ${label}`, outcome(() => fast.readUtf8(p)), outcome(() => fs.readFileSync(p, "utf8")));
    same(`readBytes ${label}`, outcome(() => bytes(fast.readBytes(p))), outcome(() => bytes(fs.readFileSync(p))));
    same(`realpath ${label}`, outcome(() => fast.realpath(p)), outcome(() => fs.realpathSync.native(p)));
    same(`access ${label}`, outcome(() => fast.access(p, fs.constants.R_OK | fs.constants.X_OK)), outcome(() => fs.accessSync(p, fs.constants.R_OK | fs.constants.X_OK)));
    same(`openForReading ${label}`, outcome(() => fast.close(fast.openForReading(p))), outcome(() => fs.closeSync(fs.openSync(p, "r"))));
  }
  // An open file: fstat, reads at positions (inside, across and past the end, -1 for the file position), from the fd.
  const positions = [0, 5, 40, 10_000, -1, -1];
  const viaFast = outcome(() => {
    const fd = fast.openForReading(file);
    try {
      const out: unknown[] = [statFields(fast.fstat(fd))];
      for (const at of positions) {
        const buf = Buffer.alloc(16);
        out.push([fast.readAt(fd, buf, 2, 12, at), buf.toString("hex")]);
      }
      out.push(bytes(fast.readBytesFromFd(fd)));
      return out;
    } finally {
      fast.close(fd);
    }
  });
  const viaFs = outcome(() => {
    const fd = fs.openSync(file, "r");
    try {
      const out: unknown[] = [statFields(fs.fstatSync(fd))];
      for (const at of positions) {
        const buf = Buffer.alloc(16);
        out.push([fs.readSync(fd, buf, 2, 12, at === -1 ? null : at), buf.toString("hex")]);
      }
      out.push(bytes(fs.readFileSync(fd)));
      return out;
    } finally {
      fs.closeSync(fd);
    }
  });
  same("fd reads", viaFast, viaFs);
  // fstat reports size 0 for /proc files: read to the end like fs (the command line does not change in-process).
  if (fs.existsSync("/proc/self/cmdline")) same("readBytes /proc/self/cmdline", outcome(() => bytes(fast.readBytes("/proc/self/cmdline"))), outcome(() => bytes(fs.readFileSync("/proc/self/cmdline"))));
  same("closed fd", outcome(() => fast.fstat(1_000_000)), outcome(() => fs.fstatSync(1_000_000)));
  return failures;
}
