import LocatedJSON
import StyleMath
import StyleRuntime
import StyleSpec

/// Turns a declarations tree (read from YAML) into `Declarations`, reporting every mistake it finds.
///
/// The environment is passed in, never read here: `${NAME}` in string values is filled from it, and the
/// result remembers the `${NAME}` form for display (`DeclaredString`).
public struct DeclarationsDecoder {
    /// The environment that `${NAME}` values are read from.
    public var environment: [String: String]
    /// Check with stand-in values where variables are missing (a note each) instead of `env.missing` errors:
    /// for CI jobs that have no secrets, such as pull requests from forks.
    public var environmentStandIns: Bool

    /// A decoder over `environment`; with `environmentStandIns`, a missing variable gets a stand-in and a note instead
    /// of an error.
    public init(environment: [String: String] = [:], environmentStandIns: Bool = false) {
        self.environment = environment
        self.environmentStandIns = environmentStandIns
    }

    /// The declarations and the diagnostics (errors leave out what they concern; the rest is decoded); `files`
    /// finds where the tree's nodes were read (the table of the loader that read them).
    public func decode(_ root: JSONNode, in files: any SourceLocator) -> (
        declarations: Declarations, diagnostics: [Diagnostic]
    ) {
        var coercion = SchemaCoercion(files: files)
        let typed = coercion.coerce(root, as: .object(DeclarationSchema.file), path: .root, field: nil)
        var state = DecodingState(
            environment: environment, standIns: environmentStandIns, files: files, diagnostics: coercion.diagnostics)
        guard let typed, let file = typed.objectValue else { return (Declarations(), state.diagnostics) }
        var declarations = Declarations()
        let mayBeEmpty = file["environment"]?["mayBeEmpty"]?.arrayValue?.compactMap(\.stringValue) ?? []
        declarations.environmentMayBeEmpty = mayBeEmpty
        state.mayBeEmpty = Set(mayBeEmpty)
        declarations.version = file["version"]?.numberValue?.intValue ?? 1
        declarations.target = file["target"]?.stringValue.flatMap(Target.init(rawValue:))
        declarations.base = file["base"]?.stringValue
        if let bases = file["bases"] {
            declarations.bases = Self.bases(bases, alongside: file["base"], in: files, into: &state.diagnostics)
        }
        declarations.baseRaster = file["baseRaster"]?.boolValue ?? true
        if let assets = file["assets"] { declarations.assets = DeclaredAssets(assets, in: files) }
        if let renderers = file["renderers"]?.arrayValue {
            declarations.renderers = Self.renderers(renderers, in: files, into: &state.diagnostics)
        }
        for node in file["rendererProfiles"]?.arrayValue ?? [] {
            guard let path = node.stringValue else { continue }
            declarations.rendererProfiles.append(
                DeclaredAssets.Reference(path: path, location: files.location(of: node)))
        }
        if let words = file["platforms"]?.arrayValue?.compactMap(\.stringValue) {
            declarations.platforms = Platform.allCases.filter { words.contains($0.rawValue) }
        }
        for member in file.members {
            declarations.fieldLocations.record(member.key, at: files.location(of: member.value))
        }
        declarations.fieldLocations.root = files.location(of: root)
        let defaults = file["defaults"]?.objectValue ?? JSONObject()
        let sourceNodes = file["sources"]?.arrayValue ?? []
        // Sized once: a declaration is about 540 bytes, and growing by doubling held room for 16,384 of 10,000.
        declarations.sources.reserveCapacity(sourceNodes.count)
        for (index, node) in sourceNodes.enumerated() {
            guard let object = node.objectValue else { continue }
            let path = JSONPath([.key("sources"), .index(index)])
            if let source = state.source(object, at: files.location(of: node), defaults: defaults, path: path) {
                SourceDeclarationRules.check(
                    source, path: path, platforms: declarations.platforms,
                    platformsLocation: declarations.fieldLocations.platforms, into: &state.diagnostics)
                declarations.sources.append(source)
            }
        }
        SourceIDRules.check(declarations.sources, into: &state.diagnostics)
        declarations.checkedByDecoder = true
        for node in file["layerMapping"]?.arrayValue ?? [] {
            if let entry = Self.layerMappingEntry(node, in: files) { declarations.layerMapping.append(entry) }
        }
        if let views = file["views"]?.arrayValue {
            declarations.views = SnapshotViewDecoder.decode(
                views, variants: declarations.bases.isEmpty ? nil : declarations.bases.map(\.name),
                in: files, into: &state.diagnostics)
        }
        declarations.environmentValues = state.environmentValues
        declarations.environmentNames = state.environmentNames
        return (declarations, state.diagnostics)
    }

