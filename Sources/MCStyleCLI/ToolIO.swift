import Foundation
import StyleCompiler

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// What a command may touch outside the library: its output streams, standard input and the environment.
/// The process uses `ProcessIO`; tests use a capturing implementation.
public protocol ToolIO: AnyObject {
    func writeOutput(_ bytes: [UInt8])
    func writeError(_ text: String)
    /// The environment variables the command may read (`NO_COLOR`, names given with `--api-key-env`).
    var environment: [String: String] { get }
    /// True when standard error is a terminal (colour is used only then, and never with `NO_COLOR`).
    var errorIsTerminal: Bool { get }
    /// The folder a configuration file is looked for from (`.mc-style.yaml`, upward).
    var currentDirectory: String { get }
}

extension ToolIO {
    func writeOutput(_ text: String) { writeOutput(Array(text.utf8)) }
}

/// The real process: standard output and standard error, the process environment.
public final class ProcessIO: ToolIO {
    public init() {}

    public func writeOutput(_ bytes: [UInt8]) { Self.writeAll(STDOUT_FILENO, bytes) }
    public func writeError(_ text: String) { Self.writeAll(STDERR_FILENO, Array(text.utf8)) }

    public var environment: [String: String] { ProcessInfo.processInfo.environment }

    public var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    public var currentDirectory: String { FileManager.default.currentDirectoryPath }

    /// Every byte, again after an interruption; a stream that fails (a closed pipe) takes nothing more.
    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBufferPointer { DescriptorWriting.writeAll($0, to: descriptor) }
    }
}
