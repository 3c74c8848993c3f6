import Foundation
import Testing

@testable import StyleCompiler

/// Writing to a child's standard input: a reader that is gone fails the write, and never kills the process
/// with SIGPIPE (which would end this test runner here).
@Suite struct ChildInputTests {
    @Test func aPipeWithoutReaderFailsTheWriteAndNothingElse() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        for _ in 0..<3 { #expect(!ChildInput.send(Array("url = \"https://example.com/\"\n".utf8), to: ends[1])) }
        // The signal was taken off the thread, not left pending: a later write to the same pipe fails the same way.
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0)
    }

    @Test func aReaderGetsEveryByte() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let bytes = (0..<3000).map { UInt8($0 & 0x7f) }
        #expect(ChildInput.send(bytes, to: ends[1]))
        close(ends[1])
        var read: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(ends[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            read += buffer[0..<count]
        }
        close(ends[0])
        #expect(read == bytes)
    }
}
