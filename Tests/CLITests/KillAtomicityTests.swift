import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// A compile killed with SIGKILL at any moment leaves the output folder either exactly as it was or exactly
/// as the finished compile makes it, never in between; the next run leaves no staging folder behind.
@Suite struct KillAtomicityTests {
    @Test func killedCompilesNeverLeaveAHalfWrittenFolder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = SharedData.repositoryFile("styles/tomtom-demo-base.json").path
        func declarations(opacity: String) -> Data {
            Data(
                CompileCommandTests.manySources(3000, base: base, fields: "opacity: \(opacity), bounds: [0, 0, 10, 10]")
                    .utf8)
        }
        let file = folder.appendingPathComponent("big.yaml")
        let out = folder.appendingPathComponent("out")
        // Every compile here is the built binary in a child process, as the killed ones are: the subject is what
        // the executable leaves on disk, and a child shares nothing with the other suites running in this process.
        func compile(into folder: URL) {
            let (run, timedOut) = runBuiltTool(["compile", file.path, "--out", folder.path], seconds: 300)
            #expect(run.status == 0 && !timedOut, "compile into \(folder.lastPathComponent): \(run.error)")
        }
        try declarations(opacity: "0.5").write(to: file)
        compile(into: out)
        let before = try CompileCommandTests.tree(out)
        try declarations(opacity: "0.7").write(to: file)
        let after: [String: Data] = try {
            let reference = folder.appendingPathComponent("reference")
            compile(into: reference)
            return try CompileCommandTests.tree(reference)
        }()
        var sawOld = false
        var delays = [5, 20, 40, 60, 80, 100, 150, 200, 250, 300, 400, 500]
        delays.shuffle()
        for delay in delays {
            let process = Process()
            process.executableURL = builtTool
            process.arguments = ["compile", file.path, "--out", out.path]
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay * 1000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try CompileCommandTests.tree(out)
            #expect(
                now == before || now == after,
                "killed after \(delay) ms: the folder is neither the old nor the new output")
            if now == before { sawOld = true } else { break }
        }
        #expect(sawOld, "at least one kill landed before the swap")
        compile(into: out)
        #expect(try CompileCommandTests.tree(out) == after)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains("mc-style-staging") || $0.contains("mc-style-spool")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
