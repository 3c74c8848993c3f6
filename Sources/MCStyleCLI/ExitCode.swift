/// The process exit statuses, the same for every subcommand.
public enum ExitCode: Int32, Sendable {
    /// Success: no errors (warnings allowed unless `--strict`).
    case success = 0
    /// The input has errors (or `--check` found files that would change).
    case inputErrors = 1
    /// Misuse: unknown subcommand or option, missing or bad value.
    case usage = 2
}
