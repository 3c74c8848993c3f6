import LocatedJSON
import StyleSpec
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
            let (text, marks) = Self.unmarked(example.style)
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

    /// `text` without its `↓` marks, and where the marks stood (1-based lines and columns in Unicode scalars).
    private static func unmarked(_ text: String) -> (String, [SourcePosition]) {
        var plain = ""
        var marks: [SourcePosition] = []
        var (line, column) = (1, 1)
        for scalar in text.unicodeScalars {
            if scalar == "↓" {
                marks.append(SourcePosition(line: line, column: column))
                continue
            }
            plain.unicodeScalars.append(scalar)
            if scalar == "\n" {
                (line, column) = (line + 1, 1)
            } else {
                column += 1
            }
        }
        return (plain, marks)
    }
}
