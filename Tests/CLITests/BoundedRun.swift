import Foundation

/// Runs the built `mc-style` in a child process, killed after `seconds` (a test of something that once hung
/// must not hang the suite), optionally as another user through `setpriv` (`user`: uid and gid).
func runBuiltTool(
    _ words: [String], environment: [String: String]? = nil, in folder: String? = nil, seconds: Double = 20,
    user: (uid: Int, gid: Int)? = nil
) -> (run: ToolRun, timedOut: Bool) {
    let process = Process()
    if let user {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", builtTool.path] + words
    } else {
        process.executableURL = builtTool
        process.arguments = words
    }
    if let environment { process.environment = environment }
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
    do { try process.run() } catch { return (ToolRun(status: -1, output: "", error: "\(error)"), false) }
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    let timedOut = process.isRunning
    if timedOut { process.terminate() }
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errorOutput = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        ToolRun(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: errorOutput, as: UTF8.self)), timedOut
    )
}

/// True when this process runs as root (tests that need another user or a mount need it).
var runsAsRoot: Bool { getuid() == 0 }
