import { rankStore } from "./lib/hook/inject.js";
import { stillFresh } from "./lib/store/rank-cache.js";
const dir = process.argv[2]!;
const { store, ranked } = await rankStore(dir, "the invoice webhook keeps failing", new Date());
console.log(store.cache, ranked.length);
for (const r of ranked.slice(0, 12)) { const ok = stillFresh(dir, store, [r.entry.file]); if (!ok) console.log("stale", r.entry.file, store.stamp(r.entry.file)); }
