import fs from "node:fs";
import path from "node:path";
import writeFileAtomic from "write-file-atomic";

/** Writes a file atomically (temp file + fsync + rename), creating the parent directory if needed. */
export async function writeAtomic(file: string, content: string | Buffer, options: { mode?: number } = {}): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, content, { fsync: true, ...(options.mode !== undefined ? { mode: options.mode } : {}) });
}
