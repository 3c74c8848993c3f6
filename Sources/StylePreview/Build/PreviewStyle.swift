import LocatedJSON
import StyleCompiler
import StyleMath
import StyleRuntime

/// Turns a resolved compiled style into what MapLibre GL JS must draw to show what the phone shows:
/// - every declared raster source at its declared tile size, and TomTom's raster base map at its served size
///   (the TomTom SDK draws raster tiles at twice their declared size, and the compiled tomtom style halves them
///   for it; GL JS does not double);
/// - every declared layer's zoom range at the same ground scale as on the phone: its unified range in MapLibre's
///   zoom, one level lower (`ZoomCalibration.mapLibreZoom`; the compiled tomtom style holds TomTom's native
///   zooms);
/// - without an API key, no TomTom source (their tiles would be refused) and so only the background and the
///   declared layers;
/// - no `{hosted_sprite_url}` or `{hosted_glyphs_url}`, which GL JS refuses and only the SDK fills, and no symbol
///   layer without glyphs;
/// - no camera of its own (`center`, `zoom`, `bearing`, `pitch`), so that a new build keeps the page's camera;
/// - a declared source across the antimeridian as the compiled style has it: two sources, each with bounds on
///   its side of 180° (GL JS reads one box with west > east as empty), drawn alike;
/// - every source's `attribution` cleaned to a short allow-list of markup (`AttributionHTML`): GL JS inserts it
///   as HTML, and it comes from files the preview did not write;
/// - each vector style drawn by GL JS itself where the phone shows its two rasters (`VectorStyleInPlace`).
struct PreviewStyle: Sendable {
    /// The style to load.
    let bytes: [UInt8]
    /// What the page should say about what it leaves out.
    let notes: [String]
    /// The ids of the sources the vector styles added: the team's own, as declared sources are.
    let vectorSourceIDs: [String]

    /// The size TomTom's raster base map is served at, in pixels (`StyleID.baseRasterLayer`'s source).
    static let baseRasterTileSize = 256

