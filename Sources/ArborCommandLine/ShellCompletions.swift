/// Completion scripts for bash, zsh and fish, written from the same specifications as `--help`: the
/// subcommands, each command's options (with their fixed values where they have some) and files for the rest.
package struct ShellCompletions: Sendable {
    /// The program's name.
    package var program: String
    /// The command run when the first word names no subcommand.
    package var main: CommandLineSpec
    /// The subcommands.
    package var subcommands: [CommandLineSpec]

    /// Creates the generator.
    package init(program: String, main: CommandLineSpec, subcommands: [CommandLineSpec]) {
        self.program = program
        self.main = main
        self.subcommands = subcommands
    }

    /// The shells there are scripts for.
    package static let shells = ["bash", "zsh", "fish"]

    /// The script for `shell`, or nil for a shell without one.
    package func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        case "fish": return fish
        default: return nil
        }
    }

    private var function: String { "_" + program.replacing("-", with: "_") }

    private static func optionWords(_ spec: CommandLineSpec) -> [String] {
        spec.options.flatMap { option in ["--" + option.name] + (option.isInvertible ? ["--no-" + option.name] : []) } + ["--help"]
    }

    /// bash: `complete -F`, options of the command named so far, values of options that take a few.
    package var bash: String {
        var lines = ["# \(program) completions for bash: source <(\(program) completions bash)", "\(function)() {",
                     "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" command=\"\" i",
                     "  for ((i = 1; i < COMP_CWORD; i++)); do",
                     "    case \"${COMP_WORDS[i]}\" in \(subcommands.map(\.name).joined(separator: "|"))) command=\"${COMP_WORDS[i]}\"; break;; esac",
                     "  done", "  local options values", "  case \"$command\" in"]
        for spec in subcommands + [main] {
            let values = spec.options.filter { $0.valueName != nil }.map { "--" + $0.name }
            lines.append("    \(spec.name == main.name ? "*" : spec.name)) options=\"\(Self.optionWords(spec).joined(separator: " "))\"; "
                + "values=\"\(values.joined(separator: " "))\";;")
        }
        lines += ["  esac", "  if [[ \" $values \" == *\" $prev \"* ]]; then", "    case \"$prev\" in"]
        let chosen = Dictionary((subcommands + [main]).flatMap(\.options).filter { !$0.choices.isEmpty }.map { ($0.name, $0.choices) },
                                uniquingKeysWith: { first, _ in first })
        for (name, choices) in chosen.sorted(by: { $0.key < $1.key }) {
            lines.append("      --\(name)) COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\"));;")
        }
        lines += ["      *) COMPREPLY=($(compgen -f -- \"$cur\"));;", "    esac", "    return", "  fi",
                  "  if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"$options\" -- \"$cur\")); return; fi",
                  "  if [[ -z \"$command\" ]]; then COMPREPLY=($(compgen -W \"\(subcommands.map(\.name).joined(separator: " "))\" -- \"$cur\")); fi",
                  "  COMPREPLY+=($(compgen -f -- \"$cur\"))", "}",
                  "complete -o filenames -o bashdefault -F \(function) \(program)", ""]
        return lines.joined(separator: "\n")
    }

    /// zsh: `_arguments` for each command, described subcommands as the first word.
    package var zsh: String {
        var lines = ["#compdef \(program)", "# \(program) completions for zsh: \(program) completions zsh > \"${fpath[1]}/_\(program)\"",
                     "\(function)() {", "  local -a subcommands", "  subcommands=("]
        for spec in subcommands { lines.append("    " + Self.zshQuoted("\(spec.name):\(spec.abstract)")) }
        lines += ["  )", "  local command=$words[2]", "  if (( ${subcommands[(I)$command:*]} )); then",
                  "    shift words; (( CURRENT-- ))", "  else", "    command=\"\"", "  fi", "  case $command in"]
        for spec in subcommands + [main] {
            let arguments = spec.options.flatMap(Self.zshSpecs) + ["'--help[Show the help]'"]
            let rest = spec.name == main.name ? ["'1: :->first'", "'*:source:_files'"] : ["'*:argument:_files'"]
            lines.append("    \(spec.name == main.name ? "*" : spec.name)) _arguments -s : \((arguments + rest).joined(separator: " ")) && return 0;;")
        }
        lines += ["  esac", "  [[ $state == first ]] && { _describe -t commands 'command' subcommands; _files; }", "}",
                  "\(function) \"$@\"", ""]
        return lines.joined(separator: "\n")
    }

    private static func zshSpecs(_ option: OptionSpec) -> [String] {
        let help = option.help.replacing("[", with: "(").replacing("]", with: ")")
        guard let valueName = option.valueName else {
            return [zshQuoted("--\(option.name)[\(help)]")] + (option.isInvertible ? [zshQuoted("--no-\(option.name)[\(help)]")] : [])
        }
        let action = option.choices.isEmpty ? "_files" : "(\(option.choices.joined(separator: " ")))"
        return [zshQuoted("--\(option.name)=[\(help)]:\(valueName.lowercased()):\(action)")]
    }

    private static func zshQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// fish: one `complete` line per subcommand and option, conditioned on the subcommand named.
    package var fish: String {
        let names = subcommands.map(\.name).joined(separator: " ")
        var lines = ["# \(program) completions for fish: \(program) completions fish | source"]
        for spec in subcommands {
            lines.append("complete -c \(program) -n '__fish_use_subcommand' -a \(spec.name) -d \(Self.fishQuoted(spec.abstract))")
        }
        for spec in subcommands + [main] {
            let condition = spec.name == main.name ? "not __fish_seen_subcommand_from \(names)" : "__fish_seen_subcommand_from \(spec.name)"
            for option in spec.options {
                var line = "complete -c \(program) -n '\(condition)' -l \(option.name)"
                if option.valueName != nil { line += option.choices.isEmpty ? " -r -F" : " -x -a \(Self.fishQuoted(option.choices.joined(separator: " ")))" }
                lines.append(line + " -d \(Self.fishQuoted(option.help))")
                if option.isInvertible {
                    lines.append("complete -c \(program) -n '\(condition)' -l no-\(option.name) -d \(Self.fishQuoted(option.help))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
