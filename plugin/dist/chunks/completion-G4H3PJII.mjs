import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import{c as h}from"./chunk-IIOUO23V.mjs";import{a as u,d as $}from"./chunk-CM6FEKEO.mjs";import"./chunk-762HHRZW.mjs";import"./chunk-K65EHROB.mjs";import"./chunk-RYOVZMUP.mjs";import"./chunk-UC3MUCNY.mjs";import"./chunk-AZ5FLFQX.mjs";import{d}from"./chunk-52QY25AO.mjs";import"./chunk-3PN3FUKO.mjs";import"./chunk-TY3GUDZY.mjs";import{a as p,f,k as g,l as C}from"./chunk-A26ZJRXP.mjs";import{E as l}from"./chunk-TJWJMJWQ.mjs";import"./chunk-LB63GSCV.mjs";import"./chunk-PBY2FRQK.mjs";import j from"node:fs";var a=["bash","zsh","fish"],i="memctl completion --cards 2>/dev/null";function _(t,o){for(let e of o)for(let n of[e.name,...e.flags.map(s=>s.name),...r(e)])b(n);return{bash:R,zsh:w,fish:v}[t](o)}function b(t){if(!/^[a-z0-9][a-z0-9-]*$/i.test(t))throw new Error(`"${t}" cannot be completed safely`)}function r(t){return Array.isArray(t.completes)?t.completes:[]}var O=t=>t.flags.flatMap(o=>[`--${o.name}`,...o.short?[`-${o.short}`]:[]]),S=t=>t.flags.filter(o=>o.takesValue).flatMap(o=>[`--${o.name}`,...o.short?[`-${o.short}`]:[]]);function R(t){let o=t.map(e=>{let n=e.completes==="card"?"@card":r(e).join(" ");return`    ${e.name}) flags="${O(e).join(" ")}"; valued="${S(e).join(" ")}"; completes="${n}" ;;`});return`# memctl completion for bash: memctl completion bash > ~/.local/share/bash-completion/completions/memctl
_memctl_completion() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  COMPREPLY=()
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${t.map(e=>e.name).join(" ")}" -- "$cur"))
    return 0
  fi
  local cmd="\${COMP_WORDS[1]}" flags="" valued="" completes="" i n=0 w
  case "$cmd" in
${o.join(`
`)}
  esac
  # After a flag that takes a value, fall back to file names (complete -o default).
  case " $valued " in *" $prev "*) return 0 ;; esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
    return 0
  fi
  for ((i = 2; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    case " $valued " in *" $w "*) ((i++)); continue ;; esac
    [[ "$w" == -* ]] || ((n++))
  done
  [ "$n" -eq 0 ] || return 0
  [ "$completes" = "@card" ] && completes="$(${i})"
  COMPREPLY=($(compgen -W "$completes" -- "$cur"))
}
complete -o default -F _memctl_completion memctl
`}var c=(t,o)=>`'${`${t}:${o.replace(/:/g,"\\:")}`.replace(/'/g,"'\\''")}'`;function w(t){let o=t.map(e=>{let n=e.flags.flatMap(m=>[c(`--${m.name}`,m.description),...m.short?[c(`-${m.short}`,m.description)]:[]]),s=e.completes==="card"?"@card":r(e).join(" ");return`    ${e.name}) flags=(${n.join(" ")}); valued=(${S(e).join(" ")}); completes=(${s}) ;;`});return`#compdef memctl
# memctl completion for zsh: save it as _memctl in a folder of $fpath (before compinit), or source it after compinit.
_memctl() {
  local -a commands flags valued completes
  commands=(${t.map(e=>c(e.name,e.summary)).join(" ")})
  if (( CURRENT == 2 )); then
    _describe -t commands 'memctl command' commands
    return
  fi
  local cmd=\${words[2]} cur=\${words[CURRENT]} prev=\${words[CURRENT-1]} i n=0
  case $cmd in
${o.join(`
`)}
  esac
  if (( \${valued[(Ie)$prev]} )); then _files; return; fi
  if [[ $cur == -* ]]; then
    _describe -t flags 'flag' flags
    return
  fi
  for (( i = 3; i < CURRENT; i++ )); do
    if (( \${valued[(Ie)\${words[i]}]} )); then (( i++ )); continue; fi
    [[ \${words[i]} == -* ]] || (( n++ ))
  done
  if (( n == 0 && \${#completes} )); then
    [[ $completes == @card ]] && completes=(\${(f)"$(${i})"})
    compadd -a completes
    return
  fi
  _files
}
if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then _memctl "$@"; else compdef _memctl memctl; fi
`}var y=t=>`'${t.replace(/\\/g,"\\\\").replace(/'/g,"\\'")}'`;function v(t){let o=["# memctl completion for fish. Save it: memctl completion fish > ~/.config/fish/completions/memctl.fish","complete -c memctl -f"];for(let e of t)o.push(`complete -c memctl -n __fish_use_subcommand -a ${e.name} -d ${y(e.summary)}`);for(let e of t){let n=`-n '__fish_seen_subcommand_from ${e.name}'`;for(let s of e.flags)o.push(`complete -c memctl ${n} -l ${s.name}${s.short?` -s ${s.short}`:""}${s.takesValue?" -rF":""} -d ${y(s.description)}`);e.completes==="card"?o.push(`complete -c memctl ${n} -a '(${i})'`):r(e).length>0&&o.push(`complete -c memctl ${n} -a '${r(e).join(" ")}'`)}return o.join(`
`)+`
`}var P={name:"completion",summary:C("completion"),positionals:[{name:"shell",description:a.join(", "),completes:a}],flags:{cards:{type:"boolean",description:"print this project's card names, one a line (what the scripts call to complete a card name)"},...u},exitCodes:{0:"script printed",2:"usage error"},notes:["The script is generated from the command registry (commands, their flags, host names); card names are read from the","store when you press TAB after a command that takes one. Save it to a file (generating it takes about a second, too slow",`for an rc file's eval "$(\u2026)"), and run it again after upgrading memctl.`].join(`
`),examples:["memctl completion bash > ~/.local/share/bash-completion/completions/memctl","memctl completion zsh > ~/.zfunc/_memctl   # ~/.zshrc: fpath=(~/.zfunc $fpath) before compinit","memctl completion fish > ~/.config/fish/completions/memctl.fish"]};async function I(t,o){let e=p(P,t);if(f(e,"cards"))return o.stdout.write(E(e,o).map(s=>`${s}
`).join("")),0;let n=e.positionals[0];if(!n||!a.includes(n))throw l(`name the shell: memctl completion ${a.join("|")}${n?` ("${n}" is not one of them)`:""}`);return o.stdout.write(_(n,await M())),0}async function M(){return Promise.all(Object.entries(g).map(async([t,o])=>{let{flags:e,positionals:n}=(await o.load()).spec;return{name:t,summary:o.summary,flags:Object.entries(e).map(([s,m])=>({name:s,short:m.short,takesValue:m.type!=="boolean",description:m.description})),completes:n?.[0]?.completes}}))}function E(t,o){try{let{memoryDir:e}=$(t,o);return j.readdirSync(e).filter(h).map(n=>d(n.slice(0,-3))).sort()}catch{return[]}}export{I as run,P as spec};
