import LocatedJSON
import StyleCompiler

/// `mc-style describe`: what rules see in a style, each layer's roles and the evidence for them.
enum DescribeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "describe",
        abstract: "List a style's layers with the roles StyleRules select them by, and the evidence for each.",
        discussion: """
            For writing rules documents (docs/style-rules.md): every layer with its kind (what a kind selector
            matches), its source-layer, its roles (what a role selector matches, most specific last) and the
            evidence for each role: the tile schema's table (shortbread:streets), the layer's name
            (id~*:outline), or its type (kind:symbol). The first line names the schema and how it was chosen.
            For declarations (.yaml, .yml): one map design (--variant, default the first), its rules applied, its
            roles given by the schema its rules document names (unless --schema names one).
            Exit status: 0 described, 1 the input cannot be read, 2 misuse.
            """,
        arguments: [.init(name: "file", help: "A style (.json) or a declarations file (.yaml, .yml).")],
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let variant = Option<String>(
            name: "variant", valueName: "name", help: "With declarations: the map design (a bases: key) to describe.")
        let schema = Option<String>(
            name: "schema", valueName: "name",
            help: "The tile schema whose table gives roles (default: detected from the source-layer names).",
            allowed: StyleDescription.schemaNames)
        let format = SharedOptions.format([.text, .json])

        /// Every option above, in help order.
        var all: [any OptionDeclaration] { [variant, schema, format] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let path = arguments.positionals[0]
        let variant = try Self.options.variant.value(in: arguments)
        let schema = try Self.options.schema.value(in: arguments)
        let isDeclarations = InputKind(path: path) != .style
        if variant != nil, !isDeclarations { throw UsageError("'--variant' is for a declarations file, not a style") }
        let (description, diagnostics) =
            isDeclarations
            ? StyleDescription.design(
                declarationsPath: path, variant: variant, schema: schema, environment: io.environment)
            : StyleDescription.style(at: path, schema: schema)
        let errors = diagnostics.filter { $0.severity == .error }
        guard let description, errors.isEmpty else {
            let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
            io.writeError(printer.render(errors) + printer.summary(errors))
            return .inputErrors
        }
        switch try Self.options.format.value(in: arguments) ?? .text {
        case .json: io.writeOutput(JSONWriter(style: .pretty).bytes(json(description)))
        default: io.writeOutput(text(description))
        }
        return .success
    }

    /// `schema: shortbread (detected: ...)`, then one line per layer: index, id, kind, source-layer, roles with
    /// their evidence.
    static func text(_ description: StyleDescription) -> String {
        let ids = description.rows.map { VisibleText.escaped($0.id) }
        let idWidth = min(48, max(2, ids.map(\.count).max() ?? 2))
        let sourceLayers = description.rows.map { VisibleText.escaped($0.sourceLayer ?? "-") }
        let sourceWidth = min(32, max(12, sourceLayers.map(\.count).max() ?? 12))
        func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        var lines = [
            "\(VisibleText.escaped(description.subject)): \(description.rows.count) layers; schema: \(description.schema) (\(description.schemaReason))",
            padded("index", 6) + padded("id", idWidth) + "  " + padded("kind", 12) + padded("source-layer", sourceWidth)
                + "  roles (evidence)",
        ]
        for (position, row) in description.rows.enumerated() {
            let roles = zip(row.roles, row.evidence).map { "\($0) (\(VisibleText.escaped($1)))" }
            let line =
                padded(String(row.index), 6) + padded(ids[position], idWidth) + "  " + padded(row.kind, 12)
                + padded(sourceLayers[position], sourceWidth) + "  "
                + (roles.isEmpty ? "-" : roles.joined(separator: ", "))
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"subject", "schema", "schemaReason", "layers": [{index, id, kind, sourceLayer, roles, evidence}]}`.
    static func json(_ description: StyleDescription) -> JSONNode {
        let layers: [JSONNode] = description.rows.map { row in
            JSONNode(
                .object(
                    JSONObject([
                        JSONMember(key: "index", value: .integer(row.index)),
                        JSONMember(key: "id", value: .string(row.id)),
                        JSONMember(key: "kind", value: .string(row.kind)),
                        JSONMember(key: "sourceLayer", value: row.sourceLayer.map { .string($0) } ?? .null),
                        JSONMember(key: "roles", value: .array(row.roles.map { .string($0) })),
                        JSONMember(key: "evidence", value: .array(row.evidence.map { .string($0) })),
                    ])))
        }
        return .object([
            "subject": .string(description.subject),
            "schema": .string(description.schema),
            "schemaReason": .string(description.schemaReason),
            "layers": .array(layers),
        ])
    }
}
