/// Builds the value tree (`JSONNode`s) from what `JSONScanner` accepts.
/// Calls come in document order from `JSONScanner`, which checks the syntax and throws every error: the sink
/// only records. Offsets are byte offsets into the file.
struct JSONTreeSink: ~Copyable {
    /// The number of the file parsed, which every node records (see `SourceFile`).
    let fileID: UInt32
    private(set) var duplicates: [(key: String, first: Int, second: Int, object: Int)] = []
    /// Strings already made, by their bytes: repeated keys and values share one String.
    private var strings = StringTable()
    /// The elements of the open arrays and the members of the open objects.
    private var elements = MoveStack<JSONNode>(capacity: 512)
    private var members = MoveStack<JSONMember>(capacity: 256)

    /// An open object: where its brace stands, where its members start on the stack, and their key index once
    /// there are many.
    struct ObjectBuild {
        let offset: Int
        let start: Int
        var index: [String: Int]?
    }

    init(file: SourceFile) {
        self.fileID = file.id
    }

    func null(at offset: Int) -> JSONNode { JSONNode(.null, fileID: fileID, offset: offset) }
    func bool(_ flag: Bool, at offset: Int) -> JSONNode { JSONNode(.bool(flag), fileID: fileID, offset: offset) }

    func number(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> JSONNode {
        JSONNode(.number(JSONNumber(text: String(decoding: text, as: UTF8.self))), fileID: fileID, offset: offset)
    }

    mutating func plainText(_ content: UnsafeBufferPointer<UInt8>, at offset: Int, hasNonASCII: Bool) -> String? {
        let text = hasNonASCII ? String(validating: content, as: UTF8.self) : strings.string(for: content)
        return text
    }

    mutating func escapedText(_ decoded: [UInt8], at offset: Int) -> String? {
        let text = String(validating: decoded, as: UTF8.self)
        return text
    }
    func words(_ text: String) -> String { text }
    func string(_ text: consuming String, at offset: Int) -> JSONNode {
        JSONNode(.string(text), fileID: fileID, offset: offset)
    }

    func emptyObject(at offset: Int) -> JSONNode { JSONNode(.object(JSONObject()), fileID: fileID, offset: offset) }
    mutating func beginObject(at offset: Int) -> ObjectBuild {
        return ObjectBuild(offset: offset, start: members.count, index: nil)
    }

    mutating func member(
        _ key: consuming String, keyAt keyOffset: Int, value: consuming JSONNode, in object: inout ObjectBuild
    ) {
        let start = object.start
        if let previous = memberPosition(of: key, from: start, index: object.index) {
            duplicates.append((key, members[start + previous].keySourceOffset ?? keyOffset, keyOffset, object.offset))
            // The first key's text stays: keys equal as Swift strings (canonically equivalent) may differ in bytes.
            let firstKey = members[start + previous].key
            members[start + previous] = JSONMember(key: firstKey, fileID: fileID, keyOffset: keyOffset, value: value)
            return
        }
        let memberCount = members.count - start + 1
        let indexed = object.index != nil
        if indexed { object.index?[copy key] = memberCount - 1 }
        members.push(JSONMember(key: consume key, fileID: fileID, keyOffset: keyOffset, value: consume value))
        if !indexed, memberCount > JSONObject.indexThreshold {
            // Room for twice the members so far: objects this large (a layer, its paint) seldom grow past it.
            var built = [String: Int](minimumCapacity: 2 * memberCount)
            for position in 0..<memberCount { built[members[start + position].key] = position }
            object.index = built
        }
    }

    mutating func endObject(_ object: consuming ObjectBuild, at offset: Int) -> JSONNode {
        return JSONNode(
            .object(JSONObject(uniqueMembers: members.pop(from: object.start), index: object.index)), fileID: fileID,
            offset: offset)
    }

    /// The position of `key` among the members scanned so far.
    private func memberPosition(of key: String, from start: Int, index: [String: Int]?) -> Int? {
        if let index { return index[key] }
        for position in start..<members.count where members[position].key == key { return position - start }
        return nil
    }

    func emptyArray(at offset: Int) -> JSONNode { JSONNode(.array([]), fileID: fileID, offset: offset) }
    mutating func beginArray(at offset: Int) -> Int { elements.count }

    mutating func element(_ value: consuming JSONNode, in array: inout Int) {
        elements.push(consume value)
    }

    mutating func endArray(_ array: Int, at offset: Int) -> JSONNode {
        return JSONNode(.array(elements.pop(from: array)), fileID: fileID, offset: offset)
    }

    /// Walks the tree once (done only when a duplicate was found).
    func paths(ofObjectsAt objectOffsets: Set<Int>, in root: JSONNode) -> [Int: JSONPath] {
        var found: [Int: JSONPath] = [:]
        root.walk { path, node in
            guard node.objectValue != nil, let offset = node.sourceOffset, objectOffsets.contains(offset),
                found[offset] == nil
            else { return }
            found[offset] = path
        }
        return found
    }
}