    private static func layerMappingEntry(_ node: JSONNode, in files: any SourceLocator) -> LayerMappingEntry? {
        guard let object = node.objectValue, let layer = object["sdkLayer"]?.stringValue,
            let anchor = anchor(node, in: files)
        else { return nil }
        var entry = LayerMappingEntry(
            sdkLayer: layer, anchor: anchor.anchor, location: files.location(of: node), anchorLocation: anchor.location)
        if let fallback = object["fallback"] {
            entry.fallbackLocation = files.location(of: fallback)
            if fallback.stringValue == "top" {
                entry.fallback = .top
            } else if let other = Self.anchor(fallback, in: files) {
                entry.fallback = .anchor(other.anchor)
            }
        }
        return entry
    }

    /// `{after: ID}` or `{before: ID}`, with where the id was written.
    private static func anchor(_ node: JSONNode, in files: any SourceLocator) -> (
        anchor: LayerMappingEntry.Anchor, location: SourceLocation?
    )? {
        if let after = node["after"], let id = after.stringValue { return (.after(id), files.location(of: after)) }
        if let before = node["before"], let id = before.stringValue { return (.before(id), files.location(of: before)) }
        return nil
    }

    /// `renderers:` as written: each entry `NAME VERSION`; one of another shape is `decl.value`.
    private static func renderers(
        _ nodes: [JSONNode], in files: any SourceLocator, into diagnostics: inout [Diagnostic]
    ) -> [RendererRequirement] {
        var requirements: [RendererRequirement] = []
        for (index, node) in nodes.enumerated() {
            let path = JSONPath([.key("renderers"), .index(index)])
            guard let text = node.stringValue,
                let requirement = RendererRequirement(text, location: files.location(of: node), path: path)
            else {
                diagnostics.append(
                    Diagnostic(
                        .declValue,
                        "a renderer is its name and oldest version, such as maplibre-gl-js 5.3.0 or maplibre-native-ios 6.10.0",
                        at: files.location(of: node), path: path))
                continue
            }
            requirements.append(requirement)
        }
        return requirements
    }

