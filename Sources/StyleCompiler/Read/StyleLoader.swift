import LocatedJSON

/// Reads and parses a style document. A syntax error stops it; duplicate keys are warnings (the later value
/// wins, as in MapLibre and every JSON reader).
public struct StyleLoader {
    public var inputLoader: InputLoader
    /// Bases of fewer bytes get no prechecks from `load(path:displayName:precheckingLayersFor:)`.
    public var precheckMinimumSize = StyleLoader.defaultPrecheckMinimumSize

    /// 256 KiB: such a base parses in about a millisecond. Below it, a thread of its own for the layers' checks
    /// gains little and its memory arena's pages are a large part of a small style's compile (ofm-bright,
    /// 77 KB: 8.2x -> 5.8x its size above start-up, with the same time).
    public static let defaultPrecheckMinimumSize = 256 * 1024

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
