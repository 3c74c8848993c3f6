import TestSupport
import Testing

@testable import LocatedJSON

@Suite struct JSONModelTests {
    @Test func numbersKeepTheirText() throws {
        let text = "[0.10, 1e400, 12345678901234567890, -0, 1E-7, 2.50e+3]"
        let document = try JSONParser().parse(text)
        let numbers = document.root.arrayValue?.compactMap(\.numberValue?.text)
        #expect(numbers == ["0.10", "1e400", "12345678901234567890", "-0", "1E-7", "2.50e+3"])
        #expect(
            JSONWriter(style: .compact).string(document.root) == "[0.10,1e400,12345678901234567890,-0,1E-7,2.50e+3]\n")
        #expect(document.root[0]?.numberValue?.doubleValue == 0.1)
        #expect(document.root[1]?.numberValue?.doubleValue == .infinity)
        #expect(document.root[2]?.numberValue?.intValue == nil)
        #expect(JSONNumber(3.0).text == "3")
        #expect(JSONNumber(0.25).text == "0.25")
    }

    @Test func equalValuesHashAlikeWhereverTheyStand() throws {
        let document = try JSONParser().parse(
            #"[{"a": [1, "x", null]}, {"a": [1, "x", null]}, {"a": [1.0, "x", null]}, [{"a": [1, "x", null]}]]"#)
        let items = try #require(document.root.arrayValue)
        #expect(document.location(of: items[0]) != document.location(of: items[1]))
        #expect(items[0] == items[1] && items[0].hashValue == items[1].hashValue)
        // Numbers by their text, as `==` compares them; a different shape is a different value.
        #expect(items[0] != items[2])
        #expect(Set(items).count == 3)
        #expect(Set([JSONNode(.array([])), JSONNode(.object(JSONObject())), JSONNode(.null)]).count == 3)
        // Strings that `==` takes as one (canonically equivalent spellings) hash alike too.
        let composed = JSONNode(.array([.string("caf\u{E9}")]))
        let decomposed = JSONNode(.array([.string("cafe\u{301}")]))
        #expect(composed == decomposed && composed.hashValue == decomposed.hashValue)
        #expect(JSONNode(.string("cafe")).hashValue != JSONNode(.string("caf\u{E9}")).hashValue)
    }

    @Test func objectsBuiltFromMembersKeepOrderAndLetALaterDuplicateReplace() {
        for count in [3, JSONObject.indexThreshold, JSONObject.indexThreshold + 1, 40] {
            let keys = (0..<count).map { "k\($0)" }
            let unique = JSONObject(keys.map { JSONMember(key: $0, value: .string($0)) })
            #expect(unique.keys == keys)
            #expect(keys.allSatisfy { unique[$0]?.stringValue == $0 })
            #expect(unique["absent"] == nil)
            // A repeated key keeps its first place and takes the later value, small object or indexed one.
            let repeated = JSONObject(
                keys.map { JSONMember(key: $0, value: .integer(1)) } + [JSONMember(key: "k1", value: .integer(2))])
            #expect(repeated.keys == keys)
            #expect(repeated["k1"]?.numberValue?.text == "2")
            #expect(keys.last.map { repeated[$0]?.numberValue?.text } == "1")
            // Without a key index the same object, found the same way, and one whose next member is found too.
            var unindexed = JSONObject(
                unindexed: keys.map { JSONMember(key: $0, value: .integer(1)) } + [
                    JSONMember(key: "k1", value: .integer(2))
                ])
            #expect(unindexed == repeated)
            #expect(
                keys.allSatisfy { unindexed[$0] != nil } && unindexed["k1"]?.numberValue?.text == "2"
                    && unindexed["absent"] == nil)
            unindexed["added"] = .integer(5)
            unindexed["k0"] = .integer(6)
            #expect(unindexed.keys == keys + ["added"])
            #expect(unindexed["added"]?.numberValue?.text == "5" && unindexed["k0"]?.numberValue?.text == "6")
        }
        let built = JSONNode.object(["a": .integer(1), "b": nil, "c": .integer(3), "a": .integer(4)])
        #expect(built.objectValue?.keys == ["a", "c"])
        #expect(built["a"]?.numberValue?.text == "4")
    }

    @Test func keyOrderIsKeptAsWritten() throws {
        let keys = (0..<40).map { "k\(39 - $0)" }
        let text = "{" + keys.map { "\"\($0)\": 1" }.joined(separator: ", ") + "}"
        let document = try JSONParser().parse(text)
        #expect(document.root.objectValue?.keys == keys)
        #expect(document.root["k7"] != nil)
    }

    @Test func locationsPointAtEachValueAndKey() throws {
        let (text, marks) = markedPositions("{\n  ⟦\"layers\": [\n    ⟦{\"id\": ⟦\"bg\"}\n  ]\n}")
        let document = try JSONParser().parse(text, name: "style.json")
        let member = try #require(document.root.objectValue?.member(forKey: "layers"))
        #expect(
            document.keyLocation(of: member)?.position == SourcePosition(line: marks[0].line, column: marks[0].column))
        #expect(
            document.location(of: document.root["layers"]?[0])?.position
                == SourcePosition(line: marks[1].line, column: marks[1].column))
        #expect(
            document.location(of: document.root["layers"]?[0]?["id"])?.position
                == SourcePosition(line: marks[2].line, column: marks[2].column))
        #expect(document.location(of: document.root["layers"]?[0]?["id"])?.description == "style.json:3:12")
    }

    @Test func columnsCountUnicodeScalarsAndAllLineEndingsCount() throws {
        let (text, marks) = markedPositions("{\"名前\": \"ü\",\r\n \"x\":\r ⟦tru}")
        do {
            _ = try JSONParser().parse(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.location.position == SourcePosition(line: marks[0].line, column: marks[0].column))
            #expect(marks[0].line == 3)
        }
        let file = SourceFiles().add(name: "x", bytes: Array("ab\r\ncd\ref\ngh".utf8))
        #expect(file.lineCount == 4)
        #expect(file.lineText(2) == "cd")
        #expect(file.position(ofOffset: 7) == SourcePosition(line: 3, column: 1))
        // Without a carriage return the line feeds are found by memchr: the same lines, byte-order mark and all.
        let unix = SourceFiles().add(name: "u", bytes: [0xEF, 0xBB, 0xBF] + Array("ab\ncdé\n\nx".utf8))
        #expect(unix.lineCount == 4)
        #expect((1...4).map { unix.lineText($0) } == ["ab", "cdé", "", "x"])
        #expect(unix.position(ofOffset: 3) == SourcePosition(line: 1, column: 1))
        #expect(unix.position(ofOffset: 10) == SourcePosition(line: 2, column: 4))
        #expect(unix.position(ofOffset: 12) == SourcePosition(line: 4, column: 1))
        #expect(SourceFiles().add(name: "e", bytes: []).lineCount == 1)
        #expect(SourceFiles().add(name: "n", bytes: Array("\n".utf8)).lineCount == 2)
        #expect(SourceFiles().add(name: "b", bytes: [0xEF, 0xBB, 0xBF]).lineCount == 1)
    }

    @Test func duplicateKeysAreReportedWithBothLocations() throws {
        let (text, marks) = markedPositions(
            "{\"layers\": [{\"id\": \"a\", ⟦\"paint\": {}, \"type\": \"fill\", ⟦\"paint\": {\"x\": 1}}]}")
        let document = try JSONParser().parse(text)
        let duplicate = try #require(document.duplicateKeys.first)
        #expect(document.duplicateKeys.count == 1)
        #expect(duplicate.key == "paint")
        #expect(duplicate.first.position == SourcePosition(line: marks[0].line, column: marks[0].column))
        #expect(duplicate.second.position == SourcePosition(line: marks[1].line, column: marks[1].column))
        #expect(duplicate.objectPath.mapLibreNotation == "layers[0]")
        #expect(document.root["layers"]?[0]?["paint"]?["x"] != nil, "the later value wins")
        #expect(document.root["layers"]?[0]?.objectValue?.keys == ["id", "paint", "type"])
    }

    @Test func pathsInBothNotations() {
        let path = JSONPath([.key("layers"), .index(3), .key("paint"), .key("fill-color")])
        #expect(path.mapLibreNotation == "layers[3].paint.fill-color")
        #expect(path.jsonPointer == "/layers/3/paint/fill-color")
        let escaped = JSONPath([.key("a/b"), .key("m~n"), .index(0)])
        #expect(escaped.jsonPointer == "/a~1b/m~0n/0")
        #expect(JSONPath(jsonPointer: escaped.jsonPointer) == escaped)
        #expect(JSONPath(jsonPointer: "") == .root)
        #expect(JSONPath(jsonPointer: "no-slash") == nil)
        #expect(
            JSONPath([.key("sources"), .key("osm"), .key("tiles"), .index(0)]).mapLibreNotation
                == "sources.osm.tiles[0]")
    }

    @Test func walkVisitsEveryNodeWithItsPath() throws {
        let document = try JSONParser().parse("{\"a\": [1, {\"b\": null}], \"c\": \"d\"}")
        var visited: [String] = []
        document.root.walk { path, _ in visited.append(path.jsonPointer) }
        #expect(visited == ["", "/a", "/a/0", "/a/1", "/a/1/b", "/c"])
        #expect(document.root[JSONPath(jsonPointer: "/a/1/b")!]?.isNull == true)
    }

    @Test func editingKeepsTheOrderOfOtherKeys() throws {
        var object = try #require(
            try JSONParser().parse("{\"version\": 8, \"sources\": {}, \"layers\": []}").root.objectValue)
        object["sources"] = JSONNode(.string("replaced"))
        #expect(object.keys == ["version", "sources", "layers"])
        object.insert(JSONMember(key: "name", value: JSONNode(.string("n"))), at: 1)
        #expect(object.keys == ["version", "name", "sources", "layers"])
        object.removeValue(forKey: "sources")
        #expect(object.keys == ["version", "name", "layers"])
        object["glyphs"] = JSONNode(.string("g"))
        #expect(object.keys == ["version", "name", "layers", "glyphs"])
        object.modifyValue(forKey: "layers") { node in node.value = .array([JSONNode(.null)]) }
        #expect(object["layers"]?.arrayValue?.count == 1)
        #expect(object["glyphs"]?.sourceOffset == nil, "program-made nodes carry no location")
        for index in 0..<20 { object["k\(index)"] = JSONNode(.number(JSONNumber(index))) }
        object.removeValue(forKey: "k3")
        #expect(object["k19"]?.numberValue?.intValue == 19)
        #expect(object.position(ofKey: "k4") == 7)
    }
}
