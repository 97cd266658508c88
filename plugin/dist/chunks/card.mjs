import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  CARD_STATUSES,
  REQUIRED_FIELDS,
  cardType,
  isCalendarDate,
  isExpired,
  missingFields,
  parseCard
} from "./core-card.mjs";
import "./core-card-types.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";
export {
  CARD_STATUSES,
  REQUIRED_FIELDS,
  cardType,
  isCalendarDate,
  isExpired,
  missingFields,
  parseCard
};
