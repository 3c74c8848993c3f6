import Foundation
import Synchronization
import Testing

@testable import StyleCompiler

/// Reads from a descriptor: what was there, 0 at the end, -1 on an error, and again after an interruption.
@Suite struct DescriptorReadingTests {
    @Test func readsWhatIsThereThenTheEnd() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let message = Array("twelve bytes".utf8)
        #expect(message.withUnsafeBufferPointer { DescriptorWriting.writeAll($0, to: ends[1]) })
        close(ends[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        let got = DescriptorReading.readSome(ends[0], into: &buffer)
        #expect(got == 12 && Array(buffer[..<12]) == message)
        #expect(DescriptorReading.readSome(ends[0], into: &buffer) == 0)
    }

    @Test func readsAtAnOffsetAndReportsErrors() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("descriptor-\(UUID().uuidString)").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        var buffer = [UInt8](repeating: 0, count: 3)
        #expect(DescriptorReading.readSome(descriptor, into: &buffer, at: 6) == 3 && buffer == Array("678".utf8))
        // pread leaves the position where it was.
        #expect(DescriptorReading.readSome(descriptor, into: &buffer) == 3 && buffer == Array("012".utf8))
        close(descriptor)
        #expect(DescriptorReading.readSome(descriptor, into: &buffer) == -1 && errno == EBADF)
    }

    /// Signals the interrupting test's handler has seen.
    static let interruptions = Atomic<Int>(0)

    /// A signal that arrives while the read waits (its handler installed without `SA_RESTART`, so the read fails
    /// with `EINTR`) does not end the read: the bytes written after it are read.
    @Test func anInterruptedReadGoesOn() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in DescriptorReadingTests.interruptions.add(1, ordering: .relaxed) }
        action.sa_flags = 0
        var previous = sigaction()
        try #require(sigaction(SIGUSR2, &action, &previous) == 0)
        defer { sigaction(SIGUSR2, &previous, nil) }
        let before = Self.interruptions.load(ordering: .relaxed)
        // The read runs on a thread of its own, with the signal unblocked there.
        let reader = Mutex<pthread_t?>(nil)
        let result = Mutex<(Int, [UInt8])?>(nil)
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let source = ends[0]
        Thread.detachNewThread {
            var unblock = sigset_t()
            sigemptyset(&unblock)
            sigaddset(&unblock, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
            reader.withLock { $0 = pthread_self() }
            started.signal()
            var buffer = [UInt8](repeating: 0, count: 16)
            let got = DescriptorReading.readSome(source, into: &buffer)
            result.withLock { $0 = (got, buffer) }
            finished.signal()
        }
        started.wait()
        let thread = try #require(reader.withLock { $0 })
        // Interrupt the waiting read a few times, then give it something to read.
        for _ in 0..<3 {
            usleep(20_000)
            pthread_kill(thread, SIGUSR2)
        }
        usleep(20_000)
        #expect(Array("late".utf8).withUnsafeBufferPointer { DescriptorWriting.writeAll($0, to: ends[1]) })
        #expect(finished.wait(timeout: .now() + 30) == .success)
        let (got, buffer) = try #require(result.withLock { $0 })
        #expect(Self.interruptions.load(ordering: .relaxed) > before, "the read was interrupted")
        #expect(got == 4 && Array(buffer[..<4]) == Array("late".utf8))
    }
}
