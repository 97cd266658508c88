// lib/core/card-yaml.ts
import { parseCard } from "./card.js";
export {
  parseCard
};
