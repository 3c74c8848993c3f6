/// One command-line word, classified before any subcommand looks at it.
enum ArgumentToken: Equatable {
    /// `--name` (value nil) or `--name=value`; `-h` is `help`.
    case option(name: String, value: String?)
    /// Anything else: a file, `-` (standard input or output), a negative number, or any word after `--`.
    case positional(String)

    /// Splits raw words into tokens. `--` ends options: every later word is positional.
    /// Words that start with `-` followed by a digit or `.` are numbers, not options.
    static func tokenize(_ words: [String]) throws(UsageError) -> [ArgumentToken] {
        var tokens: [ArgumentToken] = []
        var optionsEnded = false
        for word in words {
            if optionsEnded || word == "-" || !word.hasPrefix("-") || isNegativeNumber(word) {
                tokens.append(.positional(word))
            } else if word == "--" {
                optionsEnded = true
            } else if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    tokens.append(
                        .option(name: String(body[..<equals]), value: String(body[body.index(after: equals)...])))
                } else {
                    tokens.append(.option(name: String(body), value: nil))
                }
            } else if word == "-h" {
                tokens.append(.option(name: "help", value: nil))
            } else {
                throw UsageError("unknown option '\(word)'")
            }
        }
        return tokens
    }

    private static func isNegativeNumber(_ word: String) -> Bool {
        let rest = word.utf8.dropFirst()
        guard let first = rest.first else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: ".")
    }
}
