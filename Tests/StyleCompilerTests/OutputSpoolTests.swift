import Foundation
import LocatedJSON
import Testing
import TestSupport
@testable import StyleCompiler

/// Styles streamed to disk as they are written: compared with the output folder's file while equal, spooled
/// beside the folder from the first difference, moved into place by the folder's write, removed on failure.
@Suite struct OutputSpoolTests {
    /// A style whose pretty output is about 1.4 MB: more than five of the spool's reads of the old file.
    static let style: JSONNode = {
        let layers = (0..<6_000).map { index in
            JSONNode.object(["id": .string("layer-\(index)"), "type": .string("line"),
                             "paint": .object(["line-width": .array([.string("get"), .string("w\(index % 97)")])])])
        }
        return .object(["version": .number(8), "layers": .array(layers)])
    }()
    static let pretty = JSONWriter(style: .pretty)

    private static func spool(into folder: OutputFolder) -> OutputFile? {
        OutputSpool.stream(style, with: pretty, as: "style.json", beside: folder)
    }

    private static func spools(in parent: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0.contains("mc-style-spool") }
    }

    /// Without a file to compare with, every byte goes to a spool beside the folder, hashed on the way.
    @Test func aNewFileIsSpooledBesideTheFolder() throws {
        let parent = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = OutputFolder(path: parent.appendingPathComponent("out").path)
        let file = try #require(Self.spool(into: folder))
        let expected = Self.pretty.bytes(Self.style)
        let spoolPath = try #require(file.spoolPath)
        #expect(spoolPath.hasPrefix(parent.path + "/.out.mc-style-spool-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: spoolPath)) == Data(expected))
        #expect(file.sha256 == SHA256.hex(expected))
        #expect(file.contents == expected)
        #expect(try FileManager.default.attributesOfItem(atPath: spoolPath)[.posixPermissions] as? Int == 0o600)
        try folder.write([file])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/style.json")) == Data(expected))
        #expect(try Self.spools(in: parent).isEmpty)
    }

    /// When the folder's file already holds the bytes, nothing is written: no spool, and the write that follows
    /// leaves the file (its inode) as it was.
    @Test func anEqualFileIsOnlyRead() throws {
        let parent = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = OutputFolder(path: parent.appendingPathComponent("out").path)
        try folder.write([OutputFile(path: "style.json", bytes: Self.pretty.bytes(Self.style))])
        let inode = try FileManager.default.attributesOfItem(atPath: folder.path + "/style.json")[.systemFileNumber] as? Int
        let file = try #require(Self.spool(into: folder))
        #expect(file.spoolPath == nil)
        #expect(try Self.spools(in: parent).isEmpty)
        #expect(file.sha256 == SHA256.hex(Self.pretty.bytes(Self.style)))
        try folder.write([file])
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path + "/style.json")[.systemFileNumber] as? Int == inode)
    }

    /// A file that differs anywhere (its first byte, across a read of the old file, its last byte, shorter,
    /// longer) is replaced by exactly the new bytes, with the old file's permission bits.
    @Test func aDifferentFileIsReplacedByExactlyTheNewBytes() throws {
        let expected = Self.pretty.bytes(Self.style)
        let readSize = OutputSpool.readSize
        var olds: [(String, [UInt8])] = []
        for position in [0, 65_535, readSize - 1, readSize, 2 * readSize + 7, expected.count - 1] {
            var old = expected
            old[position] &+= 1
            olds.append(("byte \(position)", old))
        }
        olds.append(("shorter", Array(expected.dropLast(3))))
        olds.append(("longer", expected + Array("  ".utf8)))
        olds.append(("empty", []))
        for (label, old) in olds {
            let parent = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(at: parent) }
            let folder = OutputFolder(path: parent.appendingPathComponent("out").path)
            try folder.write([OutputFile(path: "style.json", bytes: old)])
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder.path + "/style.json")
            let file = try #require(Self.spool(into: folder), "\(label)")
            #expect(file.spoolPath != nil, "\(label)")
            #expect(file.contents == expected, "\(label)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/style.json")) == Data(old), "\(label): untouched until written")
            try folder.write([file])
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/style.json")) == Data(expected), "\(label)")
            #expect(try FileManager.default.attributesOfItem(atPath: folder.path + "/style.json")[.posixPermissions] as? Int == 0o640, "\(label)")
            #expect(try Self.spools(in: parent).isEmpty, "\(label)")
        }
    }

    /// No spool can be made where the folder's parent is missing: the caller then holds the bytes in memory.
    @Test func noSpoolWithoutAParentFolder() throws {
        let parent = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        #expect(Self.spool(into: OutputFolder(path: parent.appendingPathComponent("missing/out").path)) == nil)
    }

    /// A write that fails removes the spools it was given; a write that succeeds removes a killed run's spools
    /// but not its own.
    @Test func spoolsAreRemovedOnFailureAndLeftoversOnTheNextWrite() throws {
        let parent = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let blocked = OutputFolder(path: parent.appendingPathComponent("blocked").path)
        FileManager.default.createFile(atPath: blocked.path, contents: Data("a file".utf8))
        let file = try #require(Self.spool(into: blocked))
        #expect(file.spoolPath != nil)
        #expect(throws: OutputError.self) { try blocked.write([file]) }
        #expect(try Self.spools(in: parent).isEmpty)

        let folder = OutputFolder(path: parent.appendingPathComponent("out").path)
        let leftover = parent.appendingPathComponent(".out.mc-style-spool-AbC123").path
        FileManager.default.createFile(atPath: leftover, contents: Data("killed".utf8))
        let other = parent.appendingPathComponent(".other.mc-style-spool-AbC123").path
        FileManager.default.createFile(atPath: other, contents: Data("another folder's".utf8))
        let fresh = try #require(Self.spool(into: folder))
        try folder.write([fresh])
        #expect(try Self.spools(in: parent) == [".other.mc-style-spool-AbC123"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/style.json")) == Data(Self.pretty.bytes(Self.style)))
    }

    /// The folder's file found equal while the bytes were written but gone or changed before the write: the
    /// write fails instead of leaving the folder without it.
    @Test func aFileChangedDuringTheCompileFailsTheWrite() throws {
        let parent = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = OutputFolder(path: parent.appendingPathComponent("out").path)
        try folder.write([OutputFile(path: "style.json", bytes: Self.pretty.bytes(Self.style)),
                          OutputFile(path: "manifest.json", bytes: Array("{}\n".utf8))])
        let file = try #require(Self.spool(into: folder))
        #expect(file.spoolPath == nil)
        try FileManager.default.removeItem(atPath: folder.path + "/style.json")
        #expect(throws: OutputError.self) { try folder.write([file, OutputFile(path: "manifest.json", bytes: Array("[]\n".utf8))]) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/manifest.json")) == Data("{}\n".utf8))
    }
}
