import LocatedJSON

/// Reads and parses a style document. A syntax error stops it; duplicate keys are warnings (the later value
/// wins, as in MapLibre and every JSON reader).
public struct StyleLoader {
    public var inputLoader: InputLoader

    public init(inputLoader: InputLoader = InputLoader()) { self.inputLoader = inputLoader }

    public func load(path: String, displayName: String? = nil) -> (document: JSONDocument?, diagnostics: [Diagnostic]) {
        do {
            return parse(try inputLoader.load(path: path, displayName: displayName))
        } catch {
            return (nil, [error.diagnostic])
        }
    }

    public func parse(_ file: SourceFile) -> (document: JSONDocument?, diagnostics: [Diagnostic]) {
        do {
            let document = try JSONParser().parse(file)
            return (document, document.duplicateKeys.map { Diagnostic.duplicateKey($0) })
        } catch {
            return (nil, [Diagnostic(error)])
        }
    }
}
