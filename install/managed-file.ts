import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
import type { TextEdit } from "./apply.js";

/** Files memctl writes whole (commands, skills, rules, plugin shims) carry this mark so they are recognised. */
export const MANAGED_MARK = "memctl-managed";

export function isManaged(text: string): boolean {
  return text.includes(MANAGED_MARK);
}

/** Edits for a file memctl owns outright: written when absent or ours, deleted on uninstall only if ours. */
export function managedFile(file: string, content: string): { install: TextEdit; uninstall: TextEdit } {
  if (!isManaged(content)) throw new Error(`internal: managed content for ${file} lacks the ${MANAGED_MARK} mark`);
  return {
    install: (before) => {
      if (before !== null && !isManaged(before)) {
        throw new MemctlError(
          ERROR_CODES.E_INSTALL_CONFLICT,
          `${file} exists and was not written by memctl; it was left untouched — rename or remove it, then run the command again`,
          { file },
        );
      }
      return content;
    },
    uninstall: (before) => (before !== null && isManaged(before) ? null : before),
  };
}
