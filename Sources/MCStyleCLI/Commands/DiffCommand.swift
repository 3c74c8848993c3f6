import LocatedJSON
import StyleCompiler
import StyleRuntime

/// `mc-style diff`: what changed between two versions of a style, or of a whole compiled folder, for a reviewer.
enum DiffCommand: Subcommand {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two styles, or two compiled folders: layers, properties, sources.",
        discussion: """
            Reports layers added, removed and moved (by id), every changed layer key and paint or layout property
            with its old and new value, changed sources and changed root keys. Key order inside objects is not a
            change and numbers compare by value (1 and 1.0 are equal); layer order is a change. Values that look
            like credentials show only their first four characters.
            Given two folders that compile wrote, it compares each map-design variant's style (paired by name,
            from each folder's manifest.json), and reports a variant only one folder has as added or removed: the
            same command works for a project with one base and one with several (bases:). The vector styles the
            folders bundle (vectorStyle sources) are compared too, by declared source id, after the variants.
            Formats: text (default), json, markdown (for a pull request comment or a GitHub step summary).
            Exit status, as diff's: 0 the styles are the same, 1 they differ, 2 misuse or a file that cannot be read.
            """,
        arguments: [
            .init(name: "old", help: "The style before (a .json file), or the folder compile wrote before."),
            .init(name: "new", help: "The style after, or the folder compile wrote after."),
        ],
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let format = SharedOptions.format([.text, .json, .markdown], help: "text (default), json or markdown.")

        /// Every option above, in help order.
        var all: [any OptionDeclaration] { [format] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let format = try Self.options.format.value(in: arguments) ?? .text
        let paths = arguments.positionals
        let folders = paths.map(CompiledFolderPairing.isFolder)
        guard folders[0] == folders[1] else {
            let folder = folders[0] ? paths[0] : paths[1]
            throw UsageError("'\(folder)' is a folder and the other is not: give two styles or two compiled folders")
        }
        let pairs: [CompiledFolderPairing.Pair]
        if folders[0] {
            do {
                pairs = try CompiledFolderPairing(old: paths[0], new: paths[1]).pairs
            } catch {
                io.writeError(Reporters.errorLine(error.message))
                return .usage
            }
        } else {
            pairs = [CompiledFolderPairing.Pair(variant: "", old: paths[0], new: paths[1])]
        }
        var comparisons: [DiffPrinter.Comparison] = []
        var problems: [Diagnostic] = []
        for pair in pairs {
            let old = pair.old.map(load)
            let new = pair.new.map(load)
            problems += (old?.problems ?? []) + (new?.problems ?? [])
            let diff = zip(old?.root, new?.root).map { StyleDiff(old: $0.0, new: $0.1) }
            comparisons.append(
                DiffPrinter.Comparison(
                    variant: pair.variant, old: pair.old, new: pair.new, diff: diff, isVectorStyle: pair.isVectorStyle))
        }
        guard problems.isEmpty else {
            io.writeError(TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io)).render(problems))
            return .usage
        }
        if !folders[0], let only = comparisons.first, let diff = only.diff {
            let printer = DiffPrinter(oldName: paths[0], newName: paths[1])
            switch format {
            case .json: io.writeOutput(printer.json(diff))
            case .markdown: io.writeOutput(printer.markdown(diff))
            default: io.writeOutput(printer.text(diff))
            }
            return diff.isEmpty ? .success : .inputErrors
        }
        switch format {
        case .json: io.writeOutput(DiffPrinter.json(comparisons, oldFolder: paths[0], newFolder: paths[1]))
        case .markdown: io.writeOutput(DiffPrinter.markdown(comparisons))
        default: io.writeOutput(DiffPrinter.text(comparisons))
        }
        return comparisons.allSatisfy(\.isSame) ? .success : .inputErrors
    }

    /// A style's root, or the errors that kept it from being read.
    private static func load(_ path: String) -> (root: JSONNode?, problems: [Diagnostic]) {
        let (document, diagnostics) = StyleLoader().load(path: path)
        return (document?.root, diagnostics.filter { $0.severity == .error })
    }
}

/// `zip` of two optionals: both values, or nil.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
