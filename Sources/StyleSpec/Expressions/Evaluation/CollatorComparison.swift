import Foundation

/// Locale-aware comparison for `collator` (JavaScript's `Intl.Collator` with `usage: 'search'`), through
/// Foundation's comparison with ICU's locale data: `base` ignores case and accents, `accent` ignores case,
/// `case` ignores accents, `variant` ignores neither.
package enum CollatorComparison {
    /// Negative, zero or positive, as `Intl.Collator.compare`.
    package static func compare(_ lhs: String, _ rhs: String, _ collator: ExpressionCollator) -> Int {
        var options: String.CompareOptions = []
        if !collator.caseSensitive { options.insert(.caseInsensitive) }
        if !collator.diacriticSensitive { options.insert(.diacriticInsensitive) }
        let locale = collator.locale.map { Locale(identifier: $0) } ?? Locale(identifier: "en")
        switch lhs.compare(rhs, options: options, range: nil, locale: locale) {
        case .orderedAscending: return -1
        case .orderedSame: return 0
        case .orderedDescending: return 1
        }
    }

    /// `resolved-locale`: the language tag the collator uses (the requested one, in canonical form; the
    /// default locale when none is given).
    package static func resolvedLocale(_ collator: ExpressionCollator) -> String {
        guard let requested = collator.locale, !requested.isEmpty else { return "en-US" }
        return Locale(identifier: requested).identifier.replacingOccurrences(of: "_", with: "-")
    }
}
