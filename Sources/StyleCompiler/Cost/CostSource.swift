import LocatedJSON
import StyleMath

/// A composed style's source as cost sees it: what a renderer fetches for it.
struct CostSource: Sendable {
    /// What a renderer fetches for a source.
    enum Reach: Sendable {
        /// Tiles, picked per view; `estimated` when the source's range comes from a TileJSON (`url`) fetched at
        /// run time, so the defaults stand in for it; `files` counts that TileJSON.
        case tiled(TiledSource, urls: TileURL, estimated: Bool, files: Int)
        /// One file per view, whatever the view (GeoJSON by URL, an image, a video).
        case file
        /// Nothing: the data is in the style.
        case inline
        /// A source cost cannot read (an impossible zoom range, a type it does not know), and why.
        case unreadable(String)
    }

    /// The source's id in the composed style.
    let id: String
    /// The source's `type`.
    let type: String
    /// What a renderer fetches for it.
    let reach: Reach

    /// The default `tileSize` of a tiled source, in CSS pixels (the style specification's).
    static let defaultTileSize = 512

    /// The source `id` of `node`, as `model`'s renderer fetches it.
    init(id: String, node: JSONNode, model: CostModel) {
        self.id = id
        type = node["type"]?.stringValue ?? ""
        switch type {
        case "raster", "raster-dem", "vector":
            reach = Self.tiled(node, type: type, model: model)
        case "geojson":
            reach = node["data"]?.stringValue != nil ? .file : .inline
        case "image", "video":
            reach = .file
        default:
            reach = .unreadable("a source of type '\(type)' is not costed")
        }
    }

    private static func tiled(_ node: JSONNode, type: String, model: CostModel) -> Reach {
        let templates = node["tiles"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let fromTileJSON = templates.isEmpty
        guard !fromTileJSON || node["url"]?.stringValue != nil else {
            return .unreadable("the source has neither tiles nor url")
        }
        let declared = node["tileSize"]?.numberValue?.intValue ?? defaultTileSize
        let isRaster = type != "vector"
        let bounds: GeoBounds? = node["bounds"]?.arrayValue.flatMap { items in
            let numbers = items.compactMap { $0.numberValue?.doubleValue }
            guard numbers.count == 4 else { return nil }
            return try? GeoBounds(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
        }
        do throws(GeoError) {
            let source = try TiledSource(
                tileSize: isRaster ? declared * model.rasterTileScale : declared,
                minimumLevel: node["minzoom"]?.numberValue?.intValue ?? 0,
                maximumLevel: node["maxzoom"]?.numberValue?.intValue ?? 22, bounds: bounds, roundsLevel: isRaster)
            return .tiled(
                source, urls: TileURL(templates: templates, isTMS: node["scheme"]?.stringValue == "tms"),
                estimated: fromTileJSON, files: fromTileJSON ? 1 : 0)
        } catch {
            return .unreadable(error.description)
        }
    }
}
