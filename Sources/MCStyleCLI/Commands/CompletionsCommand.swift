import StyleCompiler
import StyleSpec

/// `mc-style completions bash|zsh|fish`: prints the shell's completion script, made from the commands'
/// declarations.
enum CompletionsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a completion script for bash, zsh or fish.",
        discussion: """
            The script completes subcommands, options (with their help in zsh and fish), the values of options
            that take one of a few words (--target, --format, ...), folders for --out and the like, and files
            of the right kind: declarations (.yaml, .yml) and styles (.json). It is made from the same
            declarations as --help, so the two cannot disagree.
            bash: mc-style completions bash > ~/.local/share/bash-completion/completions/mc-style
            zsh:  mc-style completions zsh > "${fpath[1]}/_mc-style" (then compinit)
            fish: mc-style completions fish > ~/.config/fish/completions/mc-style.fish
            Exit status: 0 printed, 2 misuse.
            """,
        arguments: [.init(name: "shell", help: "bash, zsh or fish.")],
        options: options
    )
    /// The command takes no options.
    struct Options: CommandOptions {
        /// No option.
        var all: [any OptionDeclaration] { [] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let word = arguments.positionals[0]
        guard let shell = CompletionScript.Shell(rawValue: word) else {
            throw UsageError(
                "'\(word)' is not a shell this command knows: expected bash, zsh or fish"
                    + Suggestion.didYouMean(word, among: CompletionScript.Shell.allCases.map(\.rawValue)))
        }
        io.writeOutput(CompletionScript.script(for: shell, commands: MCStyleTool.subcommands.map { $0.spec }))
        return .success
    }
}
