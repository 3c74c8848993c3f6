import LocatedJSON
import StyleCompiler

/// Prints diagnostics the way compilers do: `file:line:col: severity: message [rule]`, the source line,
/// and a caret under the column. Colour (ANSI) only when asked for.
struct TextDiagnosticPrinter {
    var useColor: Bool

    func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    func render(_ diagnostic: Diagnostic) -> String {
        var text = header(place(diagnostic.location, fileName: diagnostic.fileName), diagnostic.severity.rawValue,
                          diagnostic.message, rule: diagnostic.rule)
        if let location = diagnostic.location { text += excerpt(location, masking: diagnostic.secrets) }
        for related in diagnostic.related {
            text += header(place(related.location, fileName: nil), "note", related.message, rule: nil)
            text += excerpt(related.location, masking: diagnostic.secrets)
        }
        return text
    }

    /// `N errors, M warnings` (singular where it is one).
    func summary(_ diagnostics: [Diagnostic]) -> String {
        "\(counted(diagnostics.errorCount, "error")), \(counted(diagnostics.warningCount, "warning"))\n"
    }

    private func place(_ location: SourceLocation?, fileName: String?) -> String {
        guard let location else { return fileName ?? "mc-style" }
        return "\(location.file.name):\(location.position.line):\(location.position.column)"
    }

    private func header(_ place: String, _ severity: String, _ message: String, rule: String?) -> String {
        let ruleText = rule.map { " [\($0)]" } ?? ""
        guard useColor else { return "\(place): \(severity): \(message)\(ruleText)\n" }
        let color: String
        switch severity {
        case "error": color = "\u{1B}[1;31m"
        case "warning": color = "\u{1B}[1;35m"
        default: color = "\u{1B}[1;36m"
        }
        return "\u{1B}[1m\(place): \u{1B}[0m\(color)\(severity): \u{1B}[0m\u{1B}[1m\(message)\u{1B}[0m\(ruleText)\n"
    }

    /// The source line and a caret; tabs before the column are kept so the caret lines up. Secrets on the
    /// line are cut to their first four characters (the caret stays right: they come after its column).
    private func excerpt(_ location: SourceLocation, masking secrets: [String]) -> String {
        let position = location.position
        guard var line = location.file.lineText(position.line) else { return "" }
        for secret in secrets where !secret.isEmpty { line = line.replacing(secret, with: String(secret.prefix(4)) + "…") }
        let prefix = line.unicodeScalars.prefix(position.column - 1).map { $0 == "\t" ? "\t" : " " }.joined()
        let caret = useColor ? "\u{1B}[1;32m^\u{1B}[0m" : "^"
        return "\(line)\n\(prefix)\(caret)\n"
    }
}
