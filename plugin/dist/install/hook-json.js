// install/hook-json.ts
import { ERROR_CODES, MemctlError } from "../lib/core/errors.js";
import { readText } from "./apply.js";
import { budgetOfCommand } from "./context.js";
import { appendMember, readJsonc, removeMember, replaceValue } from "../lib/core/jsonc.js";
function findOurs(value, event, isOurs, file) {
  const hooks = value.hooks;
  if (hooks === void 0) return [];
  if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) {
    throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `"hooks" in ${file} is not an object; it was left untouched \u2014 fix it by hand`, { file });
  }
  const groups = hooks[event];
  if (groups === void 0) return [];
  if (!Array.isArray(groups)) throw new MemctlError(ERROR_CODES.E_CONFIG_PARSE, `"hooks.${event}" in ${file} is not a list; it was left untouched`, { file });
  const found = [];
  groups.forEach((group, gi) => {
    if (!group || !Array.isArray(group.hooks)) return;
    group.hooks.forEach((h, hi) => {
      if (h && typeof h.command === "string" && isOurs(h.command)) found.push(["hooks", event, gi, "hooks", hi]);
    });
  });
  return found.reverse();
}
function removeHandler(text, at, keep) {
  const value = readJsonc(text);
  const [, event, gi] = at;
  const hooks = value.hooks;
  const group = hooks[event][gi];
  if (group.hooks.length > 1) return removeMember(text, at);
  if (hooks[event].length > 1 || keep.event) return removeMember(text, ["hooks", event, gi]);
  if (Object.keys(hooks).length > 1 || keep.hooks) return removeMember(text, ["hooks", event]);
  return removeMember(text, ["hooks"]);
}
function keepFrom(original, event) {
  if (original === null) return { hooks: false, event: false };
  try {
    const hooks = readJsonc(original).hooks;
    return { hooks: hooks !== void 0, event: hooks?.[event] !== void 0 };
  } catch {
    return { hooks: true, event: true };
  }
}
function hookJsonEdits(file, event, command, isOurs, fields = {}) {
  const handler = { type: "command", command, ...fields };
  return {
    install: (before) => {
      let text = before ?? "{}\n";
      const value = readJsonc(text, file);
      const ours = findOurs(value, event, isOurs, file);
      if (ours.length === 0) {
        const hooks = value.hooks;
        if (hooks === void 0) text = appendMember(text, [], "hooks", { [event]: [{ hooks: [handler] }] });
        else if (hooks[event] === void 0) text = appendMember(text, ["hooks"], event, [{ hooks: [handler] }]);
        else text = appendMember(text, ["hooks", event], void 0, { hooks: [handler] });
        return text;
      }
      const keep = ours[ours.length - 1];
      for (const extra of ours.slice(0, -1)) text = removeHandler(text, extra, { hooks: true, event: true });
      const current = readJsonc(text).hooks[event][keep[2]].hooks[keep[4]];
      if (current.command !== command) text = replaceValue(text, [...keep, "command"], command);
      for (const [key, value2] of Object.entries(fields)) {
        const had = current[key];
        if (had === void 0) text = appendMember(text, keep, key, value2);
        else if (had !== value2) text = replaceValue(text, [...keep, key], value2);
      }
      return text;
    },
    uninstall: (before, original) => {
      if (before === null) return null;
      let text = before;
      const keep = keepFrom(original, event);
      for (const at of findOurs(readJsonc(text, file), event, isOurs, file)) text = removeHandler(text, at, keep);
      return text !== before && original === null ? emptyObjectToAbsent(text) : text;
    }
  };
}
function emptyObjectToAbsent(text) {
  return /^\s*\{\s*\}\s*$/.test(text) ? null : text;
}
function hookCommandsIn(settings) {
  const hooks = settings.hooks;
  if (typeof hooks !== "object" || hooks === null) return [];
  return Object.values(hooks).flatMap((groups) => Array.isArray(groups) ? groups : []).flatMap((g) => Array.isArray(g?.hooks) ? g.hooks : []).map((h) => h?.command).filter((c) => typeof c === "string");
}
function chainEdits(...edits) {
  return {
    install: (before, original) => edits.reduce((text, e) => e.install(text, original), before),
    uninstall: (before, original) => edits.reduceRight((text, e) => e.uninstall(text, original), before)
  };
}
function wiredHookBudget(file, isOurs, cap) {
  let text;
  try {
    text = readText(file, cap);
  } catch {
    return void 0;
  }
  if (text === null) return void 0;
  try {
    const command = hookCommandsIn(readJsonc(text)).find(isOurs);
    return command === void 0 ? void 0 : budgetOfCommand(command);
  } catch {
    return void 0;
  }
}
export {
  chainEdits,
  emptyObjectToAbsent,
  hookCommandsIn,
  hookJsonEdits,
  wiredHookBudget
};
