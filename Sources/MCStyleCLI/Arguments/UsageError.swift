/// Misuse of the command line: printed as `Error: ...` with a usage line, exit status 2.
struct UsageError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
