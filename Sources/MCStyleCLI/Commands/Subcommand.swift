/// A subcommand: its interface, and what it does with decoded arguments.
protocol Subcommand: Sendable {
    associatedtype Options: CommandOptions
    static var spec: CommandSpec { get }
    /// The command's options, each declared once; `spec` is made from them.
    static var options: Options { get }
    /// Checks what the parser cannot check alone: constraints that mix arguments and options, values that
    /// depend on the environment. Runs after parsing and before `run`; throws `UsageError` for misuse.
    static func validate(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError)
    /// Runs the command. Throws `UsageError` for misuse; returns the exit status otherwise.
    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode
    /// True for a command that runs until it is stopped (a server): what it makes must be freed as it goes, not
    /// left for the process's exit (`ProcessExit`).
    static var runsUntilStopped: Bool { get }
}

extension Subcommand {
    static var runsUntilStopped: Bool { false }
    static func validate(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) {}
}
