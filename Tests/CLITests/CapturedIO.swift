import Foundation

@testable import MCStyleCLI

/// Runs the tool in-process and keeps what it wrote.
final class CapturedIO: ToolIO {
    var output: [UInt8] = []
    var error = ""
    var environment: [String: String]
    let errorIsTerminal = false
    var currentDirectory: String

    init(environment: [String: String] = [:], currentDirectory: String = FileManager.default.currentDirectoryPath) {
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

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
func runTool(
    _ words: [String], environment: [String: String] = [:], in folder: String = FileManager.default.currentDirectoryPath
) -> ToolRun {
    let io = CapturedIO(environment: environment, currentDirectory: folder)
    let status = MCStyleTool.main(arguments: words, io: io)
    return ToolRun(status: status, output: io.outputText, error: io.error)
}

/// Runs `mc-style` with `input` on standard input: the built binary in a child process, since standard input
/// is read from the real descriptor.
func runToolWithInput(_ words: [String], input: String) -> ToolRun {
    let process = Process()
    process.executableURL = builtTool
    process.arguments = words
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    do { try process.run() } catch { return ToolRun(status: -1, output: "", error: "\(error)") }
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try? stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errorOutput = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ToolRun(
        status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
        error: String(decoding: errorOutput, as: UTF8.self))
}

/// The `mc-style` binary that `swift build` made beside the test bundle.
let builtTool: URL = {
    let bundle = Bundle.main.bundleURL
    let candidates = [
        bundle.appendingPathComponent("mc-style"),
        bundle.deletingLastPathComponent().appendingPathComponent("mc-style"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
}()
