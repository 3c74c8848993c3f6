import LocatedJSON

/// Reads and parses a style document. A syntax error stops it; duplicate keys are warnings (the later value
/// wins, as in MapLibre and every JSON reader).
public struct StyleLoader {
    /// Reads files, with their size limit.
    public var inputLoader: InputLoader

    /// A loader reading with `inputLoader`.
    public init(inputLoader: InputLoader = InputLoader()) { self.inputLoader = inputLoader }

    /// Reads and parses the style at `path` (named `displayName` in messages); nil with the reasons when it cannot.
    public func load(path: String, displayName: String? = nil) -> (document: JSONDocument?, diagnostics: [Diagnostic]) {
        do {
            return parse(try inputLoader.load(path: path, displayName: displayName))
        } catch {
            return (nil, [error.diagnostic])
        }
    }

    /// Parses a style file; nil with the reasons when it is not a JSON document.
    public func parse(_ file: SourceFile) -> (document: JSONDocument?, diagnostics: [Diagnostic]) {
        do {
            let document = try JSONParser().parse(file)
            return (document, document.duplicateKeys.map { Diagnostic.duplicateKey($0) })
        } catch {
            return (nil, [Diagnostic(error)])
        }
    }
}
