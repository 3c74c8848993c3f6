import LocatedJSON

/// One layer of a style as rules see it (`mc-style describe`): its id, kind, source layer, and the roles it has with
/// the evidence for each, in the same order, most specific last (`[road, road-casing]` from `shortbread:streets`
/// and `id~*:outline`).
struct LayerDescription: Sendable, Equatable {
    /// The layer's `id`.
    var id: String
    /// `background`, `fill`, `line`, `circle`, `symbol`, or `other` (raster, hillshade, heatmap, fill-extrusion, ...).
    var kind: String
    /// The layer's `type` as written.
    var type: String
    /// The layer's `source-layer`, when it has one.
    var sourceLayer: String?
    /// Its roles, most specific last.
    var roles: [String] = []
    /// How each role was decided, in the order of `roles`: `shortbread:streets` (the schema's table),
    /// `id~*:outline` (the layer's name), `kind:symbol` (its type).
    var evidence: [String] = []
    /// The layer's index in the style's `layers`.
    var index: Int

    /// The kind of a layer `type`.
    static func kind(ofType type: String) -> String {
        ["background", "fill", "line", "circle", "symbol"].contains(type) ? type : "other"
    }

    mutating func add(_ role: String, _ why: String) {
        guard !roles.contains(role) else { return }
        roles.append(role)
        evidence.append(why)
    }

    mutating func remove(_ role: String) {
        guard let index = roles.firstIndex(of: role) else { return }
        roles.remove(at: index)
        evidence.remove(at: index)
    }
}

/// Gives each layer of a style its roles: the schema's table by `source-layer`, then what the layer's name and type
/// say. Name heuristics are stated in the evidence (`id~*:outline`), since they are what is most likely wrong on a
/// style nobody has tried yet.
struct LayerRoles {
    /// The table roles come from; nil: only names and types give roles.
    var schema: TileSchema?

    /// Name patterns that make a road layer its casing (the wide line drawn under it).
    static let casingPatterns = ["*:outline", "*-outline", "* outline*", "*_outline", "*casing*", "*-case", "*_case"]
    /// Name patterns that make a road-table layer a railway.
    static let railPatterns = ["*rail*", "*train*", "*tram*", "*subway*", "*funicular*"]
    /// Name patterns of roles given when no table reached the layer (a style of an unknown schema).
    static let namePatterns: [(role: String, patterns: [String])] = [
        ("water", ["*water*", "*ocean*", "*lake*", "*river*", "*sea"]), ("building", ["*building*"]),
        ("boundary", ["*boundary*", "*border*", "*admin*"]), ("aeroway", ["*airport*", "*aeroway*", "*runway*"]),
        ("road", ["*road*", "*street*", "*highway*", "*motorway*", "*bridge*", "*tunnel*"]),
        ("park", ["*park", "*park-*", "*park_*", "*forest*", "*wood*"]), ("landuse", ["*landuse*", "*land-*"]),
    ]

    /// The patterns above split into scalars once, for `LayerSelector.glob`.
    private static let compiledCasing = casingPatterns.map { ($0, Array($0.unicodeScalars)) }
    private static let compiledRail = railPatterns.map { ($0, Array($0.unicodeScalars)) }
    private static let compiledNames = namePatterns.map { role, patterns in
        (role, patterns.map { ($0, Array($0.unicodeScalars)) })
    }

    /// Every layer of `style` described, in style order.
    func describe(_ style: JSONNode) -> [LayerDescription] {
        (style["layers"]?.arrayValue ?? []).enumerated().compactMap { index, layer in describe(layer, index: index) }
    }

    /// One layer described; nil for an entry that is not a layer object with an id.
    func describe(_ layer: JSONNode, index: Int) -> LayerDescription? {
        guard let id = layer["id"]?.stringValue else { return nil }
        let type = layer["type"]?.stringValue ?? ""
        var described = LayerDescription(
            id: id, kind: LayerDescription.kind(ofType: type), type: type,
            sourceLayer: layer["source-layer"]?.stringValue, index: index)
        let lowered = Array(id.lowercased().unicodeScalars)
        func firstMatch(_ patterns: [(String, [Unicode.Scalar])]) -> String? {
            patterns.first { LayerSelector.glob($0.1, matches: lowered) }?.0
        }
        if type == "background" { described.add("background", "kind:background") }
        if let sourceLayer = described.sourceLayer, let schema, let roles = schema.roles[sourceLayer] {
            for role in roles where type != "symbol" || ["label", "poi", "transit"].contains(role) {
                described.add(role, "\(schema.name):\(sourceLayer)")
            }
        }
        if type == "symbol" {
            described.add("label", "kind:symbol")
        } else if described.roles.isEmpty || described.roles == ["background"] && type != "background" {
            for (role, patterns) in Self.compiledNames {
                if let pattern = firstMatch(patterns) {
                    described.add(role, "id~\(pattern)")
                    break
                }
            }
        }
        if described.roles.contains("road"), type == "line" || type == "fill" {
            if let pattern = firstMatch(Self.compiledRail) {
                described.remove("road")
                described.add("rail", "id~\(pattern)")
            } else if type == "line", let pattern = firstMatch(Self.compiledCasing) {
                described.add("road-casing", "id~\(pattern)")
            }
        }
        return described
    }
}