    /// `bases:` in file order. A name that cannot name a file, an empty mapping, or `base` beside it is an error.
    private static func bases(
        _ node: JSONNode, alongside base: JSONNode?, in files: any SourceLocator, into diagnostics: inout [Diagnostic]
    )
        -> [BaseVariant]
    {
        let path = JSONPath([.key("bases")])
        if let base {
            diagnostics.append(
                Diagnostic(
                    .declBases, "give either base (one design) or bases (one per variant), not both",
                    at: files.location(of: base), path: JSONPath([.key("base")])))
        }
        let members = node.objectValue?.members ?? []
        if members.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .declBases, "bases names no variant: give {light: FILE, dark: FILE, ...}",
                    at: files.location(of: node),
                    path: path))
        }
        var variants: [BaseVariant] = []
        for member in members {
            let from = member.value["from"]?.stringValue
            var file = member.value.stringValue ?? member.value["base"]?.stringValue
            if let from {
                guard let source = variants.first(where: { $0.name == from }) else {
                    let above = variants.map(\.name)
                    diagnostics.append(
                        Diagnostic(
                            .declBases,
                            "from: '\(from)' names no design declared above '\(member.key)'"
                                + (above.isEmpty
                                    ? " (a design derives from one declared before it)"
                                    : " (\(above.joined(separator: ", ")))" + Suggestion.didYouMean(from, among: above)),
                            at: files.location(of: member.value["from"]),
                            path: path.appending(member.key).appending("from")))
                    continue
                }
                file = source.path
            }
            guard let file else { continue }
            if let problem = BaseVariant.nameProblem(member.key, of: "variant", naming: "output files") {
                diagnostics.append(
                    Diagnostic(
                        .declBases, problem,
                        at: files.keyLocation(of: member) ?? files.location(of: member.value),
                        path: path.appending(member.key)))
                continue
            }
            var variant = BaseVariant(
                name: member.key, path: file,
                location: files.keyLocation(of: member) ?? files.location(of: member.value))
            variant.showsBaseMap = member.value["basemap"]?.stringValue != "none"
            variant.from = from
            if let rules = member.value["rules"] {
                variant.rules = rules.stringValue
                variant.rulesLocation = files.location(of: rules)
            }
            if let background = member.value["background"] {
                let colour = background.stringValue ?? ""
                if CSSColor.parse(colour) == nil {
                    diagnostics.append(
                        Diagnostic(
                            .declValue, "'\(colour)' is not a colour (a CSS colour: #rrggbb, rgb(...), a name)",
                            at: files.location(of: background), path: path.appending(member.key).appending("background")
                        ))
                } else if variant.showsBaseMap {
                    diagnostics.append(
                        Diagnostic(
                            .declNotApplicable, "background applies to a design with basemap: none; ignored",
                            at: files.location(of: background), path: path.appending(member.key).appending("background")
                        ))
                } else {
                    variant.background = colour
                }
            }
            variants.append(variant)
        }
        return variants
    }
}

/// What decoding carries from source to source: the environment and the findings so far.
private struct DecodingState {
    let environment: [String: String]
    let standIns: Bool
    /// Finds where the tree's nodes were read.
    let files: any SourceLocator
    var diagnostics: [Diagnostic]
    /// The environment values filled in so far (`Declarations.environmentValues`).
    var environmentValues: [String] = []
    /// The variables referenced so far (`Declarations.environmentNames`).
    var environmentNames: [String] = []
    /// The variables whose value may be empty (`environment.mayBeEmpty`).
    var mayBeEmpty: Set<String> = []

