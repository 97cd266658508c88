import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
import { isInside } from "../lib/core/instruction-imports.js";
import type { PlannedEdit, Scope } from "./context.js";
import { realpathOr } from "../lib/store/checked-fs.js";

// A project's files arrive with a clone or an archive, links included: at project and local scope a host file
// (or a folder on its way) that is a link leading out of the project would make install edit, create or back up
// a file of the user's elsewhere. User scope keeps writing through links: there they are the user's own dotfiles.

/**
 * Refuses (E_PATH_ESCAPE) before anything is written when an edit of a project or local install leads, through a
 * link anywhere on its path, outside the directory it belongs in (the project; the git exclude file: its git dir).
 */
export function assertConfined(edits: readonly PlannedEdit[], scope: Scope, projectDir: string): void {
  if (scope === "user") return;
  for (const edit of edits) {
    const root = edit.within ?? projectDir;
    const real = realLocation(edit.file);
    if (real !== undefined && isInside(real, realpathOr(root))) continue;
    throw new MemctlError(
      ERROR_CODES.E_PATH_ESCAPE,
      `${edit.file} ${real === undefined ? "is a link to a file that does not exist" : `leads through a link to ${real}`}, outside ${root}: a ${scope} install writes only inside the project; nothing was written — remove the link, then run the command again`,
      { file: edit.file, ...(real !== undefined ? { target: real } : {}) },
    );
  }
}

/** Where `file` really is, every link on its path followed; undefined when a link on it leads nowhere. */
function realLocation(file: string): string | undefined {
  const missing: string[] = [];
  let at = path.resolve(file);
  for (;;) {
    if (fs.lstatSync(at, { throwIfNoEntry: false }) !== undefined) {
      try {
        return path.join(fs.realpathSync(at), ...missing);
      } catch {
        return undefined; // a dangling link: where it would create the file is not the project's to say
      }
    }
    const parent = path.dirname(at);
    if (parent === at) return path.join(at, ...missing);
    missing.unshift(path.basename(at));
    at = parent;
  }
}
