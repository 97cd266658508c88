// install/double-wiring.ts
import path from "node:path";
import { backupsDir, hostFileCap, readText } from "./apply.js";
import { hookCommandsIn } from "./hook-json.js";
import { readJsonc } from "../lib/core/jsonc.js";
import { originalText, readRecord, recordsDir } from "./record.js";
function scopesOf(installer) {
  return installer.name === "claude" ? ["user", "project", "local"] : ["user", "project"];
}
function otherWiredScopes(installer, ctx) {
  return scopesOf(installer).filter((s) => s !== ctx.scope && installer.plan({ ...ctx, scope: s }).some((edit) => holdsOwnPart(installer, { ...ctx, scope: s }, edit)));
}
function keepOtherScopes(installer, ctx, others, file, text, original) {
  let shared = false;
  for (const scope of others)
    for (const other of installer.plan({ ...ctx, scope }))
      if (other.file === file) {
        shared = true;
        text = other.install(text, original);
      }
  return { text, shared };
}
function holdsOwnPart(installer, ctx, edit) {
  try {
    const original = originalText(edit.file, backupsDir(ctx.io), readRecord(edit.file, recordsDir(ctx.io)));
    let text = readText(edit.file, hostFileCap(ctx, edit.file));
    for (const scope of scopesOf(installer))
      if (scope !== ctx.scope) {
        for (const other of installer.plan({ ...ctx, scope })) if (other.file === edit.file) text = other.uninstall(text, original);
      }
    return text !== null && edit.uninstall(text, original) !== text;
  } catch {
    return false;
  }
}
function foreignInjectors(installer, ctx) {
  const found = [];
  for (const file of installer.hookFiles?.(ctx) ?? []) {
    let text;
    try {
      text = readText(file, hostFileCap(ctx, file));
    } catch {
      continue;
    }
    if (text === null || !text.includes("guard-inject-memory")) continue;
    try {
      for (const command of hookCommandsIn(readJsonc(text))) if (/guard-inject-memory/.test(command)) found.push(`${command} in ${file}`);
    } catch {
    }
  }
  return found;
}
function pluginWarnings(installer, ctx) {
  const plugins = installer.plugins?.(ctx);
  if (!plugins || plugins.enabled.length === 0) return [];
  const ids = plugins.enabled.map((p) => p.split(" ")[0]);
  return [
    `the memctl plugin is enabled too (${plugins.enabled.join(", ")}), so ${installer.title} runs memctl's hooks twice (the second run adds nothing, each block and overview arrives once): keep one \u2014 "${ids.map(plugins.disable).join('", "')}" or "memctl uninstall ${installer.name} --scope ${ctx.scope}"`
  ];
}
function doubleWiringWarnings(installer, ctx) {
  const others = otherWiredScopes(installer, ctx);
  const warnings = others.map(
    (other) => `also wired at ${other} scope: ${[ctx.scope, other].sort(byScope).join(" and ")} scope both inject memory, so every prompt gets it twice \u2014 run "memctl uninstall ${installer.name} --scope ${other}"`
  );
  for (const foreign of foreignInjectors(installer, ctx))
    warnings.push(`another memory hook also injects per prompt: ${path.basename(foreign.split(" in ")[0])} (${foreign}); remove one of them`);
  return [...warnings, ...pluginWarnings(installer, ctx)];
}
var ORDER = ["user", "project", "local"];
var byScope = (a, b) => ORDER.indexOf(a) - ORDER.indexOf(b);
export {
  doubleWiringWarnings,
  foreignInjectors,
  holdsOwnPart,
  keepOtherScopes,
  otherWiredScopes,
  pluginWarnings,
  scopesOf
};