    mutating func source(_ object: JSONObject, at location: SourceLocation?, defaults: JSONObject, path: JSONPath)
        -> RasterSourceDeclaration?
    {
        guard let id = object["id"]?.stringValue else { return nil }
        func field(_ name: String) -> JSONNode? { object[name] ?? defaults[name] }
        guard let kind = kind(object, path: path) else { return nil }
        var source = RasterSourceDeclaration(id: id, kind: kind, location: location)
        // A key that names no field is the schema's finding; nothing is placed at it.
        for member in object.members {
            guard let field = SourceField(rawValue: member.key) else { continue }
            source.fieldLocations[field] = files.location(of: member.value)
        }
        for keyword in ["localTileServer", "vectorStyle"] {
            for member in object[keyword]?.objectValue?.members ?? [] {
                guard let field = SourceField(rawValue: keyword + "." + member.key) else { continue }
                source.fieldLocations[field] = files.location(of: member.value)
            }
        }
        for member in defaults.members {
            guard let field = SourceField(rawValue: member.key), source.fieldLocations[field] == nil else { continue }
            source.fieldLocations[field] = files.location(of: member.value)
        }
        source.tileSize = field("tileSize")?.numberValue?.intValue ?? 512
        source.minZoom = field("minZoom")?.numberValue?.intValue
        source.maxZoom = field("maxZoom")?.numberValue?.intValue
        if let vector = kind.vectorStyle {
            notApplicableToVectorStyles(object, path: path)
            // The rasteriser serves every level up to 22 from one route, in the tiles its declaration sizes.
            // A size it does not serve is `sources.vector-tile-size`'s error; the layers are composed at the default.
            let size =
                VectorStyleAddress.tileSizes.contains(vector.tileSize)
                ? vector.tileSize : VectorStyleAddress.defaultTileSize
            (source.tileSize, source.minZoom, source.maxZoom) = (size, nil, VectorStyleAddress.maximumZoom)
        }
        if let low = source.minZoom, let high = source.maxZoom, low > high {
            report(
                .sourcesZoomRange, "minZoom \(low) is above maxZoom \(high)", field("minZoom"),
                path.appending("minZoom"))
        }
        source.scheme = field("scheme")?.stringValue.flatMap(RasterSourceDeclaration.Scheme.init(rawValue:)) ?? .xyz
        if let node = field("bounds") { source.bounds = bounds(node, path: path.appending("bounds")) }
        source.attribution = attribution(field("attribution"), path: path.appending("attribution"))
        source.opacity = field("opacity")?.numberValue?.doubleValue ?? 1
        source.visible = field("visible")?.boolValue ?? true
        source.zIndex = field("zIndex")?.numberValue?.intValue ?? 0
        if let node = field("visibleZoom") {
            // [min, max], or {min: ..., max: ...} with either end left open.
            let zoom =
                node.arrayValue.map { pair in
                    ZoomInterval(
                        minimum: pair.first?.numberValue?.doubleValue, maximum: pair.last?.numberValue?.doubleValue)
                }
                ?? ZoomInterval(
                    minimum: node["min"]?.numberValue?.doubleValue, maximum: node["max"]?.numberValue?.doubleValue)
            if let low = zoom.minimum, let high = zoom.maximum, low > high {
                report(
                    .sourcesZoomRange, "visibleZoom [\(JSONNumber(low)), \(JSONNumber(high))] is inverted", node,
                    path.appending("visibleZoom"))
            } else if zoom.minimum != nil || zoom.maximum != nil {
                source.visibleZoom = zoom
            }
        }
        source.calibrationLatitude = field("calibrationLatitude")?.numberValue?.doubleValue
        source.placement = placement(field("placement"))
        if let fallback = field("placement")?["fallback"] {
            source.placementFallback = placement(fallback)
            source.fieldLocations[.placementFallback] = files.location(of: fallback)
        }
        if let ratios = object["pixelRatios"]?.arrayValue?.compactMap(\.numberValue?.intValue) {
            if kind.localRoute != nil {
                source.pixelRatios = ratios.sorted()
            } else {
                diagnostics.append(
                    Diagnostic(
                        .declNotApplicable, "pixelRatios applies to localTileServer sources only; ignored here",
                        at: files.location(of: object["pixelRatios"]), path: path.appending("pixelRatios")))
            }
        } else if kind.localRoute != nil,
            let ratios = defaults["pixelRatios"]?.arrayValue?.compactMap(\.numberValue?.intValue)
        {
            source.pixelRatios = ratios.sorted()
        }
        if let node = field("userAgent") { source.userAgent = expand(node, path: path.appending("userAgent")) }
        for member in field("extraHeaders")?.objectValue?.members ?? [] {
            if let value = expand(member.value, path: path.appending("extraHeaders").appending(member.key)) {
                source.extraHeaders.append((member.key, value))
            }
        }
        return source
    }

    /// A vector style's tiles are the rasteriser's: the fields of a tile server the declaration does not apply.
    private mutating func notApplicableToVectorStyles(_ object: JSONObject, path: JSONPath) {
        for key in VectorStyleAddress.inapplicableFields.map(\.rawValue) {
            guard let node = object[key] else { continue }
            let advice = key == "tileSize" ? ": give it inside vectorStyle ({style: ..., tileSize: 1024})" : ""
            diagnostics.append(
                Diagnostic(
                    .declNotApplicable,
                    "\(key) does not apply to a vectorStyle source, whose tiles MapConductor's rasteriser makes; ignored\(advice)",
                    at: files.location(of: node), path: path.appending(key)))
        }
    }

    /// The source's kind: the one registered kind whose keyword it has (the schema reported none or several).
    private mutating func kind(_ object: JSONObject, path: JSONPath) -> RasterSourceKind? {
        let present = SourceKind.all.filter { object[$0.keyword] != nil }
        guard present.count == 1, let kind = present.first, let node = object[kind.keyword] else { return nil }
        let kindPath = path.appending(kind.keyword)
        return kind.decode(node) { expand($0, path: kindPath) }.map { RasterSourceKind(kind, $0) }
    }

