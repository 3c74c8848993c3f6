import Foundation
@testable import MCStyleCLI

/// Runs the tool in-process and keeps what it wrote.
final class CapturedIO: ToolIO {
    var output: [UInt8] = []
    var error = ""
    var environment: [String: String]
    let errorIsTerminal = false

    init(environment: [String: String] = [:]) { self.environment = environment }

    func writeOutput(_ bytes: [UInt8]) { output.append(contentsOf: bytes) }
    func writeError(_ text: String) { error += text }

    var outputText: String { String(decoding: output, as: UTF8.self) }
}

struct ToolRun {
    let status: Int32
    let output: String
    let error: String
}

/// Runs `mc-style` with these words, in-process.
func runTool(_ words: [String], environment: [String: String] = [:]) -> ToolRun {
    let io = CapturedIO(environment: environment)
    let status = MCStyleTool.main(arguments: words, io: io)
    return ToolRun(status: status, output: io.outputText, error: io.error)
}

/// A fresh temporary folder, removed by the caller with `removeTemporaryFolder`.
func makeTemporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mc-style-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
