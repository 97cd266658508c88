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
  return b instanceof Uint8Array ? Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex") : b;
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
  // Directory listings, in the order the directory gives them (both read the same directory).
  for (const p of [dir, path.join(dir, "sub"), path.join(dir, "dirlink"), file, path.join(dir, "missing"), `${dir}\u0000`]) {
    same(`readdirNames ${JSON.stringify(path.relative(dir, p) || ".")}`, outcome(() => fast.readdirNames(p)), outcome(() => fs.readdirSync(p)));
  }
  // Appends: a new file is created, an existing one is appended to, writes of part of a buffer land as fs's.
  const appendVia = (name: string, open: (p: string) => number, write: (fd: number, b: Uint8Array, o: number, l: number) => number, closeFd: (fd: number) => void) =>
    outcome(() => {
      const target = path.join(dir, name);
      const out: unknown[] = [];
      for (const chunk of ["first line\n", "部署 second\n"]) {
        const fd = open(target);
        try {
          const bytes = Buffer.from(`xx${chunk}yy`, "utf8");
          out.push(write(fd, bytes, 2, bytes.length - 4), write(fd, bytes, 0, 0));
        } finally {
          closeFd(fd);
        }
      }
      out.push(fs.readFileSync(target, "utf8"), fs.statSync(target).mode & 0o777);
      return out;
    });
  same("openForAppend + writeBytes", appendVia("appended-fast.log", fast.openForAppend, fast.writeBytes, fast.close), appendVia("appended-fs.log", (p) => fs.openSync(p, "a"), (fd, b, o, l) => fs.writeSync(fd, b, o, l), fs.closeSync));
  for (const p of [path.join(dir, "sub"), path.join(dir, "missing", "x.log"), `${file}\u0000`]) {
    same(`openForAppend ${JSON.stringify(path.relative(dir, p))}`, outcome(() => fast.close(fast.openForAppend(p))), outcome(() => fs.closeSync(fs.openSync(p, "a"))));
  }
  // Errors: a read-only descriptor, a closed one, and arguments the binding would abort on (fs reports them).
  const readOnly = fs.openSync(file, "r");
  try {
    same("writeBytes to a read-only fd", outcome(() => fast.writeBytes(readOnly, Buffer.from("x"), 0, 1)), outcome(() => fs.writeSync(readOnly, Buffer.from("x"), 0, 1)));
  } finally {
    fs.closeSync(readOnly);
  }
  same("writeBytes to a closed fd", outcome(() => fast.writeBytes(1_000_000, Buffer.from("x"), 0, 1)), outcome(() => fs.writeSync(1_000_000, Buffer.from("x"), 0, 1)));
  same("writeBytes past the buffer", outcome(() => fast.writeBytes(1_000_000, Buffer.from("x"), 0, 5)), outcome(() => fs.writeSync(1_000_000, Buffer.from("x"), 0, 5)));
  same("writeBytes to fd -1", outcome(() => fast.writeBytes(-1, Buffer.from("x"), 0, 1)), outcome(() => fs.writeSync(-1, Buffer.from("x"), 0, 1)));
  return failures;
}
