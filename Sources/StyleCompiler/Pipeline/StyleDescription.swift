import LocatedJSON

/// `mc-style describe` short of printing: every layer of a style (or of a declarations file's design, its rules
/// applied) with the roles rules select it by and the evidence for each, and the tile schema that gave them.
public struct StyleDescription: Sendable {
    /// One layer.
    public struct Row: Sendable, Equatable {
        /// The layer's index in `layers`, from 0.
        public var index: Int
        /// The layer's id.
        public var id: String
        /// `background`, `fill`, `line`, `circle`, `symbol` or `other`: what a `kind` selector matches.
        public var kind: String
        /// The layer's `source-layer`, if it has one.
        public var sourceLayer: String?
        /// Its roles, most specific last (`road`, `road-casing`).
        public var roles: [String]
        /// Why, in the order of `roles`: `shortbread:streets` (the schema's table), `id~*:outline` (the layer's
        /// name), `kind:symbol` (its type).
        public var evidence: [String]
    }

    /// The layers, in style order.
    public var rows: [Row]
    /// The schema that gave roles (`shortbread`), or `none`.
    public var schema: String
    /// How it was chosen: `named`, `detected: 20 of 22 source layers are in its table`, ...
    public var schemaReason: String
    /// What was described: the style's file, or `design 'dark'`.
    public var subject: String

    /// The names of the schemas `--schema` takes.
    public static let schemaNames = TileSchema.builtIn.map(\.name)

    /// Describes `style` with `schema` (a built-in name; nil: detected).
    static func describing(_ style: JSONNode, schema: String?, subject: String) -> StyleDescription {
        describing(style, choice: schema.flatMap(TileSchema.named).map { .named($0) } ?? .detect, subject: subject)
    }

    /// Describes `style` with its roles given as `choice` says.
    static func describing(_ style: JSONNode, choice: StyleRulesDocument.SchemaChoice, subject: String)
        -> StyleDescription
    {
        let applied = StyleRulesApplication(StyleRulesDocument(fileName: "", schema: choice), to: style)
        let rows = applied.layers.map { layer in
            Row(
                index: layer.index, id: layer.id, kind: layer.kind, sourceLayer: layer.sourceLayer, roles: layer.roles,
                evidence: layer.evidence)
        }
        return StyleDescription(
            rows: rows, schema: applied.schema?.name ?? "none", schemaReason: applied.schemaReason, subject: subject)
    }

    /// The style at `path` described.
    public static func style(at path: String, schema: String?) -> (StyleDescription?, [Diagnostic]) {
        let (document, diagnostics) = StyleLoader().load(path: path)
        guard let document else { return (nil, diagnostics) }
        return (describing(document.root, schema: schema, subject: document.file.name), diagnostics)
    }

    /// The design `variant` (the first when nil) of the declarations at `path` described, its rules applied.
    public static func design(
        declarationsPath path: String, variant: String?, schema: String?, environment: [String: String]
    )
        -> (StyleDescription?, [Diagnostic])
    {
        let (loaded, diagnostics) = CompilationInputs.loadVariant(
            named: variant, declarationsPath: path, environment: environment)
        guard let (inputs, chosen) = loaded else { return (nil, diagnostics) }
        let subject = "design '\(chosen.name)'"
        // The roles the design's own rules were applied with, as loading read them.
        if schema == nil, let choice = inputs.rulesFiles.first(where: { $0.variant == chosen.name })?.schema {
            return (describing(chosen.base.root, choice: choice, subject: subject), diagnostics)
        }
        return (describing(chosen.base.root, schema: schema, subject: subject), diagnostics)
    }
}
