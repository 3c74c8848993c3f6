import LocatedJSON
import StyleCompiler
import StyleMath

/// A whole `Declarations` model as JSON, for comparing against the golden `*.model.json` beside a fixture.
/// Strings show their display form (`${NAME}` for secrets) and whether they are secret.
enum DeclarationsDump {
    static func json(_ declarations: Declarations) -> String {
        var root = JSONObject()
        root["version"] = number(declarations.version)
        root["target"] = declarations.target.map { string($0.rawValue) } ?? null
        root["base"] = declarations.base.map(string) ?? null
        if !declarations.bases.isEmpty {
            root["bases"] = JSONNode(
                .object(JSONObject(declarations.bases.map { JSONMember(key: $0.name, value: string($0.path)) })))
        }
        root["baseRaster"] = bool(declarations.baseRaster)
        root["platforms"] = JSONNode(.array(declarations.platforms.map { JSONNode(.string($0.rawValue)) }))
        root["sources"] = JSONNode(.array(declarations.sources.map(source)))
        root["layerMapping"] = JSONNode(
            .array(
                declarations.layerMapping.map { entry in
                    var object = JSONObject()
                    object["sdkLayer"] = string(entry.sdkLayer)
                    switch entry.anchor {
                    case .after(let id): object["after"] = string(id)
                    case .before(let id): object["before"] = string(id)
                    }
                    switch entry.fallback {
                    case nil: break
                    case .top: object["fallback"] = string("top")
                    case .anchor(.after(let id)):
                        object["fallback"] = JSONNode(
                            .object(JSONObject([JSONMember(key: "after", value: string(id))])))
                    case .anchor(.before(let id)):
                        object["fallback"] = JSONNode(
                            .object(JSONObject([JSONMember(key: "before", value: string(id))])))
                    }
                    return JSONNode(.object(object))
                }))
        return JSONWriter(style: .pretty).string(JSONNode(.object(root)))
    }

    private static func source(_ source: RasterSourceDeclaration) -> JSONNode {
        var object = JSONObject()
        object["id"] = string(source.id)
        object["styleSourceID"] = string(source.styleSourceID)
        object["styleLayerID"] = string(source.styleLayerID)
        switch source.kind.address {
        case .url(let text): object[source.kind.keyword] = declared(text)
        case .localRoute(let route, let cacheKey):
            object[source.kind.keyword] = JSONNode(
                .object(
                    JSONObject([
                        JSONMember(key: "route", value: string(route)),
                        JSONMember(key: "cacheKey", value: cacheKey.map(string) ?? null),
                    ])))
        case .vectorStyle(let vector):
            object[source.kind.keyword] = JSONNode(
                .object(
                    JSONObject([
                        JSONMember(key: "style", value: string(vector.style)),
                        JSONMember(key: "route", value: string(vector.route)),
                        JSONMember(key: "tileSize", value: number(vector.tileSize)),
                    ])))
        }
        object["tileSize"] = number(source.tileSize)
        object["minZoom"] = source.minZoom.map(number) ?? null
        object["maxZoom"] = source.maxZoom.map(number) ?? null
        object["scheme"] = string(source.scheme.rawValue)
        object["bounds"] = source.bounds.map(bounds) ?? null
        object["attribution"] = JSONNode(
            .array(
                source.attribution.map { rule in
                    JSONNode(
                        .object(
                            JSONObject([
                                JSONMember(key: "text", value: declared(rule.text)),
                                JSONMember(key: "minZoom", value: rule.minZoom.map(decimal) ?? null),
                                JSONMember(key: "maxZoom", value: rule.maxZoom.map(decimal) ?? null),
                                JSONMember(key: "bounds", value: rule.bounds.map(bounds) ?? null),
                            ])))
                }))
        object["opacity"] = decimal(source.opacity)
        object["visible"] = bool(source.visible)
        object["zIndex"] = number(source.zIndex)
        object["visibleZoom"] =
            source.visibleZoom.map {
                JSONNode(.array([$0.minimum.map(decimal) ?? null, $0.maximum.map(decimal) ?? null]))
            } ?? null
        object["calibrationLatitude"] = source.calibrationLatitude.map(decimal) ?? null
        object["placement"] = placement(source.placement)
        if let fallback = source.placementFallback { object["placementFallback"] = placement(fallback) }
        object["pixelRatios"] = JSONNode(.array(source.pixelRatios.map(number)))
        object["userAgent"] = source.userAgent.map(declared) ?? null
        object["extraHeaders"] = JSONNode(
            .object(JSONObject(source.extraHeaders.map { JSONMember(key: $0.name, value: declared($0.value)) })))
        return JSONNode(.object(object))
    }

    private static func placement(_ placement: LayerPlacement) -> JSONNode {
        switch placement {
        case .top: return string("top")
        case .belowLabels: return string("belowLabels")
        case .below(let id): return JSONNode(.object(JSONObject([JSONMember(key: "below", value: string(id))])))
        case .above(let id): return JSONNode(.object(JSONObject([JSONMember(key: "above", value: string(id))])))
        }
    }

    private static func declared(_ text: DeclaredString) -> JSONNode {
        text.isSecret
            ? JSONNode(
                .object(
                    JSONObject([
                        JSONMember(key: "display", value: string(text.display)),
                        JSONMember(key: "secret", value: bool(true)),
                    ])))
            : string(text.display)
    }

    private static func bounds(_ box: GeoBounds) -> JSONNode {
        JSONNode(.array([box.west, box.south, box.east, box.north].map(decimal)))
    }
    private static func string(_ text: String) -> JSONNode { JSONNode(.string(text)) }
    private static func number(_ value: Int) -> JSONNode { JSONNode(.number(JSONNumber(value))) }
    private static func decimal(_ value: Double) -> JSONNode { JSONNode(.number(JSONNumber(value))) }
    private static func bool(_ flag: Bool) -> JSONNode { JSONNode(.bool(flag)) }
    private static let null = JSONNode(.null)
}
