import LocatedJSON
import StyleCompiler
import StyleRuntime

/// `mc-style schema`: prints the declarations file's JSON Schema, or with `--manifest` the manifest's, or with
/// `--config` the configuration file's.
enum SchemaCommand: Subcommand {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the declarations file, for editors, or of manifest.json.",
        discussion: """
            Save it beside your declarations and point a YAML language server at it with a first line such as
            '# yaml-language-server: $schema=mc-style.schema.json'. It is generated from the rules the
            decoder enforces. The schema types values as YAML 1.2 does; mc-style also reads a plain scalar
            such as 0x1F or 1e3 in a string field as that string.

            With --manifest: the schema of the manifest.json that compile writes (format \(ManifestFormat.version)), the contract an
            app's run-time code reads; CI validates every committed manifest against it.

            With --config: the schema of the configuration file .mc-style.yaml (rule settings), with every
            configurable rule id as a property.
            """,
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let manifest = Flag(name: "manifest", help: "Print the manifest's schema instead of the declarations'.")
            .grouped("schema")
        let config = Flag(name: "config", help: "Print the configuration file's (.mc-style.yaml) schema.").grouped(
            "schema")

        /// Every option above, in help order.
        var all: [any OptionDeclaration] { [manifest, config] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let manifest = Self.options.manifest.isSet(in: arguments)
        let config = Self.options.config.isSet(in: arguments)
        let document =
            manifest
            ? ManifestJSONSchema.document()
            : config ? ConfigurationJSONSchema.document(rules: RuleCatalog.all) : DeclarationsJSONSchema.document()
        io.writeOutput(JSONWriter(style: .pretty).bytes(document))
        return .success
    }
}
