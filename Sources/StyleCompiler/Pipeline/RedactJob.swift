/// `mc-style redact` short of printing: one style file's literal TomTom keys replaced by `{key}`, rewritten
/// atomically (or only counted with `check`).
public struct RedactJob: Sendable {
    /// What happened to one file.
    public enum Outcome: Sendable {
        /// The file holds no literal key; nothing was written.
        case clean
        /// `check`: the file holds this many literal keys; nothing was written.
        case holdsKeys(Int)
        /// The file was rewritten with this many keys replaced.
        case redacted(Int)
        /// The file could not be read, parsed or written.
        case failed([Diagnostic])
    }

    /// Write nothing; only count.
    public var check: Bool

    /// A redaction; with `check`, nothing is written.
    public init(check: Bool) {
        self.check = check
    }

    /// Redacts (or checks) the file at `path`.
    public func run(path: String) -> Outcome {
        let (document, diagnostics) = StyleLoader().load(path: path)
        guard let document else { return .failed(diagnostics) }
        let keys = KeyRedaction.literalKeys(in: document.root)
        let (bytes, count) = KeyRedaction.redact(document.root, bytes: document.file.bytes, keys: keys)
        guard count > 0 else { return .clean }
        if check { return .holdsKeys(count) }
        do {
            try AtomicFileWriter().write(bytes, to: path)
        } catch {
            return .failed([error.diagnostic])
        }
        return .redacted(count)
    }
}
