import Foundation
import LocatedJSON
import Testing
import TestSupport
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
                #expect(!OutputFolder.holds(path, Self.cut(changed, every: size)), "chunks of \(size), byte \(changedAt)")
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
        let manifest = Array("{}\n".utf8)
        try out.write([OutputFile(path: "style.json", contents: Self.cut(style, every: 16_384)),
                       OutputFile(path: "manifest.json", bytes: manifest)])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out.path + "/style.json")) == Data(style))
        let inode = { (name: String) throws -> Int in
            try (FileManager.default.attributesOfItem(atPath: out.path + "/" + name)[.systemFileNumber] as? Int) ?? -1
        }
        let (styleInode, manifestInode) = (try inode("style.json"), try inode("manifest.json"))
        var changed = style
        changed[49_999] = UInt8(ascii: "!")
        try out.write([OutputFile(path: "style.json", contents: Self.cut(changed, every: 16_384)),
                       OutputFile(path: "manifest.json", bytes: manifest)])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out.path + "/style.json")) == Data(changed))
        #expect(try inode("style.json") != styleInode)
        #expect(try inode("manifest.json") == manifestInode)
    }
}
