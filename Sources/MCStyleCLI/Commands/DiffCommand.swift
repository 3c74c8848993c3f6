import LocatedJSON
import StyleCompiler

/// `mc-style diff`: what changed between two versions of a style, for a reviewer.
enum DiffCommand: Subcommand {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two styles: layers, their properties, sources, root keys.",
        discussion: """
            Reports layers added, removed and moved (by id), every changed layer key and paint or layout property
            with its old and new value, changed sources and changed root keys. Key order inside objects is not a
            change and numbers compare by value (1 and 1.0 are equal); layer order is a change. Values that look
            like credentials show only their first four characters.
            Formats: text (default), json, markdown (for a pull request comment or a GitHub step summary).
            Exit status, as diff's: 0 the styles are the same, 1 they differ, 2 misuse or a file that cannot be read.
            """,
        arguments: [
            .init(name: "old.json", help: "The style before."), .init(name: "new.json", help: "The style after."),
        ],
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: Sendable {
        let format = SharedOptions.format([.text, .json, .markdown], help: "text (default), json or markdown.")
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        guard arguments.positionals.count == 2 else { throw UsageError("give two styles: mc-style diff OLD NEW") }
        let format = try Self.options.format.value(in: arguments) ?? .text
        let paths = arguments.positionals
        var roots: [JSONNode] = []
        var problems: [Diagnostic] = []
        for path in paths {
            let (document, diagnostics) = StyleLoader().load(path: path)
            problems += diagnostics.filter { $0.severity == .error }
            if let document { roots.append(document.root) }
        }
        guard problems.isEmpty, roots.count == 2 else {
            io.writeError(TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io)).render(problems))
            return .usage
        }
        let diff = StyleDiff(old: roots[0], new: roots[1])
        let printer = DiffPrinter(oldName: paths[0], newName: paths[1])
        switch format {
        case .json: io.writeOutput(printer.json(diff))
        case .markdown: io.writeOutput(printer.markdown(diff))
        default: io.writeOutput(printer.text(diff))
        }
        return diff.isEmpty ? .success : .inputErrors
    }
}
