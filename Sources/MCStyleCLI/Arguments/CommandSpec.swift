/// A subcommand's interface: what it is for, its arguments and options. Help text, the usage line, argument
/// decoding and every constraint the parser enforces (arguments' count, required options, groups, options that
/// go with or exclude another, values' types, choices and bounds) come from it, so they cannot disagree; its
/// options come from the command's one declaration of each (`CommandOptions.all`).
struct CommandSpec: Sendable {
    struct Argument: Sendable {
        let name: String
        let help: String
        /// True when the command runs without it.
        var isOptional = false
        /// True when several may be given.
        var isRepeatable = false

        /// `<name>`, `<name>...`, `[<name>]` or `[<name>...]`.
        var usage: String {
            let shown = "<\(name)>" + (isRepeatable ? "..." : "")
            return isOptional ? "[\(shown)]" : shown
        }
    }

    struct Option: Sendable {
        let name: String
        /// The value's placeholder (`<file>`); nil for a flag that takes no value.
        let valueName: String?
        var help: String
        /// True when the option may be given more than once.
        var isRepeatable = false
        /// True when the command needs it (in every form of the command, or as one of its group).
        var isRequired = false
        /// The words the value may be, when a few (shown in the usage line instead of the placeholder).
        var choices: [String] = []
        /// The option this one only goes with (`--diff` with `--check`): shown inside that option's brackets.
        var requires: String? = nil
        /// Options of one group are alternatives: at most one is given (exactly one when they are required).
        var group: String? = nil
        /// Options this one cannot be given with, besides the other members of its group.
        var conflicts: [String] = []
        /// Checks a value given to the option (its type, choices and bounds): nil when it is acceptable, else
        /// the misuse. The parser runs it on every value, so a command reads only acceptable values.
        var check: (@Sendable (String) -> UsageError?)? = nil

        /// `--name`, `--name <value>` or `--name a|b`, with `...` when repeatable.
        var usage: String {
            let value =
                choices.isEmpty || choices.count > 4
                ? valueName.map { " <\($0)>" } ?? "" : " " + choices.joined(separator: "|")
            return "--\(name)\(value)" + (isRepeatable ? "..." : "")
        }
    }

    /// The subcommand's name (`zoom`), or "" for the tool itself.
    let name: String
    /// One line: what the command does.
    let abstract: String
    /// More paragraphs shown after the overview, or "".
    var discussion = ""
    /// Usage lines without the leading `mc-style`.
    let usage: [String]
    var arguments: [Argument] = []
    var options: [Option] = []

    /// A subcommand's spec: its options are its `CommandOptions`' declarations, in their order, and its usage line
    /// is made from them and the arguments.
    init(
        name: String, abstract: String, discussion: String = "", arguments: [Argument] = [],
        options declarations: some CommandOptions
    ) {
        let options = declarations.all.map(\.spec)
        self.init(
            name: name, abstract: abstract, discussion: discussion,
            usage: [Self.usageLine(name: name, arguments: arguments, options: options)],
            arguments: arguments, options: options)
    }

    /// The tool's own spec, with its usage lines as given.
    init(
        name: String, abstract: String, discussion: String = "", usage: [String], arguments: [Argument] = [],
        options: [Option] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.usage = usage
        self.arguments = arguments
        self.options = options
    }

    /// `name <arguments> <options>`: required options as they are, others in brackets, an option that requires
    /// another inside that one's brackets, the options of a group as alternatives (`[--a | --b]`, or `(--a | --b)`
    /// when one of them is required).
    static func usageLine(name: String, arguments: [Argument], options: [Option]) -> String {
        var parts = [name] + arguments.map(\.usage)
        func shown(_ option: Option) -> String {
            let nested = options.filter { $0.requires == option.name }.map { " [\($0.usage)]" }.joined()
            return option.usage + nested
        }
        var groupsShown: Set<String> = []
        for option in options where option.requires == nil {
            guard let group = option.group else {
                parts.append(option.isRequired ? shown(option) : "[\(shown(option))]")
                continue
            }
            guard groupsShown.insert(group).inserted else { continue }
            let members = options.filter { $0.group == group && $0.requires == nil }
            let alternatives = members.map(shown).joined(separator: " | ")
            parts.append(members.contains(where: \.isRequired) ? "(\(alternatives))" : "[\(alternatives)]")
        }
        return parts.joined(separator: " ")
    }

    static let helpOption = Option(name: "help", valueName: nil, help: "Show help information.")

    var allOptions: [Option] { options + [Self.helpOption] }

    var commandPath: String { name.isEmpty ? "mc-style" : "mc-style \(name)" }

    func option(named name: String) -> Option? { allOptions.first { $0.name == name } }

    /// The OVERVIEW / USAGE / ARGUMENTS / OPTIONS help text.
    func helpText(subcommands: [CommandSpec] = []) -> String {
        var text = "OVERVIEW: \(abstract)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        text += "\nUSAGE: " + usage.map { "mc-style \($0)" }.joined(separator: "\n       ") + "\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n" + arguments.map { Self.row("<\($0.name)>", $0.help) }.joined()
        }
        text += "\nOPTIONS:\n"
        for option in allOptions {
            var label = option.name == "help" ? "-h, --help" : "--\(option.name)"
            if let valueName = option.valueName { label += " <\(valueName)>" }
            text += Self.row(label, option.help)
        }
        if !subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n" + subcommands.map { Self.row($0.name, $0.abstract) }.joined()
            text += "\n  See 'mc-style help <subcommand>' for detailed help.\n"
        }
        return text
    }

    /// The short usage shown with a misuse error.
    var usageSummary: String {
        "Usage: mc-style \(usage.first ?? name)\n  See '\(commandPath) --help' for more information.\n"
    }

    private static func row(_ label: String, _ help: String) -> String {
        let width = 26
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        var text = "  " + label
        if label.count + 2 < width {
            text += String(repeating: " ", count: width - label.count - 2)
        } else {
            text += "\n" + String(repeating: " ", count: width)
        }
        text += lines.joined(separator: "\n" + String(repeating: " ", count: width)) + "\n"
        return text
    }
}
