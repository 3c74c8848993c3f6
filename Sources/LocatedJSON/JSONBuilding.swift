/// Short constructors for values the program builds (manifests, TileJSON, composed layers).
extension JSONNode {
    /// A string node, for building documents in code (at `location`, when it stands for a value read from a file).
    public static func string(_ text: String, at location: SourceLocation? = nil) -> JSONNode {
        JSONNode(.string(text), location: location)
    }
    /// An integer node written as its decimal digits.
    public static func integer(_ value: Int, at location: SourceLocation? = nil) -> JSONNode {
        JSONNode(.number(JSONNumber(value)), location: location)
    }
    /// A number written in its shortest round-trip form (`JSONNumber(_:)`).
    public static func number(_ value: Double, at location: SourceLocation? = nil) -> JSONNode {
        JSONNode(.number(JSONNumber(value)), location: location)
    }
    /// A `true` or `false` node.
    public static func bool(_ flag: Bool, at location: SourceLocation? = nil) -> JSONNode {
        JSONNode(.bool(flag), location: location)
    }
    /// A `null` node with no location.
    public static let null = JSONNode(.null)
    /// An array node of `items`, in order.
    public static func array(_ items: [JSONNode], at location: SourceLocation? = nil) -> JSONNode {
        JSONNode(.array(items), location: location)
    }

    /// An object with these members in this order; a nil value leaves its key out.
    public static func object(_ members: KeyValuePairs<String, JSONNode?>, at location: SourceLocation? = nil)
        -> JSONNode
    {
        JSONNode(.object(JSONObject(JSONMember.present(members))), location: location)
    }
}

extension JSONMember {
    /// The members of `pairs` that have a value, in order (a nil value leaves its key out), in an array of
    /// `pairs.count` places.
    public static func present(_ pairs: KeyValuePairs<String, JSONNode?>) -> [JSONMember] {
        var members: [JSONMember] = []
        members.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            if let value { members.append(JSONMember(key: key, value: value)) }
        }
        return members
    }
}
