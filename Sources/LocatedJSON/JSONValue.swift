/// How a YAML scalar was written; JSON values are `.json`. The declarations decoder types plain YAML
/// scalars by the field they land in, so it needs to know whether a scalar was quoted.
public enum ScalarStyle: UInt8, Sendable {
    /// Written as JSON (or built in code).
    case json
    /// A plain YAML scalar, unquoted.
    case plain
    /// A single-quoted YAML scalar.
    case singleQuoted
    /// A double-quoted YAML scalar.
    case doubleQuoted
    /// A literal block scalar (`|`).
    case literal
    /// A folded block scalar (`>`).
    case folded

    /// True for YAML scalars written without quotes or block indicators.
    public var isPlain: Bool { self == .plain }
}

/// A JSON value. Containers hold `JSONNode`s so that every member keeps its own location.
public enum JSONValue: Sendable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with the text it was written as.
    case number(JSONNumber)
    /// A string, decoded.
    case string(String)
    /// An array of nodes, in order.
    case array([JSONNode])
    /// An object, its members in the order they were written.
    case object(JSONObject)

    /// The value's kind in words, as diagnostics say it ("string", "number", "object", ...).
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// True for null, booleans, numbers and strings.
    public var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}

/// Structural equality: same kinds, same member order, numbers compared by their text. Locations do not count.
extension JSONValue: Equatable {
    /// Values are equal when they are the same kind with equal contents (numbers by value, object members in order).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }
}

/// A hash that agrees with `==`: kinds, member order, keys, number texts and strings; locations do not count.
/// Lets a value stand as a dictionary key (a memo of checks already made on an equal value, say).
extension JSONValue: Hashable {
    /// Hashes the value's structure and contents.
    public func hash(into hasher: inout Hasher) { hasher.combine(StructureDigest(self).value) }
}

/// A value and where it came from. Nodes made by the program have no location, or the location of the
/// declaration that caused them.
public struct JSONNode: Sendable, Hashable {
    /// The node's value.
    public var value: JSONValue
    // The rest is packed into the 7 bytes `value` leaves before the next multiple of 8, so that a node takes 24
    // bytes: bits 0-2 of `packed` the scalar style, bit 3 the secrecy, bits 4-7 the low 4 bits of the file's
    // number, `fileHigh` its other 16 bits (numbers are below 2^20: `SourceFile.numberLimit`), and `offset` the
    // byte offset. A copy counts no reference to the file (benchmarks/README.md has what a counted one costs).
    private var packed: UInt8
    private var fileHigh: UInt16
    private var offset: UInt32

    /// A node of `value`; `location` is where it was written, and `isSecret` marks a value that must never be shown.
    public init(
        _ value: JSONValue, location: SourceLocation? = nil, scalarStyle: ScalarStyle = .json, isSecret: Bool = false
    ) {
        self.value = value
        self.packed = 0
        self.fileHigh = 0
        self.offset = UInt32(clamping: location?.offset ?? 0)
        self.scalarStyle = scalarStyle
        self.isSecret = isSecret
        self.fileID = location?.file.id ?? 0
    }

    /// A node of `value` placed where `other` stands (in its file, at its offset), for a value made in place of
    /// one that was read (nil: no place); its scalar style and secrecy are not taken.
    public init(_ value: JSONValue, placedAs other: JSONNode?) {
        self.value = value
        self.packed = 0
        self.fileHigh = 0
        self.offset = other?.offset ?? 0
        self.fileID = other?.fileID ?? 0
    }

    /// A value read from the file numbered `fileID` at byte `offset` (the parser's way: no `SourceLocation` made).
    package init(_ value: JSONValue, fileID: UInt32, offset: Int) {
        self.value = value
        self.packed = 0
        self.fileHigh = 0
        self.offset = UInt32(clamping: offset)
        self.fileID = fileID
    }

    /// How a YAML scalar was written (`.json` for everything read from JSON or made by the program).
    public var scalarStyle: ScalarStyle {
        get { ScalarStyle(rawValue: packed & 0x07) ?? .json }
        set { packed = packed & ~0x07 | newValue.rawValue & 0x07 }
    }

    /// True when the value (or part of it) came from the environment: it must never be shown.
    public var isSecret: Bool {
        get { packed & 0x08 != 0 }
        set { packed = newValue ? packed | 0x08 : packed & ~0x08 }
    }

    /// The number of the file the value was read from, in its `SourceFiles` table (0: none).
    public var fileNumber: UInt32 { fileID }

    /// The number of the file the value was read from (0: none).
    private var fileID: UInt32 {
        get { UInt32(packed >> 4) | UInt32(fileHigh) << 4 }
        set {
            let number = newValue < SourceFile.numberLimit ? newValue : 0
            packed = packed & 0x0F | UInt8(truncatingIfNeeded: number << 4)
            fileHigh = UInt16(truncatingIfNeeded: number >> 4)
        }
    }

    /// Places the value at `location` (nil: no location), as if it had been read there.
    public mutating func place(at location: SourceLocation?) {
        fileID = location?.file.id ?? 0
        offset = UInt32(clamping: location?.offset ?? 0)
    }

    /// The byte offset where the value starts in its file; nil for values the program created.
    public var sourceOffset: Int? { fileID == 0 ? nil : Int(offset) }

    /// True when the value was read from `file` (never for a value the program made, nor for a file that got no
    /// number).
    public func isRead(from file: SourceFile) -> Bool { fileID != 0 && fileID == file.id }

    /// Equal values; locations, styles and secrecy do not count.
    public static func == (lhs: JSONNode, rhs: JSONNode) -> Bool { lhs.value == rhs.value }

    /// The value's hash (`JSONValue`'s, which agrees with `==`).
    public func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }

    /// The string, when the node is a string.
    public var stringValue: String? { if case .string(let text) = value { return text } else { return nil } }
    /// The number, when the node is a number.
    public var numberValue: JSONNumber? { if case .number(let number) = value { return number } else { return nil } }
    /// The boolean, when the node is one.
    public var boolValue: Bool? { if case .bool(let flag) = value { return flag } else { return nil } }
    /// The elements, when the node is an array.
    public var arrayValue: [JSONNode]? { if case .array(let items) = value { return items } else { return nil } }
    /// The object, when the node is one.
    public var objectValue: JSONObject? { if case .object(let object) = value { return object } else { return nil } }
    /// True when the node is `null`.
    public var isNull: Bool { if case .null = value { return true } else { return false } }

    /// The member `key` of an object node; nil for other kinds or a missing key.
    public subscript(key: String) -> JSONNode? { objectValue?[key] }

    /// The element at `index` of an array node; nil for other kinds or an index out of range.
    public subscript(index: Int) -> JSONNode? {
        guard let items = arrayValue, items.indices.contains(index) else { return nil }
        return items[index]
    }
}
