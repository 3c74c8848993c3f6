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
        let (composition, diagnostics, _) = composeUnvalidated(
            base: base, declarations: declarations, target: target, apiKey: apiKey,
            embedsEnvironment: embedsEnvironment, files: files)
        guard let composition else { return (nil, diagnostics) }
        let all =
            diagnostics
            + StyleValidator(target: target, maximumThreads: maximumThreads).validate(composition.style, in: files)
        return (all.containsErrors ? nil : composition, all)
    }

    /// The checks before composing, and composing; the composed style is not validated yet (`CompileJob`
    /// validates it with the run's assets and configuration).
    static func composeUnvalidated(
        base: JSONNode, declarations: Declarations, target: Target, apiKey: String?, embedsEnvironment: Bool,
        variant: ComposedVariant = ComposedVariant(), files: any SourceLocator
    ) -> (composition: Composition?, diagnostics: [Diagnostic], anchorMisses: [AnchorFallback]) {
        let checks = declarations.checkedByDecoder ? [] : DeclarationValueRules.check(declarations)
        guard !checks.containsErrors else { return (nil, checks, []) }
        let composition = StyleComposer(
            target: target, apiKey: apiKey, embedsEnvironment: embedsEnvironment, variant: variant, files: files
        ).compose(base: base, declarations: declarations)
        let diagnostics = checks + composition.diagnostics
        return (diagnostics.containsErrors ? nil : composition, diagnostics, composition.fallbacks)
    }
}
