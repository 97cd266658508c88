// lib/cli/stats-render.ts
import { colorsFor } from "./output.js";
import { bar, bytes, inert, num, percent, table } from "./report-format.js";
function renderStats(r, io) {
  const c = colorsFor(io);
  const out = [`${c.bold("memctl stats")}  ${inert(r.memory_dir)}`, ""];
  const unparsed = r.unparsed_index_entries > 0 ? c.yellow(` (${r.unparsed_index_entries} unparsed)`) : "";
  const shards = r.shard_count > 0 ? `, ${r.shard_count} shard${r.shard_count === 1 ? "" : "s"}` : "";
  const overBudget = r.index_inject_bytes > r.inject_budget_bytes;
  out.push(
    ...table([
      ["index", `${num(r.index_entry_count)} entries${unparsed} \u2192 ${num(r.card_count)} cards${shards}`],
      [
        "inject",
        `${num(r.index_inject_bytes)} B${r.index_inject_bytes >= 1024 ? ` (${bytes(r.index_inject_bytes)})` : ""} for the whole index, ${overBudget ? c.dim("ranked down to") : c.dim("fits")} budget ${num(r.inject_budget_bytes)} B / ${r.inject_budget_entries} entries ${c.dim(`(${r.inject_host})`)}`
      ],
      ...r.compact_inject_bytes !== null ? [["compact", `${num(r.compact_inject_bytes)} B for the whole index with the compact${r.compact_current ? "" : c.yellow(" (behind the records: memctl compact)")}`]] : [],
      ["usage", usageLine(r, c)],
      ["episodes", episodesLine(r, c)]
    ])
  );
  if (r.usage_store !== "error" && r.cards_with_hits !== null && r.cards_with_hits > 0) {
    out.push("", c.bold("Concentration") + c.dim("  (flat ranking = coverage near 100% with top-5 share near the flat value)"), ...concentration(r, c));
    const maxBucket = Math.max(...r.last_hit_buckets.map((b) => b.cards), 1);
    out.push(
      "",
      c.bold("Last hit"),
      ...table(
        r.last_hit_buckets.map((b) => [b.label, num(b.cards), c.cyan(bar(b.cards, maxBucket, 24))]),
        { right: [1] }
      )
    );
    out.push("", c.bold(`Most hit${r.card_hits_truncated ? ` (top ${r.card_hits.length} of ${num(r.cards_with_hits)})` : ""}`));
    out.push(...table([[c.dim("card"), c.dim("hits"), c.dim("last hit")], ...r.card_hits.map((h) => [inert(h.card), num(h.access_count), h.last_access_day])], { right: [1] }));
  }
  if (r.pinned_cards.length > 0) {
    out.push("", c.bold(`Pinned (${num(r.cards_pinned)})`) + c.dim("  injected on every prompt (priority: always); not ranked, so never counted as hits"));
    out.push(...r.pinned_cards.map((card) => `  ${inert(card)}`));
  }
  if (r.never_hit_cards.length > 0) {
    const more = r.never_hit_cards_truncated ? c.dim(`\u2026 and ${num((r.cards_never_hit ?? 0) - r.never_hit_cards.length)} more (--never-hit-limit 0 lists all)`) : "";
    out.push("", c.bold(`Never hit (${num(r.cards_never_hit ?? 0)})`) + c.dim("  candidates to rewrite their hook, merge, or retire"));
    out.push(...r.never_hit_cards.map((card) => `  ${inert(card)}`));
    if (more) out.push(`  ${more}`);
  }
  if (r.unmeasurable_cards.length > 0) {
    out.push("", c.bold(`Unmeasurable (${r.unmeasurable_cards.length})`) + c.dim("  paths with a tab or newline; the usage sidecar cannot record them \u2014 rename the file"));
    out.push(...r.unmeasurable_cards.map((card) => `  ${inert(card)}`));
  }
  return out.join("\n") + "\n";
}
function usageLine(r, c) {
  if (r.usage_store === "error") return c.red(`usage sidecar unreadable: ${inert(r.usage_error ?? "error")} \u2014 hit counts unknown, not zero`);
  if (r.usage_store === "none") return c.yellow("no usage sidecar yet (the hook records hits once it runs)") + ` \u2014 ${num(r.cards_never_hit ?? 0)} cards never hit`;
  const pinned = r.cards_pinned > 0 ? `, ${num(r.cards_pinned)} pinned (injected on every prompt)` : "";
  return `${num(r.cards_with_hits ?? 0)} of ${num(r.card_count - r.unmeasurable_cards.length - r.cards_pinned)} cards hit, ${num(r.total_access ?? 0)} accesses ${c.dim(`(${r.usage_store})`)}${pinned}`;
}
function episodesLine(r, c) {
  if (r.episodes_status === "error") return c.red(`episodes.jsonl unreadable: ${inert(r.episodes_error ?? "error")} \u2014 history unknown, not empty`);
  if (r.episodes_status === "none") return c.dim("no episodes.jsonl yet");
  const malformed = r.episodes_malformed > 0 ? c.yellow(`, ${num(r.episodes_malformed)} malformed line(s) kept on disk`) : "";
  return `${num(r.episodes_total)} total, ${num(r.episodes_with_summary)} with a summary (${percent(r.episode_fill_rate_pct)})${malformed}`;
}
function concentration(r, c) {
  const conc = r.concentration;
  const cell = (p, paint) => paint(bar(p ?? 0, 100, 25));
  const flat = conc.flat_top5_share_pct;
  const near = conc.top5_share_pct !== null && flat !== null && conc.hit_coverage_pct !== null && conc.hit_coverage_pct >= 90 && conc.top5_share_pct <= flat * 1.25;
  return table(
    [
      ["coverage", percent(conc.hit_coverage_pct), cell(conc.hit_coverage_pct, c.cyan), c.dim("cards ever hit")],
      [
        "top-5 share",
        percent(conc.top5_share_pct),
        cell(conc.top5_share_pct, near ? c.yellow : c.cyan),
        near ? c.yellow("near flat: ranking is not discriminating") : c.dim("accesses going to the 5 most-hit cards")
      ],
      ["flat value", percent(flat), cell(flat, c.dim), c.dim("top-5 share if every hit card were hit equally")]
    ],
    { right: [1] }
  );
}
export {
  renderStats
};
