import LocatedJSON
import Testing

@testable import StyleCompiler

/// Composing onto several variants finds the same thing once per variant: the findings are merged by rule,
/// severity and place (and which one of a rule at that place), never by comparing their text.
@Suite struct VariantMergeTests {
    static let file = SourceFiles().add(name: "mc-style.yaml", bytes: Array("sources:\n  - id: a\n".utf8))

    static func anchor(_ variant: String, hint: String, offset: Int = 12) -> Diagnostic {
        ComposedVariant(name: variant, isNamed: true).finding(
            .composePlacementAnchor,
            "placement of 'a' names layer 'Roads', which the base style of variant '\(variant)' does not have\(hint)",
            at: SourceLocation(file: file, offset: offset), path: JSONPath([.key("sources"), .index(0)]))
    }

    /// The findings of `variants` pushed into a sink in one loop over composed variants, as kept.
    static func merged(_ variants: [(String, [Diagnostic])]) -> [Diagnostic] {
        let sink = FindingSink()
        sink.beginVariants(variants.map(\.0), named: true, merge: .composed(advice: StyleComposer.fallbackAdvice))
        for (name, findings) in variants { sink.push(findings, variant: name) }
        // Nothing of the loop is kept before it ends.
        #expect(sink.findings.isEmpty)
        sink.endVariants()
        return sink.findings
    }

    @Test func oneFindingAtOnePlaceIsMergedEvenWhenTheTextDiffers() {
        let merged = Self.merged([
            ("light", [Self.anchor("light", hint: "; did you mean 'Road'?")]),
            ("dark", [Self.anchor("dark", hint: "")]),
        ])
        #expect(merged.count == 1)
        #expect(merged.first?.message.hasSuffix("(the same in variant 'dark')") == true, "\(merged)")
        #expect(merged.first?.message.contains("variant 'light'") == true)
    }

    @Test func aFindingOfNoVariantIsTheSameWithoutNamingAny() {
        let declaration = Diagnostic(
            .declValue, "a value", at: SourceLocation(file: Self.file, offset: 3), path: JSONPath([.key("sources")]))
        let merged = Self.merged([("light", [declaration]), ("dark", [declaration])])
        #expect(merged == [declaration])
    }

    @Test func twoFindingsOfARuleAtOnePlaceStayTwoAndOtherPlacesStayApart() {
        let merged = Self.merged([
            ("light", [Self.anchor("light", hint: "1"), Self.anchor("light", hint: "2")]),
            ("dark", [Self.anchor("dark", hint: "1"), Self.anchor("dark", hint: "2", offset: 14)]),
        ])
        // The first of each variant merge; the second of light (offset 12) and of dark (offset 14) do not.
        #expect(merged.count == 3, "\(merged.map(\.message))")
        #expect(merged.filter { $0.message.contains("the same in variant") }.count == 1)
    }
}
