import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleSpec

/// The memo of passed type checks: an expression written again is not checked again, and nothing a finding
/// says (where, what, which property) changes because an equal expression was seen before.
@Suite struct ExpressionCheckMemoTests {
    private static let sources = #""sources": {"v": {"type": "vector", "url": "https://t.example.com/v.json"}}"#

    /// A style of line layers, one per paint or layout entry (`"line-width": [...]`), and the marked positions.
    private func findings(_ entries: [String]) throws -> ([SpecFinding], [SourcePosition]) {
        let layers = entries.enumerated().map { index, entry in
            #"{"id": "l\#(index)", "type": "line", "source": "v", "source-layer": "roads", \#(entry)}"#
        }
        let (text, marks) = markedPositions(
            "{\"version\": 8, \(Self.sources), \"layers\": [\n\(layers.joined(separator: ",\n"))\n]}")
        let document = try JSONParser().parse(text, name: "style.json")
        return (
            SpecValidator().validate(document.root, in: document).findings,
            marks.map { SourcePosition(line: $0.line, column: $0.column) }
        )
    }

    @Test func aFailingExpressionIsReportedWhereverItIsWritten() throws {
        let bad = #"["interpolate", ["linear"], ["zoom"], 0, 1, 0, 2]"#
        let (diagnostics, marks) = try findings([
            #""paint": {"line-width": ⟦\#(bad)}"#,
            #""paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 0, 1, 10, 2]}"#,
            #""paint": {"line-width": ⟦\#(bad)}"#,
        ])
        #expect(diagnostics.map(\.rule.id) == ["style.expression", "style.expression"])
        #expect(
            diagnostics.map(\.path.mapLibreNotation) == [
                "layers[0].paint.line-width[5]", "layers[2].paint.line-width[5]",
            ])
        #expect(diagnostics[0].message == diagnostics[1].message)
        // Each at its own sub-expression: the repeated stop input, two lines apart.
        #expect(diagnostics.map(\.position?.line) == marks.map(\.line))
    }

    @Test func aPassedExpressionIsCheckedAgainForAnotherProperty() throws {
        // Data-driven line-cap takes feature data; line-translate-anchor (data-constant, also an enum) does not.
        let (diagnostics, marks) = try findings([
            #""layout": {"line-cap": ["get", "c"]}"#,
            #""paint": {"line-translate-anchor": ⟦["get", "c"]}"#,
            #""layout": {"line-cap": ["get", "c"]}"#,
        ])
        #expect(diagnostics.map(\.rule.id) == ["style.expression"])
        #expect(diagnostics.first?.path.mapLibreNotation == "layers[1].paint.line-translate-anchor")
        #expect(diagnostics.first?.message == "data expressions not supported")
        #expect(diagnostics.first?.position == marks.first)
    }

    @Test func theRulesAfterTheCheckReadTheRememberedFacts() throws {
        // line-opacity may read feature state; the second layer's equal check comes from the memo, and
        // a layout property's rule still sees that it reads feature state.
        let (diagnostics, marks) = try findings([
            #""paint": {"line-opacity": ["number", ["feature-state", "o"]]}"#,
            #""paint": {"line-opacity": ["number", ["feature-state", "o"]]}"#,
            #""layout": {"line-sort-key": ⟦["number", ["feature-state", "o"]]}"#,
        ])
        #expect(
            diagnostics.map(\.message) == [
                "\"feature-state\" data expressions are not supported with layout properties."
            ])
        #expect(diagnostics.first?.position == marks.first)
    }

    @Test func findingsAreTheSameWithTheMemoAsWithout() throws {
        // Repeated expressions, passing and failing, in every place the rules treat differently.
        let entries = [
            #""paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 0, 1, 10, 2], "line-color": ["get", "c"]}, "filter": ["==", ["get", "k"], 1]"#,
            #""paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 0, 1, 0, 2]}, "filter": ["==", ["get", "k"], 1]"#,
            #""paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 0, 1, 10, 2], "line-color": ["get", "c"]}, "filter": ["==", ["feature-state", "k"], 1]"#,
            #""layout": {"line-sort-key": ["number", ["feature-state", "o"]]}, "paint": {"line-opacity": ["number", ["feature-state", "o"]]}"#,
            #""paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 0, 1, 0, 2], "line-translate-anchor": ["get", "c"]}"#,
        ]
        let layers = (entries + entries).enumerated().map { index, entry in
            #"{"id": "l\#(index)", "type": "line", "source": "v", "source-layer": "roads", \#(entry)}"#
        }
        let document = try JSONParser().parse(
            "{\"version\": 8, \(Self.sources), \"layers\": [\(layers.joined(separator: ","))]}", name: "style.json")
        let findings = LayerFindingsByRun(document.root, in: document)
        let (shared, fresh, remembered) = (findings.shared, findings.fresh, findings.run.checkedExpressions.count)
        #expect(shared == fresh)
        #expect(shared.joined().count >= 10)
        #expect(remembered > 0)
    }

    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)))
    func corpusFindingsAreTheSameWithTheMemoAsWithout() throws {
        #expect(try LayerFindingsByRun.corpusDifferences() == [])
    }

    @Test func onlyPassedChecksAreRememberedOncePerValueAndSpecification() throws {
        let text = #"[["get", "w"], ["get", "w"], ["get", 1], ["get", 1], ["get", "w"]]"#
        let document = try JSONParser().parse(text, name: "memo.json")
        let items = try #require(document.root.arrayValue)
        let width = try #require(ExpressionSpec.property(named: "line-width"))
        let blur = try #require(ExpressionSpec.property(named: "line-blur"))
        var memo = ExpressionCheckMemo()
        let first = memo.checkProperty(items[0], spec: width)
        let second = memo.checkProperty(items[1], spec: width)
        #expect(first.facts?.dependencies == second.facts?.dependencies)
        #expect(first.facts?.dependencies.contains(.feature) == true)
        #expect(memo.count == 1)
        // A failure is checked again each time, and each time it is placed at its own node.
        let failures = [memo.checkProperty(items[2], spec: width), memo.checkProperty(items[3], spec: width)]
        #expect(failures.allSatisfy { $0.facts == nil && $0.errors.count == 1 })
        #expect(
            failures.map { document.location(of: $0.errors.first?.node)?.offset }
                == [items[2].sourceOffset, items[3].sourceOffset].map { $0.map { $0 + 8 } })
        #expect(memo.count == 1)
        // The same value against another specification is a check of its own.
        _ = memo.checkProperty(items[4], spec: blur)
        #expect(memo.count == 2)
    }
}
