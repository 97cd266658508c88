import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import{a as o}from"./chunk-UAS2KSIY.mjs";var v=`# Memory

One line per card: - [Title](file.md) \u2014 hook
`;function g(t,r){return t.replace(/^\.\//,"")===r}function p(t){let r=t.split(/(\r?\n)/),n=[];for(let e=0;e<r.length;e+=2)n.push([r[e],r[e+1]??""]);return n.length>1&&n[n.length-1][0]===""&&n[n.length-1][1]===""&&n.pop(),n}var m=t=>Buffer.from(t,"utf8").toString("latin1");function B(t,r,n){return Buffer.from(a(t.toString("latin1"),o(t.toString("utf8")),r,m(n)),"latin1")}function I(t,r){let{text:n,removed:e}=d(t.toString("latin1"),o(t.toString("utf8")),r);return{bytes:Buffer.from(n,"latin1"),removed:e}}function a(t,r,n,e){let f=r.entries.find(u=>g(u.file,n)),s=p(t);if(f)return s[f.line-1][0]=e,s.map(([u,c])=>u+c).join("");let i=t.includes(`\r
`)?`\r
`:`
`,l=t===""||/\n$/.test(t)?"":i;return t+l+e+i}function d(t,r,n){let e=new Set(r.entries.filter(s=>g(s.file,n)).map(s=>s.line));return e.size===0?{text:t,removed:0}:{text:p(t).filter((s,i)=>!e.has(i+1)).map(([s,i])=>s+i).join(""),removed:e.size}}function b(t,r){return o(t).entries.some(n=>g(n.file,r))}export{v as a,B as b,I as c,b as d};
