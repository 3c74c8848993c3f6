/// Text that quotes inputs, made safe to show the way findings' messages are: credentials cut to their first
/// four characters, and long runs cut to a bound. For printers outside the library (`mc-style diff`).
public enum DiagnosticText {
    /// `text` with every credential it may hold cut to four characters and "…".
    public static func masked(_ text: String) -> String { CredentialMasking.masked(text) }

    /// `text` with any run too long to read cut to a bounded length.
    public static func bounded(_ text: String) -> String { MessageBound.bounded(text) }
}
