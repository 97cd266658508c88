// The MEMORY.md title a removed card had (`- [Feature flags](project_feature_flags.md)`): the index line goes with
// `rm` (and the expiry sweep, and a memory-tool delete), but a restore or a save that revives the card should bring
// the title the owner chose back, not fall back to the file's name. Kept per machine in .memctl/removed-titles.json
// (like the trash, never synced); read as untrusted (a title is one line of text, capped) and never required: a
// missing or damaged file only means the card's name is used, as before.
import path from "node:path";
import { readRegularBytes } from "../store/checked-fs.js";
import { STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { commitFile } from "../store/write.js";

export const REMOVED_TITLES_FILE = "removed-titles.json";
/** Titles kept; the oldest go first past this. */
const MAX_TITLES = 2000;
const TITLE_MAX = 300;
const READ_CAP = 1024 * 1024;

function read(memoryDir: string): Record<string, string> {
  try {
    const raw: unknown = JSON.parse(Buffer.from(readRegularBytes(path.join(memoryDir, STATE_DIR, REMOVED_TITLES_FILE), READ_CAP, { nofollow: true })).toString("utf8"));
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
    const out: Record<string, string> = {};
    for (const [file, title] of Object.entries(raw as Record<string, unknown>)) if (isTitle(title)) out[file] = title;
    return out;
  } catch {
    return {};
  }
}

function isTitle(title: unknown): title is string {
  return typeof title === "string" && title.trim() !== "" && title.length <= TITLE_MAX && !/[\u0000-\u001f\u007f]/.test(title);
}

/** The title `file`'s index line had when it was removed, if kept. */
export function removedTitle(memoryDir: string, file: string): string | undefined {
  const titles = read(memoryDir);
  return Object.hasOwn(titles, file) ? titles[file] : undefined;
}

/**
 * Keeps `title` for `file` (the caller holds the store lock and is about to remove its index line). A title the
 * revival would get anyway (`fallback`: the card's name) is not kept, and drops an older one: a sweep of many cards
 * named as their titles writes nothing.
 */
export async function keepRemovedTitle(memoryDir: string, file: string, title: string | undefined, fallback: string | undefined): Promise<void> {
  const titles = read(memoryDir);
  const keep = isTitle(title) && title !== fallback;
  if (!keep && !Object.hasOwn(titles, file)) return;
  delete titles[file]; // re-added last: the newest are kept
  if (keep) titles[file] = title;
  const entries = Object.entries(titles).slice(-MAX_TITLES);
  await commitFile(path.join(realDir(memoryDir, STATE_DIR), REMOVED_TITLES_FILE), JSON.stringify(Object.fromEntries(entries)) + "\n");
}
