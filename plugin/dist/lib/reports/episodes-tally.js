// lib/reports/episodes-tally.ts
function tallyEpisodes(read) {
  const withSummary = read.episodes.filter((e) => typeof e.summary === "string" && e.summary.trim() !== "").length;
  return { status: read.status, ...read.error !== void 0 ? { error: read.error } : {}, total: read.episodes.length, withSummary, malformed: read.malformed };
}
export {
  tallyEpisodes
};
