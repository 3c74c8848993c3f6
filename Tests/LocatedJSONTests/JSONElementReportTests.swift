import Testing
@testable import LocatedJSON

/// `parse(_:reportingElementsOf:to:)` hands over each element of one array member of the root object while the
/// rest is parsed, and builds the same tree as `parse(_:)`.
@Suite struct JSONElementReportTests {
    /// The elements reported (index, offset, compact text), and the tree parsed.
    static func reported(_ text: String, key: String = "layers") throws -> (elements: [(Int, Int, String)], document: JSONDocument) {
        var elements: [(Int, Int, String)] = []
        let file = SourceFile(name: "s.json", bytes: Array(text.utf8))
        let document = try JSONParser().parse(file, reportingElementsOf: key) { index, element in
            elements.append((index, element.location?.offset ?? -1, String(JSONWriter(style: .compact).string(element).dropLast())))
        }
        return (elements, document)
    }

    @Test func reportsEachElementOfTheMemberInOrderWithItsPlace() throws {
        let text = #"{"version": 8, "sources": {"a": {"layers": [9]}}, "layers": [{"id": "x", "paint": {"c": [1, [2]]}}, 5, ["n"], {}], "center": [1, 2]}"#
        let (elements, document) = try Self.reported(text)
        #expect(elements.map(\.0) == [0, 1, 2, 3])
        #expect(elements.map(\.2) == [#"{"id":"x","paint":{"c":[1,[2]]}}"#, "5", #"["n"]"#, "{}"])
        // Each one is the tree's element, at the same place.
        let layers = try #require(document.root["layers"]?.arrayValue)
        #expect(elements.map(\.1) == layers.map { $0.location?.offset ?? -2 })
        #expect(document.root == (try JSONParser().parse(text)).root)
    }

    @Test func anEscapedKeyIsTheSameKey() throws {
        let (elements, _) = try Self.reported(#"{"la\u0079ers": [1, 2]}"#)
        #expect(elements.map(\.2) == ["1", "2"])
    }

    @Test func nothingElseIsReported() throws {
        // A string value "layers" followed by another array; the key nested below the root; a root array; an empty
        // array; a member that is not an array; another key.
        for text in [#"{"name": "layers", "other": [1]}"#, #"{"a": {"layers": [1]}}"#, #"["layers", [1, 2]]"#, #"{"layers": []}"#,
                     #"{"layers": {"a": [1]}}"#, #"{"layers": 3, "b": [1]}"#] {
            #expect(try Self.reported(text).elements.isEmpty, "\(text)")
        }
        #expect(try Self.reported(#"{"layers": [1], "sources": [2]}"#, key: "sources").elements.map(\.2) == ["2"])
    }

    @Test func onlyTheFirstOfDuplicateKeysIsReported() throws {
        let (elements, document) = try Self.reported(#"{"layers": [1, 2], "x": [7], "layers": [3]}"#)
        #expect(elements.map(\.2) == ["1", "2"])
        // The tree holds the later value, as `parse(_:)` gives it (and the duplicate is reported).
        #expect(document.root["layers"]?.arrayValue?.count == 1)
        #expect(document.duplicateKeys.count == 1)
    }

    @Test func aSyntaxErrorEndsTheReportsWhereItStands() {
        var reported: [Int] = []
        let file = SourceFile(name: "s.json", bytes: Array(#"{"layers": [{"id": 1}, {"id": 2}, {"id": 3,]}"#.utf8))
        #expect(throws: JSONSyntaxError.self) {
            try JSONParser().parse(file, reportingElementsOf: "layers") { index, _ in reported.append(index) }
        }
        #expect(reported == [0, 1])
    }
}
