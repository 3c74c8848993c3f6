#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// A new file or folder of a unique name (`mkstemp`, `mkdtemp`), as the atomic writer and the output folder's
/// staging make them.
enum TemporaryFile {
    /// Creates and opens a new file (mode 0600) from `template`, a path ending in `XXXXXX`: its descriptor and
    /// path, or nil with `errno` set.
    static func make(_ template: String) -> (descriptor: Int32, path: String)? {
        var descriptor: Int32 = -1
        guard
            let path = filled(
                template,
                by: {
                    descriptor = mkstemp($0)
                    return descriptor >= 0
                })
        else { return nil }
        return (descriptor, path)
    }

    /// Creates a new folder (mode 0700) from `template`, a path ending in `XXXXXX`: its path, or nil with `errno`
    /// set.
    static func makeFolder(_ template: String) -> String? {
        filled(template, by: { mkdtemp($0) != nil })
    }

    /// The path `make` wrote into a copy of `template` when it returned true.
    private static func filled(_ template: String, by make: (UnsafeMutablePointer<CChar>) -> Bool) -> String? {
        var characters = Array(template.utf8CString)
        let made = characters.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map(make) ?? false }
        guard made else { return nil }
        return String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
