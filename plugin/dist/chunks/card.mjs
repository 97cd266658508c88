import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  REQUIRED_FIELDS,
  cardType,
  isExpired,
  missingFields,
  parseCard
} from "./core-card.mjs";
import "./core-card-types.mjs";
import "./runtime.mjs";
export {
  REQUIRED_FIELDS,
  cardType,
  isExpired,
  missingFields,
  parseCard
};
