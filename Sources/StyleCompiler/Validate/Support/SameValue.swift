import LocatedJSON

/// Equality of style values as a renderer sees them: object keys in any order, numbers by value (`1` and
/// `1.0` are the same), everything else exactly. With a hash that agrees with it, for grouping small values.
enum SameValue {
    static func equal(_ left: JSONNode?, _ right: JSONNode?) -> Bool {
        guard let left, let right else { return left == nil && right == nil }
        switch (left.value, right.value) {
        case (.object(let a), .object(let b)):
            guard a.members.count == b.members.count else { return false }
            return a.members.allSatisfy { member in equal(member.value, b[member.key]) }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (.number(let a), .number(let b)):
            return a.doubleValue == b.doubleValue
        case (.string(let a), .string(let b)):
            return a == b
        case (.bool(let a), .bool(let b)):
            return a == b
        case (.null, .null):
            return true
        default:
            return false
        }
    }

    /// Feeds `node` to `hasher` so that equal values hash alike (object members are combined in an
    /// order-independent way).
    static func hash(_ node: JSONNode?, into hasher: inout Hasher) {
        guard let node else { return hasher.combine(0) }
        switch node.value {
        case .object(let object):
            hasher.combine(1)
            var members = 0
            for member in object.members {
                var inner = Hasher()
                inner.combine(member.key)
                hash(member.value, into: &inner)
                members &+= inner.finalize()
            }
            hasher.combine(members)
        case .array(let items):
            hasher.combine(2)
            hasher.combine(items.count)
            for item in items { hash(item, into: &hasher) }
        case .number(let number):
            hasher.combine(3)
            hasher.combine(number.doubleValue)
        case .string(let text):
            hasher.combine(4)
            hasher.combine(text)
        case .bool(let flag):
            hasher.combine(5)
            hasher.combine(flag)
        case .null:
            hasher.combine(6)
        }
    }
}
