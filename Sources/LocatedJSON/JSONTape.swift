/// A JSON document held flat, for reading it through (formatting, say) at a fraction of the tree's memory:
/// one 16-byte entry per value and per object key, in document order, and the file referenced once. Strings
/// stay bytes of the input until a reader asks for a `String`; a container is its entry and the run of
/// entries after it.
///
/// Layout: an array's entry is followed by its elements; an object's by key, value, key, value, ... as
/// written. Every entry knows the index just past itself and its parts, so a reader steps over a subtree at
/// once. Indices are `Int`s; the root is at 0.
///
/// Offsets, lengths and counts are 32-bit: files up to 4 GiB (the command line reads at most 64 MiB).
///
/// A key written twice stays on the tape twice. Readers see what the tree parser builds: the later value at
/// the earlier key's position (`members(ofObjectAt:)`, `node(at:)`, and `JSONWriter`'s tape writer).
public struct JSONTape: Sendable {
    /// While scanning, the keys of an object of more than this many are checked for repeats through a hash
    /// index, the rest linearly. Kept at 8 where the tree went to 16 (`JSONObject.indexThreshold`): the tree's
    /// threshold is about the index an object keeps, this one only about the scan, which it does not slow.
    static let keyIndexThreshold = 8

    /// What an entry holds.
    public enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    /// An object's member as readers see it.
    public struct Member: Sendable, Equatable {
        /// The entry of the key as first written: its text is the key's text.
        public let key: Int
        /// The entry of the key as last written: where the tree locates the key.
        public let lastKey: Int
        /// The entry of the value last written for the key.
        public let value: Int
    }

