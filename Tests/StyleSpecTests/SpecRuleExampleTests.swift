import LocatedJSON
import StyleSpec
import TestSupport
import Testing

/// The specification's rules on their own: each is listed once in `SpecRule.all`, and each example, checked by
/// `SpecValidator` alone (no compiler, nothing of TomTom), gives the rule's finding at each `↓` and nowhere else,
/// or, passing, none of it.
@Suite struct SpecRuleExampleTests {
    @Test func everyRuleIsListedOnceWithItsExamples() {
        let ids = SpecRule.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.hasPrefix("style.") })
        for rule in SpecRule.all {
            #expect(rule.examples.contains { $0.triggers }, "\(rule.id) has no triggering example")
            #expect(rule.examples.contains { !$0.triggers }, "\(rule.id) has no passing example")
            #expect(rule.summary.hasSuffix(".") && rule.help.hasSuffix("."), "\(rule.id): summary and help")
        }
    }

    @Test(arguments: SpecRule.all)
    func examplesGiveTheirFindingsAtTheirMarks(rule: SpecRule) throws {
        for example in rule.examples {
            let (text, marked) = markedPositions(example.style, marker: "↓")
            let marks = marked.map { SourcePosition(line: $0.line, column: $0.column) }
            let document = try JSONParser().parse(text, name: "style.json")
            let found = SpecValidator(maximumThreads: 1).validate(document.root, in: document).findings
                .filter { $0.rule == rule }
            if example.triggers {
                #expect(!found.isEmpty, "\(rule.id): \(text)")
                #expect(Set(found.compactMap(\.position)) == Set(marks), "\(rule.id): \(text)")
            } else {
                #expect(found.isEmpty, "\(rule.id) in a passing example: \(found.map(\.message))")
            }
        }
    }
}
