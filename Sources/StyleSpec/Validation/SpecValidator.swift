import LocatedJSON

/// Checks a style document against the MapLibre style specification, with MapLibre's rules and messages, so
/// findings line up with MapLibre's own validator: the root (version, sources, the global objects, glyphs,
/// sprite, font faces) and every layer (type, source, filter, layout and paint values, legacy functions and
/// expressions, type-checked).
///
/// Paths are MapLibre's: `layers[3].paint.fill-color`; like MapLibre, properties of `light`, `terrain` and `sky`
/// are named without their parent (`intensity`). Every finding sits at the start of the value it is about (an
/// object's `{`), so its line is the line MapLibre reports. Knows nothing of any product's rules: a tool adds its
/// own checks as work beside the layers (`validate(_:in:alongside:)`).
public struct SpecValidator: Sendable {
    /// The most threads validation may use: 1 where the caller already keeps the cores busy.
    public var maximumThreads: Int

    /// A validator using at most `maximumThreads` threads.
    public init(maximumThreads: Int = SpecValidationScheduler.availableCores) {
        self.maximumThreads = maximumThreads
    }

    /// Styles with fewer layers are checked on one thread: below this, threads cost more than they save.
    static let parallelLayerCount = 64

    /// Every finding of `style`, in document order (the layers' findings at the place of the `layers` array),
    /// the same on any number of threads; placed through `files` (the table of the run that read the style, or
    /// the document it was parsed into). `alongside` is other work on the same style, run on the validation's
    /// threads before the layers (it is the long part, and started first it runs beside many layers).
    public func validate(
        _ style: JSONNode, in files: any SourceLocator, alongside: [@Sendable () -> Void] = []
    ) -> SpecValidation {
        let context = SpecValidationContext(style: style, files: files)
        // The root first: it says whether the layers are checked at all, and where their findings go.
        let root = SpecValidationRun(context)
        root.validateRoot()
        var findings = root.takeFindings()
        let layerCount = root.layerFindingsPosition == nil ? 0 : context.layers.count
        let threads = layerCount >= Self.parallelLayerCount ? maximumThreads : 1
        let layers = SpecValidationScheduler.run(
            layers: layerCount, alongside: alongside, threads: threads, context: context)
        findings.insert(contentsOf: layers.joined(), at: root.layerFindingsPosition ?? findings.count)
        return SpecValidation(findings: findings, checkedLayers: root.layerFindingsPosition != nil)
    }
}

/// What `SpecValidator` found.
public struct SpecValidation: Sendable {
    /// Every finding, in document order.
    public let findings: [SpecFinding]
    /// False when the layers were not checked one by one: `layers` is not an array of a size a renderer loads.
    public let checkedLayers: Bool
}
