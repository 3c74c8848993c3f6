import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleCompiler

/// The output folder with outputs held as chunks: what is compared with the files already there, and what is
/// written in their place.
@Suite struct OutputFolderTests {
    static func cut(_ bytes: [UInt8], every size: Int) -> ChunkedBytes {
        var chunked = ChunkedBytes()
        for start in stride(from: 0, to: bytes.count, by: size) {
            bytes[start..<min(start + size, bytes.count)].withUnsafeBufferPointer { chunked.append($0) }
        }
        return chunked
    }

    /// A file holds chunked bytes only when every byte matches, wherever the chunks and the reads are cut
    /// (1,200,000 bytes: two reads of the comparison's 1 MiB buffer, each compared across chunks of 7 to the
    /// whole file).
    @Test func aFileHoldsChunksOnlyWhenEveryByteMatches() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = (0..<1_200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let path = folder.appendingPathComponent("style.json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        for size in [7, 16_384, 65_536, 1_200_000] {
            #expect(OutputFolder.holds(path, Self.cut(bytes, every: size)), "chunks of \(size)")
            for changedAt in [0, 16_383, 65_536, 1_048_575, 1_048_576, 1_199_999] {
                var changed = bytes
                changed[changedAt] &+= 1
                #expect(
                    !OutputFolder.holds(path, Self.cut(changed, every: size)), "chunks of \(size), byte \(changedAt)")
            }
        }
        #expect(!OutputFolder.holds(path, Self.cut(Array(bytes.dropLast()), every: 16_384)))
        #expect(!OutputFolder.holds(path, Self.cut(bytes + [0], every: 16_384)))
        #expect(!OutputFolder.holds(folder.path, ChunkedBytes()))
        #expect(!OutputFolder.holds(folder.appendingPathComponent("missing.json").path, ChunkedBytes()))
    }

    /// Chunked outputs are written whole, and a rewrite with one byte changed in the last chunk replaces the
    /// file while the unchanged one keeps its inode (it is linked, not written).
    @Test func chunkedOutputsAreWrittenWholeAndOnlyWhenChanged() throws {
        let parent = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let out = OutputFolder(path: parent.appendingPathComponent("out").path)
        let style = (0..<50_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        // A compile's folder: its manifest lists what it wrote (only that is replaced the next time).
        let manifest = Array(#"{"variants": [{"style": {"path": "style.json"}}]}"#.utf8)
        try out.write([
            OutputFile(path: "style.json", contents: Self.cut(style, every: 16_384)),
            OutputFile(path: "manifest.json", bytes: manifest),
        ])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out.path + "/style.json")) == Data(style))
        let inode = { (name: String) throws -> Int in
            try (FileManager.default.attributesOfItem(atPath: out.path + "/" + name)[.systemFileNumber] as? Int) ?? -1
        }
        let (styleInode, manifestInode) = (try inode("style.json"), try inode("manifest.json"))
        var changed = style
        changed[49_999] = UInt8(ascii: "!")
        try out.write([
            OutputFile(path: "style.json", contents: Self.cut(changed, every: 16_384)),
            OutputFile(path: "manifest.json", bytes: manifest),
        ])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out.path + "/style.json")) == Data(changed))
        #expect(try inode("style.json") != styleInode)
        #expect(try inode("manifest.json") == manifestInode)
    }

    /// A symbolic link given as the output folder stays a link, to a folder that exists or not yet, and the
    /// outputs go where it leads (before, the exchange put a real folder in the link's place and left its
    /// target empty). Relative links count from their own folder, and chains are followed.
    @Test func aLinkedOutputFolderStaysALink() throws {
        let parent = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let manager = FileManager.default
        try manager.createDirectory(
            at: parent.appendingPathComponent("targets/existing"), withIntermediateDirectories: true)
        try manager.createDirectory(at: parent.appendingPathComponent("links"), withIntermediateDirectories: false)
        try manager.createSymbolicLink(
            atPath: parent.appendingPathComponent("links/existing").path, withDestinationPath: "../targets/existing")
        try manager.createSymbolicLink(
            atPath: parent.appendingPathComponent("links/new").path, withDestinationPath: "../targets/new")
        try manager.createSymbolicLink(
            atPath: parent.appendingPathComponent("chain").path, withDestinationPath: "links/existing")
        let files = [
            OutputFile(path: "style.json", bytes: Array("{}\n".utf8)),
            OutputFile(path: "tilejson/a.json", bytes: Array("{}\n".utf8)),
            OutputFile(
                path: "manifest.json",
                bytes: Array(
                    #"{"variants": [{"style": {"path": "style.json"}}], "sources": [{"tileJson": "tilejson/a.json"}]}"#
                        .utf8)),
        ]
        let cases = [
            ("links/existing", "../targets/existing", "targets/existing"),
            ("links/new", "../targets/new", "targets/new"),
            ("chain", "links/existing", "targets/existing"),
        ]
        for (link, destination, target) in cases {
            let out = OutputFolder(path: parent.appendingPathComponent(link).path)
            try out.write(files)
            #expect(
                try manager.destinationOfSymbolicLink(atPath: parent.appendingPathComponent(link).path) == destination,
                "\(link)")
            #expect(
                manager.contents(atPath: parent.appendingPathComponent(target + "/tilejson/a.json").path)
                    == Data("{}\n".utf8), "\(link)")
        }
        #expect(
            try manager.contentsOfDirectory(atPath: parent.appendingPathComponent("links").path).sorted() == [
                "existing", "new",
            ])
        #expect(
            try manager.contentsOfDirectory(atPath: parent.appendingPathComponent("targets").path).sorted() == [
                "existing", "new",
            ])
    }

    /// A single file written atomically through a symbolic link replaces the file the link leads to, and the
    /// link stays (as `format --in-place`, `redact`, `migrate` and `fetch-base` write); messages name the path given.
    @Test func anAtomicWriteGoesThroughALink() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let real = folder.appendingPathComponent("shared-style.json").path
        let link = folder.appendingPathComponent("style.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: real)
        try manager.createSymbolicLink(atPath: link, withDestinationPath: "shared-style.json")
        try AtomicFileWriter().write(Array("new".utf8), to: link)
        #expect(try manager.destinationOfSymbolicLink(atPath: link) == "shared-style.json")
        #expect(manager.contents(atPath: real) == Data("new".utf8))
        #expect((try manager.attributesOfItem(atPath: real)[.posixPermissions] as? Int) == 0o600)
        // Without following, the link itself is replaced (what OutputFolder's own staging files want).
        try AtomicFileWriter(followsLinks: false).write(Array("own".utf8), to: link)
        #expect((try? manager.destinationOfSymbolicLink(atPath: link)) == nil)
        #expect(manager.contents(atPath: real) == Data("new".utf8))
        #expect(try manager.contentsOfDirectory(atPath: folder.path).sorted() == ["shared-style.json", "style.json"])
    }
}
