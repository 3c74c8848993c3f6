/// How many findings of one rule the text and GitHub printers list (`--max-findings`), as compilers limit
/// repeated errors (clang's `-ferror-limit`): a style with 10,000 duplicate ids lists the first 20 and says how
/// many more there are. JSON and SARIF always carry every finding; counts and exit statuses are unchanged.
public struct FindingLimit: Sendable, Equatable {
    /// Findings listed per rule when `--max-findings` is not given.
    public static let defaultPerRule = 20
    /// The limit when `--max-findings` is not given.
    public static let standard = FindingLimit(perRule: defaultPerRule)
    /// No limit (`--max-findings all`).
    public static let none = FindingLimit(perRule: nil)

    /// Findings listed per rule; nil lists all.
    public let perRule: Int?

    /// A limit of `perRule` findings per rule (nil: none).
    public init(perRule: Int?) { self.perRule = perRule }

    /// The findings listed, and per rule how many are not.
    public struct Listing: Sendable {
        /// The findings to print, in their order.
        public let listed: [Diagnostic]
        /// Per rule, in the order rules first appear, how many of its findings are not listed.
        public let omitted: [(rule: String, count: Int)]

        /// `... and 9,979 more [style.duplicate-id]`, one line per rule left short.
        public var omittedLines: String {
            omitted.map { "... and \(FindingLimit.grouped($0.count)) more [\($0.rule)]\n" }.joined()
        }
    }

    /// The findings to list, in their order, and per rule (in the order rules first appear) how many are not.
    public func listing(_ diagnostics: [Diagnostic]) -> Listing {
        guard let perRule else { return Listing(listed: diagnostics, omitted: []) }
        var seen: [String: Int] = [:]
        var order: [String] = []
        var listed: [Diagnostic] = []
        for diagnostic in diagnostics {
            let count = seen[diagnostic.rule, default: 0]
            if count == 0 { order.append(diagnostic.rule) }
            seen[diagnostic.rule] = count + 1
            if count < perRule { listed.append(diagnostic) }
        }
        let omitted = order.compactMap { rule -> (rule: String, count: Int)? in
            let count = (seen[rule] ?? 0) - perRule
            return count > 0 ? (rule, count) : nil
        }
        return Listing(listed: listed, omitted: omitted)
    }

    /// `9979` as `9,979`.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }
}
