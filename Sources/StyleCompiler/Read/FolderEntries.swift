#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// The names in a folder, listed with `readdir` and chosen by their bytes before any `String` is made: the
/// folders listed can be large (an output folder's parent may be a project root or `/tmp`), and a `String` for
/// every entry would cost a fresh process time in proportion to the folder's size.
package enum FolderEntries {
    /// The names in `folder` (without `.` and `..`) whose UTF-8 bytes `matches` accepts, in `readdir`'s order;
    /// empty when the folder cannot be read.
    package static func names(in folder: String, where matches: (UnsafeRawBufferPointer) -> Bool) -> [String] {
        guard let listing = opendir(folder) else { return [] }
        defer { closedir(listing) }
        var names: [String] = []
        while let entry = readdir(listing) {
            let name: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.count)])
                guard !bytes.elementsEqual(".".utf8), !bytes.elementsEqual("..".utf8), matches(bytes) else {
                    return nil
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            if let name { names.append(name) }
        }
        return names
    }

    /// The names in `folder` that start with `prefix`.
    static func names(in folder: String, prefixed prefix: String) -> [String] {
        let wanted = Array(prefix.utf8)
        return names(in: folder) { $0.count >= wanted.count && $0.prefix(wanted.count).elementsEqual(wanted) }
    }

    /// The names in `folder` that end with `suffix`.
    package static func names(in folder: String, suffixed suffix: String) -> [String] {
        let wanted = Array(suffix.utf8)
        return names(in: folder) { $0.count >= wanted.count && $0.suffix(wanted.count).elementsEqual(wanted) }
    }
}
