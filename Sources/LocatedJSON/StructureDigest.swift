/// A 64-bit FNV-1a digest of a value's structure (kinds, counts, keys, number texts, strings), behind
/// `JSONValue`'s hash: one pass over the tree, the nodes read in place. Agrees with `==`: numbers by their text,
/// ASCII strings by their bytes, other strings by their Swift hash (which, like `==`, sees canonically
/// equivalent spellings as one).
struct StructureDigest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init(_ value: JSONValue) { add(value) }

    private mutating func add(_ value: JSONValue) {
        switch value {
        case .null:
            add(byte: 0)
        case .bool(let flag):
            add(byte: flag ? 1 : 2)
        case .number(let number):
            add(byte: 3)
            add(text: number.text)
        case .string(let text):
            add(byte: 4)
            add(text: text)
        case .array(let items):
            add(byte: 5)
            add(word: items.count)
            for index in items.indices { add(items[index].value) }
        case .object(let object):
            add(byte: 6)
            add(word: object.members.count)
            for index in object.members.indices {
                add(text: object.members[index].key)
                add(object.members[index].value.value)
            }
        }
    }

    private mutating func add(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    private mutating func add(word: Int) {
        value = (value ^ UInt64(truncatingIfNeeded: word)) &* 0x100_0000_01b3
    }

    private mutating func add(text: String) {
        var text = text
        let ascii = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            for byte in bytes { add(byte: byte) }
            return true
        }
        if !ascii { add(word: text.hashValue) }
        add(byte: 0xff)
    }
}
