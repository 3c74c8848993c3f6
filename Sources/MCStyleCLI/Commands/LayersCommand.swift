import LocatedJSON
import StyleCompiler

/// `mc-style layers`: a style's layer ids and where placements go, for writing `placement:` and `layerMapping:`.
enum LayersCommand: Subcommand {
    static let spec = CommandSpec(
        name: "layers",
        abstract: "List a style's layers (or a declarations file's composed stack), for writing placements.",
        discussion: """
            For a style (.json): every layer from the bottom up, with its index, id, type, source and
            source-layer, its zoom range, and whether it is a label (a symbol layer with a text-field, which
            belowLabels goes under; icon-only symbols such as road arrows are not). The last lines say where
            belowLabels and top would insert.
            For declarations (.yaml, .yml): the composed stack of one variant (--variant, default the first),
            with the layers mc-style adds marked '+': the declared sources' and TomTom's raster base map; each
            declared layer's last column gives its placement and the layer it landed under.
            Missing environment variables stand in as validate --secrets-absent does.
            Exit status: 0 listed, 1 the input cannot be read or composed, 2 misuse.
            """,
        arguments: [.init(name: "file", help: "A style (.json) or a declarations file (.yaml, .yml).")],
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let variant = Option<String>(
            name: "variant", valueName: "name", help: "With declarations: the variant (a bases: key) to compose.")
        let format = SharedOptions.format([.text, .json])

        /// Every option above, in help order.
        var all: [any OptionDeclaration] { [variant, format] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let path = arguments.positionals[0]
        let variant = try Self.options.variant.value(in: arguments)
        let isDeclarations = InputKind(path: path) != .style
        if variant != nil, !isDeclarations { throw UsageError("'--variant' is for a declarations file, not a style") }
        let (listing, diagnostics) =
            isDeclarations
            ? LayerListing.composed(declarationsPath: path, variant: variant, environment: io.environment)
            : LayerListing.style(at: path)
        let errors = diagnostics.filter { $0.severity == .error }
        guard let listing, errors.isEmpty else {
            let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
            io.writeError(printer.render(errors) + printer.summary(errors))
            return .inputErrors
        }
        switch try Self.options.format.value(in: arguments) ?? .text {
        case .json: io.writeOutput(JSONWriter(style: .pretty).bytes(json(listing)))
        default: io.writeOutput(text(listing))
        }
        return .success
    }

    /// One line per layer, columns aligned: `12   + mc-raster-layer-a  raster  mc-raster-src-a  6.54-16.54`.
    static func text(_ listing: LayerListing) -> String {
        func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        let rows = listing.rows.map { row in
            (
                index: String(row.index), mark: row.isDeclared ? "+" : " ", id: VisibleText.escaped(row.id),
                type: row.type,
                source: VisibleText.escaped((row.source ?? "-") + (row.sourceLayer.map { " / " + $0 } ?? "")),
                zoom: row.minZoom == nil && row.maxZoom == nil
                    ? "all" : "\(row.minZoom.map(number) ?? "")-\(row.maxZoom.map(number) ?? "")",
                label: row.placement.map {
                    "placement \($0): " + (row.under.map { "under '\(VisibleText.escaped($0))'" } ?? "on top")
                }
                    ?? (row.isLabel ? "label" : "")
            )
        }
        let idWidth = min(48, max(2, rows.map(\.id.count).max() ?? 2))
        let typeWidth = max(4, rows.map(\.type.count).max() ?? 4)
        let sourceWidth = min(56, max(21, rows.map(\.source.count).max() ?? 21))
        let zoomWidth = max(4, rows.map(\.zoom.count).max() ?? 4)
        func line(
            _ index: String, _ mark: String, _ id: String, _ type: String, _ source: String, _ zoom: String,
            _ label: String
        ) -> String {
            let text =
                padded(index, 5) + mark + "  " + padded(id, idWidth) + "  " + padded(type, typeWidth) + "  "
                + padded(source, sourceWidth)
                + "  " + padded(zoom, zoomWidth) + "  " + label
            return String(text.reversed().drop { $0 == " " }.reversed())
        }
        var lines = [line("index", " ", "id", "type", "source / source-layer", "zoom", "label")]
        lines += rows.map { line($0.index, $0.mark, $0.id, $0.type, $0.source, $0.zoom, $0.label) }
        let labels =
            listing.belowLabelsIndex < listing.rows.count
            ? "belowLabels inserts at \(listing.belowLabelsIndex), below '\(VisibleText.escaped(listing.rows[listing.belowLabelsIndex].id))' (the first label)"
            : "belowLabels inserts at \(listing.topIndex), on top (the style has no label layer)"
        lines.append(labels)
        lines.append("top inserts at \(listing.topIndex), above '\(VisibleText.escaped(listing.rows.last?.id ?? ""))'")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"variant", "layers": [{index, id, type, source, sourceLayer, minzoom, maxzoom, label, declared, [placement,
    /// under]}], "belowLabels", "top"}`.
    static func json(_ listing: LayerListing) -> JSONNode {
        let layers: [JSONNode] = listing.rows.map(Self.json)
        return .object([
            "variant": .string(listing.variant),
            "layers": .array(layers),
            "belowLabels": .integer(listing.belowLabelsIndex),
            "top": .integer(listing.topIndex),
        ])
    }

    private static func json(_ row: LayerListing.Row) -> JSONNode {
        func optional(_ text: String?) -> JSONNode { text.map { .string($0) } ?? .null }
        func optional(_ value: Double?) -> JSONNode { value.map { .number($0) } ?? .null }
        var members: [JSONMember] = []
        members.append(JSONMember(key: "index", value: .integer(row.index)))
        members.append(JSONMember(key: "id", value: .string(row.id)))
        members.append(JSONMember(key: "type", value: .string(row.type)))
        members.append(JSONMember(key: "source", value: optional(row.source)))
        members.append(JSONMember(key: "sourceLayer", value: optional(row.sourceLayer)))
        members.append(JSONMember(key: "minzoom", value: optional(row.minZoom)))
        members.append(JSONMember(key: "maxzoom", value: optional(row.maxZoom)))
        members.append(JSONMember(key: "label", value: .bool(row.isLabel)))
        members.append(JSONMember(key: "declared", value: .bool(row.isDeclared)))
        if let placement = row.placement {
            members.append(JSONMember(key: "placement", value: .string(placement)))
            members.append(JSONMember(key: "under", value: optional(row.under)))
        }
        return JSONNode(.object(JSONObject(members)))
    }

    private static func number(_ value: Double) -> String { JSONNumber(value).text }
}
