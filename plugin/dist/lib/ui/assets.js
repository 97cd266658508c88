// lib/ui/assets.ts
var APP_CSS = `
:root { color-scheme: light dark; --fg: #1d2330; --dim: #6b7280; --line: #d9dde3; --bg: #fff; --panel: #f6f7f9; --accent: #2f6fb0; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e8eb; --dim: #9aa3ae; --line: #38404b; --bg: #16191d; --panel: #1f2329; --accent: #6ea8e0; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
header { display: flex; gap: 1rem; align-items: center; padding: .6rem 1.2rem; border-bottom: 1px solid var(--line); background: var(--panel); flex-wrap: wrap; }
header nav { display: flex; gap: .9rem; }
header nav a { text-decoration: none; color: var(--fg); padding: .15rem .2rem; }
header nav a[aria-current="page"] { border-bottom: 2px solid var(--accent); font-weight: 600; }
header .store { margin-left: auto; color: var(--dim); font-size: 12px; }
main { padding: 1rem 1.2rem 3rem; max-width: 1200px; }
h1 { font-size: 1.35rem; margin: .2rem 0 .8rem; } h2 { font-size: 1.05rem; margin: 1.4rem 0 .5rem; } h3 { font-size: .95rem; margin: .8rem 0 .3rem; }
a { color: var(--accent); }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; color: var(--dim); }
pre { background: var(--panel); border: 1px solid var(--line); padding: .6rem .8rem; overflow-x: auto; white-space: pre-wrap; font-size: 12.5px; }
.diff .add { color: #1e8449; } .diff .del { color: #c0392b; } .diff .ctx { color: var(--dim); }
.dim { color: var(--dim); } .warn { color: #b9770e; } .ok { color: #1e8449; }
.flag-warn { color: #b9770e; } .flag-bad { color: #c0392b; }
.badge { font-size: 11px; border: 1px solid var(--line); border-radius: 8px; padding: 0 .4rem; color: var(--dim); }
.tag { font-size: 12px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 0 .35rem; text-decoration: none; }
.match { color: var(--dim); font-size: 12px; }
.filters { display: flex; flex-wrap: wrap; gap: .6rem; align-items: center; margin-bottom: .6rem; }
.filters input[type=search] { min-width: 18rem; }
input, select, button { font: inherit; padding: .25rem .45rem; border: 1px solid var(--line); border-radius: 4px; background: var(--bg); color: var(--fg); }
button { cursor: pointer; background: var(--accent); color: #fff; border-color: var(--accent); }
.reject button { background: #c0392b; border-color: #c0392b; }
.kv { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .4rem 0; } .kv dt { color: var(--dim); } .kv dd { margin: 0; }
.proposal { border: 1px solid var(--line); border-radius: 6px; padding: .4rem 1rem 1rem; margin: 1rem 0; }
.actions { display: grid; grid-template-columns: 2fr 1fr; gap: 1rem; margin-top: .8rem; }
.actions form { display: flex; flex-direction: column; gap: .4rem; } .actions input[type=text] { width: 100%; }
.flash { padding: .5rem .8rem; border-radius: 4px; } .flash.ok { background: #e8f6ee; color: #1e8449; } .flash.err { background: #fbeaea; color: #c0392b; }
.run { border-bottom: 1px solid var(--line); padding: .3rem 0; } .run ul { margin: .2rem 0; } .rule { font-family: ui-monospace, monospace; font-size: 12px; }
figure { margin: .6rem 0; } figcaption { color: var(--dim); font-size: 12px; }
.pager { display: flex; gap: 1rem; } .lead { font-size: 1.05rem; }
`;
export {
  APP_CSS
};
