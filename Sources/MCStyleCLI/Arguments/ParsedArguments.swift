import StyleCompiler
import StyleSpec

/// A subcommand's arguments after decoding against its `CommandSpec`: option values, flags and positionals.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Decodes tokens and enforces the spec: unknown options, a missing value, a value given to a flag, a
    /// repeated single-valued option, and any constraint `checkConstraints` finds broken are usage errors.
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
        // `--help` answers whatever else was given; every other run meets the spec's constraints.
        guard !flags.contains(CommandSpec.helpOption.name) else { return }
        try checkConstraints(of: spec)
    }

    /// What the spec declares, in the order a user fixes it: the arguments' count, each value, options given
    /// together that exclude each other, an option without the one it goes with, a required option missing.
    private func checkConstraints(of spec: CommandSpec) throws(UsageError) {
        let required = spec.arguments.filter { !$0.isOptional }
        if positionals.count < required.count {
            throw UsageError("missing \(required[positionals.count].usage)")
        }
        if !(spec.arguments.last?.isRepeatable ?? false), positionals.count > spec.arguments.count {
            throw UsageError("unexpected argument '\(positionals[spec.arguments.count])'")
        }
        let given = spec.options.filter { values[$0.name] != nil || flags.contains($0.name) }
        for option in given {
            for text in values[option.name] ?? [] {
                if let misuse = option.check?(text) { throw misuse }
            }
        }
        for option in given {
            let excluded = given.filter {
                $0.name != option.name
                    && (option.conflicts.contains($0.name) || $0.conflicts.contains(option.name)
                        || (option.group != nil && $0.group == option.group))
            }
            if let other = excluded.first {
                throw UsageError("'--\(option.name)' and '--\(other.name)' cannot be used together")
            }
            if let partner = option.requires, !given.contains(where: { $0.name == partner }) {
                throw UsageError("'--\(option.name)' goes with '--\(partner)'")
            }
        }
        var groupsChecked: Set<String> = []
        for option in spec.options where option.isRequired && !given.contains(where: { $0.name == option.name }) {
            guard let group = option.group else { throw UsageError("missing '\(option.usage)'") }
            guard groupsChecked.insert(group).inserted else { continue }
            let members = spec.options.filter { $0.group == group }
            if !members.contains(where: { member in given.contains { $0.name == member.name } }) {
                throw UsageError("give one of " + members.map { "'\($0.usage)'" }.joined(separator: " or "))
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
