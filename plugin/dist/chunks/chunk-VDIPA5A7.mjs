import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import{f as t}from"./chunk-XFLIHMXS.mjs";function o(n){return n.split(`
`).map(i=>i.split("	").map(t).join("	")).join(`
`)}export{o as a};
