// install/managed-file.ts
import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
var MANAGED_MARK = "memctl-managed";
function isManaged(text) {
  return text.includes(MANAGED_MARK);
}
function managedFile(file, content) {
  if (!isManaged(content)) throw new Error(`internal: managed content for ${file} lacks the ${MANAGED_MARK} mark`);
  return {
    install: (before) => {
      if (before !== null && !isManaged(before)) {
        throw new MemctlError(
          ERROR_CODES.E_INSTALL_CONFLICT,
          `${file} exists and was not written by memctl; it was left untouched \u2014 rename or remove it, then run the command again`,
          { file }
        );
      }
      return content;
    },
    uninstall: (before) => before !== null && isManaged(before) ? null : before
  };
}
export {
  MANAGED_MARK,
  isManaged,
  managedFile
};
