import LocatedJSON

/// What a reviewer needs to see between two versions of a style: layers added, removed and moved (by id),
/// each layer's properties that changed with old and new values, sources and root keys that changed. Key
/// order inside objects is not a change, and numbers compare by value; layer order is a change.
public struct StyleDiff: Sendable {
    /// One difference.
    public enum Change: Sendable, Equatable {
        /// A layer only the new style has, at its index there.
        case layerAdded(id: String, index: Int)
        /// A layer only the old style has, at its index there.
        case layerRemoved(id: String, index: Int)
        /// A layer whose place among the layers both versions have changed.
        case layerMoved(id: String, from: Int, to: Int)
        /// A layer key (`filter`, `minzoom`, ...) or a `paint.`/`layout.` property; nil is absent.
        case layerProperty(id: String, key: String, old: JSONValue?, new: JSONValue?)
        /// A source added (`old` nil), removed (`new` nil) or changed.
        case source(id: String, old: JSONValue?, new: JSONValue?)
        /// A root key other than `layers` and `sources`.
        case root(key: String, old: JSONValue?, new: JSONValue?)
    }

    /// The differences: layers first, then sources, then root keys.
    public let changes: [Change]

    /// True when the two styles are the same.
    public var isEmpty: Bool { changes.isEmpty }

    /// The differences between two styles.
    public init(old: JSONNode, new: JSONNode) {
        var changes: [Change] = []
        changes += Self.layerChanges(old["layers"]?.arrayValue ?? [], new["layers"]?.arrayValue ?? [])
        changes += Self.memberChanges(old["sources"]?.objectValue, new["sources"]?.objectValue).map {
            .source(id: $0.key, old: $0.old, new: $0.new)
        }
        let oldRoot = old.objectValue.map { JSONObject($0.members.filter { !["layers", "sources"].contains($0.key) }) }
        let newRoot = new.objectValue.map { JSONObject($0.members.filter { !["layers", "sources"].contains($0.key) }) }
        changes += Self.memberChanges(oldRoot, newRoot).map { .root(key: $0.key, old: $0.old, new: $0.new) }
        self.changes = changes
    }

    /// Members added, removed or changed between two objects, in the old object's order, then the new one's.
    private static func memberChanges(_ old: JSONObject?, _ new: JSONObject?) -> [(
        key: String, old: JSONValue?, new: JSONValue?
    )] {
        var result: [(key: String, old: JSONValue?, new: JSONValue?)] = []
        for member in old?.members ?? [] {
            let other = new?[member.key]
            if !SameValue.equal(member.value, other) { result.append((member.key, member.value.value, other?.value)) }
        }
        for member in new?.members ?? [] where old?[member.key] == nil {
            result.append((member.key, nil, member.value.value))
        }
        return result
    }

    private static func layerChanges(_ old: [JSONNode], _ new: [JSONNode]) -> [Change] {
        func ids(_ layers: [JSONNode]) -> [String] {
            layers.enumerated().map { $0.element["id"]?.stringValue ?? "#\($0.offset)" }
        }
        let oldIDs = ids(old)
        let newIDs = ids(new)
        let oldIndex = Dictionary(
            oldIDs.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let newIndex = Dictionary(
            newIDs.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var changes: [Change] = []
        for (index, id) in oldIDs.enumerated() where newIndex[id] == nil {
            changes.append(.layerRemoved(id: id, index: index))
        }
        for (index, id) in newIDs.enumerated() where oldIndex[id] == nil {
            changes.append(.layerAdded(id: id, index: index))
        }
        // Layers both have: those outside the longest run kept in order moved.
        let common = oldIDs.filter { newIndex[$0] != nil }
        let commonInNew = newIDs.filter { oldIndex[$0] != nil }
        let kept = Set(longestCommonSubsequence(common, commonInNew))
        for id in commonInNew where !kept.contains(id) {
            if let from = oldIndex[id], let to = newIndex[id] {
                changes.append(.layerMoved(id: id, from: from, to: to))
            }
        }
        for id in commonInNew {
            guard let before = oldIndex[id].map({ old[$0] }), let after = newIndex[id].map({ new[$0] }) else {
                continue
            }
            changes += propertyChanges(id: id, before, after)
        }
        return changes
    }

    private static func propertyChanges(id: String, _ old: JSONNode, _ new: JSONNode) -> [Change] {
        var changes: [Change] = []
        let groups: Set<String> = ["paint", "layout"]
        let oldTop = old.objectValue.map {
            JSONObject($0.members.filter { !groups.contains($0.key) && $0.key != "id" })
        }
        let newTop = new.objectValue.map {
            JSONObject($0.members.filter { !groups.contains($0.key) && $0.key != "id" })
        }
        changes += memberChanges(oldTop, newTop).map { .layerProperty(id: id, key: $0.key, old: $0.old, new: $0.new) }
        for group in ["layout", "paint"] {
            changes += memberChanges(old[group]?.objectValue ?? JSONObject(), new[group]?.objectValue ?? JSONObject())
                .map { .layerProperty(id: id, key: "\(group).\($0.key)", old: $0.old, new: $0.new) }
        }
        return changes
    }

    /// The longest common subsequence of two id lists (each id once in each).
    private static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> [String] {
        // Patience-style: positions of a's ids in b, then the longest increasing run of them.
        let position = Dictionary(
            b.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let sequence = a.compactMap { position[$0] }
        var tails: [Int] = []
        var tailIndex: [Int] = []
        var previous = [Int](repeating: -1, count: sequence.count)
        for (index, value) in sequence.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tailIndex[low - 1] }
            if low == tails.count {
                tails.append(value)
                tailIndex.append(index)
            } else {
                tails[low] = value
                tailIndex[low] = index
            }
        }
        var result: [String] = []
        var index = tailIndex.last ?? -1
        while index >= 0 {
            result.append(b[sequence[index]])
            index = previous[index]
        }
        return result.reversed()
    }
}
