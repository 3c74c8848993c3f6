/// The colours one application of rules has read and filtered, by their text: a style writes the same few colours on
/// hundreds of layers, and reading CSS and writing hex is most of what filtering them costs
/// (`benchmarks/style_rules.py`: without it deriving TomTom's basic design cost 1.56x to 1.72x of composing it, with
/// it 1.36x to 1.48x). Used by one thread.
final class ColourMemo {
    private struct Filtered: Hashable {
        let rule: Int
        let text: String
    }
    private var read: [String: StyleColor?] = [:]
    private var filtered: [Filtered: String?] = [:]

    /// The colour `text` names, or nil; read once per text.
    func colour(_ text: String) -> StyleColor? {
        if let known = read[text] { return known }
        let color = StyleColor(css: text)
        read[text] = color
        return color
    }

    /// `text` through rule `rule`'s `filter`, written canonically; nil when `text` is not a colour. Worked out once
    /// per rule and text (a rule has one filter).
    func filtered(_ text: String, by filter: ColorFilter, rule: Int) -> String? {
        let key = Filtered(rule: rule, text: text)
        if let known = filtered[key] { return known }
        let result = colour(text).map { filter.applied(to: $0).canonical }
        filtered[key] = result
        return result
    }
}
