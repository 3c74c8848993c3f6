import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// Two compiles into the same output folder at the same time (two build targets, say) both succeed, and the
/// folder ends as one of them made it, whole: neither removes the other's spool or staging folder.
@Suite struct ConcurrentCompileTests {
    @Test func twoCompilesIntoOneFolderAtOnceBothSucceed() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = SharedData.repositoryFile("styles/tomtom-demo-base.json").path
        func declarations(opacity: String) throws -> URL {
            let file = folder.appendingPathComponent("sources-\(opacity).yaml")
            try Data(CompileCommandTests.manySources(1000, base: base, fields: "opacity: \(opacity)").utf8).write(
                to: file)
            return file
        }
        let files = [try declarations(opacity: "0.5"), try declarations(opacity: "0.7")]
        let references = try files.enumerated().map { index, file in
            let reference = folder.appendingPathComponent("reference-\(index)")
            #expect(runTool(["compile", file.path, "--out", reference.path]).status == 0)
            return try CompileCommandTests.tree(reference)
        }
        let out = folder.appendingPathComponent("out")
        // The first round makes the folder (both find none), the others replace it.
        for round in 0..<4 {
            let processes = try files.map { file in
                let process = Process()
                process.executableURL = builtTool
                process.arguments = ["compile", file.path, "--out", out.path, "--quiet"]
                let errors = Pipe()
                process.standardError = errors
                try process.run()
                return (process, errors)
            }
            for (process, errors) in processes {
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "round \(round): \(message)")
            }
            let now = try CompileCommandTests.tree(out)
            #expect(
                now == references[0] || now == references[1],
                "round \(round): the folder is neither compile's whole output: \(now.keys.filter { now[$0] != references[0][$0] && now[$0] != references[1][$0] }.sorted().prefix(5)) \(now.count) \(references[0].count)"
            )
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains("mc-style-")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
