import type { Shell } from "../commands/completion.js";

/**
 * The completion scripts: each only gathers the words up to the cursor, asks
 * `ccx __complete -- <words>` for the candidates and hands them to its shell,
 * so that a new command or flag needs no change here.
 */
const SCRIPTS: Record<Shell, string> = {
  // Its word juggling: bash breaks words at ":" and "=" (COMP_WORDBREAKS) where ccx sees one word.
  bash: `# ccx completion for bash. Load it from ~/.bashrc:  source <(ccx completion bash)

# Reads a word as the shell will: sets _ccx_plain (quotes and backslashes removed)
# and _ccx_open (where a quote left open starts, else -1).
_ccx_unquote() {
    local word=$1 quote= c j
    _ccx_plain= _ccx_open=-1
    for ((j = 0; j < \${#word}; j++)); do
        c=\${word:j:1}
        if [[ -n $quote ]]; then
            if [[ $c == "$quote" ]]; then quote= _ccx_open=-1; else _ccx_plain+=$c; fi
        elif [[ $c == [\\"\\'] ]]; then
            quote=$c _ccx_open=$j
        elif [[ $c == \\\\ ]]; then
            ((j++))
            _ccx_plain+=\${word:j:1}
        else
            _ccx_plain+=$c
        fi
    done
}

_ccx_complete() {
    local line=\${COMP_LINE:0:COMP_POINT} piece i glued
    local -a words=() out=()
    # bash splits at COMP_WORDBREAKS (":" and "=" among them): pieces with no blank between them are one word to ccx.
    for ((i = 0; i <= COMP_CWORD; i++)); do
        glued=1
        if [[ $line == [[:blank:]]* ]]; then
            glued=0
            line=\${line#"\${line%%[![:blank:]]*}"}
        fi
        piece=\${COMP_WORDS[i]}
        # The current word counts up to the cursor.
        ((i == COMP_CWORD)) && piece=$line
        line=\${line#"$piece"}
        if ((i > 0 && glued)); then words[-1]+=$piece; else words+=("$piece"); fi
    done
    # ccx answers whole words; readline replaces what follows an open quote, else the
    # last piece: the candidates lose what comes before (the lead).
    local cur=\${words[-1]} rl=$piece plain open
    _ccx_unquote "$cur"
    plain=$_ccx_plain open=$_ccx_open
    if ((open >= 0)); then
        rl=\${cur:open+1}
    elif [[ -z \${piece//[$COMP_WORDBREAKS]/} ]]; then
        rl=
    fi
    _ccx_unquote "$rl"
    local lead=\${plain:0:\${#plain}-\${#_ccx_plain}}
    mapfile -t out < <(ccx __complete -- "\${words[@]}" 2>/dev/null)
    case \${out[0]-} in
    :file | :dir)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen "-\${out[0]:1:1}" -- "$rl")
        return 0
        ;;
    esac
    local c nospace=
    COMPREPLY=()
    for c in "\${out[@]}"; do
        c=\${c%%$'\\t'*}
        [[ $c == *[:=] ]] && nospace=1
        c=\${c#"$lead"}
        # Outside quotes the text goes in as typed: a blank or a quote in it is escaped.
        ((open < 0)) && [[ $c == *[^[:alnum:]_.,:=@%+/-]* ]] && printf -v c %q "$c"
        COMPREPLY+=("$c")
    done
    # A filter key (type:) or a flag's --name= goes on with its value: no space after it.
    [[ -n $nospace ]] && compopt -o nospace 2>/dev/null
    return 0
}
complete -F _ccx_complete ccx
`,
  zsh: `#compdef ccx
# ccx completion for zsh. Load it from ~/.zshrc, after compinit:  source <(ccx completion zsh)
# or save it as _ccx in a directory of $fpath.
_ccx() {
    local -a out plain glued
    local line value
    out=("\${(@f)$(ccx __complete -- "\${(@)words[1,CURRENT-1]}" "$PREFIX" 2>/dev/null)}")
    case $out[1] in
    (:file | :dir)
        [[ $PREFIX == --*=* ]] && compset -P '*='
        if [[ $out[1] == :dir ]]; then _files -/; else _files; fi
        return
        ;;
    esac
    for line in $out; do
        [[ -z $line ]] && continue
        # _describe takes value:description; a colon of the value itself is escaped.
        value=\${\${line%%$'\\t'*}//:/\\\\:}
        [[ $line == *$'\\t'* ]] && value+=":\${line#*$'\\t'}"
        # A filter key (type:) or a flag's --name= goes on with its value: no space after it.
        if [[ \${line%%$'\\t'*} == *[:=] ]]; then glued+=("$value"); else plain+=("$value"); fi
    done
    _describe -t values ccx plain -- glued -S ''
}
if [[ $funcstack[1] == _ccx ]]; then _ccx "$@"; else compdef _ccx ccx; fi
`,
  fish: `# ccx completion for fish. Load it:  ccx completion fish | source
# or save it as ~/.config/fish/completions/ccx.fish
function __ccx_complete
    set -l token (commandline -ct)
    set -l out (ccx __complete -- (commandline -opc) $token 2>/dev/null)
    switch "$out[1]"
        case :file :dir
            # A path after --name= keeps its --name= in front.
            set -l lead (string match -r -- '^--[^=]*=' $token)
            set -l path (string replace -- "$lead" '' $token)
            if test "$out[1]" = :dir
                __fish_complete_directories $path | string replace -r -- '^' "$lead"
            else
                __fish_complete_path $path | string replace -r -- '^' "$lead"
            end
        case '*'
            printf '%s\\n' $out
    end
end
complete -c ccx -f -a '(__ccx_complete)'
`,
};

export function completionScript(shell: Shell): string {
  return SCRIPTS[shell];
}
