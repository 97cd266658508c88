// lib/cli/sync-render.ts
import { inertText } from "../core/sanitize.js";
import { NOT_PORTABLE_FIX } from "../sync/status.js";
import { REFUSED_FIX } from "../sync/refused-files.js";
import { colorsFor } from "./output.js";
function renderReport(memoryDir, r, io) {
  const c = colorsFor(io);
  const where = r.remote ? `${r.remote}/${r.branch}` : "no remote";
  const did = [r.committed > 0 ? "committed local changes" : "", r.merged ? "merged" : "", r.pushed ? "pushed" : ""].filter(Boolean).join(", ");
  const lines = [`${c.green("\u2713")} ${inertText(memoryDir)} \u2194 ${inertText(where)}: ${r.status === "up-to-date" ? "already up to date" : did || "nothing to do"}`];
  if (r.status === "local-only") lines.push(`  no remote to sync with: memctl sync init <remote-url>`);
  for (const x of r.repaired) lines.push(`  repaired: ${x}`);
  if (r.proposals.length > 0)
    lines.push(`  ${r.proposals.length} card${r.proposals.length === 1 ? "" : "s"} edited on both sides: the other edit is a pending proposal (memctl review ${r.proposals[0]})`);
  for (const n of r.not_merged ?? []) lines.push(c.yellow(`  not merged: ${inertText(n.path)} is ${inertText(n.reason)}`));
  if (r.left_out.length > 0)
    lines.push(c.yellow(`  left out ${r.left_out.length} per-machine file(s) the remote tracks (never applied here): ${r.left_out.map(inertText).join(", ")}`));
  lines.push(...arrivalLines(r.arrivals, c), ...notPortableLines(r.not_portable, c));
  if (r.merged && !r.trust_chosen) lines.push(`  trust: shared (not chosen); if only your machines push to ${inertText(where)}: memctl sync trust own`);
  return lines.join("\n") + "\n";
}
function notPortableLines(names, c) {
  if (names.length === 0) return [];
  return [
    c.yellow(`  ${names.length} file name(s) here a Windows checkout refuses:`),
    ...names.map((n) => `    ${inertText(n.path)}: ${inertText(n.problem)}`),
    `  ${NOT_PORTABLE_FIX}`
  ];
}
function arrivalLines(arrivals, c) {
  if (arrivals.length === 0) return [];
  const who = (a) => a.pushed_by.length > 0 ? ` by ${a.pushed_by.map(inertText).join(", ")}` : "";
  const pending = arrivals.filter((a) => a.state === "pending");
  const first = pending.filter((a) => a.kind === "pinned" || a.kind === "compact");
  const rest = pending.filter((a) => !first.includes(a));
  const quarantined = arrivals.filter((a) => a.state === "quarantined");
  const out = [];
  if (pending.length > 0) out.push(c.yellow(`  ${pending.length} change(s) arrived from a shared remote and wait for review (not injected until accepted):`));
  const gone = (a) => a.kind === "removed" ? ` (already gone here: memctl reject ${a.id} --reason R restores it)` : "";
  for (const a of [...first, ...rest]) out.push(`    ${a.id}  ${a.kind.padEnd(8)} ${inertText(a.path)}${who(a)}${gone(a)}${looks(a, c)}`);
  if (quarantined.length > 0) out.push(c.red(`  ${quarantined.length} arrived file(s) quarantined (kept in git, never injected or shown here):`));
  for (const a of quarantined) out.push(`    ${a.id}  ${inertText(a.path)}${who(a)}: ${a.reasons.map(inertText).join("; ")}`);
  out.push(`  review them: memctl review (memctl accept ID / memctl reject ID --reason R)`);
  return out;
}
function renderStatus(memoryDir, s, io) {
  const c = colorsFor(io);
  if (!s.repo) return `${inertText(memoryDir)} is not synced (not a git repository of its own); memctl sync init <remote-url> makes it one
`;
  const lines = [
    `sync       ${s.remote ? `${s.remote}/${s.branch}` : "no remote"}: ahead ${s.ahead}, behind ${s.behind} (as of the last fetch); ${s.uncommitted} uncommitted change${s.uncommitted === 1 ? "" : "s"}`,
    `trust      ${s.trust.chosen ? s.trust.level : "shared (not chosen)"}: ${s.trust.level === "own" ? "what arrives applies, checked like a local write" : "card, index and compact changes that arrive wait for memctl review / accept"}${s.trust.chosen ? "" : "; if only your machines push there: memctl sync trust own"}`,
    `last sync  ${s.last_sync ? `${s.last_sync.at} (${s.last_sync.result})` : "never"}`
  ];
  const open = s.conflicts.proposals.length + s.conflicts.parked + s.conflicts.files.length;
  lines.push(
    `conflicts  ${open === 0 ? "none" : c.yellow(`${s.conflicts.proposals.length} proposal(s) from sync await review (memctl review)${s.conflicts.parked ? `, ${s.conflicts.parked} parked (the next sync stages them)` : ""}${s.conflicts.files.length ? `, other side kept in ${s.conflicts.files.map(inertText).join(", ")}` : ""}`)}`
  );
  if (s.merge_in_progress) lines.push(c.yellow("merge      a merge is in progress: memctl sync finishes it"));
  lines.push(...notPortableLines(s.not_portable, c));
  if (s.tracked_per_machine.length > 0)
    lines.push(c.yellow(`tracked    per-machine files are committed: ${s.tracked_per_machine.map(inertText).join(", ")} (memctl sync untracks them)`));
  for (const l of s.look_alikes)
    lines.push(c.red(`held       ${l.id} ${inertText(l.path)} (${l.state}) looks like ${inertText(l.looks_like)} but is not it: memctl review ${l.id}`));
  for (const f of s.refused_files) lines.push(c.yellow(`refused    ${inertText(f.path)} is ${inertText(f.what)} (${f.code}): skipped as absent; ${REFUSED_FIX}`));
  if (!s.drivers_configured) lines.push(c.yellow("drivers    memctl's merge drivers are not in .git/config yet: run memctl sync"));
  return lines.join("\n") + "\n";
}
function looks(a, c) {
  return a.looks_like ? c.red(` \u2014 looks like ${inertText(a.looks_like)} but is not it`) : "";
}
export {
  arrivalLines,
  renderReport,
  renderStatus
};
