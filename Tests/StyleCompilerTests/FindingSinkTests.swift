import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleCompiler

/// The sink every finding is pushed into: configured and masked as it is pushed, kept in the order pushed, a
/// loop over the variants held and merged, and the composer pushing straight into it, so that a session's findings
/// are the sink's and each is there once.
@Suite struct FindingSinkTests {
    static let file = SourceFiles().add(name: "mc-style.yaml", bytes: Array("sources:\n  - id: a\n  - id: b\n".utf8))

    static func finding(_ rule: Rule, _ message: String, offset: Int, path: JSONPath = .root) -> Diagnostic {
        Diagnostic(rule, message, at: SourceLocation(file: file, offset: offset), path: path)
    }

    @Test func findingsAreConfiguredMaskedAndKeptInTheOrderPushed() {
        let sink = FindingSink(
            DiagnosticCollector(
                configuration: LintConfiguration(rules: ["json.duplicate-key": .init(setting: .warning)])
            ).masking(["s3cr3t-value"]))
        let first = Self.finding(.jsonDuplicateKey, "key 's3cr3t-value' twice", offset: 20)
        let second = Self.finding(.declValue, "a value", offset: 3)
        let counted = sink.push([first])
        sink.push([second])
        #expect(counted.map(\.severity) == [.warning])
        #expect(sink.findings.map(\.rule) == ["json.duplicate-key", "decl.value"])
        #expect(sink.findings.allSatisfy { !$0.message.contains("s3cr3t-value") })
        // Put in the order of their places, from a mark on: the earlier findings stay where they are.
        sink.settle(since: 0)
        #expect(sink.findings.map(\.rule) == ["decl.value", "json.duplicate-key"])
        // Shown at once without being kept.
        #expect(sink.configured([first]).map(\.severity) == [.warning])
        #expect(sink.findings.count == 2)
        #expect(sink.findings(since: 1).map(\.rule) == ["json.duplicate-key"])
    }

    @Test func theVariantsOfALoopAreHeldThenMergedWithWhatItWithdrawsReplaced() {
        let sink = FindingSink()
        let anchor = JSONPath([.key("sources"), .index(0), .key("placement")])
        sink.beginVariants(["light", "dark"], named: true, merge: .composed(advice: StyleComposer.fallbackAdvice))
        for variant in ["light", "dark"] {
            let context = ComposedVariant(name: variant, isNamed: true)
            sink.push(
                [
                    context.finding(.composePlacementAnchor, "placement of 'a' misses", at: nil, path: anchor),
                    context.finding(.composeNoLabels, "no label in \(variant)", at: nil, path: .root),
                ], variant: variant)
        }
        #expect(sink.findings.isEmpty)
        let once = Diagnostic(.composePlacementAnchor, "no variant has it", at: nil, path: anchor)
        sink.endVariants(withdrawing: { $0.path == anchor }, adding: [once])
        #expect(
            sink.findings.map(\.message) == ["no label in light (the same in variant 'dark')", "no variant has it"])
        // Outside a loop over the variants a variant's findings are kept at once.
        sink.push([Diagnostic(.declValue, "alone", at: nil, path: .root)], variant: "light")
        #expect(sink.findings.count == 3)
    }

    @Test func validatedVariantsNameTheDesignsAFindingIsIn() {
        let sink = FindingSink()
        sink.beginVariants(["light", "dark"], named: true, merge: .validated)
        let both = Self.finding(.declValue, "in both", offset: 3)
        sink.push([both], variant: "light")
        sink.push([both, Self.finding(.declValue, "dark only", offset: 5)], variant: "dark")
        sink.endVariants()
        #expect(
            sink.findings.map(\.message) == [
                "in both (in variants 'light' and 'dark')", "dark only (in variant 'dark')",
            ])
    }

    @Test func aForkKeepsItsOwnFindingsUnderTheSameSettings() {
        let sink = FindingSink(
            DiagnosticCollector(configuration: LintConfiguration(rules: ["decl.value": .init(setting: .off)])))
        let fork = sink.fork()
        fork.push([Self.finding(.declValue, "off", offset: 3), Self.finding(.declMissingKey, "kept", offset: 4)])
        #expect(fork.findings.map(\.message) == ["kept"])
        #expect(sink.findings.isEmpty)
    }

    /// The composer pushes into the session's sink: the finding is there once, configured, and what the compile
    /// returns is what the session holds.
    @Test func theComposersFindingReachesTheSessionOnceAndConfigured() throws {
        let folder = try makeStandaloneTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let files = [
            ".mc-style.yaml": "version: 1\nrules:\n  tomtom.headers-ignored: error\n",
            "base.json": RuleExample.exampleBase,
            "mc-style.yaml": RuleExample.declarations(source: ["userAgent: my-app/1.0"]),
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        var session = CheckSession(
            CheckRequest(
                build: BuildOptions(), configuration: .search(from: folder.path, displayFolder: nil)))
        let result = session.compile(declarationsPath: folder.appendingPathComponent("mc-style.yaml").path)
        let headers = session.findings.filter { $0.rule == Rule.tomtomHeadersIgnored.id }
        #expect(headers.count == 1, "\(session.findings)")
        // Raised to an error by the team, it fails the compile.
        #expect(headers.first?.severity == .error)
        #expect(result.files == nil)
        #expect(result.diagnostics == session.findings)
        // A preview's rebuild runs on a fork: the session's findings stay as they were.
        var rebuild = CompileJob(
            declarationsPath: folder.appendingPathComponent("mc-style.yaml").path,
            options: session.options.withOwnFindings())
        rebuild.compact = true
        let rebuilt = rebuild.runCounting().diagnostics
        #expect(rebuilt.map(\.message) == result.diagnostics.map(\.message))
        #expect(rebuilt.map(\.position) == result.diagnostics.map(\.position))
        #expect(session.findings == result.diagnostics)
    }
}
