import StyleCompiler

/// A subcommand's arguments after decoding against its `CommandSpec`: option values, flags and positionals.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Decodes tokens: unknown options, a missing value, a value given to a flag, or a repeated
    /// single-valued option are usage errors.
    init(_ words: [String], spec: CommandSpec) throws(UsageError) {
        let tokens = try ArgumentToken.tokenize(words)
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            switch tokens[index] {
            case .positional(let word):
                positionals.append(word)
            case .option(let name, let inlineValue):
                guard let option = spec.option(named: name) else {
                    throw UsageError("unknown option '--\(name)'" + Self.suggestion(for: name, in: spec))
                }
                guard let valueName = option.valueName else {
                    if inlineValue != nil { throw UsageError("option '--\(name)' takes no value") }
                    flags.insert(name)
                    continue
                }
                var value = inlineValue
                if value == nil, index + 1 < tokens.count, case .positional(let next) = tokens[index + 1] {
                    value = next
                    index += 1
                }
                guard let value else { throw UsageError("missing value for '--\(name) <\(valueName)>'") }
                if !option.isRepeatable, values[name] != nil {
                    throw UsageError("option '--\(name)' given more than once")
                }
                values[name, default: []].append(value)
            }
        }
    }

    /// Whether the flag `name` was given (read through `Flag`).
    func isSet(_ name: String) -> Bool { flags.contains(name) }
    /// The texts given for option `name`, in order (read through `Option`).
    func values(of name: String) -> [String] { values[name] ?? [] }

    private static func suggestion(for name: String, in spec: CommandSpec) -> String {
        Suggestion.didYouMean(name, among: spec.allOptions.map(\.name), form: { "--" + $0 })
    }
}
