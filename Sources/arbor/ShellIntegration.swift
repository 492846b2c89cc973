/// What `arbor --bash`, `--zsh` and `--fish` print for the shell to evaluate: Ctrl-T inserts picked paths
/// at the cursor, quoted for the shell; Alt-C changes into a picked directory; `acd [DIR]` does the same below
/// DIR. Paths travel NUL-separated or one per line through the shell's own quoting, so any file name is safe.
/// Each script carries the version that wrote it and, loaded where `arbor` is another version (a copy kept in a
/// start-up file, an upgrade), says so in one line on stderr.
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
        # arbor \#(ArborCommand.version)'s bash integration: eval "$(arbor --bash)"
        \#(posixCheck("bash", load: #"eval "$(arbor --bash)""#))
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
        # arbor \#(ArborCommand.version)'s zsh integration: source <(arbor --zsh)
        \#(posixCheck("zsh", load: "source <(arbor --zsh)"))
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
        # arbor \#(ArborCommand.version)'s fish integration: arbor --fish | source
        set -l __arbor_found (command arbor --version 2>/dev/null | string split ' ')[2]
        set -q __arbor_found[1]; or set __arbor_found missing
        test "$__arbor_found" = \#(ArborCommand.version); or printf '\#(warning("fish", load: "arbor --fish | source"))' $__arbor_found >&2
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

    /// The lines of bash and zsh that compare the version on PATH with the one writing the script.
    private static func posixCheck(_ shell: String, load: String) -> String {
        #"""
        __arbor_found=$(command arbor --version 2>/dev/null); __arbor_found=${__arbor_found#arbor }; __arbor_found=${__arbor_found%% *}
        [ "$__arbor_found" = \#(ArborCommand.version) ] || printf '\#(warning(shell, load: load))' "${__arbor_found:-missing}" >&2
        unset __arbor_found
        """#
    }

    /// The one-line warning: a `printf` format of the version found on PATH, quoted in `'` by the scripts.
    private static func warning(_ shell: String, load: String) -> String {
        #"arbor: this \#(shell) integration was written by arbor \#(ArborCommand.version), the arbor on PATH is %s: load it again (\#(load))\n"#
    }
}
