import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import{a,b,c,d,e}from"./chunk-AZ5FLFQX.mjs";import"./chunk-52QY25AO.mjs";import"./chunk-LB63GSCV.mjs";import"./chunk-PBY2FRQK.mjs";export{a as REQUIRED_FIELDS,e as cardType,d as isExpired,c as missingFields,b as parseCard};
