import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
var t=["feedback","project","reference","user"],r=new RegExp(`^(${t.join("|")})_`);function n(e){return r.exec(e.slice(e.lastIndexOf("/")+1))?.[1]}function o(e){return e.replace(r,"")}export{t as a,r as b,n as c,o as d};
