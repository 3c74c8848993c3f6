import Foundation
import Testing
import TestSupport
@testable import LocatedJSON

/// The tape reads exactly what the tree parser reads: the same texts accepted and refused (same errors), the
/// same tree with the same locations, the same duplicate keys, and the same written bytes.
@Suite struct JSONTapeTests {
    /// Documents that exercise every entry kind, escapes, non-ASCII, empty containers, nesting and duplicate
    /// keys (among them keys equal only as Swift compares Strings: U+212A KELVIN SIGN is "K"; é precomposed,
    /// decomposed and escaped).
    static let documents: [String] = [
        #"{"a":1,"b":{"x":1,"x":2,"x":3},"a":[1,{"k":1,"\u006b":2}],"K":1,"K":2,"s":"t\u00e9\n\"q","e":[],"o":{},"n":[[],1],"m":[{},2]}"#,
        "{\"\\u00e9\": 1, \"\u{e9}\": 2, \"e\u{301}\": 3}",
        "\u{FEFF}  [null, true, false, -0.5e+10, 12345678901234567890, \"\", \"a/b\\/c\", [[[]]], {\"\": {}}]\n",
        "{\"layers\": [{\"paint\": {}, \"id\": \"x\", \"type\": \"fill\", \"id\": \"y\"}], \"version\": 8, \"sources\": {}}",
        "{\"q\": [{\"a\": {\"z\": 1, \"z\": 2, \"z\": 3}}]}",
        "{\"1\":1,\"2\":2,\"3\":3,\"4\":4,\"5\":5,\"6\":6,\"7\":7,\"8\":8,\"9\":9,\"10\":10,\"3\":30,\"\\u0031\":100}",
        "\"\u{1F5FA} \\ud83d\\uddfa\"",
        "  42  ",
        "[\"a very long string value that is over sixty-four bytes in length, so not shared\", 1]",
    ]

    static let refused: [String] = [
        "[1, 2,", "{\"a\":1,}", "{\"a\" 1}", "\"\\ud800\"", "", "{\"a\":01}", "[tru]", "{}{}", "\"a\u{1}\"", "[\"\\q\"]",
    ]

    @Test func entriesAreSixteenBytes() {
        #expect(JSONTape.entrySize == 16)
        #expect(MemoryLayout<JSONNode>.stride == 24, "the tree's node, which the tape is measured against")
    }

    @Test(arguments: documents.indices)
    func readsAsTheTreeParserDoes(index: Int) throws {
        let file = SourceFile(name: "doc.json", bytes: Array(Self.documents[index].utf8))
        try expectSameReading(file)
    }

    @Test(arguments: refused.indices)
    func refusesWithTheSameError(index: Int) {
        let file = SourceFile(name: "bad.json", bytes: Array(Self.refused[index].utf8))
        let treeError = Result { () throws(JSONSyntaxError) in try JSONParser().parse(file) }
        let tapeError = Result { () throws(JSONSyntaxError) in try JSONParser().parseTape(file) }
        guard case .failure(let expected) = treeError, case .failure(let found) = tapeError else {
            Issue.record("both parsers must refuse \(Self.refused[index])")
            return
        }
        #expect(found.kind == expected.kind)
        #expect(found.location == expected.location)
        #expect(found.message == expected.message)
    }

    @Test func invalidUTF8IsRefusedAtTheSameByte() {
        for bytes: [UInt8] in [[0x22, 0x61, 0xFF, 0x22], [0x22, 0x5C, 0x6E, 0xC3, 0x22], [0x5B, 0xC3, 0x5D]] {
            let file = SourceFile(name: "bad.json", bytes: bytes)
            let tree = Result { () throws(JSONSyntaxError) in try JSONParser().parse(file) }
            let tape = Result { () throws(JSONSyntaxError) in try JSONParser().parseTape(file) }
            guard case .failure(let expected) = tree, case .failure(let found) = tape else {
                Issue.record("both parsers must refuse \(bytes)")
                continue
            }
            #expect(found.location == expected.location && found.message == expected.message)
        }
    }

