/// An object member: its key, where the key was written, and its value.
public struct JSONMember: Sendable, Equatable {
    /// The member's key, decoded.
    public var key: String
    /// The member's value.
    public var value: JSONNode
    // Kept flat, as in `JSONNode`, to keep members small and their copies free of counting.
    private var keyOffset: UInt32
    private var keyFileID: UInt32

    /// A member; `keyLocation` is where its key was written, when it was read from a file.
    public init(key: String, keyLocation: SourceLocation? = nil, value: JSONNode) {
        self.key = key
        self.value = value
        self.keyOffset = UInt32(clamping: keyLocation?.offset ?? 0)
        self.keyFileID = keyLocation?.file.id ?? 0
    }

    /// A member whose key was read from the file numbered `fileID` at byte `keyOffset` (the parser's way).
    package init(key: String, fileID: UInt32, keyOffset: Int, value: JSONNode) {
        self.key = key
        self.value = value
        self.keyOffset = UInt32(clamping: keyOffset)
        self.keyFileID = fileID
    }

    /// The number of the file the key was read from, in its `SourceFiles` table (0: none).
    public var keyFileNumber: UInt32 { keyFileID }

    /// The byte offset of the key in its file; nil for members the program created.
    public var keySourceOffset: Int? { keyFileID == 0 ? nil : Int(keyOffset) }

    /// Same key and equal value; locations do not count.
    public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool { lhs.key == rhs.key && lhs.value == rhs.value }
}

/// An object that keeps its keys in the order they were written: an array of members plus a key index.
///
/// Complexity: lookup, `set` of an existing key and append are O(1) on average (objects of up to
/// `indexThreshold` members are searched linearly, which is faster at that size); `insert(at:)` and
/// `removeValue(forKey:)` are O(n). Keys are unique; equality is order-sensitive.
public struct JSONObject: Sendable, Equatable {
    /// The members in order.
    public private(set) var members: [JSONMember]
    /// Key -> position in `members`; built only once the object has more than `indexThreshold` members.
    private var index: [String: Int]?

    /// Objects of at most this many members are searched linearly (lengths first, then the few keys of the
    /// same length): most style layers have 9 to 12 members, for which a hash index would cost more memory and
    /// a hash of the key on every lookup.
    static let indexThreshold = 16

    /// An empty object.
    public init() {
        self.members = []
        self.index = nil
    }

    /// Builds an object from members with unique keys (a later duplicate replaces the earlier value in place).
    public init(_ members: [JSONMember]) {
        self.init()
        // The common case, keys all different, in one pass: a small object keeps the array it is given (it is
        // searched linearly anyway) instead of copying it member by member; a large object's index is built
        // once, not looked up and extended member by member.
        if members.count <= Self.indexThreshold, Self.keysAreDistinct(members) {
            self.members = members
            return
        }
        if members.count > Self.indexThreshold {
            var index = [String: Int](minimumCapacity: members.count)
            var unique = true
            for position in members.indices where index.updateValue(position, forKey: members[position].key) != nil {
                unique = false
                break
            }
            if unique {
                self.members = members
                self.index = index
                return
            }
        }
        self.members.reserveCapacity(members.count)
        for member in members { _ = setMember(member) }
    }

    /// Builds an object to be written rather than searched (a manifest's entries): the members as `init(_:)`
    /// takes them, without a key index, so lookups search linearly until a member is added: a large manifest's
    /// objects would otherwise hold indexes that writing never uses.
    public init(unindexed members: [JSONMember]) {
        self.init(members)
        index = nil
    }

    /// True when no two of `members` have the same key (lengths compared first).
    private static func keysAreDistinct(_ members: [JSONMember]) -> Bool {
        for later in members.indices.dropFirst() {
            let key = members[later].key
            let length = key.utf8.count
            for earlier in 0..<later where members[earlier].key.utf8.count == length && members[earlier].key == key {
                return false
            }
        }
        return true
    }

    /// Builds an object from members already known to have unique keys, with the index the parser built
    /// while checking them (nil for objects of up to `indexThreshold` members).
    init(uniqueMembers: [JSONMember], index: [String: Int]?) {
        self.members = uniqueMembers
        self.index = uniqueMembers.count > Self.indexThreshold ? index : nil
    }

    /// The number of members.
    public var count: Int { members.count }
    /// True when the object has no members.
    public var isEmpty: Bool { members.isEmpty }
    /// The keys, in the order the members stand.
    public var keys: [String] { members.map(\.key) }

    /// The position of `key`, or nil.
    public func position(ofKey key: String) -> Int? {
        if let index { return index[key] }
        // Lengths first: most keys of a small object differ in length, and that test needs no string comparison.
        let length = key.utf8.count
        for position in members.indices where members[position].key.utf8.count == length && members[position].key == key
        {
            return position
        }
        return nil
    }

    /// The member with this key, or nil.
    public func member(forKey key: String) -> JSONMember? {
        position(ofKey: key).map { members[$0] }
    }

    /// The value for `key`; setting nil removes the key, setting a value keeps the key's position or appends it.
    public subscript(key: String) -> JSONNode? {
        get { position(ofKey: key).map { members[$0].value } }
        set {
            if let newValue { _ = setMember(JSONMember(key: key, value: newValue)) } else { removeValue(forKey: key) }
        }
    }

    /// Sets a member: an existing key keeps its position (and its key location unless the new member has one),
    /// a new key is appended. Returns the position the key held before, or nil when it was new.
    @discardableResult
    public mutating func setMember(_ member: JSONMember) -> Int? {
        if let existing = position(ofKey: member.key) {
            let placed = member.keySourceOffset != nil ? member : members[existing]
            members[existing] = JSONMember(
                key: member.key, fileID: placed.keyFileNumber, keyOffset: placed.keySourceOffset ?? 0,
                value: member.value)
            return existing
        }
        members.append(member)
        if index != nil {
            index?[member.key] = members.count - 1
        } else if members.count > Self.indexThreshold {
            rebuildIndex()
        }
        return nil
    }

    /// Inserts a new key at a position (0...count). An existing key is moved there with its new value.
    public mutating func insert(_ member: JSONMember, at position: Int) {
        removeValue(forKey: member.key)
        members.insert(member, at: min(max(position, 0), members.count))
        rebuildIndexIfNeeded()
    }

    /// Removes a key, keeping the order of the others. Returns the removed value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONNode? {
        guard let position = position(ofKey: key) else { return nil }
        let removed = members.remove(at: position)
        rebuildIndexIfNeeded()
        return removed.value
    }

    /// Changes the value of an existing member in place; returns false when the key is missing.
    @discardableResult
    public mutating func modifyValue(forKey key: String, _ body: (inout JSONNode) throws -> Void) rethrows -> Bool {
        guard let position = position(ofKey: key) else { return false }
        try body(&members[position].value)
        return true
    }

    private mutating func rebuildIndexIfNeeded() {
        if members.count > Self.indexThreshold { rebuildIndex() } else { index = nil }
    }

    private mutating func rebuildIndex() {
        var built: [String: Int] = [:]
        built.reserveCapacity(members.count)
        for (position, member) in members.enumerated() { built[member.key] = position }
        index = built
    }

    /// Two objects are equal when they have equal members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.members == rhs.members }
}