    private mutating func bounds(_ node: JSONNode, path: JSONPath) -> GeoBounds? {
        let edges = node.arrayValue?.compactMap(\.numberValue?.doubleValue) ?? []
        guard edges.count == 4 else { return nil }
        do {
            let box = try GeoBounds(west: edges[0], south: edges[1], east: edges[2], north: edges[3])
            let span = 360 - (box.west - box.east)
            if box.west > box.east, span > 180 {
                let shown = edges.map { JSONNumber($0).text }
                report(
                    .sourcesBoundsSpan,
                    "bounds [\(shown.joined(separator: ", "))] cross the antimeridian and span \(JSONNumber((span * 10).rounded() / 10).text) degrees of longitude: west (\(shown[0])) and east (\(shown[2])) look swapped; [\(shown[2]), \(shown[1]), \(shown[0]), \(shown[3])] spans \(JSONNumber(((360 - span) * 10).rounded() / 10).text)",
                    node, path)
            }
            return box
        } catch {
            report(
                .sourcesBounds,
                "bounds [\(edges.map { JSONNumber($0).text }.joined(separator: ", "))]: \(error); bounds are [west, south, east, north] in degrees",
                node, path)
            return nil
        }
    }

    private mutating func attribution(_ node: JSONNode?, path: JSONPath) -> [AttributionRule] {
        guard let node else { return [] }
        if node.stringValue != nil { return expand(node, path: path).map { [AttributionRule(text: $0)] } ?? [] }
        var rules: [AttributionRule] = []
        for (index, item) in (node.arrayValue ?? []).enumerated() {
            let itemPath = path.appending(index)
            guard let textNode = item["text"], let text = expand(textNode, path: itemPath.appending("text")) else {
                continue
            }
            var rule = AttributionRule(
                text: text, minZoom: item["minZoom"]?.numberValue?.doubleValue,
                maxZoom: item["maxZoom"]?.numberValue?.doubleValue)
            if let low = rule.minZoom, let high = rule.maxZoom, low > high {
                report(
                    .sourcesZoomRange, "attribution minZoom \(JSONNumber(low)) is above maxZoom \(JSONNumber(high))",
                    item["minZoom"], itemPath.appending("minZoom"))
            }
            if let boundsNode = item["bounds"] { rule.bounds = bounds(boundsNode, path: itemPath.appending("bounds")) }
            rules.append(rule)
        }
        return rules
    }

    private func placement(_ node: JSONNode?) -> LayerPlacement {
        guard let node else { return .top }
        if node.stringValue == "belowLabels" { return .belowLabels }
        if let below = node["below"]?.stringValue { return .below(below) }
        if let above = node["above"]?.stringValue { return .above(above) }
        return .top
    }

    /// Fills `${NAME}` references; a missing variable is an error at the string.
    private mutating func expand(_ node: JSONNode, path: JSONPath) -> DeclaredString? {
        guard let text = node.stringValue else { return nil }
        switch EnvironmentReference.expand(text, environment: environment, standIns: standIns) {
        case .success(let string):
            for name in EnvironmentReference.names(in: text) {
                if let value = environment[name], !environmentValues.contains(value) { environmentValues.append(value) }
                if !environmentNames.contains(name) { environmentNames.append(name) }
            }
            for name in EnvironmentReference.names(in: text) where environment[name]?.isEmpty == true {
                if !mayBeEmpty.contains(name) {
                    report(
                        .envEmpty,
                        "environment variable \(name) is set but empty (referenced as ${\(name)}): set a value, or list \(name) in environment.mayBeEmpty",
                        node, path)
                }
            }
            for name in EnvironmentReference.names(in: text) where environment[name] == nil {
                diagnostics.append(
                    Diagnostic(
                        .note, .envMissing,
                        "environment variable \(name) is not set: checked with '\(EnvironmentReference.standIn(for: name))' standing in",
                        at: files.location(of: node), path: path))
            }
            return string
        case .failure(let missing):
            report(
                .envMissing,
                "environment variable \(missing.name) is not set (referenced as ${\(missing.name)}): set it, or check without secrets with --secrets-absent (a stand-in takes its place)",
                node, path)
            // The source stays, with a stand-in for the value (nothing is written with it: the error stops the
            // build), so that its layer and everything placed against it are checked as usual and the missing
            // variable is the one finding.
            if case .success(let standing) = EnvironmentReference.expand(text, environment: environment, standIns: true)
            {
                return standing
            }
            return nil
        }
    }