    /// One value or key.
    struct Entry: Sendable {
        /// Byte offset in the file where the value starts (a string's or key's opening quote).
        var offset: UInt32
        /// Strings and numbers: bytes as written between the quotes, or of the number. Containers: how many parts
        /// (elements, or members as written, duplicates included). Literals: 0.
        var length: UInt32
        /// The index just past this entry and its parts.
        var end: UInt32
        var kind: Kind
        var flags: Flags
    }

    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        /// A string written with escapes: its text is in `decodedStrings`.
        static let escaped = Flags(rawValue: 1)
        /// A string with bytes of 0x80 and above.
        static let nonASCII = Flags(rawValue: 2)
        /// An object with a key written more than once.
        static let duplicateKeys = Flags(rawValue: 4)
    }

    /// The file the tape indexes.
    public let file: SourceFile
    let entries: [Entry]
    /// The texts of strings written with escapes, by entry index.
    let decodedStrings: [Int: String]
    /// Keys written twice, as the tree parser reports them.
    public let duplicateKeys: [DuplicateKey]

    init(file: SourceFile, entries: [Entry], decodedStrings: [Int: String], duplicateKeys: [DuplicateKey]) {
        self.file = file
        self.entries = entries
        self.decodedStrings = decodedStrings
        self.duplicateKeys = duplicateKeys
    }

    /// The size of one entry in bytes (16).
    public static var entrySize: Int { MemoryLayout<Entry>.stride }

    /// The number of entries: values plus object keys as written.
    public var count: Int { entries.count }

    public func kind(at index: Int) -> Kind { entries[index].kind }

    /// Where the value (or key) at `index` starts.
    public func location(at index: Int) -> SourceLocation { SourceLocation(file: file, offset: Int(entries[index].offset)) }

    /// The index just past the entry at `index` and its parts.
    public func end(at index: Int) -> Int { Int(entries[index].end) }

    /// True for null, booleans, numbers and strings.
    public func isScalar(at index: Int) -> Bool {
        switch entries[index].kind {
        case .array, .object: return false
        default: return true
        }
    }

    /// The text of the string (or key) at `index`, decoded; nil when the entry is not a string.
    public func string(at index: Int) -> String? { entries[index].kind == .string ? text(at: index) : nil }

    /// The number at `index`, with its text as written; nil when the entry is not a number.
    public func number(at index: Int) -> JSONNumber? { entries[index].kind == .number ? numberText(at: index) : nil }

    /// A member's key (keys are strings).
    public func key(of member: Member) -> String { text(at: member.key) }

    /// The text of the string entry at `index` (the caller knows it is one).
    func text(at index: Int) -> String {
        let entry = entries[index]
        if entry.flags.contains(.escaped) { return decodedStrings[index] ?? "" }
        return withContent(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The number entry at `index` (the caller knows it is one).
    func numberText(at index: Int) -> JSONNumber {
        JSONNumber(text: withContent(at: index) { String(decoding: $0, as: UTF8.self) })
    }

    /// Calls `body` with the bytes of the number, or of the string written without escapes, at `index`
    /// (a string's bytes between its quotes). Only for those entries: a container's length is a part count.
    func withContent<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let entry = entries[index]
        let start = Int(entry.offset) + (entry.kind == .string ? 1 : 0)
        return file.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<(start + Int(entry.length))])) }
    }

    /// The elements of the array at `index`, in order.
    public func elements(ofArrayAt index: Int) -> [Int] {
        var elements: [Int] = []
        elements.reserveCapacity(Int(entries[index].length))
        var part = index + 1
        for _ in 0..<entries[index].length {
            elements.append(part)
            part = Int(entries[part].end)
        }
        return elements
    }

    /// The members of the object at `index`, in order, each key once (a later value at the earlier key's place).
    public func members(ofObjectAt index: Int) -> [Member] {
        let count = Int(entries[index].length)
        var members: [Member] = []
        members.reserveCapacity(count)
        let resolvesDuplicates = entries[index].flags.contains(.duplicateKeys)
        // A large object's keys are looked up by text, as the parser looks them up, so that one key written
        // twice among many does not make reading it quadratic.
        var positions: [String: Int]? = resolvesDuplicates && count > Self.keyIndexThreshold ? [:] : nil
        var part = index + 1
        for _ in 0..<count {
            let value = part + 1
            let earlier: Int?
            if !resolvesDuplicates {
                earlier = nil
            } else if positions != nil {
                let text = text(at: part)
                earlier = positions?[text]
                if earlier == nil { positions?[text] = members.count }
            } else {
                earlier = members.firstIndex { sameKey($0.key, part) }
            }
            if let earlier {
                members[earlier] = Member(key: members[earlier].key, lastKey: part, value: value)
            } else {
                members.append(Member(key: part, lastKey: part, value: value))
            }
            part = Int(entries[value].end)
        }
        return members
    }

    /// True when the keys at two indices are equal as Swift compares Strings (canonical equivalence: U+212A
    /// KELVIN SIGN equals "K"), as the tree parser's objects compare them.
    func sameKey(_ left: Int, _ right: Int) -> Bool {
        let plain: Flags = [.escaped, .nonASCII]
        let a = entries[left]
        let b = entries[right]
        if a.flags.isDisjoint(with: plain), b.flags.isDisjoint(with: plain) {
            guard a.length == b.length else { return false }
            return withContent(at: left) { first in withContent(at: right) { second in first.elementsEqual(second) } }
        }
        return text(at: left) == text(at: right)
    }

    /// The tree the tree parser builds from the same text, locations included.
    public func node(at index: Int = 0) -> JSONNode {
        let location = location(at: index)
        switch entries[index].kind {
        case .null: return JSONNode(.null, location: location)
        case .false: return JSONNode(.bool(false), location: location)
        case .true: return JSONNode(.bool(true), location: location)
        case .number: return JSONNode(.number(numberText(at: index)), location: location)
        case .string: return JSONNode(.string(text(at: index)), location: location)
        case .array: return JSONNode(.array(elements(ofArrayAt: index).map { node(at: $0) }), location: location)
        case .object:
            let members = members(ofObjectAt: index).map { member in
                JSONMember(key: text(at: member.key), keyLocation: self.location(at: member.lastKey), value: node(at: member.value))
            }
            return JSONNode(.object(JSONObject(members)), location: location)
        }
    }

    /// Records the path of each object whose opening brace stands at one of `objectOffsets`, as readers see the
    /// document (an object inside a value that a key written twice replaced is not part of it).
    func findPaths(ofObjectsAt objectOffsets: Set<Int>, from index: Int, at path: JSONPath, into found: inout [Int: JSONPath]) {
        switch entries[index].kind {
        case .array:
            for (position, element) in elements(ofArrayAt: index).enumerated() {
                findPaths(ofObjectsAt: objectOffsets, from: element, at: path.appending(position), into: &found)
            }
        case .object:
            let offset = Int(entries[index].offset)
            if objectOffsets.contains(offset), found[offset] == nil { found[offset] = path }
            for member in members(ofObjectAt: index) {
                findPaths(ofObjectsAt: objectOffsets, from: member.value, at: path.appending(text(at: member.key)), into: &found)
            }
        default:
            break
        }
    }
}
