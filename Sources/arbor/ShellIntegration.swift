/// What `arbor --bash`, `--zsh` and `--fish` print for the shell to evaluate: Ctrl-T inserts picked paths
/// at the cursor, quoted for the shell; Alt-C changes into a picked directory; `acd [DIR]` does the same below
/// DIR. Paths travel NUL-separated or one per line through the shell's own quoting, so any file name is safe.
enum ShellIntegration {
    /// The script for a shell named by its flag (`bash`, `zsh`, `fish`), if there is one.
    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        case "fish": return fish
        default: return nil
        }
    }

    static let bash = #"""
        # arbor's bash integration: eval "$(arbor --bash)"
        __arbor_insert_paths() {
          local item text=""
          while IFS= read -r -d '' item; do
            text+="$(printf '%q' "$item") "
          done < <(find . -mindepth 1 -not -path '*/.git/*' | arbor --pick --multi --print0)
          READLINE_LINE="${READLINE_LINE:0:READLINE_POINT}${text}${READLINE_LINE:READLINE_POINT}"
          READLINE_POINT=$((READLINE_POINT + ${#text}))
        }
        acd() {
          local dir
          dir=$(find "${1:-.}" -mindepth 1 -type d -not -path '*/.git*' | arbor --pick) && cd -- "$dir"
        }
        __arbor_cd() { acd .; }
        bind -x '"\C-t": __arbor_insert_paths'
        bind -x '"\ec": __arbor_cd'

        """#

    static let zsh = #"""
        # arbor's zsh integration: source <(arbor --zsh)
        arbor-insert-paths() {
          local -a picked
          picked=("${(@0)$(find . -mindepth 1 -not -path '*/.git/*' | arbor --pick --multi --print0)}")
          picked=("${(@)picked:#}")
          (( ${#picked} )) && LBUFFER+="${(j: :)${(@q)picked}} "
          zle reset-prompt
        }
        acd() {
          local dir
          dir=$(find "${1:-.}" -mindepth 1 -type d -not -path '*/.git*' | arbor --pick) && cd -- "$dir"
        }
        arbor-cd() {
          acd .
          zle reset-prompt
        }
        zle -N arbor-insert-paths
        zle -N arbor-cd
        bindkey '^T' arbor-insert-paths
        bindkey '\ec' arbor-cd

        """#

    static let fish = #"""
        # arbor's fish integration: arbor --fish | source
        function __arbor_insert_paths
            set -l picked (find . -mindepth 1 -not -path '*/.git/*' | arbor --pick --multi | string escape)
            test (count $picked) -gt 0; and commandline -i -- (string join ' ' $picked)' '
            commandline -f repaint
        end
        function acd
            set -l top .
            test (count $argv) -gt 0; and set top $argv[1]
            set -l dir (find $top -mindepth 1 -type d -not -path '*/.git*' | arbor --pick); and cd -- $dir
        end
        function __arbor_cd
            acd .
            commandline -f repaint
        end
        bind \ct __arbor_insert_paths
        bind \ec __arbor_cd

        """#
}
