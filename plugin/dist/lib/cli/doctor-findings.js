// lib/cli/doctor-findings.ts
import { ERROR_CODES } from "../core/errors.js";
import { inert, num } from "./report-format.js";
import { instructionFindings } from "./doctor-instructions.js";
import { NOT_PORTABLE_FIX } from "../sync/status.js";
import { pastedWord } from "../core/shell-quote.js";
import { REFUSED_FIX } from "../sync/refused-files.js";
var q = (s) => inert(s);
function findings(r) {
  const out = [];
  const issue = (kind, subject, fix) => out.push({ severity: "issue", kind, subject, fix });
  const warning = (kind, subject, fix) => out.push({ severity: "warning", kind, subject, fix });
  for (const x of r.resolution_issues)
    issue(
      "resolution",
      `${x.source}: ${q(x.reason)}`,
      x.fix ?? `memctl resolve --json shows the selection; fix or unset ${x.source === "env" ? "MEMCTL_MEMORY_DIR" : "the config entry"} (doctor never inspects a fallback store)`
    );
  for (const x of r.dead_links)
    issue(
      "dead link",
      `MEMORY.md:${x.line} \u2192 ${q(x.target)} (${x.reason})`,
      `restore ${q(x.target)}, or ${x.further ? `remove the link to ${q(x.target)} from line ${x.line}` : `delete line ${x.line}`} of MEMORY.md`
    );
  for (const x of r.orphan_cards) issue("orphan card", q(x), `add "- [Title](${q(x)}) \u2014 hook" to MEMORY.md, or delete the card`);
  for (const x of r.duplicate_hooks)
    issue("duplicate hook", `"${q(x.hook)}" on MEMORY.md lines ${x.lines.join(", ")}`, `rewrite each line's hook to say what that card alone is for`);
  for (const x of r.stale_repo_refs) {
    const outOfGrammar = x.reason.startsWith("out of grammar");
    issue(
      "stale repo_ref",
      `${q(x.card)}: ${q(x.ref)} \u2014 ${q(x.reason)}`,
      outOfGrammar ? `rewrite it as path:<file>, fn:<file>#<symbol> or flag:<command> --flag in ${q(x.card)}` : `update or remove this ref in ${q(x.card)}'s repo_refs`
    );
  }
  for (const x of r.cards_missing_fields)
    issue(
      "missing fields",
      `${q(x.card)}: ${x.missing.join(", ")}`,
      `memctl fix-fields (adds them to every card that lacks them), or add ${x.missing.map((f) => f === "repo_refs" ? "repo_refs: []" : f).join(", ")} to ${q(x.card)}'s frontmatter`
    );
  for (const x of r.cards_bad_fields)
    issue("field value", `${q(x.card)}: ${x.problems.map(q).join("; ")}`, `fix the value in ${q(x.card)}'s frontmatter: it is read as absent until then`);
  for (const x of r.unparsed_index_entries)
    issue("unparsed index line", `MEMORY.md:${x.line} ${q(x.text)}`, `rewrite line ${x.line} as "- [Title](file.md) \u2014 hook", or make it prose (not a bullet)`);
  for (const x of r.unreadable_cards)
    issue(
      "unreadable card",
      `${q(x.card)}: ${q(x.reason)}`,
      x.fix !== void 0 ? q(x.fix) : x.reason.startsWith("cannot read") ? `make ${q(x.card)} a readable regular file (not a FIFO, device or directory)` : `make the frontmatter of ${q(x.card)} (between the --- lines) valid YAML`
    );
  for (const x of r.refused_intents)
    issue("refused intent", `${q(x.file)}: ${x.problems.map(q).join("; ")}`, `memctl will never apply it; read it to see what it tried, then delete ${q(x.file)}`);
  if (r.hold_damaged) issue("hold list", `${r.hold_damaged.code}: ${q(r.hold_damaged.reason)}`, "memctl sync --rebuild-hold (or restore it from a backup)");
  for (const x of r.quarantined ?? [])
    issue(
      "quarantined",
      `${q(x.path)} arrived with memctl sync${x.pushed_by.length ? ` (pushed by ${x.pushed_by.map(q).join(", ")})` : ""}: ${x.reasons.map(q).join("; ")}`,
      `it is kept in git but never injected or shown here; memctl review ${x.id}, then fix or memctl rm it (or memctl reject ${x.id} --reason R)`
    );
  for (const x of r.expired_cards)
    issue(
      "expired card",
      `${q(x.card)} expired ${q(x.expires_at)}`,
      `refresh ${q(x.card)} and move expires_at forward, or memctl expire --yes (removes every expired card, each restorable)`
    );
  for (const x of r.cards_with_secrets)
    issue(
      "secret at rest",
      `${q(x.card)}:${x.line} ${q(x.masked)} (${x.kind})`,
      `remove it from ${q(x.card)} (keep it in a secret manager, note only where it lives); a false positive goes in [secrets] allow`
    );
  for (const x of r.dead_card_links ?? [])
    issue(`${x.status} card link`, `${q(x.card)}:${x.line} \u2192 ${q(x.link)} (${q(x.reason)})`, `fix or remove the link on line ${x.line} of ${q(x.card)}`);
  for (const x of [...r.stuck_jobs ?? [], ...r.failed_jobs ?? []])
    issue(
      `${x.status} job`,
      `${x.id} (${q(x.kind)}), attempt ${x.attempts}/${x.max_attempts}${x.last_error ? `, last error: ${q(x.last_error)}` : x.status === "stuck" ? ", its holder stopped before done" : ""}`,
      x.status === "stuck" && x.attempts < x.max_attempts ? `run ${q(x.resume)} to resume it (memctl jobs lists the ledger)` : `run ${q(x.resume)} again (a new job; memctl jobs lists the ledger)`
    );
  const inj = r.injection;
  if (inj?.over_warn || inj?.pinned_over_budget) warning("injected size", injectionSubject(inj), inj.remedy ?? "");
  for (const x of r.hand_edited_cards) {
    if (x.change === "interrupted") {
      warning(
        "interrupted write",
        `${q(x.card)}: a memctl write was killed before it finished`,
        "memctl adopt (or any memctl write) completes it: the card, its index line and its history entry"
      );
      continue;
    }
    const what = x.change === "modified" ? `changed since rev ${x.rev}` : x.change === "removed" ? `deleted by hand (rev ${x.rev} in history)` : `present again after its delete (rev ${x.rev})`;
    warning(
      "hand edit",
      `${q(x.card)} ${what}`,
      x.change === "removed" ? `memctl adopt ${pastedWord(x.card)} records the deletion (or restore the file from git)` : `memctl adopt ${pastedWord(x.card)} records the edit in history`
    );
  }
  if (r.history_status === "error") {
    const large = r.history_error_code === ERROR_CODES.E_LOG_TOO_LARGE;
    const fix = large ? "put back the owner's .memctl/history.jsonl from git" : "check its permissions";
    warning(
      "history",
      `${large ? `${r.history_error_code}: ` : ""}${q(r.history_error ?? "cannot read .memctl/history.jsonl")}`,
      `${fix}; hand-edit drift cannot be checked until then`
    );
  }
  if (r.history_malformed > 0) warning("history", `${r.history_malformed} malformed line(s) in .memctl/history.jsonl`, "inspect them by hand (memctl never rewrites history)");
  const byDir = /* @__PURE__ */ new Map();
  for (const x of r.unimported_claude_memory) byDir.set(x.dir, [...byDir.get(x.dir) ?? [], x]);
  for (const [dir, items] of byDir) {
    const files = items.filter((x) => x.kind !== "note").map((x) => x.file);
    const notes = items.length - files.length;
    const what = notes === 0 ? `${files.length} Claude Code card(s)` : `${files.length} Claude Code card(s) and ${notes} MEMORY.md note(s)`;
    const shown = files.length > 0 ? `: ${files.slice(0, 3).map(q).join(", ")}${files.length > 3 ? ", \u2026" : ""}` : " (prose the index does not link)";
    warning("claude memory", `${what} in ${q(dir)} with no memctl counterpart${shown}`, "memctl import claude");
  }
  if (r.claude_auto_memory)
    warning(
      "claude auto memory",
      "Claude Code's auto memory is on and this store is its auto-memory folder: Claude writes cards and MEMORY.md lines here directly, unreviewed",
      r.claude_auto_memory.fix
    );
  if (r.state_home) warning("state home", q(r.state_home.problem), r.state_home.fix);
  for (const v of r.ignored_env ?? []) warning("environment", `${v.name}=${q(v.value)} is relative: ignored, the folder under your home is used`, v.fix);
  if (r.usage_set_aside) warning("usage", `set aside in .memctl/, not regular files: ${r.usage_set_aside.files.map(q).join(", ")}`, r.usage_set_aside.fix);
  if (r.store_not_writable) warning("not writable", `${r.store_not_writable.code}: ${q(r.store_not_writable.problem)}`, r.store_not_writable.fix);
  if (r.index_over_read_limit)
    warning(
      "index",
      `MEMORY.md is ${r.index_over_read_limit.bytes} bytes, over the hook's read limit of ${r.index_over_read_limit.limit}: the lines past it are never ranked`,
      "move old cards out (memctl rm) or shorten their index lines"
    );
  for (const x of r.config_warnings) warning("config", q(x), "edit the user config (memctl config lint checks it)");
  for (const x of r.limits_exceeded) warning("limit", limitSubject(x), limitFix(x));
  for (const x of r.unmatched_scopes ?? [])
    warning(
      "scope",
      `${q(x.scope)} of ${q(x.card)} matches nothing in ${q(r.scopes_checked_in ?? "")}`,
      `fix the path (memctl save ${pastedWord(x.card.replace(/^[a-z]+_|\.md$/g, ""))} --scope \u2026); ignore it if another repository using this store holds it`
    );
  for (const x of r.look_alike_arrivals ?? [])
    warning("look-alike", `${q(x.path)} arrived with memctl sync and looks like ${q(x.looks_like)} but is not it`, `memctl review ${x.id} before accepting it`);
  if (r.pending_arrivals)
    warning("arrivals", `${r.pending_arrivals} change${r.pending_arrivals === 1 ? "" : "s"} from memctl sync await review (not injected until accepted)`, "memctl review");
  if (r.pending_proposals > 0) warning("proposals", `${r.pending_proposals} proposal${r.pending_proposals === 1 ? " awaits" : "s await"} review`, "memctl review");
  const s = r.sync;
  if (s && s.tracked_per_machine.length > 0)
    warning(
      "sync",
      `per-machine files are committed: ${s.tracked_per_machine.slice(0, 3).map(q).join(", ")}${s.tracked_per_machine.length > 3 ? ", \u2026" : ""}`,
      "memctl sync (it untracks them; they stay on disk)"
    );
  const conflicts = s ? s.conflicts.proposals.length + s.conflicts.parked + s.conflicts.files.length : 0;
  if (s && conflicts > 0)
    warning(
      "sync conflict",
      `${s.conflicts.proposals.length} edit(s) from another machine await review${s.conflicts.parked ? `, ${s.conflicts.parked} not yet staged` : ""}${s.conflicts.files.length ? `; the other side of ${s.conflicts.files.map(q).join(", ")} kept beside it` : ""}`,
      "memctl review (accept or reject each); merge a .theirs-* copy by hand, then delete it"
    );
  if (r.sync_unreadable) warning("sync", q(r.sync_unreadable.problem), r.sync_unreadable.fix);
  if (s?.merge_in_progress) warning("sync", "a merge was stopped half way", "memctl sync finishes it");
  for (const f of s?.refused_files ?? []) warning("sync", `${q(f.path)} is ${q(f.what)} (${f.code}): sync skips it as absent`, REFUSED_FIX);
  if (s && s.not_portable.length > 0)
    warning(
      "windows names",
      `${s.not_portable.length} file name(s) a Windows checkout refuses: ${s.not_portable.slice(0, 3).map((x) => `${q(x.path)} (${q(x.problem)})`).join(", ")}${s.not_portable.length > 3 ? ", \u2026" : ""}`,
      NOT_PORTABLE_FIX
    );
  out.push(...instructionFindings(r.instructions));
  return out;
}
var AREA_NAMES = { store: "the memory directory", trash: ".memctl/trash", episodes: "episodes.jsonl" };
function limitSubject(x) {
  const unit = x.limit.endsWith("_lines") ? "lines" : x.limit.endsWith("_files") ? "files" : "bytes";
  return `${AREA_NAMES[x.area]} holds ${x.value} ${unit}; the limit is ${x.max} (${x.limit})`;
}
function limitFix(x) {
  const shrink = {
    store: "delete or merge cards",
    trash: "empty old entries of .memctl/trash (removed cards; history keeps their hashes)",
    episodes: "move old episodes into monthly shards with memctl shard"
  }[x.area];
  const who = x.area === "store" ? "agents' and hosts' writes are refused past it (the owner's are not): " : "";
  return `${who}${shrink}, or raise it: [guardrails] ${x.limit} = ${x.value} in the user config`;
}
function injectionSubject(inj) {
  if (inj.cause === "pinned-over-budget")
    return `${inj.pinned_cards} pinned card(s) inject ${num(inj.pinned_inject_bytes)} B every prompt (budget ${num(inj.inject_budget_bytes)} B)`;
  const injected = inj.compact.inject_bytes_with != null ? `session start injects ${num(inj.injected_bytes)} B with the compact (whole index ${num(inj.index_inject_bytes)} B)` : `session start injects the whole index, ${num(inj.index_inject_bytes)} B`;
  return `${injected}, over warn_bytes ${num(inj.warn_bytes)} B`;
}
export {
  findings
};
