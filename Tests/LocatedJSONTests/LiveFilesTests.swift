import Testing

@testable import LocatedJSON

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

    @Test func numbersComeInTurnAndRunOutToZero() {
        let table = LiveFiles(limit: 5)
        #expect((0..<4).map { _ in table.enter() } == [1, 2, 3, 4])
        #expect(table.enter() == 0, "every number below the limit is in use")
        table.remove(2)
        #expect(table.enter() == 2, "the one free number")
        table.remove(3)
        table.remove(1)
        #expect(table.enter() == 3, "in turn from the last one taken (2), not the lowest free one")
        #expect(table.enter() == 1)
        #expect(table.enter() == 0)
    }

    @Test func aNodeTakesTwentyFourBytesAndKeepsItsPackedParts() {
        #expect(MemoryLayout<JSONNode>.stride == 24)
        let file = SourceFile(name: "c.yaml", bytes: Array("key: value".utf8))
        var node = JSONNode(
            .string("value"), location: SourceLocation(file: file, offset: 5), scalarStyle: .folded, isSecret: true)
        #expect(node.scalarStyle == .folded && node.isSecret && node.location?.offset == 5 && node.isRead(from: file))
        node.isSecret = false
        node.scalarStyle = .singleQuoted
        #expect(node.scalarStyle == .singleQuoted && !node.isSecret && node.isRead(from: file))
        node.location = nil
        #expect(node.location == nil && node.scalarStyle == .singleQuoted)
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
