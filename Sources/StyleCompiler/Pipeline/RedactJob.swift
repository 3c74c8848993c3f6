import LocatedJSON
import StyleRuntime
import YAMLReader

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

    /// Redacts (or checks) the file at `path`: a style (JSON), or declarations (`InputKind`).
    public func run(path: String) -> Outcome {
        if InputKind(path: path) != .style { return runYAML(path: path) }
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

    /// Declarations: the literal keys of TomTom URLs in the YAML's strings, each `key=<literal>` of the file's text
    /// written `key={key}`, every other byte kept (an `!include` is not followed: redact each file).
    private func runYAML(path: String) -> Outcome {
        let file: SourceFile
        let root: JSONNode
        do {
            file = try InputLoader().load(path: path)
            root = try YAMLReader(includeHandler: { _, location in JSONNode(.null, location: location) }).read(file)
        } catch let error as InputError {
            return .failed([error.diagnostic])
        } catch let error as YAMLError {
            return .failed([Diagnostic(error)])
        } catch {
            return .failed([])
        }
        var text = String(decoding: file.bytes, as: UTF8.self)
        var count = 0
        for key in KeyRedaction.literalKeys(in: root).sorted(by: { $0.count > $1.count }) {
            let parts = text.components(separatedBy: "key=" + key)
            count += parts.count - 1
            text = parts.joined(separator: "key=" + Placeholder.apiKey.token)
        }
        guard count > 0 else { return .clean }
        if check { return .holdsKeys(count) }
        do {
            try AtomicFileWriter().write(Array(text.utf8), to: path)
        } catch {
            return .failed([error.diagnostic])
        }
        return .redacted(count)
    }
}
