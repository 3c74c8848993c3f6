import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleCompiler

/// Every rule's examples (`Rule.examples`), run as the command line would run them: a triggering example gives
/// the rule's findings exactly at its marks, a passing one gives none.
@Suite struct RuleExampleTests {
    /// The base style of declarations examples that give none (`RuleExample.exampleBase`).
    static let base = RuleExample.exampleBase

    /// Rules no input can trigger: safety nets for a bug in mc-style itself.
    static let unreachable: [String: String] = [
        "migrate.output": "migrating writes only what parses; the rule guards against a bug in the rewrite"
    ]

    @Test func everyRuleHasAPassingExample() {
        for rule in RuleCatalog.all {
            #expect(rule.examples.contains { !$0.triggers }, "\(rule.id) has no passing example")
            if Self.unreachable[rule.id] != nil {
                #expect(
                    !rule.examples.contains { $0.triggers },
                    "\(rule.id) is listed as unreachable but has a triggering example")
            }
        }
    }

    @Test func everyExampleDoesWhatItSays() throws {
        var checked = 0
        for rule in RuleCatalog.all {
            for (index, example) in rule.examples.enumerated() {
                let name = "\(rule.id) \(example.triggers ? "triggering" : "passing") example \(index + 1)"
                let (findings, mainFile) = try Self.findings(of: example)
                let own = findings.filter { $0.rule == rule.id }
                checked += 1
                guard example.triggers else {
                    #expect(
                        own.isEmpty,
                        "\(name) gives \(own.map { "\($0.position.map(\.description) ?? "-"): \($0.message)" })")
                    continue
                }
                // The marks of the example's text and files, by file name.
                var marks = [mainFile: RuleExample.marks(in: example.text)]
                for (name, text) in example.files { marks[name] = RuleExample.marks(in: text) }
                marks = marks.filter { !$0.value.isEmpty }
                if marks.isEmpty {
                    #expect(!own.isEmpty, "\(name) gives no finding; it gives \(findings.map(\.rule))")
                    continue
                }
                var found: [String: Set<SourcePosition>] = [:]
                for finding in own {
                    guard let fileName = finding.fileName, let position = finding.position else { continue }
                    let file = marks.keys.first { fileName == $0 || fileName.hasSuffix("/" + $0) } ?? fileName
                    found[file, default: []].insert(position)
                }
                #expect(
                    found == marks.mapValues(Set.init),
                    "\(name): findings at \(found.mapValues { $0.map(\.description) }) (\(own.map(\.message))), marks at \(marks.mapValues { $0.map(\.description) }); all findings: \(findings.map { "\($0.rule) \($0.position.map(\.description) ?? "-")" })"
                )
            }
        }
        #expect(checked > 2 * 100)
    }

    /// The findings of one example, and the name of the file its text went into.
    static func findings(of example: RuleExample) throws -> ([Diagnostic], String) {
        let folder = try makeStandaloneTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(
                example.bytes != nil && text.isEmpty ? example.bytes ?? [] : Array(RuleExample.unmarked(text).utf8)
            ).write(to: url)
        }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        // A resolve example's `out/...` files replace what its compile wrote, so they are written after it.
        for (name, text) in example.files where example.input != .resolve || !name.hasPrefix("out/") {
            try write(name, text)
        }
        let text = example.text
        switch example.input {
        case .style, .migration:
            try write("style.json", text)
            if example.input == .migration {
                return (MigrateJob(path: path("style.json")).run().diagnostics, "style.json")
            }
            var job = ValidateJob(target: nil, environment: example.environment)
            let renderers = example.renderers.compactMap { RendererRequirement($0) }
            #expect(renderers.count == example.renderers.count, "\(example.renderers) are not NAME@VERSION")
            job.options.renderers = renderers.isEmpty ? nil : renderers
            return (job.run(path: path("style.json")), "style.json")
        case .declarations, .compile:
            if example.files["base.json"] == nil { try write("base.json", base) }
            try write("mc-style.yaml", text)
            guard example.input == .compile else {
                var job = ValidateJob(target: nil, environment: example.environment)
                // A configuration among the files is the team's, as `--config` would give it.
                if example.files[".mc-style.yaml"] != nil {
                    let (configuration, problems) = LintConfigurationLoader().load(path: path(".mc-style.yaml"))
                    guard let configuration else { return (problems, "mc-style.yaml") }
                    job.options.sink = FindingSink(DiagnosticCollector(configuration: configuration))
                }
                return (job.run(path: path("mc-style.yaml")), "mc-style.yaml")
            }
            var job = CompileJob(declarationsPath: path("mc-style.yaml"))
            if let limit = example.maximumOutputSize { job.maximumOutputSize = limit }
            let (files, diagnostics) = job.run()
            guard let files else { return (diagnostics, "mc-style.yaml") }
            do throws(OutputError) {
                try OutputFolder(path: path("out")).write(files)
            } catch {
                return (diagnostics + [error.diagnostic], "mc-style.yaml")
            }
            return (diagnostics, "mc-style.yaml")
        case .standardInput:
            let file = SourceFiles().add(name: "<stdin>", bytes: Array(RuleExample.unmarked(text).utf8))
            return (DeclarationsLoader().load(file, path: nil).diagnostics, "<stdin>")
        case .configuration:
            try write(".mc-style.yaml", text)
            return (LintConfigurationLoader().load(path: path(".mc-style.yaml")).diagnostics, ".mc-style.yaml")
        case .resolve:
            if example.files["base.json"] == nil { try write("base.json", base) }
            try write("mc-style.yaml", text)
            let (files, diagnostics) = CompileJob(declarationsPath: path("mc-style.yaml")).run()
            guard let files, let resolution = example.resolution else { return (diagnostics, "mc-style.yaml") }
            try OutputFolder(path: path("out")).write(files)
            for (name, text) in example.files where name.hasPrefix("out/") { try write(name, text) }
            if let edit = resolution.edit {
                let url = URL(fileURLWithPath: path(resolution.folder)).appendingPathComponent(edit.file)
                let old = try String(contentsOf: url, encoding: .utf8)
                #expect(old.contains(edit.text), "\(edit.file) holds no \(edit.text)")
                try Data(old.replacing(edit.text, with: edit.replacement).utf8).write(to: url)
            }
            var session = CheckSession(CheckRequest(build: BuildOptions()))
            _ = session.resolve(
                folder: path(resolution.folder), variant: resolution.variant, settings: resolution.settings)
            return (diagnostics + session.findings, "mc-style.yaml")
        case .baseline:
            try write("baseline.json", text)
            let findings =
                example.files["style.json"] == nil
                ? [] : ValidateJob(target: nil, environment: example.environment).run(path: path("style.json"))
            let (baseline, diagnostics) = Baseline.load(path: path("baseline.json"))
            return (diagnostics + (baseline?.filter(findings).stale ?? []), "baseline.json")
        }
    }
}