    @Test func laterValueAtTheEarlierKeysPlace() throws {
        let tape = try JSONParser().parseTape(#"{"a": 1, "b": 2, "a": 3}"#)
        let members = tape.members(ofObjectAt: 0)
        #expect(members.map { tape.key(of: $0) } == ["a", "b"])
        #expect(members.map { tape.number(at: $0.value)?.text } == ["3", "2"])
        #expect(tape.string(at: 0) == nil && tape.number(at: members[0].key) == nil, "no text of another kind's entry")
        #expect(tape.location(at: members[0].lastKey).offset == 17)
        #expect(JSONWriter(style: .compact).bytes(tape) == Array("{\"a\":3,\"b\":2}\n".utf8))
    }

    @Test func memberOrderIsHowObjectsAreWritten() throws {
        let tape = try JSONParser().parseTape(#"{"b": [1, {"y": 1, "x": 2}], "a": null}"#)
        let root = tape.members(ofObjectAt: 0)
        let inner = tape.elements(ofArrayAt: root[0].value)[1]
        let order = [0: root.reversed() as [JSONTape.Member], inner: tape.members(ofObjectAt: inner).reversed()]
        #expect(String(decoding: JSONWriter(style: .compact).bytes(tape, memberOrder: order), as: UTF8.self)
                == "{\"a\":null,\"b\":[1,{\"x\":2,\"y\":1}]}\n")
    }

    /// A tree parser fix found by comparing the two: a key written three times in a nested object was reported
    /// the first time at the root's path, because the object was looked up by a key location it no longer had.
    @Test func duplicateKeyPathOfAKeyWrittenThreeTimes() throws {
        let document = try JSONParser().parse(#"{"q": [{"a": {"z": 1, "z": 2, "z": 3}}]}"#)
        #expect(document.duplicateKeys.map(\.objectPath.mapLibreNotation) == ["q[0].a", "q[0].a"])
    }

    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)), arguments: SharedData.corpusStyles)
    func readsEveryCorpusStyleAsTheTreeParserDoes(style: URL) throws {
        let file = SourceFile(name: style.lastPathComponent, bytes: Array(try Data(contentsOf: style)))
        try expectSameReading(file)
    }

    private func expectSameReading(_ file: SourceFile, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let document = try JSONParser().parse(file)
        let tape = try JSONParser().parseTape(file)
        let rebuilt = tape.node()
        let sameTree = rebuilt == document.root
        #expect(sameTree, "the tape's tree", sourceLocation: sourceLocation)
        #expect(firstDifference(locations(of: rebuilt), locations(of: document.root)) == nil, "every value's and key's location",
                sourceLocation: sourceLocation)
        #expect(tape.duplicateKeys == document.duplicateKeys, sourceLocation: sourceLocation)
        for style in [JSONWriter.Style.pretty, .compact] {
            let writer = JSONWriter(style: style)
            #expect(firstDifference(writer.bytes(tape), writer.bytes(document.root)) == nil, "\(style)", sourceLocation: sourceLocation)
            var pieces: [UInt8] = []
            writer.write(tape, chunkSize: 64) { pieces += $0 }
            #expect(firstDifference(pieces, writer.bytes(document.root)) == nil, "\(style), written in pieces", sourceLocation: sourceLocation)
        }
    }

    /// Every location in the tree, in walk order: values, then keys (as offsets, with the path that leads there).
    private func locations(of root: JSONNode) -> [String] {
        var found: [String] = []
        root.walk { path, node in
            found.append("\(path.mapLibreNotation)@\(node.location?.offset ?? -1)")
            for member in node.objectValue?.members ?? [] {
                found.append("\(path.mapLibreNotation)#\(member.key)@\(member.keyLocation?.offset ?? -1)")
            }
        }
        return found
    }
}
