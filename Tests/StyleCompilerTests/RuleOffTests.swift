import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleCompiler

/// A rule a team turns off never decides what a job does: a compile of a rule's triggering example, with the rule
/// set to `off` in the configuration, either writes its files or fails on another error it reports. (A rule
/// without which nothing can be written is not configurable: the configuration refuses to turn it off.)
@Suite struct RuleOffTests {
    @Test func noRuleTurnedOffLeavesACompileFailingWithoutAnError() throws {
        var compiled = 0
        for rule in RuleCatalog.all where rule.isConfigurable {
            for example in rule.examples
            where example.triggers && [.declarations, .compile].contains(example.input)
                && example.files[".mc-style.yaml"] == nil && example.environment.isEmpty
            {
                let folder = try makeStandaloneTemporaryFolder()
                defer { try? FileManager.default.removeItem(at: folder) }
                var files = example.files
                files["mc-style.yaml"] = example.text
                files[".mc-style.yaml"] = "version: 1\nrules:\n  \(rule.id): off\n"
                if files["base.json"] == nil { files["base.json"] = RuleExample.exampleBase }
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
                for (name, text) in files {
                    let url = folder.appendingPathComponent(name)
                    try FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(RuleExample.unmarked(text).utf8).write(to: url)
                }
                var session = CheckSession(
                    CheckRequest(build: BuildOptions(), configuration: .search(from: folder.path, displayFolder: nil)))
                #expect(!session.isStopped, "\(rule.id): \(session.findings.map(\.message))")
                let result = session.compile(declarationsPath: folder.appendingPathComponent("mc-style.yaml").path)
                #expect(!session.findings.contains { $0.rule == rule.id }, "\(rule.id) is reported while off")
                #expect(
                    result.files != nil || session.findings.containsErrors,
                    "\(rule.id) turned off: the compile fails and reports no error (\(session.findings.map(\.rule)))")
                compiled += 1
            }
        }
        #expect(compiled > 30)
    }
}
