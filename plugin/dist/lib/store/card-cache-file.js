// lib/store/card-cache-file.ts
import { decodeCacheTop } from "./card-cache-format.js";
import { close, openRegular, readFullyAt } from "./checked-fs.js";
import { CARD_CACHE } from "./card-words.js";
import { joinPath, STATE_DIR } from "./paths.js";
var FIRST_READ = 64 * 1024;
function withCacheFile(dir, topMax, use) {
  let opened;
  try {
    opened = openRegular(joinPath(dir, STATE_DIR, CARD_CACHE), { nofollow: true });
  } catch {
    return void 0;
  }
  const { fd, stat } = opened;
  const read = (position, length, buf) => readFullyAt(fd, position, length, buf);
  try {
    const most = Math.min(stat.size, topMax ?? stat.size);
    let bytes = read(0, Math.min(most, FIRST_READ));
    while (!headEnds(bytes) && bytes.length < most) bytes = read(0, Math.min(most, bytes.length * 2));
    const top = decodeCacheTop(bytes, stat.size);
    return top && use({ top, stat, read });
  } catch {
    return void 0;
  } finally {
    close(fd);
  }
}
function headEnds(bytes) {
  const first = bytes.indexOf(10);
  return first >= 0 && bytes.indexOf(10, first + 1) >= 0;
}
export {
  withCacheFile
};
