/// `mc-style completions bash|zsh|fish`: a completion script made from the commands' declarations (subcommands,
/// their options with help, fixed choices, and files of the right kind for values and arguments), so it cannot
/// drift from `--help`.
enum CompletionScript {
    /// The shells a script is made for.
    enum Shell: String, ArgumentValue, CaseIterable {
        case bash, zsh, fish
    }

    /// The script for `shell` over `commands` (the tool's subcommands).
    static func script(for shell: Shell, commands: [CommandSpec]) -> String {
        switch shell {
        case .bash: return bash(commands)
        case .zsh: return zsh(commands)
        case .fish: return fish(commands)
        }
    }

    /// A word safe inside single quotes in all three shells: `'` written as `'\''` (fish reads `\'`).
    private static func quoted(_ text: String, fish: Bool = false) -> String {
        "'" + text.replacing("\\", with: fish ? "\\\\" : "\\").replacing("'", with: fish ? "\\'" : "'\\''") + "'"
    }

    /// The help's first sentence on one line, for a shell's description column.
    private static func summary(_ help: String) -> String {
        let line = help.replacing("\n", with: " ")
        let sentence = line.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? line
        return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }

    // MARK: bash

    private static func bash(_ commands: [CommandSpec]) -> String {
        func offer(_ value: CompletionValue) -> String {
            switch value {
            case .choices(let words): return "_mc_style_words \(quoted(words.joined(separator: " ")))"
            case .folders: return "_mc_style_folders"
            case .files(let extensions): return "_mc_style_files " + extensions.joined(separator: " ")
            case .anyFile: return "_mc_style_files"
            case .none: return ":"
            }
        }
        var text = """
            # bash completion for mc-style (mc-style completions bash). Generated from the commands' declarations.
            _mc_style_words() { mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur"); }
            _mc_style_folders() { compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$cur"); }
            _mc_style_files() {
              local extension
              compopt -o filenames 2>/dev/null
              if [ "$#" -eq 0 ]; then mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return; fi
              mapfile -t COMPREPLY < <(compgen -d -- "$cur")
              for extension in "$@"; do
                mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -X "!*.$extension" -- "$cur")
              done
            }
            _mc_style() {
              local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" command="" index
              COMPREPLY=()
              for ((index = 1; index < COMP_CWORD; index++)); do
                case "${COMP_WORDS[index]}" in -*) ;; *) command="${COMP_WORDS[index]}"; break ;; esac
              done
              if [ -z "$command" ]; then
                _mc_style_words \(quoted((commands.map(\.name) + ["help", "--help", "--version"]).joined(separator: " ")))
                return 0
              fi
              case "$command" in

            """
        for command in commands {
            text += "    \(command.name))\n      case \"$prev\" in\n"
            for option in command.options where option.valueName != nil {
                text += "        --\(option.name)) \(offer(CompletionValue.of(option))); return 0 ;;\n"
            }
            let names = command.allOptions.map { "--\($0.name)" }.joined(separator: " ")
            text += """
                      esac
                      if [[ "$cur" == -* ]]; then _mc_style_words \(quoted(names)); else \(offer(CompletionValue.of(command.arguments))); fi
                      ;;

                """
        }
        text += """
                help) _mc_style_words \(quoted(commands.map(\.name).joined(separator: " "))) ;;
              esac
              return 0
            }
            complete -F _mc_style mc-style

            """
        return text
    }

    // MARK: zsh

    private static func zsh(_ commands: [CommandSpec]) -> String {
        func bracketed(_ help: String) -> String {
            summary(help).replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
                .replacing(":", with: "\\:").replacing("'", with: "'\\''")
        }
        func action(_ value: CompletionValue) -> String {
            switch value {
            case .choices(let words): return "(\(words.joined(separator: " ")))"
            case .folders: return "_files -/"
            case .files(let extensions): return "_files -g \"*.(\(extensions.joined(separator: "|")))\""
            case .anyFile: return "_files"
            case .none: return " "
            }
        }
        var text = """
            #compdef mc-style
            # zsh completion for mc-style (mc-style completions zsh). Generated from the commands' declarations.
            _mc_style() {
              local -a commands
              commands=(

            """
        for command in commands {
            text += "    '\(command.name):\(bracketed(command.abstract))'\n"
        }
        text += """
              )
              if (( CURRENT == 2 )); then
                _describe 'subcommand' commands
                _arguments '--help[Show help information]' '--version[Show the version]'
                return
              fi
              local command=$words[2]
              shift words
              (( CURRENT-- ))
              case $command in

            """
        for command in commands {
            text += "    \(command.name))\n      _arguments \\\n"
            for option in command.allOptions {
                let repeated = option.isRepeatable ? "*" : ""
                let value =
                    option.valueName.map { name in
                        ":\(name.replacing(":", with: "\\:")):\(action(CompletionValue.of(option)))"
                    } ?? ""
                text += "        '\(repeated)--\(option.name)[\(bracketed(option.help))]\(value)' \\\n"
            }
            if let argument = command.arguments.first {
                let repeated = argument.isRepeatable ? "*" : ""
                let optional = argument.isOptional && !argument.isRepeatable ? ":" : ""
                text +=
                    "        '\(repeated):\(optional)\(argument.name):\(action(CompletionValue.of(command.arguments)))'\n"
            } else {
                text += "        && return\n"
            }
            text += "      ;;\n"
        }
        text += """
                help) _describe 'subcommand' commands ;;
              esac
            }
            _mc_style "$@"

            """
        return text
    }

    // MARK: fish

    private static func fish(_ commands: [CommandSpec]) -> String {
        func offer(_ value: CompletionValue) -> String {
            switch value {
            case .choices(let words): return "-x -a \(quoted(words.joined(separator: " "), fish: true))"
            case .folders: return "-x -a '(__fish_complete_directories)'"
            case .files(let extensions):
                return "-x -a \(quoted("(__mc_style_files \(extensions.joined(separator: " ")))", fish: true))"
            case .anyFile: return "-r -F"
            case .none: return "-x"
            }
        }
        let names = commands.map(\.name).joined(separator: " ")
        var text = """
            # fish completion for mc-style (mc-style completions fish). Generated from the commands' declarations.
            function __mc_style_files --description 'Folders, and files ending in one of the given extensions'
                for entry in (__fish_complete_path (commandline -ct))
                    set -l path (string split -f1 \\t -- $entry)
                    if string match -q -- '*/' $path
                        echo $path
                        continue
                    end
                    for extension in $argv
                        string match -q -- "*.$extension" $path; and echo $path
                    end
                end
            end
            complete -c mc-style -f
            complete -c mc-style -n '__fish_use_subcommand' -l help -d 'Show help information'
            complete -c mc-style -n '__fish_use_subcommand' -l version -d 'Show the version'
            complete -c mc-style -n '__fish_seen_subcommand_from help' -x -a \(quoted(names, fish: true))

            """
        for command in commands {
            text +=
                "complete -c mc-style -n '__fish_use_subcommand' -a \(command.name) -d \(quoted(summary(command.abstract), fish: true))\n"
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.allOptions {
                let value = option.valueName == nil ? "" : " " + offer(CompletionValue.of(option))
                text +=
                    "complete -c mc-style \(condition) -l \(option.name)\(value) -d \(quoted(summary(option.help), fish: true))\n"
            }
            switch CompletionValue.of(command.arguments) {
            case .none: break
            case let value: text += "complete -c mc-style \(condition) \(offer(value))\n"
            }
        }
        return text
    }
}
