import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// The bad-input corpus (`fixtures/bad-inputs/expectations.tsv`) and the hostile inputs that can only be made
/// at run time: each gives its rule at its place and its exit status, and never a crash.
@Suite struct BadInputTests {
    struct Case: CustomTestStringConvertible {
        let file: String
        let command: String
        let exitStatus: Int32
        let rule: String
        let place: String
        var testDescription: String { file }
    }

    static let cases: [Case] = {
        let table = Fixtures.folder("bad-inputs/expectations.tsv")
        let text = (try? String(contentsOf: table, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 5, let status = Int32(fields[2]) else { return nil }
            return Case(file: fields[0], command: fields[1], exitStatus: status, rule: fields[3], place: fields[4])
        }
    }()

    @Test func theCorpusIsLargeEnough() {
        let declarationFixtures = Fixtures.files(in: "declarations/invalid").count
        #expect(Self.cases.count >= 30)
        #expect(Self.cases.count + declarationFixtures >= 60, "with the invalid declarations fixtures")
    }

    @Test(arguments: cases)
    func badInputGivesItsRuleAtItsPlace(input: Case) throws {
        let folder = Fixtures.folder("bad-inputs")
        let path = folder.appendingPathComponent(input.file).path
        let out = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let run: ToolRun
        switch input.command {
        case "compile": run = runTool(["compile", path, "--out", out.appendingPathComponent("o").path])
        case "format": run = runTool(["format", path])
        default: run = runTool(["validate", path])
        }
        #expect(run.status == input.exitStatus)
        let parts = input.place.split(separator: ":")
        let file = parts.count == 3 ? folder.appendingPathComponent(String(parts[0])).path : path
        let place = "\(file):\(parts[parts.count - 2]):\(parts[parts.count - 1]): error: "
        let text = run.output + run.error
        #expect(
            text.split(separator: "\n").contains { $0.hasPrefix(place) && $0.hasSuffix("[\(input.rule)]") }, "\(text)")
        #expect(
            !FileManager.default.fileExists(atPath: out.appendingPathComponent("o").path),
            "nothing is written on failure")
    }

    @Test func aHundredThousandLayerStyleIsRefusedAtItsLimit() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("huge.json")
        var text = "{\"version\": 8, \"sources\": {}, \"layers\": [\n"
        text += (0...100_000).map { "{\"id\": \"l\($0)\", \"type\": \"background\"}" }.joined(separator: ",\n")
        text += "]}"
        try Data(text.utf8).write(to: file)
        let run = runTool(["validate", file.path])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "\(file.path):1:41: error: 100001 layers: more than the limit of 100000 [limits.layers]"))
    }

    @Test func includesThroughSymbolicLinksMayNotLeaveTheFolder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("- id: x\n  urlTemplate: https://t.example.com/{z}/{x}/{y}.png\n".utf8).write(
            to: outside.appendingPathComponent("s.yaml"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("link.yaml"), withDestinationURL: outside.appendingPathComponent("s.yaml")
        )
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("zero.yaml"), withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        let base = SharedData.repositoryFile("styles/tomtom-demo-base.json").path
        for (include, rule) in [
            ("link.yaml", "include.escape"), ("zero.yaml", "include.escape"), ("/dev/null", "include.escape"),
        ] {
            let file = folder.appendingPathComponent("decl.yaml")
            try Data("version: 1\nbase: \(base)\nsources: !include \(include)\n".utf8).write(to: file)
            let run = runTool(["validate", file.path])
            #expect(run.status == 1)
            #expect(
                run.output.contains("\(file.path):3:10: error: ") && run.output.contains("[\(rule)]"),
                "\(include): \(run.output)")
        }
    }

    @Test func unreadableAndMissingInputs() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        let throughFile = runTool(["validate", file.path + "/style.json"])
        #expect(throughFile.status == 1 && throughFile.output.contains("[io.read]"))
        let device = runTool(["validate", "/dev/zero"])
        #expect(device.status == 1 && device.output.contains("is not a regular file [io.read]"))
        let missing = runTool([
            "compile", folder.appendingPathComponent("none.yaml").path, "--out",
            folder.appendingPathComponent("o").path,
        ])
        #expect(missing.status == 1 && missing.error.contains("does not exist [io.read]"))
    }

    @Test func outputsThatCannotBeWritten() throws {
        let demo = Fixtures.folder("demo/mc-style.yaml").path
        let readOnly = runTool(["compile", demo, "--out", "/proc/mc-style-out"])
        #expect(readOnly.status == 1 && readOnly.error.contains("[io.write]"))
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let intoFile = runTool(["compile", demo, "--out", file.path + "/out"])
        #expect(intoFile.status == 1 && intoFile.error.contains("[io.write]"))
        for whole in [".", "/", "..", "a/../.."] {
            let run = runTool(["compile", demo, "--out", whole])
            #expect(run.status == 1 && run.error.contains("cannot be the output folder"), "\(whole): \(run.error)")
        }
    }

    /// A full disk, simulated by a 32 KiB tmpfs where this machine lets the tests mount one.
    @Test(.enabled(if: TinyFileSystem.canMount, "needs permission to mount a tmpfs (root in a sandbox that allows it)"))
    func aFullDiskLeavesTheOutputAsItWas() throws {
        let mount = try TinyFileSystem.make(kilobytes: 32)
        defer { TinyFileSystem.remove(mount) }
        let out = mount.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("previous".utf8).write(to: out.appendingPathComponent("style.json"))
        try Data(#"{"variants": [{"style": {"path": "style.json"}}]}"#.utf8).write(
            to: out.appendingPathComponent("manifest.json"))
        let run = runTool(["compile", Fixtures.folder("demo/mc-style.yaml").path, "--out", out.path])
        #expect(run.status == 1)
        #expect(run.error.contains("no space left on the device [io.write]"), "\(run.error)")
        #expect(try Data(contentsOf: out.appendingPathComponent("style.json")) == Data("previous".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: mount.path).filter {
            $0.contains("staging")
        }
        #expect(leftovers.isEmpty)
    }
}

