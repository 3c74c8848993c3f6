import Testing

@testable import StyleSpec

/// "Did you mean": the closest candidate by edit distance, with candidates too long or too short passed over
/// unmeasured, gives what measuring every candidate gives.
@Suite struct SuggestionTests {
    /// Every candidate measured, as `closest` did before it passed over lengths.
    static func measuringAll(_ word: String, _ candidates: [String]) -> String? {
        let limit = max(2, word.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = Suggestion.editDistance(word, candidate)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.candidate ?? Suggestion.wordPrefixMatch(word, among: candidates)
    }

    /// Sprite-like names (`poi-hospital-12`, `shield-motorway-3`, ...) and misspellings of them: a letter dropped,
    /// doubled, changed, and two names run together, plus words of other lengths altogether.
    @Test func passingOverLengthsChangesNoSuggestion() {
        let stems = ["poi", "shield", "arrow", "icon", "pattern", "dot", "hospital", "park", "ferry", "é-accent"]
        var names: [String] = []
        for (index, stem) in stems.enumerated() {
            for number in 0..<12 { names.append("\(stem)-\(stems[(index + number) % stems.count])-\(number)") }
            names.append(stem)
        }
        var words: [String] = ["", "x", "poi-", "hospitl", "shieldmotorway", "a-very-long-name-that-matches-nothing"]
        for (index, name) in names.enumerated() where index % 3 == 0 {
            let scalars = Array(name.unicodeScalars)
            let at = index % max(1, scalars.count)
            var dropped = scalars
            dropped.remove(at: at)
            var doubled = scalars
            doubled.insert(scalars[at], at: at)
            var changed = scalars
            changed[at] = "q"
            for variant in [dropped, doubled, changed] {
                var word = ""
                word.unicodeScalars.append(contentsOf: variant)
                words.append(word)
            }
            words.append(name + names[(index + 7) % names.count])
        }
        for word in words {
            #expect(Suggestion.closest(to: word, among: names) == Self.measuringAll(word, names), "\(word)")
        }
    }
}
