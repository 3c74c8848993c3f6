/// Builds the value tree (`JSONNode`s) from what `JSONScanner` accepts.
struct JSONTreeSink: JSONScanSink, ~Copyable {
    /// The number of the file parsed, which every node records (see `SourceFile`).
    let fileID: UInt32
    private(set) var duplicates: [(key: String, first: Int, second: Int, object: Int)] = []
    /// Strings already made, by their bytes: repeated keys and values share one String.
    private var strings = StringTable()
    /// The elements of the open arrays and the members of the open objects.
    private var elements = MoveStack<JSONNode>(capacity: 512)
    private var members = MoveStack<JSONMember>(capacity: 256)
    /// Told of each element of one array member of the root object as soon as the element is complete.
    private let observer: ElementObserver?
    /// Open containers.
    private var depth = 0
    private var rootIsObject = false
    /// True when the last string made directly in the root object is the observed key (it is the key of the
    /// value that follows, when that value is an array).
    private var lastRootTextIsObservedKey = false
    /// Where the observed array's elements start on the stack while it is open; -1 otherwise.
    private var observedArrayStart = -1
    private var observedArrayClosed = false

    /// The root member whose array elements are reported, and where they go (element index, element).
    struct ElementObserver {
        let key: String
        let report: (Int, JSONNode) -> Void
    }

    /// An open object: where its brace stands, where its members start on the stack, and their key index once
    /// there are many.
    struct ObjectBuild {
        let offset: Int
        let start: Int
        var index: [String: Int]?
    }

    init(file: SourceFile, observer: ElementObserver? = nil) {
        self.fileID = file.id
        self.observer = observer
    }

    /// Notes whether a string made directly in the root object is the observed key.
    private mutating func noteRootText(_ text: String?) {
        guard depth == 1, let observer else { return }
        lastRootTextIsObservedKey = text == observer.key
    }

    func null(at offset: Int) -> JSONNode { JSONNode(.null, fileID: fileID, offset: offset) }
    func bool(_ flag: Bool, at offset: Int) -> JSONNode { JSONNode(.bool(flag), fileID: fileID, offset: offset) }

    func number(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> JSONNode {
        JSONNode(.number(JSONNumber(text: String(decoding: text, as: UTF8.self))), fileID: fileID, offset: offset)
    }

    mutating func plainText(_ content: UnsafeBufferPointer<UInt8>, at offset: Int, hasNonASCII: Bool) -> String? {
        let text = hasNonASCII ? String(validating: content, as: UTF8.self) : strings.string(for: content)
        if observer != nil { noteRootText(text) }
        return text
    }

    mutating func escapedText(_ decoded: [UInt8], at offset: Int) -> String? {
        let text = String(validating: decoded, as: UTF8.self)
        if observer != nil { noteRootText(text) }
        return text
    }
    func words(_ text: String) -> String { text }
    func string(_ text: consuming String, at offset: Int) -> JSONNode { JSONNode(.string(text), fileID: fileID, offset: offset) }

    func emptyObject(at offset: Int) -> JSONNode { JSONNode(.object(JSONObject()), fileID: fileID, offset: offset) }
    mutating func beginObject(at offset: Int) -> ObjectBuild {
        if depth == 0 { rootIsObject = true }
        depth += 1
        return ObjectBuild(offset: offset, start: members.count, index: nil)
    }

    mutating func member(_ key: consuming String, keyAt keyOffset: Int, value: consuming JSONNode, in object: inout ObjectBuild) {
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
        depth -= 1
        return JSONNode(.object(JSONObject(uniqueMembers: members.pop(from: object.start), index: object.index)), fileID: fileID, offset: offset)
    }

    /// The position of `key` among the members scanned so far.
    private func memberPosition(of key: String, from start: Int, index: [String: Int]?) -> Int? {
        if let index { return index[key] }
        for position in start..<members.count where members[position].key == key { return position - start }
        return nil
    }

    func emptyArray(at offset: Int) -> JSONNode { JSONNode(.array([]), fileID: fileID, offset: offset) }
    mutating func beginArray(at offset: Int) -> Int {
        // Only the first array under the observed key (a later duplicate key's array is not reported).
        if depth == 1, rootIsObject, lastRootTextIsObservedKey, !observedArrayClosed, observedArrayStart < 0 {
            observedArrayStart = elements.count
        }
        depth += 1
        return elements.count
    }

    mutating func element(_ value: consuming JSONNode, in array: inout Int) {
        if depth == 2, array == observedArrayStart, let observer { observer.report(elements.count - array, copy value) }
        elements.push(consume value)
    }

    mutating func endArray(_ array: Int, at offset: Int) -> JSONNode {
        depth -= 1
        if depth == 1, array == observedArrayStart {
            observedArrayStart = -1
            observedArrayClosed = true
        }
        return JSONNode(.array(elements.pop(from: array)), fileID: fileID, offset: offset)
    }

    /// Walks the tree once (done only when a duplicate was found).
    func paths(ofObjectsAt objectOffsets: Set<Int>, in root: JSONNode) -> [Int: JSONPath] {
        var found: [Int: JSONPath] = [:]
        root.walk { path, node in
            guard node.objectValue != nil, let offset = node.sourceOffset, objectOffsets.contains(offset), found[offset] == nil else { return }
            found[offset] = path
        }
        return found
    }
}
