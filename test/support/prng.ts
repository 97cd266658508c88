// The one seeded generator (mulberry32), which bench/gen-store.ts also builds its stores with: the fuzzes and the
// generated stores draw the same sequence for a seed.
export { rng as prng } from "../../bench/gen-store.js";
