/// Why a compiled style could not be loaded or resolved. The message names the file, placeholder, route or
/// source concerned; it never holds the API key, and every value it quotes is cut to a bounded length.
public struct RuntimeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong; the raw value is a stable id, as `mc-style resolve` shows it (`resolve.digest-mismatch`).
    public enum Kind: String, Sendable {
        /// A file could not be read.
        case unreadable = "unreadable"
        /// The manifest is not an mc-style manifest of a version this module reads, or is malformed.
        case manifest = "manifest"
        /// A file's SHA-256 differs from the manifest's: it changed after compiling.
        case digestMismatch = "digest-mismatch"
        /// The manifest names something the style does not have where it says.
        case styleMismatch = "style-mismatch"
        /// The build does not serve the requested platform.
        case platform = "platform"
        /// A placeholder the style holds was given no value.
        case unfilled = "unfilled"
        /// A route id or cache key was given for a route the manifest does not list.
        case unknownRoute = "unknown-route"
        /// An opacity or visibility was given for a source id the manifest does not list.
        case unknownSource = "unknown-source"
        /// An environment value was given for a `${NAME}` the build does not take at run time.
        case unknownParameter = "unknown-parameter"
        /// A map-design variant was asked for that the build does not have.
        case unknownVariant = "unknown-variant"
        /// A value given to fill in is not acceptable (not loopback, not one path segment, out of range).
        case invalidValue = "invalid-value"
        /// The app's renderer is older than the oldest version the manifest says draws the style.
        case rendererTooOld = "renderer-too-old"
    }

    /// The kind; its raw value is the stable rule id's last part (`resolve.unfilled`).
    public let kind: Kind
    /// What went wrong and where, in words; never the API key.
    public let message: String
    /// For `.unfilled`: every placeholder that was given no value, each with its own message, in the manifest's
    /// order (one resolve names them all at once).
    public let unfilled: [(placeholder: Placeholder, message: String)]

    /// An error of `kind` with this message.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
        self.unfilled = []
    }

    /// One `.unfilled` error for several placeholders; its message joins theirs.
    init(unfilled: [(placeholder: Placeholder, message: String)]) {
        self.kind = .unfilled
        self.message = unfilled.map(\.message).joined(separator: "; ")
        self.unfilled = unfilled
    }

    /// Errors are equal when their kinds and messages are.
    public static func == (lhs: RuntimeError, rhs: RuntimeError) -> Bool {
        lhs.kind == rhs.kind && lhs.message == rhs.message
    }

    /// True for errors in what the caller passed (a value), as opposed to errors in the compiled output or in
    /// what it needs: the command line reports these as misuse.
    public var isInvalidArgument: Bool { kind == .invalidValue }

    /// The message.
    public var description: String { message }

    /// `text` cut to `limit` characters for quoting in a message.
    static func quoted(_ text: String, limit: Int = 80) -> String {
        guard text.count > limit else { return "'\(text)'" }
        return "'\(text.prefix(limit))…' (\(text.count) characters)"
    }
}
