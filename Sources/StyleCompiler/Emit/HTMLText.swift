/// Text put into an HTML page mc-style writes: the one escaper of every page (snapshot reports, cost reports),
/// so that an id, a name or a message from the inputs shows as text and never acts as markup.
public enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references: safe in element content and in
    /// a quoted attribute value.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { "&<>\"'".utf8.contains($0) }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
