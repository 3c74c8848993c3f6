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

    /// When the folder's file already holds the bytes, nothing is written: the spool is a second name of that
    /// file, and the write that follows leaves the file (its inode) as it was and removes the spool.
    @Test func anEqualFileIsOnlyRead() throws {
        let parent = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = OutputFolder(path: parent.appendingPathComponent("out").path)
        try folder.write([OutputFile(path: "style.json", bytes: Self.pretty.bytes(Self.style))])
        let inode = try Self.inode(folder.path + "/style.json")
        for _ in 0..<2 {
            let file = try #require(Self.spool(into: folder))
            let spoolPath = try #require(file.spoolPath)
            #expect(try Self.inode(spoolPath) == inode, "the spool is not a link of the folder's file")
            #expect(file.sha256 == SHA256.hex(Self.pretty.bytes(Self.style)))
            #expect(file.contents == Self.pretty.bytes(Self.style))
            try folder.write([file])
            #expect(try Self.inode(folder.path + "/style.json") == inode)
            #expect(try Self.spools(in: parent).isEmpty)
        }
        // Beside another file the folder is rewritten (staged), and the linked style still keeps its inode.
        let file = try #require(Self.spool(into: folder))
        try folder.write([file, OutputFile(path: "manifest.json", bytes: Array("{}\n".utf8))])
        #expect(try Self.inode(folder.path + "/style.json") == inode)
        #expect(try Self.spools(in: parent).isEmpty)
        // A folder that shuts others out gets no link beside it (which would open the file to them): a copy, 0600,
        // and the file the folder still holds stays as it was.
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        let guarded = try #require(Self.spool(into: folder))
        let copy = try #require(guarded.spoolPath)
        #expect(try Self.inode(copy) != inode)
        #expect(try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int == 0o600)
        #expect(guarded.contents == Self.pretty.bytes(Self.style))
        try folder.write([guarded])
        #expect(try Self.inode(folder.path + "/style.json") == inode)
        #expect(try Self.spools(in: parent).isEmpty)
    }

    private static func inode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    }

    /// A file that differs anywhere (its first byte, across a read of the old file, its last byte, shorter,
    /// longer) is replaced by exactly the new bytes, with the old file's permission bits.
    @Test func aDifferentFileIsReplacedByExactlyTheNewBytes() throws {
        let expected = Self.pretty.bytes(Self.style)
        let pieceSize = OutputSpool.pieceSize
        var olds: [(String, [UInt8])] = []
        for position in [0, 65_535, pieceSize - 1, pieceSize, 2 * pieceSize + 7, expected.count - 1] {
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
        #expect(FileManager.default.createFile(atPath: blocked.path, contents: Data("a file".utf8)))
        let file = try #require(Self.spool(into: blocked))
        #expect(file.spoolPath != nil)
        #expect(throws: OutputError.self) { try blocked.write([file]) }
        #expect(try Self.spools(in: parent).isEmpty)

        let folder = OutputFolder(path: parent.appendingPathComponent("out").path)
        let leftover = parent.appendingPathComponent(".out.mc-style-spool-AbC123").path
        #expect(FileManager.default.createFile(atPath: leftover, contents: Data("killed".utf8)))
        let other = parent.appendingPathComponent(".other.mc-style-spool-AbC123").path
        #expect(FileManager.default.createFile(atPath: other, contents: Data("another folder's".utf8)))
        let fresh = try #require(Self.spool(into: folder))
        try folder.write([fresh])
        #expect(try Self.spools(in: parent) == [".other.mc-style-spool-AbC123"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/style.json")) == Data(Self.pretty.bytes(Self.style)))
    }

    /// Spools and staging folders carry their run's process ID: a write removes those of ended runs and keeps
    /// those of runs still going, so compiles into the same folder at once do not remove each other's.
    @Test func onlyLeftoversOfEndedRunsAreRemoved() throws {
        let parent = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/sh")
        ended.arguments = ["-c", "exit 0"]
        try ended.run()
        ended.waitUntilExit()
        let running = getpid()
        let names = [".out.mc-style-spool-\(running)-AbC123", ".out.mc-style-staging-\(running)-AbC123",
                     ".out.mc-style-spool-\(ended.processIdentifier)-AbC123", ".out.mc-style-staging-\(ended.processIdentifier)-AbC123"]
        for name in names {
            if name.contains("staging") {
                try FileManager.default.createDirectory(at: parent.appendingPathComponent(name), withIntermediateDirectories: false)
            } else {
                #expect(FileManager.default.createFile(atPath: parent.appendingPathComponent(name).path, contents: Data("a run's".utf8)))
            }
        }
        let folder = OutputFolder(path: parent.appendingPathComponent("out").path)
        let fresh = try #require(Self.spool(into: folder))
        #expect(try #require(fresh.spoolPath).hasPrefix(parent.path + "/.out.mc-style-spool-\(running)-"))
        try folder.write([fresh])
        let left = try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0.contains("mc-style-") }.sorted()
        #expect(left == [".out.mc-style-spool-\(running)-AbC123", ".out.mc-style-staging-\(running)-AbC123"])
        #expect(OutputFolder.isLeftOver(".out.mc-style-spool-AbC123", after: ".out.mc-style-spool-"), "a name from before IDs were written")
        #expect(OutputFolder.isLeftOver(".out.mc-style-spool-", after: ".out.mc-style-spool-"))
        #expect(!OutputFolder.isLeftOver(".out.mc-style-spool-1-AbC123", after: ".out.mc-style-spool-"), "process 1 always runs")
    }

    /// The folder's file found equal while the bytes were written, then removed or replaced before the write
    /// (by another compile into the same folder, say): the spool still holds the bytes compared, and the write
    /// puts them in place.
    @Test func aFileReplacedDuringTheCompileIsWrittenFromTheSpool() throws {
        let parent = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = OutputFolder(path: parent.appendingPathComponent("out").path)
        let expected = Self.pretty.bytes(Self.style)
        for replacement: [UInt8]? in [nil, expected.map { $0 == UInt8(ascii: "1") ? UInt8(ascii: "2") : $0 }] {
            try folder.write([OutputFile(path: "style.json", bytes: expected), OutputFile(path: "manifest.json", bytes: Array("{}\n".utf8))])
            let file = try #require(Self.spool(into: folder))
            try FileManager.default.removeItem(atPath: folder.path + "/style.json")
            if let replacement {
                #expect(replacement.count == expected.count && replacement != expected)
                try Data(replacement).write(to: URL(fileURLWithPath: folder.path + "/style.json"))
            }
            try folder.write([file, OutputFile(path: "manifest.json", bytes: Array("[]\n".utf8))])
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/style.json")) == Data(expected))
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/manifest.json")) == Data("[]\n".utf8))
            #expect(try Self.spools(in: parent).isEmpty)
        }
    }
}
