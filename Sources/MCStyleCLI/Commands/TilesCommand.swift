import LocatedJSON
import StyleMath

/// `mc-style tiles`: the XYZ tile ranges that cover a bounds over a range of tile levels.
enum TilesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "tiles",
        abstract: "List the XYZ tile ranges and counts that cover a bounds over a range of tile levels.",
        discussion: """
            Bounds are west,south,east,north in degrees; west > east crosses the antimeridian and gives two
            column ranges. Latitudes are clamped to the Web Mercator limit (85.0511). Zooms are tile levels
            0..22. The tile size only changes the ground resolution shown (meters per pixel at the bounds'
            center latitude); the tiles themselves are the same pyramid levels on every engine.
            """,
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let bounds = Option<GeoBounds>(
            name: "bounds", valueName: "west,south,east,north", help: "The area, in degrees."
        )
        .required()
        let zoom = Option<TileLevels>(
            name: "zoom", valueName: "min-max", help: "Tile levels, as '10-12' or '10', within 0..22."
        ).required()
        let tileSize = Option<Int>(
            name: "tile-size", valueName: "pixels", help: "Tile size in pixels: 256 or 512.", allowed: ["256", "512"]
        ).defaulting(to: 256)
        let format = SharedOptions.format([.text, .json], help: "Output format: text (default) or json.")

        /// Every option above, in help order.
        var all: [any OptionDeclaration] { [bounds, zoom, tileSize, format] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let format = try Self.options.format.value(in: arguments) ?? .text
        let tileSize = try Self.options.tileSize.value(in: arguments)
        let bounds = try Self.options.bounds.required(in: arguments)
        let levels = try Self.options.zoom.required(in: arguments).range
        var rows: [LevelRow] = []
        for level in levels {
            do {
                let ranges = try bounds.tileRanges(level: level)
                let resolution = try WebMercator.metersPerPixel(
                    latitude: bounds.center.latitude, zoom: Double(level), tileSize: tileSize)
                rows.append(LevelRow(level: level, ranges: ranges, metersPerPixel: resolution))
            } catch {
                throw UsageError("\(error)")
            }
        }
        let report = Report(bounds: bounds, tileSize: tileSize, rows: rows)
        io.writeOutput(format == .json ? report.json() : report.text())
        return .success
    }

    private struct LevelRow {
        let level: Int
        let ranges: [TileRange]
        let metersPerPixel: Double
        var count: Int { ranges.reduce(0) { $0 + $1.count } }
    }

    private struct Report {
        let bounds: GeoBounds
        let tileSize: Int
        let rows: [LevelRow]
        var total: Int { rows.reduce(0) { $0 + $1.count } }

        func text() -> String {
            var text =
                "bounds "
                + [bounds.west, bounds.south, bounds.east, bounds.north].map { JSONNumber($0).text }.joined(
                    separator: ",")
            text += bounds.crossesAntimeridian ? " (crosses the antimeridian)" : ""
            text += ", tile size \(tileSize) px\n"
            for row in rows {
                let columns = row.ranges.map { "\($0.columns.lowerBound)-\($0.columns.upperBound)" }.joined(
                    separator: " and ")
                let tileRows = row.ranges.first.map { "\($0.rows.lowerBound)-\($0.rows.upperBound)" } ?? ""
                text += "zoom \(row.level): x \(columns), y \(tileRows): \(counted(row.count, "tile"))"
                text += " (\(fixed(row.metersPerPixel)) m/px)\n"
            }
            text += "total: \(counted(total, "tile"))\n"
            return text
        }

        func json() -> String {
            func number(_ value: Double) -> JSONNode { JSONNode(.number(JSONNumber(value))) }
            func integer(_ value: Int) -> JSONNode { JSONNode(.number(JSONNumber(value))) }
            func pair(_ range: ClosedRange<Int>) -> JSONNode {
                JSONNode(.array([integer(range.lowerBound), integer(range.upperBound)]))
            }
            let levels = rows.map { row in
                JSONNode(
                    .object(
                        JSONObject([
                            JSONMember(key: "zoom", value: integer(row.level)),
                            JSONMember(
                                key: "ranges",
                                value: JSONNode(
                                    .array(
                                        row.ranges.map { range in
                                            JSONNode(
                                                .object(
                                                    JSONObject([
                                                        JSONMember(key: "x", value: pair(range.columns)),
                                                        JSONMember(key: "y", value: pair(range.rows)),
                                                        JSONMember(key: "count", value: integer(range.count)),
                                                    ])))
                                        }))),
                            JSONMember(key: "count", value: integer(row.count)),
                            JSONMember(key: "metersPerPixel", value: number(row.metersPerPixel)),
                        ])))
            }
            let root = JSONObject([
                JSONMember(
                    key: "bounds",
                    value: JSONNode(.array([bounds.west, bounds.south, bounds.east, bounds.north].map(number)))),
                JSONMember(key: "tileSize", value: integer(tileSize)),
                JSONMember(key: "zooms", value: JSONNode(.array(levels))),
                JSONMember(key: "total", value: integer(total)),
            ])
            return JSONWriter(style: .pretty).string(JSONNode(.object(root)))
        }
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}
