import LocatedJSON

/// The legacy functions (`{"stops": ...}`) one validation thread has already found clean, by value and property
/// specification: styles repeat the same functions in many layers (real styles hold several times as many
/// functions as distinct ones), and whether a function has findings depends on nothing but its value
/// and the specification (the checks read no location, no layer and no other part of the style).
///
/// Functions with findings are never remembered: each finding carries its own place, so such a function is
/// checked again wherever it is written, and reported there.
struct FunctionCheckMemo {
    /// A function with the specification it was checked against. The value's structural hash (`JSONValue`'s) is
    /// computed once: a set hashes a key again on every insertion and resize.
    struct Key: Hashable {
        let spec: SpecProperty
        let function: JSONNode
        let digest: Int

        init(spec: SpecProperty, function: JSONNode) {
            self.spec = spec
            self.function = function
            var hasher = Hasher()
            hasher.combine(ObjectIdentifier(spec))
            hasher.combine(function)
            digest = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.digest == rhs.digest && lhs.spec === rhs.spec && lhs.function == rhs.function
        }
    }

    private var clean: Set<Key> = []

    /// How many distinct clean functions it holds.
    var count: Int { clean.count }

    /// True when an equal function was found clean against the same specification.
    func isKnownClean(_ key: Key) -> Bool { clean.contains(key) }

    /// Records a function found clean.
    mutating func recordClean(_ key: Key) { clean.insert(key) }
}
