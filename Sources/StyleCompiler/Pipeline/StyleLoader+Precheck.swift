import LocatedJSON

extension StyleLoader {
    /// `load(path:displayName:)`, with the layers' own checks for `target` started on another thread as soon as
    /// each layer is parsed (`BaseLayerPrecheck`); no precheck when `target` is nil, the file is smaller than
    /// `precheckMinimumSize` or it cannot be read or parsed.
    public func load(path: String, displayName: String? = nil,
                     precheckingLayersFor target: Target?) -> (document: JSONDocument?, diagnostics: [Diagnostic], precheck: BaseLayerPrecheck?) {
        guard let target else {
            let (document, diagnostics) = load(path: path, displayName: displayName)
            return (document, diagnostics, nil)
        }
        let file: SourceFile
        do {
            file = try inputLoader.load(path: path, displayName: displayName)
        } catch {
            return (nil, [error.diagnostic], nil)
        }
        // A small base is parsed in well under a millisecond: a thread of its own for its layers' checks would
        // gain little and cost its memory arena's pages, a large part of a small style's compile.
        guard file.bytes.count >= precheckMinimumSize else {
            let (document, diagnostics) = parse(file)
            return (document, diagnostics, nil)
        }
        let precheck = BaseLayerPrecheck(file: file, target: target)
        defer { precheck.parseEnded() }
        do {
            let document = try JSONParser().parse(file, reportingElementsOf: "layers") { _, layer in precheck.offer(layer) }
            return (document, document.duplicateKeys.map { Diagnostic.duplicateKey($0) }, precheck)
        } catch {
            precheck.stop()
            return (nil, [Diagnostic(error)], nil)
        }
    }
}
