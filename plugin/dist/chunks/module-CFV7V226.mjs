import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import{b as r,c as a}from"./chunk-LX5PIPDO.mjs";import"./chunk-PBY2FRQK.mjs";export{a as creator,r as rules};
