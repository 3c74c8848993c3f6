import StyleCompiler

/// How many findings of one rule the text and GitHub printers show (`--max-findings`), as compilers limit
/// repeated errors (clang's `-ferror-limit`): a style with 10,000 duplicate ids shows the first 20 and says how
/// many more there are. JSON and SARIF always carry every finding; counts and exit statuses are unchanged.
struct FindingLimit {
    /// Findings shown per rule by default.
    static let defaultPerRule = 20

    /// Findings shown per rule; nil shows all.
    let perRule: Int?

    /// The findings to show, in their order, and per rule (in the order rules first appear) how many are not.
    func apply(_ diagnostics: [Diagnostic]) -> (shown: [Diagnostic], omitted: [(rule: String, count: Int)]) {
        guard let perRule else { return (diagnostics, []) }
        var seen: [String: Int] = [:]
        var order: [String] = []
        var shown: [Diagnostic] = []
        for diagnostic in diagnostics {
            let count = seen[diagnostic.rule, default: 0]
            if count == 0 { order.append(diagnostic.rule) }
            seen[diagnostic.rule] = count + 1
            if count < perRule { shown.append(diagnostic) }
        }
        let omitted = order.compactMap { rule -> (rule: String, count: Int)? in
            let count = (seen[rule] ?? 0) - perRule
            return count > 0 ? (rule, count) : nil
        }
        return (shown, omitted)
    }

    /// `... and 9,979 more [style.duplicate-id]`, one line per rule.
    static func lines(_ omitted: [(rule: String, count: Int)]) -> String {
        omitted.map { "... and \(grouped($0.count)) more [\($0.rule)]\n" }.joined()
    }

    /// `9979` as `9,979`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }
}
