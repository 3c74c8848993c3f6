/// A subcommand: its interface, and what it does with decoded arguments.
protocol Subcommand: Sendable {
    static var spec: CommandSpec { get }
    /// Runs the command. Throws `UsageError` for misuse; returns the exit status otherwise.
    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode
}
