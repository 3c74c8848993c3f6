/// Where two sequences first differ, in words, or nil when they are equal. Tests compare whole documents with
/// it: a failing `#expect(a == b)` on two arrays of a megabyte makes the test library describe and diff both,
/// which takes minutes; this says where to look at once.
public func firstDifference<Element: Equatable>(_ found: [Element], _ expected: [Element]) -> String? {
    guard found != expected else { return nil }
    let shared = zip(found, expected).prefix { $0 == $1 }.count
    let near = { (items: [Element]) in
        items[shared..<min(items.count, shared + 3)].map { "\($0)" }.joined(separator: ", ")
    }
    return
        "differ at element \(shared) of \(found.count) and \(expected.count): [\(near(found))] against [\(near(expected))]"
}
