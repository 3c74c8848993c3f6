/// Text for a terminal or a CI log with every character that could act instead of showing written as a visible
/// escape: line breaks (`\n`, `\r`), escape (`\e`, which starts ANSI sequences that set a window title or clear
/// the screen), bell (`\a`), the other C0 and C1 controls and DEL (`\u{7F}`), and the bidirectional controls
/// that reorder what is shown (`\u{202E}`). A message or excerpt then takes exactly one line, and an input
/// value cannot forge another finding, a GitHub `::error` command or a terminal state.
enum VisibleText {
    /// `text` with its controls escaped; tabs kept when `keepingTabs` (an excerpt keeps them so that its caret
    /// lines up), else shown as `\t`.
    static func escaped(_ text: String, keepingTabs: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingTabs: keepingTabs) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingTabs: keepingTabs) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{1B}": result += "\\e"
            case "\u{07}": result += "\\a"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// `text` for one cell of a Markdown table: controls escaped, `|` escaped, backticks made quotes.
    static func markdownCell(_ text: String) -> String {
        escaped(text).replacing("|", with: "\\|").replacing("`", with: "'")
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, keepingTabs: Bool) -> Bool {
        switch scalar.value {
        case 0x09: return !keepingTabs
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
