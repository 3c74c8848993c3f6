import StyleCompiler
import StyleSpec

/// The `mc-style` command: finds the subcommand, prints help and version, turns misuse into exit 2.
public enum MCStyleTool {
    /// The tool's version, printed by `--version` and recorded in manifests.
    public static let version = ToolVersion.current

    static let subcommands: [any Subcommand.Type] = [
        CompileCommand.self,
        ValidateCommand.self,
        PreviewCommand.self,
        SnapshotCommand.self,
        LayersCommand.self,
        DescribeCommand.self,
        ZoomCommand.self,
        TilesCommand.self,
        FormatCommand.self,
        RedactCommand.self,
        SchemaCommand.self,
        ExpressionCommand.self,
        ResolveCommand.self,
        MigrateCommand.self,
        DiffCommand.self,
        FetchBaseCommand.self,
        CompatCommand.self,
        CostCommand.self,
        LSPCommand.self,
        CompletionsCommand.self,
        ManCommand.self,
    ]

    static let spec = CommandSpec(
        name: "",
        abstract: "Compose and check MapLibre/TomTom styles with MapConductor raster layers, at build time.",
        usage: ["<subcommand> [<options>]", "--version"],
        options: [
            CommandSpec.Option(
                name: "version", valueName: nil,
                help: "Show the version, the commit it was built from and the style\nspecification it checks against.")
        ]
    )

    /// Runs the tool with the words after the program name; returns the exit status.
    public static func main(arguments: [String], io: ToolIO) -> Int32 {
        guard let first = arguments.first else {
            io.writeOutput(spec.helpText(subcommands: subcommands.map { $0.spec }))
            return ExitCode.success.rawValue
        }
        switch first {
        case "--help", "-h":
            io.writeOutput(spec.helpText(subcommands: subcommands.map { $0.spec }))
            return ExitCode.success.rawValue
        case "--version":
            io.writeOutput(VersionText.text)
            return ExitCode.success.rawValue
        case "help":
            return help(Array(arguments.dropFirst()), io: io)
        default:
            break
        }
        guard let command = subcommands.first(where: { $0.spec.name == first }) else {
            let hint = Suggestion.didYouMean(first, among: subcommands.map { $0.spec.name })
            let message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)'\(hint)"
            return misuse(UsageError(message), spec: spec, io: io)
        }
        let rest = Array(arguments.dropFirst())
        do {
            let parsed = try ParsedArguments(rest, spec: command.spec)
            if parsed.isSet(CommandSpec.helpOption.name) {
                io.writeOutput(command.spec.helpText())
                return ExitCode.success.rawValue
            }
            try command.validate(parsed, io: io)
            // A server rebuilds for as long as it runs: nothing it makes may be left for the exit.
            if command.runsUntilStopped { ProcessExit.reclaimsAtExit = false }
            return try command.run(parsed, io: io).rawValue
        } catch {
            return misuse(error, spec: command.spec, io: io)
        }
    }

    private static func help(_ arguments: [String], io: ToolIO) -> Int32 {
        guard let name = arguments.first else {
            io.writeOutput(spec.helpText(subcommands: subcommands.map { $0.spec }))
            return ExitCode.success.rawValue
        }
        guard let command = subcommands.first(where: { $0.spec.name == name }) else {
            return misuse(UsageError("unknown subcommand '\(name)'"), spec: spec, io: io)
        }
        io.writeOutput(command.spec.helpText())
        return ExitCode.success.rawValue
    }

    private static func misuse(_ error: UsageError, spec: CommandSpec, io: ToolIO) -> Int32 {
        io.writeError(
            Reporters.errorLine(error.message) + spec.usageSummary)
        return ExitCode.usage.rawValue
    }
}
