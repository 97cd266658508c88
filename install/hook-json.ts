import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
import { readText, type TextEdit } from "./apply.js";
import { budgetOfCommand, type InstallContext } from "./context.js";
import { appendMember, readJsonc, removeMember, replaceValue, type JsonPath } from "../lib/core/jsonc.js";

// The Claude-shaped hooks file (Claude settings.json, Codex hooks.json):
//   { "hooks": { "<Event>": [ { "hooks": [ { "type": "command", "command": "…" } ] } ] } }
// Install keeps exactly one memctl handler for the event: an older or bare wiring is rewritten in place
// (self-heal), duplicates are dropped, and every other hook is left alone.

type Handler = { type?: unknown; command?: unknown };
type Group = { hooks?: unknown };

/** Paths of every memctl handler for `event`, last first (so removing them in order keeps indexes valid). */
function findOurs(value: Record<string, unknown>, event: string, isOurs: (command: string) => boolean, file: string): JsonPath[] {
  const hooks = value.hooks;
  if (hooks === undefined) return [];
  if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `"hooks" in ${file} is not an object; it was left untouched — fix it by hand`, { file });
  }
  const groups = (hooks as Record<string, unknown>)[event];
  if (groups === undefined) return [];
  if (!Array.isArray(groups)) throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `"hooks.${event}" in ${file} is not a list; it was left untouched`, { file });
  const found: JsonPath[] = [];
  groups.forEach((group: Group, gi) => {
    if (!group || !Array.isArray(group.hooks)) return;
    (group.hooks as Handler[]).forEach((h, hi) => {
      if (h && typeof h.command === "string" && isOurs(h.command)) found.push(["hooks", event, gi, "hooks", hi]);
    });
  });
  return found.reverse();
}

/** What the file held before memctl first changed it, so uninstall keeps containers the user already had. */
interface Keep {
  hooks: boolean;
  event: boolean;
}

/** Removes one handler, and the group, event list and hooks object it leaves empty (unless the user had them). */
function removeHandler(text: string, at: JsonPath, keep: Keep): string {
  const value = readJsonc(text);
  const [, event, gi] = at as [string, string, number, string, number];
  const hooks = value.hooks as Record<string, Group[]>;
  const group = hooks[event]![gi]!;
  if ((group.hooks as unknown[]).length > 1) return removeMember(text, at);
  if (hooks[event]!.length > 1 || keep.event) return removeMember(text, ["hooks", event, gi]);
  if (Object.keys(hooks).length > 1 || keep.hooks) return removeMember(text, ["hooks", event]);
  return removeMember(text, ["hooks"]);
}

function keepFrom(original: string | null, event: string): Keep {
  if (original === null) return { hooks: false, event: false };
  try {
    const hooks = readJsonc(original).hooks as Record<string, unknown> | undefined;
    return { hooks: hooks !== undefined, event: hooks?.[event] !== undefined };
  } catch {
    return { hooks: true, event: true };
  }
}

/**
 * Install and uninstall edits for memctl's one handler for `event`. `fields` are further handler members memctl
 * sets (Codex's SessionEnd `timeout`): added to a handler that lacks them, corrected where they differ.
 */
export function hookJsonEdits(
  file: string,
  event: string,
  command: string,
  isOurs: (command: string) => boolean,
  fields: Record<string, unknown> = {},
): { install: TextEdit; uninstall: TextEdit } {
  const handler = { type: "command", command, ...fields };
  return {
    install: (before) => {
      let text = before ?? "{}\n";
      const value = readJsonc(text, file);
      const ours = findOurs(value, event, isOurs, file);
      if (ours.length === 0) {
        const hooks = value.hooks as Record<string, unknown> | undefined;
        if (hooks === undefined) text = appendMember(text, [], "hooks", { [event]: [{ hooks: [handler] }] });
        else if (hooks[event] === undefined) text = appendMember(text, ["hooks"], event, [{ hooks: [handler] }]);
        else text = appendMember(text, ["hooks", event], undefined, { hooks: [handler] });
        return text;
      }
      const keep = ours[ours.length - 1]!;
      for (const extra of ours.slice(0, -1)) text = removeHandler(text, extra, { hooks: true, event: true });
      const current = (readJsonc(text) as { hooks: Record<string, { hooks: Handler[] }[]> }).hooks[event]![keep[2] as number]!.hooks[keep[4] as number]!;
      if (current.command !== command) text = replaceValue(text, [...keep, "command"], command);
      for (const [key, value] of Object.entries(fields)) {
        const had = (current as Record<string, unknown>)[key];
        if (had === undefined) text = appendMember(text, keep, key, value);
        else if (had !== value) text = replaceValue(text, [...keep, key], value);
      }
      return text;
    },
    uninstall: (before, original) => {
      if (before === null) return null;
      let text = before;
      const keep = keepFrom(original, event);
      for (const at of findOurs(readJsonc(text, file), event, isOurs, file)) text = removeHandler(text, at, keep);
      return text !== before && original === null ? emptyObjectToAbsent(text) : text;
    },
  };
}

/** A file memctl created (no backup) that uninstall leaves as an empty object goes away again. */
export function emptyObjectToAbsent(text: string): string | null {
  return /^\s*\{\s*\}\s*$/.test(text) ? null : text;
}

/** Every command hook in a Claude-shaped hooks object (any event). */
export function hookCommandsIn(settings: Record<string, unknown>): string[] {
  const hooks = settings.hooks;
  if (typeof hooks !== "object" || hooks === null) return [];
  return Object.values(hooks as Record<string, unknown>)
    .flatMap((groups) => (Array.isArray(groups) ? groups : []))
    .flatMap((g: { hooks?: unknown }) => (Array.isArray(g?.hooks) ? g.hooks : []))
    .map((h: { command?: unknown }) => h?.command)
    .filter((c): c is string => typeof c === "string");
}

/** Several edits of one file as one (the engine plans each file once): install in order, uninstall in reverse. */
export function chainEdits(...edits: { install: TextEdit; uninstall: TextEdit }[]): { install: TextEdit; uninstall: TextEdit } {
  return {
    install: (before, original) => edits.reduce<string | null>((text, e) => e.install(text, original), before),
    uninstall: (before, original) => edits.reduceRight<string | null>((text, e) => e.uninstall(text, original), before),
  };
}

/** The budget of memctl's per-prompt hook wired in a Claude-shaped hooks file; undefined when none is wired there. */
export function wiredHookBudget(file: string, isOurs: (command: string) => boolean, cap?: number): InstallContext["budget"] | undefined {
  let text: string | null;
  try {
    text = readText(file, cap);
  } catch {
    return undefined;
  }
  if (text === null) return undefined;
  try {
    const command = hookCommandsIn(readJsonc(text)).find(isOurs);
    return command === undefined ? undefined : budgetOfCommand(command);
  } catch {
    return undefined; // a file that does not parse is reported as broken by the edits themselves
  }
}
