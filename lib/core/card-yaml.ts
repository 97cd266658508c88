// parseCard alone, for a caller that imports it on demand (lib/rank-cache/card-fields.ts): a dynamic import()
// bundles to a namespace object whose getters, one per export, every hook process defines at start-up, and
// card.js has fifteen (bench/history/2026-12.md, h/bundle).
export { parseCard } from "./card.js";