    /// `vectorStyles`: each vector style's bundled document, by declared source id.
    init(resolved style: [UInt8], manifest: JSONNode?, hasAPIKey: Bool, vectorStyles: [String: JSONNode] = [:])
        throws(RuntimeError)
    {
        guard var root = try? JSONParser().parse(bytes: style, name: "style.json").root,
            case .object(var object) = root.value
        else {
            throw RuntimeError(.styleMismatch, "the resolved style is not a JSON object")
        }
        var notes: [String] = []
        var sources = object["sources"]?.objectValue ?? JSONObject()
        var layers = object["layers"]?.arrayValue ?? []
        for record in manifest?["sources"]?.arrayValue ?? [] {
            guard let sourceID = record["styleSourceId"]?.stringValue, let layerID = record["styleLayerId"]?.stringValue
            else { continue }
            // A source across the antimeridian is two style sources and layers: both are drawn alike.
            let part = record["eastPart"]
            let sourceIDs = [sourceID] + (part?["styleSourceId"]?.stringValue.map { [$0] } ?? [])
            let layerIDs = [layerID] + (part?["styleLayerId"]?.stringValue.map { [$0] } ?? [])
            if let declared = record["tileSize"]?["declared"]?.numberValue?.intValue {
                for id in sourceIDs {
                    _ = sources.modifyValue(forKey: id) { Self.set(&$0, "tileSize", .integer(declared)) }
                }
            }
            let unified = record["visibleZoom"]?["unified"]?.arrayValue
            for id in layerIDs {
                guard let index = layers.firstIndex(where: { $0["id"]?.stringValue == id }) else { continue }
                Self.setZoom(&layers[index], "minzoom", unified?.first)
                Self.setZoom(&layers[index], "maxzoom", unified?.dropFirst().first)
            }
        }
        var placements: [VectorStyleInPlace.Placement] = []
        for record in manifest?["vectorStyles"]?.arrayValue ?? [] {
            guard let id = record["source"]?.stringValue, let style = vectorStyles[id],
                let ground = record["ground"]?["styleLayerId"]?.stringValue,
                let labels = record["labels"]?["styleLayerId"]?.stringValue
            else { continue }
            placements.append(
                VectorStyleInPlace.Placement(id: id, groundLayerID: ground, labelsLayerID: labels, style: style))
        }
        let vector = VectorStyleInPlace.mount(placements, layers: &layers, sources: &sources)
        for member in sources.members {
            guard let attribution = member.value["attribution"]?.stringValue else { continue }
            _ = sources.modifyValue(forKey: member.key) {
                Self.set(&$0, "attribution", .string(AttributionHTML.cleaned(attribution)))
            }
        }
        _ = sources.modifyValue(forKey: "mc-base-raster") {
            Self.set(&$0, "tileSize", .integer(Self.baseRasterTileSize))
        }
        if !hasAPIKey {
            let tomTom = sources.members.filter { Self.isTomTom($0.value) }.map(\.key)
            if !tomTom.isEmpty {
                for id in tomTom { _ = sources.removeValue(forKey: id) }
                layers.removeAll { layer in layer["source"]?.stringValue.map(tomTom.contains) ?? false }
                notes.append(
                    "TomTom's base map needs an API key (--api-key-env NAME): the declared sources are drawn over the background"
                )
            }
        }
        for key in ["sprite", "glyphs"] {
            let value = object[key]?.stringValue ?? ""
            if value.contains("{hosted_") || (!hasAPIKey && URLHost.mayBeTomTom(value)) {
                _ = object.removeValue(forKey: key)
            }
        }
        if object["glyphs"] == nil, let glyphs = vector.glyphs {
            object.insert(JSONMember(key: "glyphs", value: glyphs), at: object.count)
        }
        if object["glyphs"] == nil, layers.contains(where: { $0["type"]?.stringValue == "symbol" }) {
            layers.removeAll { $0["type"]?.stringValue == "symbol" }
            notes.append("labels are left out: the base's glyphs are TomTom's hosted ones, which only the SDK fills")
        }
        for key in ["center", "zoom", "bearing", "pitch"] { _ = object.removeValue(forKey: key) }
        _ = object.modifyValue(forKey: "sources") { $0 = JSONNode(.object(sources)) }
        _ = object.modifyValue(forKey: "layers") { $0 = JSONNode(.array(layers)) }
        root = JSONNode(.object(object))
        self.bytes = JSONWriter(style: .compact).bytes(root)
        self.notes = notes
        self.vectorSourceIDs = vector.sources
    }

    private static func set(_ node: inout JSONNode, _ key: String, _ value: JSONNode) {
        guard case .object(var object) = node.value else { return }
        if object[key] == nil {
            object.insert(JSONMember(key: key, value: value), at: object.count)
        } else {
            _ = object.modifyValue(forKey: key) { $0 = value }
        }
        node = JSONNode(.object(object))
    }

    /// Sets a layer's zoom bound to the MapLibre zoom of the unified value, or removes it when the declared range
    /// leaves it open (or the bound is below MapLibre's zoom 0, where every zoom is above it).
    private static func setZoom(_ layer: inout JSONNode, _ key: String, _ value: JSONNode?) {
        guard case .object(var object) = layer.value else { return }
        if let unified = value?.numberValue?.doubleValue,
            let zoom = try? ZoomCalibration.mapLibreZoom(unifiedZoom: unified), zoom >= 0
        {
            layer = JSONNode(.object(object))
            set(&layer, key, JSONNode(.number(JSONNumber(zoom))))
        } else {
            _ = object.removeValue(forKey: key)
            layer = JSONNode(.object(object))
        }
    }

    /// A source whose tiles or TileJSON are TomTom's.
    private static func isTomTom(_ source: JSONNode) -> Bool {
        let urls =
            (source["tiles"]?.arrayValue ?? []).compactMap(\.stringValue)
            + [source["url"]?.stringValue].compactMap { $0 }
        return urls.contains { URLHost.mayBeTomTom($0) }
    }
}
