import LocatedJSON

/// A 64-bit FNV-1a digest of a value's structure (kinds, counts, keys, number texts, string bytes), for the
/// memo's keys: cheaper than `Hasher` over the tree, and it only has to send equal values (`==`) to the same
/// bucket when their bytes are equal too; the memo compares values in full before it reuses a check.
struct StructureDigest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ node: JSONNode) {
        switch node.value {
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
            add(count: items.count)
            for index in items.indices { add(items[index]) }
        case .object(let object):
            add(byte: 6)
            add(count: object.members.count)
            for index in object.members.indices {
                add(text: object.members[index].key)
                add(object.members[index].value)
            }
        }
    }

    private mutating func add(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    private mutating func add(count: Int) {
        value = (value ^ UInt64(truncatingIfNeeded: count)) &* 0x100_0000_01b3
    }

    private mutating func add(text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes { add(byte: byte) }
        }
        add(byte: 0xff)
    }
}
