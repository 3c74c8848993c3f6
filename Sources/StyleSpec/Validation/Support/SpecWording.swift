import LocatedJSON

/// MapLibre's validator wording, in one place, so that messages line up with MapLibre's own test cases.
enum SpecWording {
    /// "X expected, Y found".
    static func expected(_ expected: String, found: String) -> String { "\(expected) expected, \(found) found" }

    /// "X expected, <the node's type> found".
    static func expected(_ expected: String, found node: JSONNode) -> String {
        self.expected(expected, found: node.specTypeName)
    }

    /// MapLibre's suggestion for an unknown property: ` (did you mean "NAME"?)`, or "".
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        Suggestion.closest(to: word, among: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
