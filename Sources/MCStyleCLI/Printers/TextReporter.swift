import LocatedJSON
import StyleCompiler

/// `file:line:column: severity: message [rule]` with an excerpt, at most the limit per rule, the summary line,
/// how many notes were not shown, and what a baseline held back.
struct TextReporter: Reporter {
    var limit: FindingLimit
    var printer = TextDiagnosticPrinter(useColor: false)
    /// With the `N errors, M warnings` line and what follows it; without, the listing alone (`compile`).
    var summarizes = true

    func render(_ report: FindingReport) -> [UInt8] { Array(text(report).utf8) }

    func text(_ report: FindingReport) -> String {
        let listing = limit.listing(report.read)
        var text = printer.render(listing.listed) + listing.omittedLines
        guard summarizes else { return text }
        text += printer.summary(report.all)
        let notes = report.shown.count - report.read.count
        if notes > 0 { text += "\(counted(notes, "note")) not shown: --verbose shows them\n" }
        if let heldBack = report.heldBack, let baselinePath = report.baselinePath {
            let stale = report.all.count { $0.rule == "baseline.stale" }
            text +=
                "baseline \(baselinePath): \(counted(heldBack, "finding")) held back, \(counted(stale, "entry", plural: "entries")) no longer \(stale == 1 ? "matches" : "match")\n"
        }
        return text
    }
}

/// Prints diagnostics the way compilers do: `file:line:col: severity: message [rule]`, the source line,
/// and a caret under the column. Colour (ANSI) only when asked for.
struct TextDiagnosticPrinter {
    var useColor: Bool

    func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    func render(_ diagnostic: Diagnostic) -> String {
        var text = header(
            place(diagnostic.location, fileName: diagnostic.fileName), diagnostic.severity.rawValue,
            diagnostic.message, rule: diagnostic.rule)
        if let location = diagnostic.location, Self.showsExcerpts(of: location.file) {
            text += excerpt(location, of: diagnostic)
        }
        for related in diagnostic.related {
            text += header(place(related.location, fileName: nil), "note", related.message, rule: nil)
            if Self.showsExcerpts(of: related.location.file) { text += excerpt(related.location, of: diagnostic) }
        }
        return text
    }

    /// One line for a finding, `file:line:column: severity: message [rule]`, without colour, excerpt or line
    /// break: for the preview's page.
    func line(_ diagnostic: Diagnostic) -> String {
        TextDiagnosticPrinter(useColor: false).header(
            place(diagnostic.location, fileName: diagnostic.fileName), diagnostic.severity.rawValue,
            diagnostic.message, rule: diagnostic.rule
        ).trimmingNewline
    }

    /// `N errors, M warnings` (singular where it is one).
    func summary(_ diagnostics: [Diagnostic]) -> String {
        "\(counted(diagnostics.errorCount, "error")), \(counted(diagnostics.warningCount, "warning"))\n"
    }

    private func place(_ location: SourceLocation?, fileName: String?) -> String {
        guard let location else { return fileName ?? "mc-style" }
        return "\(location.file.name):\(location.position.line):\(location.position.column)"
    }

    private func header(_ rawPlace: String, _ severity: String, _ rawMessage: String, rule: String?) -> String {
        // Input values quoted in a message (an id, a path) may hold controls: shown, never acted on.
        let place = VisibleText.escaped(rawPlace)
        let message = VisibleText.escaped(rawMessage)
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

    /// True when lines of `file` may be quoted: it reads as a document (its first content is a JSON `{` or `[`,
    /// or YAML mapping or sequence), so a file that is not a style or declarations file (a credentials file
    /// given as a base, say) is never printed, not even one line of it.
    static func showsExcerpts(of file: SourceFile) -> Bool {
        var index = 0
        let bytes = file.bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "#"), UInt8(ascii: "%"):
                // A YAML comment or directive line.
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                return true
            default:
                let line = bytes[index...].prefix { $0 != UInt8(ascii: "\n") }
                if line.starts(with: Array("---".utf8))
                    && (line.count == 3 || line.dropFirst(3).first == UInt8(ascii: " "))
                {
                    index += line.count
                    continue
                }
                return line.starts(with: Array("- ".utf8)) || line.count == 1 && line.first == UInt8(ascii: "-")
                    || Self.isMappingKeyLine(line)
            }
        }
        return false
    }

    /// `key:` or `key: value` (a plain or quoted key), the first line of a YAML mapping.
    private static func isMappingKeyLine(_ line: ArraySlice<UInt8>) -> Bool {
        guard let colon = line.firstIndex(where: { $0 == UInt8(ascii: ":") }) else { return false }
        let after = line.index(after: colon)
        guard after == line.endIndex || line[after] == UInt8(ascii: " ") || line[after] == UInt8(ascii: "\r") else {
            return false
        }
        let key = line[line.startIndex..<colon]
        return !key.isEmpty && !key.contains(UInt8(ascii: " ")) || key.first == UInt8(ascii: "\"")
            || key.first == UInt8(ascii: "'")
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
        // line of a megabyte, and masking all of it for each finding would make many findings slow.
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
        var before = VisibleText.escaped(
            diagnostic.masked(sourceLine: String(decoding: bytes[first..<offset], as: UTF8.self)), keepingTabs: true)
        var after = VisibleText.escaped(
            diagnostic.masked(sourceLine: String(decoding: bytes[offset..<last], as: UTF8.self)), keepingTabs: true)
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
        let prefix = before.unicodeScalars.map {
            $0 == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.cells($0))
        }.joined()
        let caret = useColor ? "\u{1B}[1;32m^\u{1B}[0m" : "^"
        return "\(line)\n\(prefix)\(caret)\n"
    }
}
