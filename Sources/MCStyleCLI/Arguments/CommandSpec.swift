/// A subcommand's interface: what it is for, how to call it, its arguments and options. Help text and
/// argument decoding both come from it, so they cannot disagree.
struct CommandSpec: Sendable {
    struct Argument: Sendable {
        let name: String
        let help: String
    }

    struct Option: Sendable {
        let name: String
        /// The value's placeholder (`<file>`); nil for a flag that takes no value.
        let valueName: String?
        let help: String
        /// True when the option may be given more than once.
        var isRepeatable = false
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
    var usageSummary: String { "Usage: mc-style \(usage.first ?? name)\n  See '\(commandPath) --help' for more information.\n" }

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
