// install/json-member.ts
import { isDeepStrictEqual } from "node:util";
import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
import { emptyObjectToAbsent } from "./hook-json.js";
import { appendMember, readJsonc, removeMember, replaceValue } from "../lib/core/jsonc.js";
function jsonEntryEdits(file, parent, key, value) {
  return {
    install: (before) => {
      const text = before ?? "{}\n";
      const root = readJsonc(text, file);
      const container = root[parent];
      if (container === void 0) return appendMember(text, [], parent, { [key]: value });
      if (typeof container !== "object" || container === null || Array.isArray(container)) {
        throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `"${parent}" in ${file} is not an object; it was left untouched \u2014 fix it by hand`, { file });
      }
      const current = container[key];
      if (current === void 0) return appendMember(text, [parent], key, value);
      return isDeepStrictEqual(current, value) ? text : replaceValue(text, [parent, key], value);
    },
    uninstall: (before, original) => {
      if (before === null) return null;
      const container = readJsonc(before, file)[parent];
      if (container?.[key] === void 0) return before;
      const parentWasThere = original !== null && readJsonc(original, file)[parent] !== void 0;
      const after = Object.keys(container).length > 1 || parentWasThere ? removeMember(before, [parent, key]) : removeMember(before, [parent]);
      return original === null ? emptyObjectToAbsent(after) : after;
    }
  };
}
function jsonSettingEdits(file, key, value) {
  const has = (text) => text !== null && readJsonc(text, file)[key] !== void 0;
  return {
    install: (before, original) => {
      const text = before ?? "{}\n";
      return has(original) || has(before) ? text : appendMember(text, [], key, value);
    },
    uninstall: (before, original) => {
      if (before === null || has(original)) return before;
      const current = readJsonc(before, file)[key];
      return current !== void 0 && isDeepStrictEqual(current, value) ? removeMember(before, [key]) : before;
    }
  };
}
export {
  jsonEntryEdits,
  jsonSettingEdits
};