    private mutating func report(_ rule: Rule, _ message: String, _ node: JSONNode?, _ path: JSONPath) {
        diagnostics.append(Diagnostic(rule, message, at: files.location(of: node), path: path))
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let envMissing = Rule(
        "env.missing", .error,
        summary: "A ${NAME} reference names an environment variable that is not set.",
        help: "Set the environment variable, or write the value without ${NAME}.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: ↓"https://tiles.example.com/{z}/{x}/{y}.png?token=${MC_STYLE_EXAMPLE_UNSET}"
                """#),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let envEmpty = Rule(
        "env.empty", .error,
        summary: "A ${NAME} reference names an environment variable that is set but empty.",
        help:
            "Set a value; if empty is meant (a token some deployments do without), list the name in environment.mayBeEmpty.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: ↓"https://tiles.example.com/{z}/{x}/{y}.png?token=${MC_STYLE_EXAMPLE_EMPTY}"
                """#, environment: ["MC_STYLE_EXAMPLE_EMPTY": ""]),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                environment:
                  mayBeEmpty: [MC_STYLE_EXAMPLE_EMPTY]
                sources:
                  - id: hillshade
                    urlTemplate: "https://tiles.example.com/{z}/{x}/{y}.png?token=${MC_STYLE_EXAMPLE_EMPTY}"
                """#, environment: ["MC_STYLE_EXAMPLE_EMPTY": ""]),
        ])
    static let declID = Rule(
        "decl.id", .error,
        summary: "A source id is empty or longer than 128 characters.",
        help: "Give every source a non-empty id of at most 128 characters.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: ↓""
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                """#),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let declDuplicateID = Rule(
        "decl.duplicate-id", .error,
        summary: "Two sources have the same id.",
        help: "Rename one of the two sources.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/a/{z}/{x}/{y}.png
                  - id: ↓hillshade
                    urlTemplate: https://tiles.example.com/b/{z}/{x}/{y}.png
                """#),
            .passing(.declarations, RuleExample.twoSources),
        ])
    static let declIDCollision = Rule(
        "decl.id-collision", .error,
        summary: "Two source ids become the same style id.",
        help: "Rename one source: both ids become the same style id once other characters turn into '_'.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hill-shade
                    urlTemplate: https://tiles.example.com/a/{z}/{x}/{y}.png
                  - id: ↓Hill-shade
                    urlTemplate: https://tiles.example.com/b/{z}/{x}/{y}.png
                """#),
            .passing(.declarations, RuleExample.twoSources),
        ])
    static let declNotApplicable = Rule(
        "decl.not-applicable", .warning,
        summary: "A value does not apply to this source or target and is ignored.",
        help: "Remove the value; it does not apply to this source or target.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    pixelRatios: ↓[1, 2]
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: heatmap
                    localTileServer: {route: heatmap}
                    pixelRatios: [1, 2]
                """#),
        ])
    static let declBases = Rule(
        "decl.bases", .error, configurable: false,
        summary: "bases is empty, beside base, or names a variant that cannot name a file.",
        help: "Give base (one design) or bases: {light: FILE, dark: FILE} with names of letters, digits, '-' and '_'.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                bases: ↓{}
                sources: []
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                bases: {light: base.json, dark: base.json}
                sources: []
                """#),
        ])
    static let sourcesZoomRange = Rule(
        "sources.zoom-range", .error,
        summary: "A zoom range is inverted or past level 22.",
        help: "Put the lower level first, and keep tile levels at 22 or below.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    minZoom: ↓12
                    maxZoom: 4
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    minZoom: 4
                    maxZoom: 12
                """#),
        ])
}
