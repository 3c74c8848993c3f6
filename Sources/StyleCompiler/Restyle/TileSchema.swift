/// A vector tile schema's role table: which roles each `source-layer` of the schema carries. The tables for
/// OpenMapTiles, Shortbread and Mapbox Streets are written from the schemas' published layer lists; TomTom's is
/// generated from TomTom's own styles (`TileSchema+TomTom.swift`, `.ci/tomtom_roles.py`).
struct TileSchema: Sendable, Equatable {
    /// The schema's name as a rules document and evidence write it (`shortbread`, evidence `shortbread:streets`).
    var name: String
    /// Source layer name -> its roles.
    var roles: [String: [String]]

    /// The roles a rules document may name: MapConductor's fifteen.
    static let knownRoles = [
        "background", "water", "waterway", "land", "landuse", "park", "building", "road", "road-casing", "rail",
        "transit", "boundary", "aeroway", "label", "poi",
    ]

    /// A table from role -> source layers (how a rules document writes a custom schema).
    init(name: String, sourceLayersByRole: [(role: String, sourceLayers: [String])]) {
        self.name = name
        var roles: [String: [String]] = [:]
        for (role, layers) in sourceLayersByRole {
            for layer in layers where !(roles[layer]?.contains(role) ?? false) {
                roles[layer, default: []].append(role)
            }
        }
        self.roles = roles
    }

    /// The tables this tool holds, in the order detection prefers them on a tie.
    static let builtIn: [TileSchema] = [openMapTiles, shortbread, mapboxStreets, tomtom]

    /// The built-in table called `name`.
    static func named(_ name: String) -> TileSchema? { builtIn.first { $0.name == name } }

    /// OpenMapTiles (openmaptiles.org/schema, v3).
    static let openMapTiles = TileSchema(
        name: "openmaptiles",
        sourceLayersByRole: [
            ("water", ["water"]), ("waterway", ["waterway"]), ("land", ["landcover", "globallandcover"]),
            ("landuse", ["landuse"]), ("park", ["park"]), ("building", ["building"]), ("road", ["transportation"]),
            ("aeroway", ["aeroway", "aerodrome_label"]), ("boundary", ["boundary"]),
            ("label", ["transportation_name", "place", "water_name", "aerodrome_label", "housenumber"]),
            ("poi", ["poi", "mountain_peak"]),
        ])

    /// Shortbread (shortbread-tiles.org, v1), as VersaTiles and OpenStreetMap's vector tiles serve it.
    static let shortbread = TileSchema(
        name: "shortbread",
        sourceLayersByRole: [
            ("water", ["ocean", "water_polygons"]), ("waterway", ["water_lines"]),
            ("land", ["dam_polygons", "dam_lines", "pier_polygons", "pier_lines"]), ("landuse", ["land", "sites"]),
            ("building", ["buildings"]), ("road", ["streets", "street_polygons", "bridges"]),
            ("transit", ["public_transport", "aerialways", "ferries"]), ("boundary", ["boundaries"]),
            (
                "label",
                [
                    "street_labels", "street_labels_points", "streets_polygons_labels", "place_labels",
                    "boundary_labels", "water_polygons_labels", "water_lines_labels", "addresses",
                ]
            ),
            ("poi", ["pois"]),
        ])

    /// Mapbox Streets (v7 and v8 layer names).
    static let mapboxStreets = TileSchema(
        name: "mapbox-streets",
        sourceLayersByRole: [
            ("water", ["water"]), ("waterway", ["waterway"]), ("land", ["landcover", "hillshade"]),
            ("landuse", ["landuse", "landuse_overlay"]), ("building", ["building"]),
            ("road", ["road", "structure", "tunnel", "bridge", "barrier_line"]), ("aeroway", ["aeroway"]),
            ("boundary", ["admin"]),
            (
                "label",
                [
                    "place_label", "natural_label", "airport_label", "motorway_junction", "housenum_label",
                    "road_label", "water_label", "country_label", "state_label", "marine_label", "waterway_label",
                ]
            ),
            ("poi", ["poi_label", "mountain_peak_label"]), ("transit", ["transit_stop_label", "rail_station_label"]),
        ])

    /// The schema of a style: the built-in table holding the most of the style's distinct `source-layer` names, when
    /// it holds at least half of them; nil when none does. Also how many it held, of how many.
    static func detect(sourceLayers: [String]) -> (schema: TileSchema?, held: Int, of: Int) {
        let distinct = Set(sourceLayers)
        guard !distinct.isEmpty else { return (nil, 0, 0) }
        var best: (schema: TileSchema, held: Int)?
        for schema in builtIn {
            let held = distinct.filter { schema.roles[$0] != nil }.count
            if held > (best?.held ?? 0) { best = (schema, held) }
        }
        guard let best, best.held * 2 >= distinct.count else { return (nil, best?.held ?? 0, distinct.count) }
        return (best.schema, best.held, distinct.count)
    }
}

extension TileSchema {
    /// A table written one source layer a line: its role, a tab, its name (the generated TomTom table).
    init(name: String, rows: String) {
        var byRole: [(role: String, sourceLayers: [String])] = []
        for line in rows.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            if let index = byRole.firstIndex(where: { $0.role == parts[0] }) {
                byRole[index].sourceLayers.append(parts[1])
            } else {
                byRole.append((parts[0], [parts[1]]))
            }
        }
        self.init(name: name, sourceLayersByRole: byRole)
    }
}
