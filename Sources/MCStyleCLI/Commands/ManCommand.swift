import Foundation
import StyleCompiler
import StyleSpec

/// `mc-style man [<subcommand>] [--out <folder>]`: prints a manual page, or writes every page, made from the
/// commands' declarations.
enum ManCommand: Subcommand {
    static let spec = CommandSpec(
        name: "man",
        abstract: "Print a manual page, or write them all, in man(7) format.",
        discussion: """
            Without a subcommand prints mc-style(1); with one, mc-style-<subcommand>(1). With --out, writes every
            page (mc-style.1 and mc-style-<subcommand>.1) into the folder instead, each atomically, creating the
            folder when missing. The pages are made from the same declarations as --help, so the two cannot
            disagree; the release archive ships them (install.sh puts them in share/man/man1).
            Read one without installing: mc-style man compile | man -l -
            Exit status: 0 printed or written, 1 a page could not be written, 2 misuse.
            """,
        arguments: [.init(name: "subcommand", help: "The subcommand whose page to print.", isOptional: true)],
        options: options
    )
    /// The options, each declared once.
    struct Options: CommandOptions {
        let out = Option<String>(
            name: "out", valueName: "folder", help: "Write every page into this folder instead of printing one."
        )
        var all: [any OptionDeclaration] { [out] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let subcommands = MCStyleTool.subcommands.map { $0.spec }
        let pages = ([MCStyleTool.spec] + subcommands).map { ManPage(spec: $0, subcommands: subcommands) }
        let word = arguments.positionals.first
        if let out = try options.out.value(in: arguments) {
            if let word { throw UsageError("'\(word)': --out writes every page; give no subcommand with it") }
            return write(pages, into: out, io: io)
        }
        guard let word else {
            io.writeOutput(pages[0].text)
            return .success
        }
        guard let page = pages.dropFirst().first(where: { $0.spec.name == word }) else {
            throw UsageError(
                "'\(word)' is not a subcommand"
                    + Suggestion.didYouMean(word, among: subcommands.map(\.name)))
        }
        io.writeOutput(page.text)
        return .success
    }

    private static func write(_ pages: [ManPage], into folder: String, io: ToolIO) -> ExitCode {
        do throws(OutputError) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw OutputError(path: folder, reason: "cannot be made: \(error.localizedDescription)")
            }
            for page in pages {
                try AtomicFileWriter().write(Array(page.text.utf8), to: folder + "/" + page.fileName)
            }
        } catch {
            io.writeError(TextDiagnosticPrinter(useColor: false).render([error.diagnostic]))
            return .inputErrors
        }
        return .success
    }
}
