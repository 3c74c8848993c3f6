import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleSpec

/// The memo of legacy functions found clean: a function written again is not checked again, and nothing a
/// finding says (where, what, which property) changes because an equal function was seen before.
@Suite struct FunctionCheckMemoTests {
    private static let sources = #""sources": {"v": {"type": "vector", "url": "https://t.example.com/v.json"}}"#

    private func style(_ entries: [String]) throws -> (JSONDocument, [SourcePosition]) {
        let layers = entries.enumerated().map { index, entry in
            #"{"id": "l\#(index)", "type": "line", "source": "v", "source-layer": "roads", \#(entry)}"#
        }
        let (text, marks) = markedPositions(
            "{\"version\": 8, \(Self.sources), \"layers\": [\n\(layers.joined(separator: ",\n"))\n]}")
        return (
            try JSONParser().parse(text, name: "style.json"),
            marks.map { SourcePosition(line: $0.line, column: $0.column) }
        )
    }

    @Test func aFunctionWithFindingsIsReportedWhereverItIsWritten() throws {
        let bad = #"{"stops": [[10, 1], ⟦[5, 2]]}"#
        let (document, marks) = try style([
            #""paint": {"line-width": \#(bad)}"#,
            #""paint": {"line-width": {"stops": [[5, 1], [10, 2]]}}"#,
            #""paint": {"line-width": \#(bad)}"#,
        ])
        let diagnostics = SpecValidator().validate(document.root, in: document).findings
        #expect(diagnostics.map(\.rule.id) == ["style.function", "style.function"])
        #expect(
            diagnostics.map(\.path.mapLibreNotation) == [
                "layers[0].paint.line-width.stops[1][0]", "layers[2].paint.line-width.stops[1][0]",
            ])
        #expect(diagnostics.map(\.position?.line) == marks.map(\.line))
    }

    @Test func aCleanFunctionIsCheckedAgainForAnotherProperty() throws {
        // Numbers are fine stop outputs for line-width and not for line-color.
        let stops = #"{"stops": [[5, 1], [10, 2]]}"#
        let (document, _) = try style([
            #""paint": {"line-width": \#(stops)}"#,
            #""paint": {"line-color": \#(stops)}"#,
            #""paint": {"line-width": \#(stops)}"#,
        ])
        let diagnostics = SpecValidator().validate(document.root, in: document).findings
        #expect(
            diagnostics.map(\.path.mapLibreNotation) == [
                "layers[1].paint.line-color.stops[0][1]", "layers[1].paint.line-color.stops[1][1]",
            ])
        #expect(diagnostics.allSatisfy { $0.rule.id == "style.type" })
    }

    @Test func findingsAreTheSameWithTheMemoAsWithout() throws {
        let entries = [
            #""paint": {"line-width": {"stops": [[5, 1], [10, 2]]}, "line-color": {"stops": [[5, "red"], [10, "blue"]]}}"#,
            #""paint": {"line-width": {"stops": [[10, 1], [5, 2]]}, "line-color": {"stops": [[5, "red"], [10, "nocolor"]]}}"#,
            #""paint": {"line-width": {"type": "exponential", "base": 1.2, "stops": [[5, 1], [10, 2]]}}"#,
            #""paint": {"line-opacity": {"type": "categorical", "property": "k", "stops": [[1.5, 1]]}}"#,
            #""layout": {"line-cap": {"stops": [[5, "round"], [10, "square"]]}}, "paint": {"line-width": {"stops": [[5, 1], [10, 2]]}}"#,
        ]
        let (document, _) = try style(entries + entries)
        let findings = LayerFindingsByRun(document.root, in: document)
        let (shared, fresh, remembered) = (findings.shared, findings.fresh, findings.run.checkedFunctions.count)
        #expect(shared == fresh)
        #expect(shared.joined().count >= 6)
        #expect(remembered > 0)
    }

    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)))
    func corpusFindingsAreTheSameWithTheMemoAsWithout() throws {
        #expect(try LayerFindingsByRun.corpusDifferences() == [])
    }

    @Test func onlyCleanFunctionsAreRememberedOncePerValueAndSpecification() throws {
        let width = try #require(StyleSpecCatalog.index["paint_line"]?["line-width"])
        let blur = try #require(StyleSpecCatalog.index["paint_line"]?["line-blur"])
        let items = try #require(
            try JSONParser().parse(
                #"[{"stops": [[5, 1]]}, {"stops": [[5, 1]]}, {"stops": [[5, 1.0]]}]"#, name: "f.json"
            ).root.arrayValue)
        var memo = FunctionCheckMemo()
        memo.recordClean(FunctionCheckMemo.Key(spec: width, function: items[0]))
        #expect(memo.isKnownClean(FunctionCheckMemo.Key(spec: width, function: items[1])))
        // Numbers compare by their text, as the tree does: 1.0 is another value.
        #expect(!memo.isKnownClean(FunctionCheckMemo.Key(spec: width, function: items[2])))
        #expect(!memo.isKnownClean(FunctionCheckMemo.Key(spec: blur, function: items[1])))
        memo.recordClean(FunctionCheckMemo.Key(spec: width, function: items[1]))
        #expect(memo.count == 1)
    }
}
