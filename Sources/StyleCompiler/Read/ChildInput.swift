#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Writes to a child process's standard input without the risk of SIGPIPE. A child that exits before it reads
/// (a `curl` that refuses its options, an `env` that finds no `curl`) closes the pipe's only reader, and a
/// plain write then kills this whole process with SIGPIPE: no message, exit status 141. Here the write fails
/// with EPIPE instead, and the child's exit status says what went wrong.
enum ChildInput {
    /// Writes all of `bytes` to `descriptor`, the write end of a pipe; true when the reader took them all.
    static func send(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        #if canImport(Darwin)
            _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
            return writeAll(bytes, to: descriptor) == 0
        #else
            // SIGPIPE for a write to a pipe goes to the writing thread: block it on this thread for the write, and
            // take one that the write raised off the thread before unblocking, so that it is never delivered.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            let failure = writeAll(bytes, to: descriptor)
            if failure == EPIPE {
                var noWait = timespec(tv_sec: 0, tv_nsec: 0)
                while sigtimedwait(&pipeSignal, nil, &noWait) == -1, errno == EINTR {}
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            return failure == 0
        #endif
    }

    /// Writes every byte (`DescriptorWriting`, which goes on after interruptions); 0, or the failing errno.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        bytes.withUnsafeBufferPointer { DescriptorWriting.writeAll($0, to: descriptor) } ? 0 : errno
    }
}
