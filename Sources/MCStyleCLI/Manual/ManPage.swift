import StyleCompiler

/// A manual page in man(7) roff, made from a command's declarations: `mc-style(1)` for the tool and
/// `mc-style-<subcommand>(1)` for each subcommand, with the same options, arguments and text as `--help`, so the
/// two cannot disagree. Every piece of declared text passes through `escaped`, the one place roff is escaped.
struct ManPage {
    /// The command the page is for (the tool's own spec has the name "").
    let spec: CommandSpec
    /// The tool's subcommands: listed in the tool's page and named under SEE ALSO in every page.
    let subcommands: [CommandSpec]

    /// `mc-style` or `mc-style-compile`: the page's name, and its file's name without `.1`.
    var name: String { Self.pageName(of: spec) }

    /// The file the page is installed as: `mc-style-compile.1`.
    var fileName: String { name + ".1" }

    /// `mc-style-compile` for a subcommand's spec, `mc-style` for the tool's.
    static func pageName(of spec: CommandSpec) -> String { spec.name.isEmpty ? "mc-style" : "mc-style-" + spec.name }

    /// The page's roff source.
    var text: String {
        var lines = [
            ".TH \(quoted(name.uppercased())) 1 \"\(ToolVersion.releaseDate)\" "
                + "\(quoted("mc-style \(ToolVersion.current)")) \(quoted("mc-style Manual"))",
            ".SH NAME",
        ]
        lines += Self.wrapped(escaped(name) + " \\- " + escaped(spec.abstract))
        lines.append(".SH SYNOPSIS")
        for (index, usage) in spec.usage.enumerated() {
            if index > 0 { lines.append(".br") }
            lines.append(".B mc\\-style")
            lines += text(usage)
        }
        lines.append(".SH DESCRIPTION")
        lines += text(spec.abstract)
        lines += paragraph(spec.discussion)
        if !spec.arguments.isEmpty {
            lines.append(".SH ARGUMENTS")
            for argument in spec.arguments {
                lines += [".TP", "\\fI\(escaped("<\(argument.name)>"))\\fR"] + flowing(argument.help)
            }
        }
        lines.append(".SH OPTIONS")
        for option in spec.allOptions {
            var label = "\\fB\(escaped("--" + option.name))\\fR"
            if let valueName = option.valueName { label += " \\fI\(escaped("<\(valueName)>"))\\fR" }
            lines += [".TP", label] + flowing(option.help)
            if !option.choices.isEmpty {
                lines += text("One of: \(option.choices.joined(separator: ", ")).")
            }
        }
        if spec.name.isEmpty {
            lines.append(".SH SUBCOMMANDS")
            for subcommand in subcommands {
                lines += [".TP", "\\fB\(escaped(subcommand.name))\\fR"] + text(subcommand.abstract)
                lines.append("See \\fB\(escaped(Self.pageName(of: subcommand)))\\fR(1).")
            }
        }
        lines.append(".SH SEE ALSO")
        let others = ([""] + subcommands.map(\.name)).filter { $0 != spec.name }
        for (index, other) in others.enumerated() {
            let page = other.isEmpty ? "mc-style" : "mc-style-" + other
            lines.append(".BR \(escaped(page)) (1)" + (index < others.count - 1 ? "," : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Help text written for a terminal, its lines joined so that roff fills them.
    private func flowing(_ help: String) -> [String] {
        text(help.replacing("\n", with: " "))
    }

    /// Declared text as roff text lines: escaped, then wrapped.
    private func text(_ text: String) -> [String] { Self.wrapped(escaped(text)) }

    /// Escaped text in input lines of at most 80 bytes (broken at spaces, which roff fills again; a word longer
    /// than that stays whole), each guarded by `\&` where it would begin with `.` or `'` and be read as a request.
    static func wrapped(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.utf8.count + 1 + word.utf8.count > 80 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
    }

    /// A discussion's lines as roff text: a line after one that ends a sentence or introduces a list (".", ":")
    /// starts on a line of its own, as in `--help`; other lines are filled.
    private func paragraph(_ discussion: String) -> [String] {
        guard !discussion.isEmpty else { return [] }
        var lines = [".PP"]
        var breakBefore = false
        for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingPrefix(" ")
            guard !text.isEmpty else {
                lines.append(".PP")
                breakBefore = false
                continue
            }
            if breakBefore { lines.append(".br") }
            lines += self.text(String(text))
            breakBefore = text.hasSuffix(".") || text.hasSuffix(":")
        }
        return lines
    }

    /// Text safe inside a roff line: backslashes as `\e` and hyphens as `\-` (so options copy and search as
    /// typed). `wrapped` guards the start of each line, so no declared text is read as a request.
    private func escaped(_ text: String) -> String {
        text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    }

    /// An argument of a request, in double quotes (which the escaped text never holds).
    private func quoted(_ text: String) -> String { "\"" + escaped(text).replacing("\"", with: "\\(dq") + "\"" }
}