/// A tiny tmpfs for the disk-full test.
enum TinyFileSystem {
    static let canMount: Bool = {
        guard let mount = try? make(kilobytes: 16) else { return false }
        remove(mount)
        return true
    }()

    static func make(kilobytes: Int) throws -> URL {
        let folder = try makeTemporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw CocoaError(.fileWriteNoPermission)
        }
        return folder
    }

    static func remove(_ folder: URL) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/umount")
        process.arguments = [folder.path]
        try? process.run()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The kept fuzzing inputs, through the command line: each answers with a status, never a crash.
@Suite struct FuzzRegressionTests {
    @Test(arguments: ["json", "yaml", "declarations", "compile", "expression"])
    func keptInputsNeverCrash(target: String) throws {
        let folder = Fixtures.folder("fuzz-regressions/\(target)")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(!files.isEmpty)
        for name in files.sorted() {
            let path = folder.appendingPathComponent(name).path
            let run: ToolRun
            switch target {
            case "json": run = runTool(["validate", "--target", "maplibre", path])
            case "expression":
                let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
                run = runTool(["expression", "--property", "fill-color", text])
            case "compile":
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                let cut = bytes.firstIndex(of: 0) ?? bytes.count
                let work = try makeTemporaryFolder()
                defer { try? FileManager.default.removeItem(at: work) }
                try Data(bytes[..<cut]).write(to: work.appendingPathComponent("base.json"))
                let declarations = cut < bytes.count ? Data(bytes[(cut + 1)...]) : Data()
                try (Data("base: base.json\n".utf8) + declarations).write(to: work.appendingPathComponent("decl.yaml"))
                run = runTool([
                    "compile", work.appendingPathComponent("decl.yaml").path, "--out",
                    work.appendingPathComponent("out").path,
                ])
            default: run = runTool(["validate", path])
            }
            #expect(run.status == 0 || run.status == 1, "\(target)/\(name)")
        }
    }
}
