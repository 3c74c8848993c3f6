import Foundation
import StyleCompiler
import TestSupport
import Testing

@testable import StylePreview

/// A snapshot folder is the snapshot's own on the next run, and nothing in a baseline that is not a plain picture
/// is read, copied or named as it is.
@Suite struct SnapshotFolderTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 13, 10, 26, 10]

    @Test func aFolderSnapshotWroteIsItsOwnOnTheNextRun() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = OutputFolder(path: folder.appendingPathComponent("out").path, layout: SnapshotFolder.layout)
        let files = [
            OutputFile(path: "japan.light.png", bytes: Self.png), OutputFile(path: "report.md", bytes: Array("#".utf8)),
            OutputFile(path: "report.html", bytes: Array("<p>".utf8)),
            OutputFile(path: "baseline/japan.light.png", bytes: Self.png),
            OutputFile(path: "difference/japan.light.png", bytes: Self.png),
        ]
        try out.write(files)
        try out.write(Array(files.prefix(1)))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["japan.light.png"],
            "the second run replaces the first's report and its folders")
        // Not a compile's folder, though: a compile refuses it, as it refuses anything it did not write.
        #expect(throws: OutputError.self) { try OutputFolder(path: out.path).write([]) }
        try FileManager.default.createSymbolicLink(
            atPath: out.path + "/tokyo.light.png", withDestinationPath: "/proc/self/environ")
        #expect(throws: OutputError.self) { try out.write(files) }
    }

    @Test func aBaselinePictureThatIsALinkIsRefusedWithItsPath() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/japan.light.png", withDestinationPath: "/proc/self/environ")
        let comparison = SnapshotComparison(
            baselineFolder: folder.path, threshold: 0,
            site: PreviewSite(job: CompileJob(declarationsPath: nil), options: PreviewOptions()) { $0.message },
            port: 1,
            browser: Browser(executable: "/bin/false"))
        #expect {
            try comparison.run([OutputFile(path: "japan.light.png", bytes: Self.png)])
        } throws: { error in
            let message = (error as? SnapshotError)?.message ?? ""
            return message.contains("'\(folder.path)/japan.light.png' is a symbolic link")
        }
        // A gone picture (in the baseline, not taken) is read the same way.
        #expect(throws: SnapshotError.self) { try comparison.run([]) }
    }

    @Test func aBaselineNameThatIsNoPlainPictureNameIsRefusedAndShownEscaped() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let forged = "x\n::error file=a.swift,line=1::forged.light.png"
        try Data(Self.png).write(to: folder.appendingPathComponent(forged))
        #expect {
            _ = try SnapshotFolder.pictures(in: folder.path)
        } throws: { error in
            let message = (error as? SnapshotError)?.message ?? ""
            return message.contains("'x\\u{A}::error file=a.swift,line=1::forged.light.png'") && !message.contains("\n")
        }
        for name in ["a.b.png", "tokyo-heat.dark.png", "v_1.light_2.png"] {
            #expect(SnapshotFolder.isPictureName(name))
        }
        for name in ["a.png", "a.b.c.png", "-a.b.png", "a..png", "a b.c.png", "a.b.PNG", "ａ.b.png"] {
            #expect(!SnapshotFolder.isPictureName(name), "\(name)")
        }
    }

    @Test func aPictureLargerThanItsLimitIsNotRead() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.light.png").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.png)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(Limits.pictureSize) + 1)
        try handle.close()
        #expect {
            _ = try SnapshotFolder.picture("big.light.png", in: folder.path)
        } throws: { error in
            ((error as? SnapshotError)?.message ?? "").contains("more than the limit of \(Limits.pictureSize) bytes")
        }
    }
}
