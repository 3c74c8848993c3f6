import Foundation
import StyleSpec
import TestSupport
import Testing

@testable import StyleCompiler

/// The rule registry is the one list of rules: every rule declared in the sources is registered, reported
/// somewhere and documented (docs/rules.md is made from it: see DocumentationTests).
@Suite struct RuleRegistryTests {
    /// Every Swift source of the library, by path.
    static let sources: [(path: String, text: String)] = {
        let folder = SharedData.repositoryFile("Sources")
        var result: [(String, String)] = []
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift"),
                let text = try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            else { continue }
            result.append((path, text))
        }
        return result.sorted { $0.0 < $1.0 }
    }()

    /// `static let NAME = Rule("ID", ...)` declarations, and the specification's `SpecRule("ID", ...)` (the id may stand
    /// on the next line): (name, id).
    static let declared: [(name: String, id: String)] = sources.flatMap { source in
        source.text.matches(of: /static let (\w+) = (?:Spec)?Rule\(\s*"([a-z0-9.-]+)"/).map {
            (String($0.1), String($0.2))
        }
    }

    @Test func everyDeclaredRuleIsRegisteredOnce() {
        let registered = RuleCatalog.all.map(\.id)
        #expect(Set(registered).count == registered.count, "rule ids are unique")
        #expect(!Self.declared.isEmpty)
        for rule in Self.declared {
            #expect(registered.contains(rule.id), "\(rule.id) is declared but not in RuleCatalog.all")
        }
        let declaredIDs = Set(Self.declared.map(\.id))
        for id in registered where !id.hasPrefix("yaml.") {
            #expect(declaredIDs.contains(id), "\(id) is registered but declared nowhere")
        }
    }

    /// Every `SpecRule` declared in StyleSpec is in `SpecRule.all`, the list StyleSpec's own tests run the examples
    /// of, as every rule is in `RuleCatalog.all`.
    @Test func everySpecificationRuleIsListed() {
        let declared = Self.sources.flatMap { source in
            source.text.matches(of: /static let \w+ = SpecRule\(\s*"([a-z0-9.-]+)"/).map { String($0.1) }
        }
        #expect(!declared.isEmpty)
        #expect(Set(declared) == Set(SpecRule.all.map(\.id)))
        #expect(declared.count == SpecRule.all.count)
    }

    /// Reported somewhere means shown by an example: every rule has a triggering example (but the bug guards of
    /// `RuleExampleTests.unreachable`), and `RuleExampleTests` runs each to see that it gives the rule's finding.
    @Test func everyRuleIsReportedSomewhere() {
        for rule in RuleCatalog.all where RuleExampleTests.unreachable[rule.id] == nil {
            #expect(rule.examples.contains { $0.triggers }, "\(rule.id) has no triggering example")
        }
    }

    @Test func everyRuleIsDocumented() {
        for rule in RuleCatalog.all {
            #expect(!rule.summary.isEmpty && rule.summary.hasSuffix("."), "\(rule.id): summary")
            #expect(!rule.help.isEmpty && rule.help.hasSuffix("."), "\(rule.id): help")
        }
    }
}
