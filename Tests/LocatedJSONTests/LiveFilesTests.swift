import Testing
import LocatedJSON

/// Nodes name their file by number and find it among the files alive (`SourceFile.alive(_:)`): a location is
/// there while something holds the file, and the file is not kept by its nodes.
@Suite struct LiveFilesTests {
    @Test func aNodeFindsItsFileWhileSomethingHoldsIt() throws {
        var file: SourceFile? = SourceFile(name: "a.json", bytes: Array(#"{"a": [1, true]}"#.utf8))
        let id = try #require(file?.id)
        let root = try JSONParser().parse(try #require(file)).root
        #expect(root["a"]?[1]?.location?.description == "a.json:1:11")
        #expect(root.objectValue?.members.first?.keyLocation?.offset == 1)
        #expect(SourceFile.alive(id) === file)

        weak let released = file
        file = nil
        #expect(released == nil, "the tree does not keep its file")
        #expect(SourceFile.alive(id) == nil)
        #expect(root["a"]?[1]?.location == nil)
        #expect(root["a"]?[1]?.sourceOffset == 10, "the offset stays")
        #expect(root.objectValue?.members.first?.keySourceOffset == 1)
        #expect(root["a"]?[1]?.boolValue == true)
    }

    @Test func numbersAreDistinctAndNeverZero() {
        let files = (0..<1_000).map { SourceFile(name: "f\($0)", bytes: []) }
        let ids = Set(files.map(\.id))
        #expect(ids.count == files.count)
        #expect(!ids.contains(0))
        #expect(files.allSatisfy { SourceFile.alive($0.id) === $0 })
        #expect(SourceFile.alive(0) == nil)
    }

    @Test func aNodeMadeByTheProgramHasNoFile() {
        let node = JSONNode(.string("x"))
        #expect(node.location == nil)
        #expect(node.sourceOffset == nil)
        let file = SourceFile(name: "b.json", bytes: Array("  7".utf8))
        let placed = JSONNode(.string("x"), location: SourceLocation(file: file, offset: 2))
        #expect(placed.location?.description == "b.json:1:3")
        #expect(placed.isRead(from: file))
        #expect(!node.isRead(from: file))
    }

    @Test func treesParsedFromTextKeepTheirLocations() throws {
        // The text conveniences return trees whose callers hold no file: those files stay until the process exits.
        let root = try JSONParser().parse("{\n  \"k\": null\n}", name: "text.json").root
        #expect(root["k"]?.location?.description == "text.json:2:8")
    }
}
