import LocatedJSON
import StyleRuntime

/// Rules about the layer stack as a whole: layers an opaque raster above them covers, layers that repeat an
/// earlier one, and sources nothing draws.
extension ValidationRun {
    /// A layer under an opaque raster layer that covers the world at every zoom where the layer shows is never
    /// seen. A raster counts as opaque when its opacity is 1 at every zoom and its tiles cannot be transparent:
    /// JPEG tiles, or TomTom's basic and satellite raster maps. Backgrounds are left out (they show while
    /// tiles load). One cause gives one finding: it is at the raster layer, counts the layers it hides and names
    /// the first few, with the first hidden layer that has a location as a related location.
    func checkCoveredLayers(_ layers: [DrawnLayer]) {
        let covers = layers.compactMap(opaqueCover)
        guard !covers.isEmpty else { return }
        // The layers each cover hides, by the cover's position in `covers`; a layer is hidden by the lowest
        // cover above it that spans its zoom range.
        var hidden: [[DrawnLayer]] = Array(repeating: [], count: covers.count)
        for layer in layers where layer.type != "background" && !layer.isHidden && !layer.hasEmptyZoomRange {
            guard
                let cover = covers.firstIndex(where: {
                    $0.layer.index > layer.index && $0.lowestZoom <= layer.minimumZoom
                        && layer.maximumZoom <= $0.layer.maximumZoom
                })
            else { continue }
            hidden[cover].append(layer)
        }
        for (cover, under) in zip(covers, hidden) where !under.isEmpty {
            let named = under.prefix(Self.coveredLayersNamed).map(\.displayName)
            let rest = under.count - named.count
            let list = named.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
            let count = under.count == 1 ? "1 layer under it is" : "\(under.count) layers under it are"
            let first = under.first { files.location(of: $0.anchor) != nil }
            reportLayer(
                .lintCovered, cover.layer, cause: first?.anchor, related: "the first layer it hides",
                "raster layer \(cover.layer.displayName) is opaque and covers the world: \(count) never seen (\(list))"
            )
        }
    }

    /// How many hidden layers a `lint.covered` finding names before it says how many more there are.
    private static let coveredLayersNamed = 3

    /// An opaque raster layer that covers the world from `lowestZoom` up to (not including) its maximum zoom.
    /// A type of its own, not a tuple with a `Range<Double>`: an array of such tuples has its storage type made
    /// from its mangled name at run time, which costs a fresh process a scan of every conformance record.
    private struct OpaqueCover {
        let layer: DrawnLayer
        let lowestZoom: Double
    }

    /// Where an opaque raster layer covers the world, or nil when it does not.
    private func opaqueCover(_ layer: DrawnLayer) -> OpaqueCover? {
        guard layer.type == "raster", !layer.isHidden, ConstantStyleValue.isOneOrAbsent(layer.paint?["raster-opacity"]),
            let sourceID = layer.source, let source = style["sources"]?[sourceID],
            source["type"]?.stringValue == "raster",
            Self.coversWorld(source["bounds"]), let tiles = source["tiles"]?.arrayValue, !tiles.isEmpty,
            tiles.allSatisfy({ $0.stringValue.map(Self.isOpaqueTileURL) ?? false })
        else { return nil }
        let lowest = max(layer.minimumZoom, source["minzoom"]?.numberValue?.doubleValue ?? 0)
        guard lowest < layer.maximumZoom else { return nil }
        return OpaqueCover(layer: layer, lowestZoom: lowest)
    }

    /// True when a source's bounds (absent: the whole world) cover the Web Mercator world.
    static func coversWorld(_ bounds: JSONNode?) -> Bool {
        guard let bounds else { return true }
        let edges = bounds.arrayValue?.compactMap(\.numberValue?.doubleValue) ?? []
        return edges.count == 4 && edges[0] <= -180 && edges[1] <= -85.0511 && edges[2] >= 180 && edges[3] >= 85.0511
    }

    /// True for tile URLs whose images have no transparency: JPEG, or TomTom's basic and satellite maps.
    static func isOpaqueTileURL(_ url: String) -> Bool {
        let path = url.prefix { $0 != "?" && $0 != "#" }.lowercased()
        if path.hasSuffix(".jpg") || path.hasSuffix(".jpeg") { return true }
        return URLHost.isTomTom(url)
            && (path.contains("/map/1/tile/basic/main/") || path.contains("/map/1/tile/sat/main/"))
    }

    /// A layer with the same type, source, source-layer, filter, zoom range, paint and layout as an earlier
    /// one draws the same features again. Key order inside objects does not matter; numbers compare by value.
    /// Layers are grouped by a hash of what is small (type, source, source-layer, zoom range, the filter, how
    /// many paint and layout properties), and only layers in one group are compared, value by value.
    func checkDuplicateLayers(_ layers: [DrawnLayer]) {
        // Layers by the hash of what they draw; the parts are compared only when two hashes meet (real styles
        // have few such pairs, and making every layer's parts would be most of this check).
        var groups: [Int: [Int]] = [:]
        for layer in layers where layer.type != nil {
            var hasher = Hasher()
            hasher.combine(layer.type)
            hasher.combine(layer.source)
            hasher.combine(layer.sourceLayer?.stringValue)
            hasher.combine(layer.minimumZoom)
            hasher.combine(layer.maximumZoom)
            hasher.combine(layer.paint?.objectValue?.members.count)
            hasher.combine(layer.layout?.objectValue?.members.count)
            SameValue.hash(layer.filter, into: &hasher)
            let key = hasher.finalize()
            let earlierIndices = groups[key] ?? []
            let parts = earlierIndices.isEmpty ? [] : Self.drawnParts(layer)
            if let earlier = earlierIndices.first(where: {
                zip(Self.drawnParts(layers[$0]), parts).allSatisfy(SameValue.equal)
            }).map({ layers[$0] }) {
                reportLayer(
                    .lintDuplicateLayer, layer, cause: earlier.anchor, related: "the same layer, first defined here",
                    "layer \(layer.displayName) draws exactly what layer \(earlier.displayName) draws (same type, source, source-layer, filter, zoom range, paint and layout)"
                )
            } else {
                groups[key, default: []].append(layer.index)
            }
        }
    }

    /// What decides what a layer draws, in a fixed order.
    private static func drawnParts(_ layer: DrawnLayer) -> [JSONNode?] {
        [
            layer.type.map { JSONNode(.string($0)) }, layer.source.map { JSONNode(.string($0)) }, layer.sourceLayer,
            layer.filter,
            layer.minzoomNode, layer.maxzoomNode, layer.paint, layer.layout,
        ]
    }

    /// Sources that no layer draws and the terrain does not use, in a style that has layers.
    func checkUnusedSources(_ layers: [DrawnLayer]) {
        // A style without layers is a catalogue of sources (or a stub): every source would be reported.
        guard let sources = style["sources"]?.objectValue, !layers.isEmpty else { return }
        var used = Set(layers.compactMap(\.source))
        if let terrain = style["terrain"]?["source"]?.stringValue { used.insert(terrain) }
        for member in sources.members where !used.contains(member.key) {
            let cost = member.value["url"] != nil ? ": renderers still fetch its TileJSON" : ": it is never drawn"
            report(
                .lintUnusedSource, JSONPath([.key("sources"), .key(member.key)]), member.value,
                "source '\(member.key)' is not used by any layer (nor the terrain)" + cost)
        }
    }
}
