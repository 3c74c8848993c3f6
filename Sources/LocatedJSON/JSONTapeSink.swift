/// Builds a `JSONTape` from what `JSONScanner` accepts: entries are appended in document order, and a
/// container's entry is completed (part count, end) when it closes.
struct JSONTapeSink: JSONScanSink, ~Copyable {
    let file: SourceFile
    private(set) var entries: [JSONTape.Entry]
    private(set) var decodedStrings: [Int: String] = [:]
    private(set) var duplicates: [(key: String, first: Int, second: Int, object: Int)] = []
    /// The distinct keys of the open objects, innermost last: a key's entry and the offset it was last written at.
    private var openKeys: [(entry: Int, lastOffset: Int)] = []

    /// An open object: its entry, its parts so far, where its keys start in `openKeys`, and their index by text
    /// once it has many.
    struct ObjectBuild {
        let entry: Int
        var parts: UInt32 = 0
        let keysStart: Int
        var index: [String: Int]?
        var hasDuplicates = false
    }

    /// An open array: its entry and its elements so far.
    struct ArrayBuild {
        let entry: Int
        var parts: UInt32 = 0
    }

    init(file: SourceFile) {
        self.file = file
        // A value takes at least two bytes with its separator, so this is never outgrown; pages that are not
        // filled are never touched, so they cost address space, not memory.
        entries = []
        entries.reserveCapacity(file.bytes.count / 2 + 2)
    }

    /// The finished tape.
    func tape(duplicateKeys: [DuplicateKey]) -> JSONTape {
        JSONTape(file: file, entries: entries, decodedStrings: decodedStrings, duplicateKeys: duplicateKeys)
    }

    private mutating func append(_ kind: JSONTape.Kind, at offset: Int, length: Int = 0, flags: JSONTape.Flags = []) -> Int {
        let index = entries.count
        entries.append(JSONTape.Entry(offset: UInt32(clamping: offset), length: UInt32(clamping: length),
                                      end: UInt32(clamping: index + 1), kind: kind, flags: flags))
        return index
    }

    mutating func null(at offset: Int) -> Int { append(.null, at: offset) }
    mutating func bool(_ flag: Bool, at offset: Int) -> Int { append(flag ? .true : .false, at: offset) }
    mutating func number(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int { append(.number, at: offset, length: text.count) }

    mutating func plainText(_ content: UnsafeBufferPointer<UInt8>, at offset: Int, hasNonASCII: Bool) -> Int? {
        if hasNonASCII, firstInvalidUTF8Offset(in: content, 0..<content.count) != nil { return nil }
        return append(.string, at: offset - 1, length: content.count, flags: hasNonASCII ? .nonASCII : [])
    }

    mutating func escapedText(_ decoded: [UInt8], at offset: Int) -> Int? {
        guard let text = String(validating: decoded, as: UTF8.self) else { return nil }
        let index = append(.string, at: offset - 1, flags: .escaped)
        decodedStrings[index] = text
        return index
    }

    func words(_ text: Int) -> String { view.text(at: text) }
    func string(_ text: consuming Int, at offset: Int) -> Int { text }

    mutating func emptyObject(at offset: Int) -> Int { append(.object, at: offset) }
    mutating func beginObject(at offset: Int) -> ObjectBuild { ObjectBuild(entry: append(.object, at: offset), keysStart: openKeys.count) }

    mutating func member(_ key: consuming Int, keyAt keyOffset: Int, value: consuming Int, in object: inout ObjectBuild) {
        object.parts += 1
        let view = self.view
        if let previous = keyPosition(of: key, in: object, view: view) {
            let earlier = openKeys[object.keysStart + previous]
            duplicates.append((view.text(at: key), earlier.lastOffset, keyOffset, Int(entries[object.entry].offset)))
            openKeys[object.keysStart + previous].lastOffset = keyOffset
            object.hasDuplicates = true
            return
        }
        openKeys.append((key, keyOffset))
        let keyCount = openKeys.count - object.keysStart
        if object.index != nil {
            object.index?[view.text(at: key)] = keyCount - 1
        } else if keyCount > JSONTape.keyIndexThreshold {
            var built: [String: Int] = [:]
            for position in 0..<keyCount { built[view.text(at: openKeys[object.keysStart + position].entry)] = position }
            object.index = built
        }
    }

    /// The position of `key` among the object's distinct keys so far, compared as the tree parser compares them.
    private func keyPosition(of key: Int, in object: ObjectBuild, view: JSONTape) -> Int? {
        if let index = object.index { return index[view.text(at: key)] }
        for position in object.keysStart..<openKeys.count where view.sameKey(openKeys[position].entry, key) {
            return position - object.keysStart
        }
        return nil
    }

    mutating func endObject(_ object: consuming ObjectBuild, at offset: Int) -> Int {
        openKeys.removeSubrange(object.keysStart...)
        close(object.entry, parts: object.parts)
        if object.hasDuplicates { entries[object.entry].flags.insert(.duplicateKeys) }
        return object.entry
    }

    mutating func emptyArray(at offset: Int) -> Int { append(.array, at: offset) }
    mutating func beginArray(at offset: Int) -> ArrayBuild { ArrayBuild(entry: append(.array, at: offset)) }
    mutating func element(_ value: consuming Int, in array: inout ArrayBuild) { array.parts += 1 }

    mutating func endArray(_ array: ArrayBuild, at offset: Int) -> Int {
        close(array.entry, parts: array.parts)
        return array.entry
    }

    private mutating func close(_ entry: Int, parts: UInt32) {
        entries[entry].length = parts
        entries[entry].end = UInt32(clamping: entries.count)
    }

    func paths(ofObjectsAt objectOffsets: Set<Int>, in root: Int) -> [Int: JSONPath] {
        var found: [Int: JSONPath] = [:]
        view.findPaths(ofObjectsAt: objectOffsets, from: root, at: .root, into: &found)
        return found
    }

    /// The entries so far, read as a tape (the reading functions are the tape's). Taken for the length of one
    /// call that does not append, so that `entries` is never copied.
    private var view: JSONTape { JSONTape(file: file, entries: entries, decodedStrings: decodedStrings, duplicateKeys: []) }
}
