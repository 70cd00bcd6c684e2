// The scripts `podwhy completion bash|zsh|fish` prints. Each asks `podwhy __complete WORDS…`
// (cli/completion.ts) for its answers; kept apart from that engine so program.ts can print them
// without importing the module that imports program.ts.

import type { SHELLS } from './options.js';

export function completionScript(shell: (typeof SHELLS)[number]): string {
  return SCRIPTS[shell];
}

const BASH = `# bash completion for podwhy. Load it with: source <(podwhy completion bash)
# Every answer comes from \`podwhy __complete WORDS…\` (candidates, then :DIRECTIVE).
_podwhy_complete() {
    local line="\${COMP_LINE:0:COMP_POINT}"
    local -a words
    read -r -a words <<< "$line"
    if [[ -z $line || $line =~ [[:space:]]$ ]]; then words+=(""); fi
    (( \${#words[@]} < 2 )) && words+=("")
    local cur="\${words[\${#words[@]}-1]}"
    local out
    out=$("\${words[0]}" __complete "\${words[@]:1}" 2>/dev/null) || return 0
    local -a lines
    mapfile -t lines <<< "$out"
    local n=\${#lines[@]} directive=0
    if (( n > 0 )) && [[ \${lines[n-1]} =~ ^:[0-9]+$ ]]; then
        directive=\${lines[n-1]#:}
        unset 'lines[n-1]'
    fi
    (( directive & 1 )) && return 0
    # bash splits the word at = and : (COMP_WORDBREAKS): replace only what follows the last one
    local prefix="" c
    local breaks="\${COMP_WORDBREAKS//[^=:]/}"
    if [[ -n $breaks && $cur == *["$breaks"]* ]]; then
        prefix="\${cur%"\${cur##*["$breaks"]}"}"
    fi
    COMPREPLY=()
    for c in "\${lines[@]}"; do
        c="\${c%%$'\\t'*}"
        [[ -n $c && $c == "$cur"* ]] && COMPREPLY+=("\${c#"$prefix"}")
    done
    (( directive & 2 )) && compopt -o nospace 2>/dev/null
    if (( \${#COMPREPLY[@]} == 0 )); then
        if (( directive & 16 )); then
            compopt -o dirnames 2>/dev/null
        elif (( directive & 4 )); then
            compopt +o default 2>/dev/null
        fi
    fi
    return 0
}
complete -o default -F _podwhy_complete podwhy
`;

const ZSH = `#compdef podwhy
# zsh completion for podwhy. Load it with: source <(podwhy completion zsh)
# (after compinit), or save it as _podwhy in a directory of your fpath.
# Every answer comes from \`podwhy __complete WORDS…\` (candidates, then :DIRECTIVE).
_podwhy() {
    local -a args lines cands
    local out directive=0 line name desc
    args=("\${(@)words[2,CURRENT]}")
    out=$("\${words[1]}" __complete "\${args[@]}" 2>/dev/null) || return 1
    lines=("\${(@f)out}")
    if [[ \${lines[-1]} == :<-> ]]; then
        directive=\${lines[-1]#:}
        lines[-1]=()
    fi
    (( directive & 1 )) && return 1
    for line in "\${lines[@]}"; do
        [[ -z $line ]] && continue
        name=\${line%%$'\\t'*}
        desc=""
        [[ $line == *$'\\t'* ]] && desc=\${line#*$'\\t'}
        name=\${name//:/\\\\:}
        if [[ -n $desc ]]; then cands+=("$name:$desc"); else cands+=("$name"); fi
    done
    if (( \${#cands} > 0 )); then
        if (( directive & 2 )); then
            _describe -t podwhy podwhy cands -S ''
        else
            _describe -t podwhy podwhy cands
        fi
        return
    fi
    if (( directive & 16 )); then
        _files -/
    elif (( ! (directive & 4) )); then
        _files
    fi
}
if [[ \${funcstack[1]} == _podwhy ]]; then
    _podwhy "$@"
else
    compdef _podwhy podwhy
fi
`;

const FISH = `# fish completion for podwhy. Load it with: podwhy completion fish | source
# Every answer comes from \`podwhy __complete WORDS…\` (candidates, then :DIRECTIVE).
function __podwhy_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -l args
    if test (count $tokens) -gt 1
        set args $tokens[2..-1]
    end
    set -l out ($tokens[1] __complete $args $cur 2>/dev/null)
    or return
    set -l directive 0
    if test (count $out) -gt 0; and string match -qr '^:[0-9]+$' -- $out[-1]
        set directive (string sub -s 2 -- $out[-1])
        set -e out[-1]
    end
    if test (math "bitand($directive, 1)") -ne 0
        return
    end
    if test (count $out) -gt 0
        printf '%s\\n' $out
    else if test (math "bitand($directive, 16)") -ne 0
        __fish_complete_directories $cur
    else if test (math "bitand($directive, 4)") -eq 0
        __fish_complete_path $cur
    end
end
complete -c podwhy -f -a '(__podwhy_complete)'
`;

const SCRIPTS: Record<(typeof SHELLS)[number], string> = { bash: BASH, zsh: ZSH, fish: FISH };
