import { isDeepStrictEqual } from "node:util";
import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
import type { TextEdit } from "./apply.js";
import { emptyObjectToAbsent } from "./hook-json.js";
import { appendMember, readJsonc, removeMember, replaceValue } from "../lib/core/jsonc.js";

/**
 * One named entry memctl owns inside a JSON(C) config object, e.g. OpenCode's `mcp.memctl`: added (creating
 * the parent object when needed), refreshed in place when it differs, removed with the parent if memctl made it.
 */
export function jsonEntryEdits(file: string, parent: string, key: string, value: unknown): { install: TextEdit; uninstall: TextEdit } {
  return {
    install: (before) => {
      const text = before ?? "{}\n";
      const root = readJsonc(text, file);
      const container = root[parent];
      if (container === undefined) return appendMember(text, [], parent, { [key]: value });
      if (typeof container !== "object" || container === null || Array.isArray(container)) {
        throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `"${parent}" in ${file} is not an object; it was left untouched — fix it by hand`, { file });
      }
      const current = (container as Record<string, unknown>)[key];
      if (current === undefined) return appendMember(text, [parent], key, value);
      return isDeepStrictEqual(current, value) ? text : replaceValue(text, [parent, key], value);
    },
    uninstall: (before, original) => {
      if (before === null) return null;
      const container = readJsonc(before, file)[parent] as Record<string, unknown> | undefined;
      if (container?.[key] === undefined) return before;
      const parentWasThere = original !== null && readJsonc(original, file)[parent] !== undefined;
      const after = Object.keys(container).length > 1 || parentWasThere ? removeMember(before, [parent, key]) : removeMember(before, [parent]);
      return original === null ? emptyObjectToAbsent(after) : after;
    },
  };
}

/**
 * A top-level setting memctl sets unless the user already decided it (e.g. Claude's `"autoMemoryEnabled": false`):
 * a value present before memctl's first change (the backup, else the file as it is) is the user's and is left
 * alone; uninstall removes only a value memctl added. Returns text edits to chain around another edit of the file.
 */
export function jsonSettingEdits(file: string, key: string, value: unknown): { install: TextEdit; uninstall: TextEdit } {
  const has = (text: string | null) => text !== null && readJsonc(text, file)[key] !== undefined;
  return {
    install: (before, original) => {
      const text = before ?? "{}\n";
      return has(original) || has(before) ? text : appendMember(text, [], key, value);
    },
    uninstall: (before, original) => {
      if (before === null || has(original)) return before;
      const current = readJsonc(before, file)[key];
      return current !== undefined && isDeepStrictEqual(current, value) ? removeMember(before, [key]) : before;
    },
  };
}
