import Foundation
import StyleCompiler
import TestSupport
import Testing

@testable import MCStyleCLI

/// `mc-style man`: a page per command, made from the declarations, with exactly the options `--help` lists, roff
/// that cannot be driven by declared text, and pages mandoc reads without a finding.
@Suite struct ManPageTests {
    /// The `--name` options a help text lists under OPTIONS.
    static func helpOptions(_ help: String) -> Set<String> {
        let section = help.split(separator: "\nOPTIONS:\n").dropFirst().first?.split(separator: "\nSUBCOMMANDS:").first
        return Set((section ?? "").matches(of: /(?m)^  (?:-h, )?--([a-z-]+)/).map { String($0.1) })
    }

    /// The `--name` options a page lists under OPTIONS (each a `.TP` label).
    static func pageOptions(_ page: String) -> Set<String> {
        let section = page.split(separator: "\n.SH OPTIONS\n").dropFirst().first?.split(separator: "\n.SH ").first
        return Set(
            (section ?? "").matches(of: /(?m)^\.TP\n\\fB((?:\\-|[a-z])+)\\fR/).map {
                String(String($0.1).replacing("\\-", with: "-").dropFirst(2))
            })
    }

    @Test func everyPageListsTheOptionsItsHelpLists() {
        for name in [""] + MCStyleTool.subcommands.map({ $0.spec.name }) {
            let help = runTool(name.isEmpty ? ["--help"] : [name, "--help"])
            let page = runTool(name.isEmpty ? ["man"] : ["man", name])
            #expect(page.status == 0 && page.error.isEmpty)
            let fromHelp = Self.helpOptions(help.output)
            #expect(fromHelp.contains("help"), "mc-style \(name) --help")
            #expect(Self.pageOptions(page.output) == fromHelp, "mc-style \(name): the page and --help differ")
            #expect(page.output.contains(".SH SEE ALSO\n"))
        }
    }

    @Test func declaredTextCannotBecomeARequest() {
        let spec = CommandSpec(
            name: "odd", abstract: ".so /etc/passwd", discussion: "first line.\n'br\nback\\slash \"quoted\"",
            usage: ["odd"],
            options: [CommandSpec.Option(name: "x-y", valueName: "v", help: ".ig\nends")])
        let page = ManPage(spec: spec, subcommands: [spec]).text
        let requests = page.split(separator: "\n").filter { $0.hasPrefix(".") || $0.hasPrefix("'") }
        let known = [".TH ", ".SH ", ".TP", ".PP", ".br", ".B ", ".BR "]
        #expect(requests.allSatisfy { line in known.contains { line.hasPrefix($0) } })
        #expect(page.contains("\\&.so /etc/passwd"))
        #expect(page.contains("\\&'br"))
        #expect(page.contains("back\\eslash"))
        #expect(page.contains("\\fB\\-\\-x\\-y\\fR \\fI<v>\\fR\n\\&.ig ends"))
        #expect(page.split(separator: "\n").allSatisfy { $0.utf8.count <= 80 || !$0.contains(" ") })
    }

    @Test func outWritesEveryPageAndMisuseExitsTwo() throws {
        let folder = try makeTemporaryFolder().appendingPathComponent("man1")
        let run = runTool(["man", "--out", folder.path])
        #expect(run.status == 0 && run.output.isEmpty && run.error.isEmpty)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let expected = (["mc-style.1"] + MCStyleTool.subcommands.map { "mc-style-\($0.spec.name).1" }).sorted()
        #expect(written == expected)
        let compile = try String(contentsOf: folder.appendingPathComponent("mc-style-compile.1"), encoding: .utf8)
        #expect(compile == runTool(["man", "compile"]).output)
        #expect(compile.hasPrefix(".TH \"MC\\-STYLE\\-COMPILE\" 1 \"\(ToolVersion.releaseDate)\" \"mc\\-style "))

        let unknown = runTool(["man", "compil"])
        #expect(unknown.status == 2 && unknown.error.contains("did you mean 'compile'?"))
        #expect(runTool(["man", "compile", "--out", folder.path]).status == 2)
        let blocked = try makeTemporaryFolder().appendingPathComponent("file")
        try Data("x".utf8).write(to: blocked)
        let failed = runTool(["man", "--out", blocked.path + "/man1"])
        #expect(failed.status == 1 && failed.error.contains("[io.write]"))
    }

    @Test func mandocReadsEveryPageWithoutAFinding() throws {
        let folder = try makeTemporaryFolder()
        #expect(runTool(["man", "--out", folder.path]).status == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        guard let lint = try CompletionTests.run("mandoc", ["-T", "lint", "-W", "all"] + pages, in: folder) else {
            print("skipped: mandoc is not installed (Debian: mandoc); .ci/run installs it")
            return
        }
        #expect(lint.status == 0 && lint.output.isEmpty, "\(lint.output)")
        let shown = try #require(try CompletionTests.run("mandoc", ["-T", "ascii", "mc-style-compile.1"], in: folder))
        #expect(shown.output.contains("--out"))
    }
}
