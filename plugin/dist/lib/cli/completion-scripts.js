// lib/cli/completion-scripts.ts
var SHELLS = ["bash", "zsh", "fish"];
var CARD_NAMES = "memctl completion --cards 2>/dev/null";
function completionScript(shell, commands) {
  for (const c of commands) for (const w of [c.name, ...c.flags.map((f) => f.name), ...wordsOf(c)]) assertWord(w);
  return { bash, zsh, fish }[shell](commands);
}
function assertWord(word) {
  if (!/^[a-z0-9][a-z0-9-]*$/i.test(word)) throw new Error(`"${word}" cannot be completed safely`);
}
function wordsOf(c) {
  return Array.isArray(c.completes) ? c.completes : [];
}
var flagWords = (c) => c.flags.flatMap((f) => [`--${f.name}`, ...f.short ? [`-${f.short}`] : []]);
var valuedWords = (c) => c.flags.filter((f) => f.takesValue).flatMap((f) => [`--${f.name}`, ...f.short ? [`-${f.short}`] : []]);
function bash(commands) {
  const cases = commands.map((c) => {
    const completes = c.completes === "card" ? "@card" : wordsOf(c).join(" ");
    return `    ${c.name}) flags="${flagWords(c).join(" ")}"; valued="${valuedWords(c).join(" ")}"; completes="${completes}" ;;`;
  });
  return `# memctl completion for bash: memctl completion bash > ~/.local/share/bash-completion/completions/memctl
_memctl_completion() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  COMPREPLY=()
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${commands.map((c) => c.name).join(" ")}" -- "$cur"))
    return 0
  fi
  local cmd="\${COMP_WORDS[1]}" flags="" valued="" completes="" i n=0 w
  case "$cmd" in
${cases.join("\n")}
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
  if [ "$completes" = "@card" ]; then
    # Matched as text, never through compgen -W, which expands each word (a card name is the store's, not ours).
    while IFS= read -r w; do [[ "$w" == "$cur"* ]] && COMPREPLY+=("$w"); done < <(${CARD_NAMES})
    return 0
  fi
  COMPREPLY=($(compgen -W "$completes" -- "$cur"))
}
complete -o default -F _memctl_completion memctl
`;
}
var zshItem = (word, description) => `'${`${word}:${description.replace(/:/g, "\\:")}`.replace(/'/g, "'\\''")}'`;
function zsh(commands) {
  const cases = commands.map((c) => {
    const flags = c.flags.flatMap((f) => [zshItem(`--${f.name}`, f.description), ...f.short ? [zshItem(`-${f.short}`, f.description)] : []]);
    const completes = c.completes === "card" ? "@card" : wordsOf(c).join(" ");
    return `    ${c.name}) flags=(${flags.join(" ")}); valued=(${valuedWords(c).join(" ")}); completes=(${completes}) ;;`;
  });
  return `#compdef memctl
# memctl completion for zsh: save it as _memctl in a folder of $fpath (before compinit), or source it after compinit.
_memctl() {
  local -a commands flags valued completes
  commands=(${commands.map((c) => zshItem(c.name, c.summary)).join(" ")})
  if (( CURRENT == 2 )); then
    _describe -t commands 'memctl command' commands
    return
  fi
  local cmd=\${words[2]} cur=\${words[CURRENT]} prev=\${words[CURRENT-1]} i n=0
  case $cmd in
${cases.join("\n")}
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
    [[ $completes == @card ]] && completes=(\${(f)"$(${CARD_NAMES})"})
    compadd -a completes
    return
  fi
  _files
}
if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then _memctl "$@"; else compdef _memctl memctl; fi
`;
}
var fishQuote = (text) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
function fish(commands) {
  const lines = ["# memctl completion for fish. Save it: memctl completion fish > ~/.config/fish/completions/memctl.fish", "complete -c memctl -f"];
  for (const c of commands) lines.push(`complete -c memctl -n __fish_use_subcommand -a ${c.name} -d ${fishQuote(c.summary)}`);
  for (const c of commands) {
    const when = `-n '__fish_seen_subcommand_from ${c.name}'`;
    for (const f of c.flags) {
      lines.push(`complete -c memctl ${when} -l ${f.name}${f.short ? ` -s ${f.short}` : ""}${f.takesValue ? " -rF" : ""} -d ${fishQuote(f.description)}`);
    }
    if (c.completes === "card") lines.push(`complete -c memctl ${when} -a '(${CARD_NAMES})'`);
    else if (wordsOf(c).length > 0) lines.push(`complete -c memctl ${when} -a '${wordsOf(c).join(" ")}'`);
  }
  return lines.join("\n") + "\n";
}
export {
  SHELLS,
  completionScript
};
