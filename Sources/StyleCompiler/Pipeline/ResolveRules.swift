import StyleRuntime

/// The rules of `mc-style resolve` (registered in `RuleCatalog.all`): one per `RuntimeError.Kind`, so that each
/// id `resolve` prints is documented with examples like every other. None can be configured: they are about a
/// compiled folder and what the app knows, not about a team's style.
extension Rule {
    /// The rule of a run-time error of `kind`.
    static func resolving(_ kind: RuntimeError.Kind) -> Rule {
        switch kind {
        case .unreadable: return .resolveUnreadable
        case .manifest: return .resolveManifest
        case .digestMismatch: return .resolveDigestMismatch
        case .styleMismatch: return .resolveStyleMismatch
        case .platform: return .resolvePlatform
        case .unfilled: return .resolveUnfilled
        case .unknownRoute: return .resolveUnknownRoute
        case .unknownSource: return .resolveUnknownSource
        case .unknownParameter: return .resolveUnknownParameter
        case .unknownVariant: return .resolveUnknownVariant
        case .invalidValue: return .resolveInvalidValue
        case .rendererTooOld: return .resolveRendererTooOld
        }
    }

    /// Settings that fill everything the example declarations need: the key their base style asks for.
    static let resolvedSettings = RuntimeSettings(platform: .ios, apiKey: "example-key")

    /// `settings`' example: `plainDeclarations` compiled, then resolved with `change` made to the filled settings.
    private static func resolving(
        _ triggers: Bool, declarations: String = RuleExample.plainDeclarations, files: [String: String] = [:],
        variant: String? = nil, folder: String = "out", edit: (file: String, text: String, replacement: String)? = nil,
        _ change: (inout RuntimeSettings) -> Void = { _ in }
    ) -> RuleExample {
        var settings = resolvedSettings
        change(&settings)
        let resolution = RuleExample.Resolution(settings: settings, variant: variant, folder: folder, edit: edit)
        return triggers
            ? .triggering(resolving: resolution, declarations, files: files)
            : .passing(resolving: resolution, declarations, files: files)
    }

    static let resolveUnreadable = Rule(
        "resolve.unreadable", .error, configurable: false,
        summary: "A file of the compiled folder cannot be read (the folder, its manifest, or a file it lists).",
        help: "Resolve the folder compile --out wrote, and ship every file in it.",
        examples: [resolving(true, folder: "elsewhere"), resolving(false)])
    static let resolveManifest = Rule(
        "resolve.manifest", .error, configurable: false,
        summary: "The manifest is not an mc-style manifest of a version this release reads, or is malformed.",
        help: "Compile again with this release of mc-style; never edit manifest.json by hand.",
        examples: [resolving(true, files: ["out/manifest.json": "{}"]), resolving(false)])
    static let resolveDigestMismatch = Rule(
        "resolve.digest-mismatch", .error, configurable: false,
        summary:
            "A file of the compiled folder differs from the SHA-256 the manifest records: it changed after compiling.",
        help: "Compile again instead of editing the outputs; commit them as compile wrote them.",
        examples: [
            resolving(true, files: ["out/style.json": #"{"version": 8, "sources": {}, "layers": []}"#]),
            resolving(false),
        ])
    static let resolveStyleMismatch = Rule(
        "resolve.style-mismatch", .error, configurable: false,
        summary:
            "The manifest names a source, layer or placeholder the style does not hold where it says (a style and manifest of two different compiles).",
        help: "Ship the style and manifest of one compile together.",
        examples: [
            resolving(
                true, edit: ("manifest.json", "/sources/vectorTiles/url", "/sources/vectorTiles/type")),
            resolving(false),
        ])
    static let resolvePlatform = Rule(
        "resolve.platform", .error, configurable: false,
        summary: "The build does not serve the platform asked for (platforms: in the declarations).",
        help: "Add the platform to the declarations' platforms: and compile again.",
        examples: [
            resolving(true, declarations: RuleExample.declarations(root: ["platforms: [android]"])), resolving(false),
        ])
    static let resolveUnfilled = Rule(
        "resolve.unfilled", .error, configurable: false,
        summary:
            "A placeholder the style holds was given no value: the API key, LocalTileServer, a route, a cache key or a ${NAME}.",
        help: "Give each value the message names (StyleRuntime's RuntimeSettings, or resolve's options).",
        examples: [resolving(true) { $0.apiKey = nil }, resolving(false)])
    static let resolveUnknownRoute = Rule(
        "resolve.unknown-route", .error, configurable: false,
        summary: "A route id or cache key was given for a route the declarations do not have.",
        help: "Use a route name the declarations declare (routes: of a local source).",
        examples: [resolving(true) { $0.routeIDs["nope"] = "id-1" }, resolving(false)])
    static let resolveUnknownSource = Rule(
        "resolve.unknown-source", .error, configurable: false,
        summary: "An opacity or visibility was given for a source id the declarations do not have.",
        help: "Use a declared source id (as in the declarations, not the composed style's layer id).",
        examples: [resolving(true) { $0.opacity["nope"] = 0.5 }, resolving(false)])
    static let resolveUnknownParameter = Rule(
        "resolve.unknown-parameter", .error, configurable: false,
        summary: "A value was given for a ${NAME} the build does not take at run time.",
        help: "Give only the ${NAME}s the declarations use (compiled without --embed-env).",
        examples: [resolving(true) { $0.environment["NOPE"] = "x" }, resolving(false)])
    static let resolveUnknownVariant = Rule(
        "resolve.unknown-variant", .error, configurable: false,
        summary: "A map design was asked for that the build does not have.",
        help: "Use a name under the declarations' bases:, or none for the first.",
        examples: [resolving(true, variant: "night"), resolving(false)])
    static let resolveInvalidValue = Rule(
        "resolve.invalid-value", .error, configurable: false,
        summary:
            "A value given to fill in is not acceptable: a LocalTileServer that is not loopback, a route id or cache key that is not one path segment, an opacity outside 0 to 1, an empty key.",
        help: "Give LocalTileServer as http://127.0.0.1:<port>, ids and keys without '/', opacities from 0 to 1.",
        examples: [resolving(true) { $0.apiKey = "" }, resolving(false)])
    static let resolveRendererTooOld = Rule(
        "resolve.renderer-too-old", .error, configurable: false,
        summary: "The app's renderer is older than the oldest version the manifest's renderers say draws the style.",
        help: "Update the renderer, or compile for the version the app has (mc-style compat shows what needs more).",
        examples: [
            resolving(true, declarations: RuleExample.declarations(root: ["renderers: [maplibre-gl-js 5.6.0]"])) {
                $0.renderer = RendererVersion("0.9.0").map { RuntimeRenderer(name: "maplibre-gl-js", version: $0) }
            },
            resolving(false, declarations: RuleExample.declarations(root: ["renderers: [maplibre-gl-js 5.6.0]"])) {
                $0.renderer = RendererVersion("0.10.0").map { RuntimeRenderer(name: "maplibre-gl-js", version: $0) }
            },
        ])
}
