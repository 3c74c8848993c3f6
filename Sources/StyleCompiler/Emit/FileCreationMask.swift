import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// The process's file-creation mask (umask), read without changing it.
///
/// POSIX reads the mask only by setting it (`umask(0)`, then back), and the mask is the whole process's: two
/// threads doing that at once can leave it at 0 for good, so every later file would be created open to all.
/// Linux (4.7 and later) shows the mask in `/proc/self/status`, which is read instead; elsewhere the mask is
/// taken the POSIX way, once, under a lock.
enum FileCreationMask {
    /// The current mask, as permission bits (for example 0o022).
    static var current: mode_t {
        if let shown = fromProcessStatus() { return shown }
        return lock.withLock {
            let mask = umask(0)
            umask(mask)
            return mask
        }
    }

    private static let lock = NSLock()

    /// The `Umask:` line of `/proc/self/status` (octal), or nil where there is none.
    private static func fromProcessStatus() -> mode_t? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Umask:") {
            let digits = line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces)
            return mode_t(digits, radix: 8)
        }
        return nil
    }
}
