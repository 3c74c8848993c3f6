import LocatedJSON
import StyleSpec

/// The library's one way to compose: exactly the checks `mc-style compile` makes, whether the declarations
/// were read from YAML (`DeclarationsLoader`) or built in code. Declarations built in code get the schema's
/// value checks (ranges, choices, ids) and each source's own checks; then composition; then the composed
/// style's validation. A composition comes back only when nothing is an error, so an unchecked style cannot be
/// had by accident.
public enum StyleCompilation {
    /// The checked composition (nil on any error) and every finding, errors and warnings alike.
    /// - Parameters:
    ///   - base: the base style (as parsed by `JSONParser`).
    ///   - declarations: the raster sources and their placements, from `DeclarationsLoader` or built in code.
    ///   - target: `tomtom` halves tile sizes, adds the raster base map and converts camera zooms.
    ///   - apiKey: fills `{key}` in TomTom URLs; nil keeps the placeholder for `StyleRuntime` to fill.
    ///   - embedsEnvironment: fills `${NAME}` values into the style; false keeps each a run-time parameter.
    ///   - maximumThreads: threads for validating the composed style.
    ///   - files: where the base's and the declarations' nodes were read, to place findings: the `SourceFiles`
    ///     of the `InputLoader` that read them, or the base's `JSONDocument` for declarations built in code.
    public static func compose(
        base: JSONNode, declarations: Declarations, target: Target = .tomtom, apiKey: String? = nil,
        embedsEnvironment: Bool = false, maximumThreads: Int = SpecValidationScheduler.availableCores,
        in files: any SourceLocator
    ) -> (composition: Composition?, diagnostics: [Diagnostic]) {
        let sink = FindingSink()
        let (composition, _) = composeUnvalidated(
            base: base, declarations: declarations, target: target, apiKey: apiKey,
            embedsEnvironment: embedsEnvironment, files: files, into: sink)
        let diagnostics = sink.findings
        guard let composition else { return (nil, diagnostics) }
        let all =
            diagnostics
            + StyleValidator(target: target, maximumThreads: maximumThreads).validate(composition.style, in: files)
        return (all.containsErrors ? nil : composition, all)
    }

    /// The checks before composing, and composing, each pushing what it finds into `sink` as the variant's; the
    /// composed style is not validated yet (`CompileJob` validates it with the run's assets and configuration).
    /// The composition is nil when either step found an error.
    static func composeUnvalidated(
        base: JSONNode, declarations: Declarations, target: Target, apiKey: String?, embedsEnvironment: Bool,
        variant: ComposedVariant = ComposedVariant(), files: any SourceLocator, into sink: FindingSink
    ) -> (composition: Composition?, anchorMisses: [AnchorFallback]) {
        let checks = declarations.checkedByDecoder ? [] : DeclarationValueRules.check(declarations)
        sink.push(checks, variant: variant.name)
        guard !checks.containsErrors else { return (nil, []) }
        let composition = StyleComposer(
            target: target, apiKey: apiKey, embedsEnvironment: embedsEnvironment, variant: variant, files: files,
            sink: sink
        ).compose(base: base, declarations: declarations)
        return (composition.diagnostics.containsErrors ? nil : composition, composition.fallbacks)
    }
}
