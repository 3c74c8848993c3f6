/// "Did you mean ...?" for misspelt keys, options and ids.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is within 2 edits (or a third of the word's
    /// length for long words). Ties keep the earlier candidate.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = max(2, word.count / 3)
        let length = word.unicodeScalars.count
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            // The distance is at least the difference in length: a candidate too long or too short is passed over
            // without the table (a sprite's hundreds of names, for each image a style misspells).
            guard abs(candidate.unicodeScalars.count - length) <= min(limit, best?.distance ?? limit) else {
                continue
            }
            let distance = editDistance(word, candidate)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.candidate ?? wordPrefixMatch(word, among: candidates)
    }

    /// The candidate nearest to `word`, looser than `closest` for names the user means to copy from a list
    /// (a base style's layer ids, which run long): `closest`, else the shortest candidate that holds `word` (case
    /// aside, three letters or more). An id far from every other is not offered: it is more likely missing
    /// from this base than misspelt.
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        if let close = closest(to: word, among: candidates) { return close }
        let lowered = word.lowercased()
        guard lowered.count >= 3 else { return nil }
        return candidates.filter { $0 != word && $0.lowercased().contains(lowered) }.min { $0.count < $1.count }
    }

    /// A candidate that differs from `word` only in case, or that one of the two begins, whole words and
    /// case aside (`Park fill` for `Park`): the shortest such, ties keeping the earlier.
    static func wordPrefixMatch(_ word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        func starts(_ text: String, with prefix: String) -> Bool {
            text == prefix || text.hasPrefix(prefix + " ") || text.hasPrefix(prefix + "-")
                || text.hasPrefix(prefix + "_")
        }
        var best: String?
        for candidate in candidates where candidate != word {
            let other = candidate.lowercased()
            guard starts(other, with: lowered) || starts(lowered, with: other), !other.isEmpty else { continue }
            if best == nil || candidate.count < (best?.count ?? 0) { best = candidate }
        }
        return best
    }

    /// `"; did you mean 'CANDIDATE'?"`: the one wording every "did you mean" uses, which `candidate(inMessage:)`
    /// reads back.
    static func wording(_ candidate: String) -> String { "; did you mean '\(candidate)'?" }

    /// The candidate a message's "did you mean" offers (an editor's quick fix), or nil when it offers none.
    public static func candidate(inMessage message: String) -> String? {
        guard let start = message.ranges(of: "; did you mean '").last else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.ranges(of: "'?").last else { return nil }
        return String(rest[..<end.lowerBound])
    }

    /// `"; did you mean 'CANDIDATE'?"` for the candidate closest to `word` (each shown through `form`, such as
    /// `--name` for an option), or "" when none is close: the one wording every "did you mean" uses.
    public static func didYouMean(_ word: String, among candidates: [String], form: (String) -> String = { $0 })
        -> String
    {
        closest(to: word, among: candidates).map { wording(form($0)) } ?? ""
    }

    /// `"; did you mean 'CANDIDATE'?"` for the `nearest` candidate, or "": for layer ids.
    public static func didYouMeanLayer(_ word: String, among candidates: [String]) -> String {
        nearest(to: word, among: candidates).map(wording) ?? ""
    }

    /// Levenshtein distance over Unicode scalars.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let left = Array(a.unicodeScalars)
        let right = Array(b.unicodeScalars)
        guard !left.isEmpty else { return right.count }
        var previous = Array(0...right.count)
        var current = previous
        for i in 1...left.count {
            current[0] = i
            for j in stride(from: 1, through: right.count, by: 1) {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
