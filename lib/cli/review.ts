import pc from "picocolors";
import type { Io } from "../store/io.js";
import { reviewPending, type ProposalFlags, type ReviewedProposal, type ReviewResult } from "../proposals/review.js";
import { previewProposal } from "../proposals/accept-preview.js";
import { findPending, pendingPageOf } from "../proposals/propose.js";
import { inertText } from "../core/sanitize.js";
import { flagLabels } from "../proposals/review-flags.js";
import { bool, num, parseArgs, type CommandSpec } from "./args.js";
import { elide, PIPED_COLUMNS } from "./list.js";
import { colorsFor, displayWidth, padEnd, printJson, type Colors } from "./output.js";
import { actorFrom, JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { agentsView, arrivalForAgent, refuseArrivalToAgent, refuseArrivedProposal } from "../proposals/agent-view.js";
import { commandSummary } from "./command-summary.js";
import { findArrival, isArrivalId, liveArrivals, previewArrival } from "../sync/arrival-decide.js";
import type { Arrival } from "../store/arrivals.js";
import { utcDay } from "../core/frecency.js";

export const spec: CommandSpec = {
  name: "review",
  summary: commandSummary("review"),
  positionals: [{ name: "id", description: "a proposal id (or a unique prefix), or an arrival's a-… id: show it with a diff" }],
  flags: { ...STORE_FLAGS, ...JSON_FLAG, page: { type: "number", description: "which page of the queue to list, 50 proposals a page in staging order (default 1)" } },
  exitCodes: { 0: "listed or shown", 1: "no such pending proposal, or no store", 2: "usage error", 3: "invalid explicit memory selection" },
  notes:
    "Flags: stale (the card changed since the proposal), dup-card (a card already says this), dup (another proposal says the same), conflict (another proposal says something else about the card), contradicts (the card now says something else and the proposer did not see it), near-dup:X (card or proposal X under another name says nearly the same), contradicts:X (X gives the same subject another value), said-again:N (N later sessions said the same again; capture recorded each on this proposal instead of proposing it again), synced:NAME (it arrived by memctl sync from NAME's push: its proposer and provenance are what that machine wrote, not who you are), looks-like:X (a new card whose name only looks like existing card X's: a 0 for an o, a 1 for an l). Showing one proposal prints both texts of each near-duplicate and contradiction, and where and how it was said again. Read-only.",
  examples: ["memctl review", "memctl review p-20261202T094000Z-3fa2c1", "memctl review --json"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const id = args.positionals[0];
  // The owner reviews everything; an agent's shell (review is open to it) sees nothing a sync holds (lib/proposals/agent-view.ts).
  const owner = actorFrom(args, io) === "human";
  if (id !== undefined && isArrivalId(id)) return showArrival(memoryDir, id, bool(args, "json"), io, owner);
  if (id === undefined) {
    // An agent's pages and "N pending" are over what it may see, not the teammates' proposals it is not shown.
    const all = await reviewPending(memoryDir, num(args, "page") ?? 1, { withoutHeld: !owner });
    const reviewed = owner ? all : { ...all, pending: agentsView(memoryDir, all.pending) };
    const arrivals = owner ? liveArrivals(memoryDir) : liveArrivals(memoryDir).map(arrivalForAgent);
    if (bool(args, "json"))
      printJson(io, {
        memory_dir: memoryDir,
        count: reviewed.total,
        page: { number: reviewed.page, pages: reviewed.pages },
        proposals: reviewed.pending.map(toJson),
        unreadable: reviewed.unreadable,
        arrivals: arrivals.map(arrivalJson),
      });
    else io.stdout.write(renderList(reviewed, io) + renderArrivals(arrivals, io));
    return 0;
  }
  const proposal = findPending(memoryDir, id);
  // Its flags against the proposals on its own page of the list, as the list shows them.
  const page = await reviewPending(memoryDir, pendingPageOf(memoryDir, proposal.id) ?? 1);
  const mine = page.pending.find((r) => r.proposal.id === proposal.id)!;
  if (!owner) refuseArrivedProposal(mine);
  const one = owner ? mine : agentsView(memoryDir, [mine])[0]!;
  const preview = previewProposal(memoryDir, proposal, utcDay(io.now()));
  if (bool(args, "json")) {
    printJson(io, {
      memory_dir: memoryDir,
      ...toJson(one),
      preview: { card_file: preview.card_file, exists: preview.exists, after: preview.after, diff: preview.diff, ...(preview.error ? { error: preview.error } : {}) },
    });
    return 0;
  }
  const c = colorsFor(io);
  const p = one.proposal;
  const lines = [
    `${c.bold(p.id)} — ${preview.exists ? `update to ${inertText(preview.card_file)}` : `new card ${inertText(preview.card_file)}`}`,
    `  proposer    ${inertText(p.proposer)} at ${p.created_at}${one.flags.arrived ? ` — as written on another machine: pushed by ${one.flags.arrived.pushed_by.map(inertText).join(", ") || "?"} (memctl sync)` : ""}`,
    `  source      ${inertText(p.source)}`,
    `  provenance  ${p.provenance.kind}${p.provenance.confidence !== undefined ? `, confidence ${p.provenance.confidence}` : ""}`,
    ...(p.card.recall?.length ? [`  recall      ${p.card.recall.map(inertText).join(" | ")}`] : []),
    ...(p.card.scope?.length ? [`  scope       ${p.card.scope.map(inertText).join(", ")}`] : []),
    ...(one.suggested_scope ? [`  scope?      ${one.suggested_scope.map(inertText).join(", ")} — memctl accept ${p.id} --suggested-scope`] : []),
    ...(p.merged?.length ? [`  also from   ${p.merged.map((m) => `${inertText(m.proposer)} (${inertText(m.source)})`).join(", ")}`] : []),
    ...(p.restated ?? []).flatMap((r) => [`  said again  ${inertText(r.source)}`, c.dim(`              as: ${inertText(r.description)} (${inertText(r.proposer)} at ${r.at})`)]),
    `  flags       ${flagText(one.flags, c) || c.dim("none")}`,
    "",
    c.dim(`--- ${inertText(preview.card_file)} ${preview.exists ? "(now)" : "(does not exist)"}`),
    c.dim(`+++ ${inertText(preview.card_file)} (as accept would write it)`),
    ...preview.diff.map((d) => (d.op === "+" ? c.green(`+${inertText(d.text)}`) : d.op === "-" ? c.red(`-${inertText(d.text)}`) : ` ${inertText(d.text)}`)),
    ...(preview.error ? ["", c.red(`accept would refuse: ${inertText(preview.error)}`)] : []),
    ...relatedLines(one, c),
    "",
    `next: memctl accept ${p.id}${one.flags.stale ? " --force" : ""}${acceptChoice(one)}   |   memctl reject ${p.id} --reason "…"`,
  ];
  io.stdout.write(lines.join("\n") + "\n");
  return 0;
}

/** The decision accept asks for when live cards under other names say the same or the opposite. */
function acceptChoice(one: ReviewedProposal): string {
  const cards = [...one.flags.near_duplicates, ...one.flags.contradictions].filter((r) => r.proposal === null).map((r) => r.card_file);
  if (cards.length === 0) return "";
  return ` --supersede ${[...new Set(cards)].map((f) => inertText(f.replace(/\.md$/, ""))).join(",")} (or --keep-both)`;
}

function toJson(r: ReviewedProposal) {
  return { ...r.proposal, card_file: r.card_file, flags: r.flags, suggested_scope: r.suggested_scope };
}

export function flagText(f: ProposalFlags, c: Colors): string {
  return flagLabels(f)
    .map((l) => (l.tone === "bad" ? c.red(l.text) : c.yellow(l.text)))
    .join(" ");
}

/** Each related card or proposal with both texts side by side, and what accepting would then need. */
function relatedLines(one: ReviewedProposal, c: Colors): string[] {
  const p = one.proposal;
  const related = [...one.flags.near_duplicates, ...one.flags.contradictions];
  if (related.length === 0) return [];
  const mine = p.card.description ?? "(description unchanged)";
  const out = [""];
  for (const r of related) {
    const what = r.relation === "near_duplicate" ? c.yellow("nearly duplicates") : c.red("contradicts");
    const other = r.proposal ? `proposal ${r.proposal} (for ${inertText(r.card_file)})` : inertText(r.card_file);
    out.push(`${what} ${other} — similarity ${r.similarity}${r.shared_repo_refs.length ? `, same repo_refs ${r.shared_repo_refs.map(inertText).join(" ")}` : ""}`);
    out.push(`  this proposal  ${inertText(mine.replace(/\s+/g, " ").trim())}`);
    out.push(`  ${r.proposal ? "that proposal " : "that card     "} ${inertText(r.description.replace(/\s+/g, " ").trim())}`);
    const body = r.body.replace(/\s+/g, " ").trim();
    if (body) out.push(c.dim(`                 ${inertText(elide(body, 160))}`));
  }
  return out;
}

function renderList(reviewed: ReviewResult, io: Io): string {
  const { pending: rows, unreadable } = reviewed;
  const c = colorsFor(io);
  const tail = unreadable.map((u) => c.red(`unreadable proposal file ${inertText(u.file)}: ${inertText(u.reason)} (left in place)`));
  if (rows.length === 0) return [`${c.dim("no pending proposals")} — agents stage them with "memctl propose NAME … --source S"`, ...tail].join("\n") + "\n";
  const width = io.stdout.isTTY && io.stdout.columns ? io.stdout.columns : PIPED_COLUMNS;
  const head = ["ID", "CARD", "KIND", "PROPOSER", "FLAGS"];
  const plain = pc.createColors(false);
  const cells = rows.map((r) => [r.proposal.id, inertText(r.card_file), r.proposal.provenance.kind, inertText(r.proposal.proposer), listFlags(r, plain)]);
  const widths = head.map((h, i) => Math.max(displayWidth(h), ...cells.map((row) => displayWidth(row[i]!))));
  const room = Math.max(10, width - widths.reduce((a, b) => a + b + 2, 0));
  const lines = [c.bold([...head.map((h, i) => padEnd(h, widths[i]!)), "DESCRIPTION"].join("  "))];
  rows.forEach((r, i) => {
    const row = cells[i]!.map((cell, j) => padEnd(cell, widths[j]!));
    if (row[4]!.trim() !== "-") row[4] = c.yellow(row[4]!);
    lines.push([...row, elide(inertText((r.proposal.card.description ?? "(description unchanged)").replace(/\s+/g, " ").trim()), room)].join("  ").trimEnd());
  });
  const more =
    reviewed.pages > 1 ? ` Page ${reviewed.page} of ${reviewed.pages}${reviewed.page < reviewed.pages ? `: memctl review --page ${reviewed.page + 1} lists the next` : ""}.` : "";
  lines.push(
    c.dim(
      `${reviewed.total} pending.${more} memctl review ID shows one with its diff; memctl accept ID / memctl reject ID --reason R decide it; memctl consolidate merges duplicates.`,
    ),
  );
  return [...lines, ...tail].join("\n") + "\n";
}

/** The list's flags, and how many later sessions said it again (capture's restatements: worth knowing before deciding). */
function listFlags(r: ReviewedProposal, plain: Colors): string {
  const again = r.proposal.restated?.length ? `said-again:${r.proposal.restated.length}` : "";
  return [flagText(r.flags, plain), again].filter(Boolean).join(" ") || "-";
}

function arrivalJson(a: Arrival) {
  const { stamp: _stamp, ...rest } = a;
  return rest;
}

/** What syncs brought in and hold here: pending review (from a shared remote), rejected, or quarantined. */
function renderArrivals(arrivals: readonly Arrival[], io: Io): string {
  if (arrivals.length === 0) return "";
  const c = colorsFor(io);
  const lines = ["", c.bold(`Arrived with memctl sync, held on this machine (not injected) — ${arrivals.length}:`)];
  for (const a of arrivals) {
    const state = a.state === "quarantined" ? c.red(a.state) : a.state === "rejected" ? c.dim(a.state) : c.yellow(a.state);
    const who = a.pushed_by.length > 0 ? ` by ${a.pushed_by.map(inertText).join(", ")}` : "";
    const looks = a.looks_like && a.state !== "quarantined" ? c.red(` — looks like ${inertText(a.looks_like)} but is not it`) : "";
    lines.push(`  ${a.id}  ${state}  ${a.kind.padEnd(8)} ${inertText(a.path)}${who}${a.state === "quarantined" ? `: ${a.reasons.map(inertText).join("; ")}` : ""}${looks}`);
  }
  // A second machine's first sync from a shared remote holds every card: one command, not one per id.
  const pending = arrivals.filter((a) => a.state === "pending").length;
  const all = pending > 1 ? ` memctl accept --arrivals releases all ${pending} pending.` : "";
  lines.push(c.dim(`memctl review a-ID shows one against the version before the merge; memctl accept a-ID releases it; memctl reject a-ID --reason R keeps it out.${all}`));
  return lines.join("\n") + "\n";
}

async function showArrival(memoryDir: string, id: string, json: boolean, io: Io, owner: boolean): Promise<number> {
  const a = findArrival(memoryDir, id);
  if (!owner) refuseArrivalToAgent(a);
  const preview = await previewArrival(memoryDir, a, { env: io.env });
  if (json) {
    printJson(io, { memory_dir: memoryDir, ...arrivalJson(a), preview });
    return 0;
  }
  const c = colorsFor(io);
  const lines = [
    `${c.bold(a.id)} — ${a.kind} ${inertText(a.path)} (${a.state})`,
    `  pushed by   ${a.pushed_by.map(inertText).join(", ") || "unknown"} (commit ${a.commit.slice(0, 12)})`,
    `  why held    ${a.reasons.map(inertText).join("; ")}`,
    ...(a.line ? [`  index line  ${inertText(a.line)}`] : []),
    "",
  ];
  if (preview.withheld) lines.push(c.red(`content not shown: ${inertText(preview.withheld)}`));
  else {
    lines.push(c.dim(`--- ${inertText(a.path)} (before the merge)`), c.dim(`+++ ${inertText(a.path)} (as it arrived)`));
    lines.push(...preview.diff.map((d) => (d.op === "+" ? c.green(`+${inertText(d.text)}`) : d.op === "-" ? c.red(`-${inertText(d.text)}`) : ` ${inertText(d.text)}`)));
  }
  lines.push(
    "",
    a.state === "quarantined"
      ? `next: fix or remove the file (memctl rm), or keep it out: memctl reject ${a.id} --reason "…"`
      : `next: memctl accept ${a.id}   |   memctl reject ${a.id} --reason "…"`,
  );
  io.stdout.write(lines.join("\n") + "\n");
  return 0;
}
