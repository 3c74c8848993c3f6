import Dispatch
import Testing

@testable import LocatedJSON

/// Nodes name their file by its number in a `SourceFiles` table, and their locations are found through that
/// table or through the file: no registry outside the tables their owners hold.
@Suite struct SourceFilesTests {
    @Test func aNodeIsFoundThroughItsTableAndItsFile() throws {
        let files = SourceFiles()
        let file = files.add(name: "a.json", bytes: Array(#"{"a": [1, true]}"#.utf8))
        let root = try JSONParser().parse(file).root
        #expect(files.location(of: root["a"]?[1])?.description == "a.json:1:11")
        #expect(file.location(of: root["a"]?[1])?.description == "a.json:1:11")
        #expect(files.keyLocation(of: root.objectValue?.members.first)?.offset == 1)
        #expect(file.keyLocation(of: root.objectValue?.members.first)?.offset == 1)
        #expect(root["a"]?[1]?.sourceOffset == 10)
        #expect(files.location(of: nil) == nil && files.keyLocation(of: nil) == nil)
    }

    @Test func aFileDoesNotPlaceAnotherFilesNodes() throws {
        let files = SourceFiles()
        let first = files.add(name: "first.json", bytes: Array("[1]".utf8))
        let second = files.add(name: "second.json", bytes: Array("  [2]".utf8))
        let fromSecond = try JSONParser().parse(second).root
        #expect(first.location(of: fromSecond) == nil)
        #expect(second.location(of: fromSecond)?.description == "second.json:1:3")
        #expect(files.location(of: fromSecond)?.file === second, "the table finds each file by its number")
    }

    @Test func numbersCountFromOneInEachTable() {
        let files = SourceFiles()
        let added = (0..<1_000).map { files.add(name: "f\($0)", bytes: []) }
        #expect(added.map(\.id) == (1...1_000).map(UInt32.init))
        #expect(added.allSatisfy { files.file(numbered: $0.id) === $0 })
        #expect(files.file(numbered: 0) == nil, "0 is the number of no file")
        #expect(files.file(numbered: 1_001) == nil, "a number the table did not give")
        #expect(files.all.count == 1_000)
        let other = SourceFiles()
        #expect(other.add(name: "g", bytes: []).id == 1, "numbers are per table")
        #expect(other.file(numbered: 2) == nil)
    }

    @Test func filesAddedFromTwoThreadsGetDistinctNumbers() {
        let files = SourceFiles()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for index in 0..<500 { _ = files.add(name: "t\(thread)-\(index)", bytes: []) }
        }
        let numbers = files.all.map(\.id)
        #expect(numbers == (1...1_000).map(UInt32.init))
        #expect(Set(files.all.map(\.name)).count == 1_000)
    }

    @Test func theTableHoldsItsFilesAndIsFreedWithThem() throws {
        var files: SourceFiles? = SourceFiles()
        var root: JSONNode?
        do {
            let file = try #require(files?.add(name: "kept.json", bytes: Array("{\n \"k\": 1}".utf8)))
            root = try JSONParser().parse(file).root
        }
        #expect(files?.location(of: root?["k"])?.description == "kept.json:2:7", "the table keeps the file")
        weak let file = files?.file(numbered: 1)
        files = nil
        #expect(file == nil, "the table's owner going frees its files: nothing else holds them")
        #expect(root?["k"]?.sourceOffset == 8, "the tree keeps its offsets")
    }

    @Test func aNodeTakesTwentyFourBytesAndKeepsItsPackedParts() {
        #expect(MemoryLayout<JSONNode>.stride == 24)
        let file = SourceFiles().add(name: "c.yaml", bytes: Array("key: value".utf8))
        var node = JSONNode(
            .string("value"), location: SourceLocation(file: file, offset: 5), scalarStyle: .folded, isSecret: true)
        #expect(node.scalarStyle == .folded && node.isSecret && file.location(of: node)?.offset == 5)
        #expect(node.isRead(from: file) && node.fileNumber == file.id)
        node.isSecret = false
        node.scalarStyle = .singleQuoted
        #expect(node.scalarStyle == .singleQuoted && !node.isSecret && node.isRead(from: file))
        node.place(at: nil)
        #expect(file.location(of: node) == nil && node.sourceOffset == nil && node.scalarStyle == .singleQuoted)
    }

    @Test func aNodeMadeInPlaceOfAnotherStandsWhereItDid() throws {
        let document = try JSONParser().parse("[\n  [1, 2]\n]", name: "p.json")
        let inner = try #require(document.root[0])
        let made = JSONNode(.string("made"), placedAs: inner)
        #expect(document.location(of: made)?.description == "p.json:2:3")
        #expect(document.location(of: JSONNode(.null, placedAs: nil)) == nil)
    }

    @Test func aNodeMadeByTheProgramHasNoFile() {
        let node = JSONNode(.string("x"))
        let file = SourceFiles().add(name: "b.json", bytes: Array("  7".utf8))
        #expect(file.location(of: node) == nil)
        #expect(node.sourceOffset == nil)
        let placed = JSONNode(.string("x"), location: SourceLocation(file: file, offset: 2))
        #expect(file.location(of: placed)?.description == "b.json:1:3")
        #expect(placed.isRead(from: file))
        #expect(!node.isRead(from: file))
    }

    @Test func documentsParsedFromTextPlaceTheirNodes() throws {
        let document = try JSONParser().parse("{\n  \"k\": null\n}", name: "text.json")
        #expect(document.location(of: document.root["k"])?.description == "text.json:2:8")
        #expect(document.keyLocation(of: document.root.objectValue?.members.first)?.description == "text.json:2:3")
        let files = SourceFiles()
        let kept = try JSONParser().parse(bytes: Array("[0]".utf8), name: "kept.json", into: files)
        #expect(files.all.first === kept.file)
    }
}

extension SourceFilesTests {
    @Test func aFileOfAnotherTableIsAdoptedWithItsBytes() throws {
        let files = SourceFiles()
        let own = files.add(name: "own.json", bytes: Array("[1]".utf8))
        #expect(files.adopting(own) === own, "a file of the table is itself")
        let elsewhere = SourceFiles().add(name: "else.json", bytes: Array("\n [2]".utf8))
        let adopted = files.adopting(elsewhere)
        #expect(adopted !== elsewhere && adopted.id == 2 && adopted.name == "else.json")
        #expect(adopted.bytes == elsewhere.bytes)
        let root = try JSONParser().parse(adopted).root
        #expect(files.location(of: root)?.description == "else.json:2:2")
    }
}
