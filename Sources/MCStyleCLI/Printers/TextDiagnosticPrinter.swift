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
        if let location = diagnostic.location { text += excerpt(location, of: diagnostic) }
        for related in diagnostic.related {
            text += header(place(related.location, fileName: nil), "note", related.message, rule: nil)
            text += excerpt(related.location, of: diagnostic)
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

    /// Characters of a quoted source line shown before and from the column.
    static let contextBefore = 120
    static let contextAfter = 200

    /// The source line (a window of it around the column) and a caret; tabs before the column are kept so the caret lines up. Secrets and any
    /// credential on the line are cut to their first four characters, before and after the column apart so
    /// that the caret stays under its value (findings point at value starts, never inside a string).
    /// Scalars beyond the shown window that are masked too: longer than any credential the scan knows.
    static let maskingMargin = 512

    private func excerpt(_ location: SourceLocation, of diagnostic: Diagnostic) -> String {
        // Only the part of the line that can be shown is read and masked (with a margin wider than any
        // credential, so one that starts outside the window is still recognised): a minified style is one
        // line of a megabyte, and masking all of it for one finding costs hundreds of milliseconds.
        let bytes = location.file.bytes
        let offset = min(location.offset, bytes.count)
        // From the file's line index, not by scanning: scanning a megabyte line for each finding was quadratic.
        let bounds = location.file.lineBounds(around: offset)
        let lineStart = bounds.lowerBound
        let lineEnd = bounds.upperBound
        // Four bytes at most a scalar: the byte window holds the scalar window and its margin.
        var first = max(lineStart, offset - 4 * (Self.contextBefore + Self.maskingMargin))
        var last = min(lineEnd, offset + 4 * (Self.contextAfter + Self.maskingMargin))
        while first > lineStart, first < bytes.count, bytes[first] & 0xC0 == 0x80 { first += 1 }
        while last < lineEnd, bytes[last] & 0xC0 == 0x80 { last -= 1 }
        var before = diagnostic.masked(sourceLine: String(decoding: bytes[first..<offset], as: UTF8.self))
        var after = diagnostic.masked(sourceLine: String(decoding: bytes[offset..<last], as: UTF8.self))
        if first > lineStart { before = "…" + before }
        if last < lineEnd { after += "…" }
        // A long line (a minified style, a huge value) is shown as a window around the column.
        if before.unicodeScalars.count > Self.contextBefore {
            before = "…" + String(String.UnicodeScalarView(before.unicodeScalars.suffix(Self.contextBefore - 1)))
        }
        if after.unicodeScalars.count > Self.contextAfter {
            after = String(String.UnicodeScalarView(after.unicodeScalars.prefix(Self.contextAfter - 1))) + "…"
        }
        let line = before + after
        // Columns count scalars; the caret line counts terminal cells (wide CJK two, combining marks none).
        let prefix = before.unicodeScalars.map { $0 == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.cells($0)) }.joined()
        let caret = useColor ? "\u{1B}[1;32m^\u{1B}[0m" : "^"
        return "\(line)\n\(prefix)\(caret)\n"
    }
}
