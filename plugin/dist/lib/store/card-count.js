// lib/store/card-count.ts
import fs from "node:fs";
import { isCardFile } from "../core/card-types.js";
function countCardFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && isCardFile(e.name)).length;
}
export {
  countCardFiles
};
