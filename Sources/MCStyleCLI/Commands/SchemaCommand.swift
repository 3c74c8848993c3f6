import LocatedJSON
import StyleCompiler

/// `mc-style schema`: prints the declarations file's JSON Schema.
enum SchemaCommand: Subcommand {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the declarations file, for editors.",
        discussion: """
        Save it beside your declarations and point a YAML language server at it with a first line such as
        '# yaml-language-server: $schema=mc-style.schema.json'. It is generated from the rules the
        decoder enforces. The schema types values as YAML 1.2 does; mc-style also reads a plain scalar
        such as 0x1F or 1e3 in a string field as that string.
        """,
        usage: ["schema"]
    )

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'") }
        io.writeOutput(JSONWriter(style: .pretty).bytes(DeclarationsJSONSchema.document()))
        return .success
    }
}
