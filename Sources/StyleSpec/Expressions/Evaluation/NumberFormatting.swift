import Foundation

/// `number-format`: JavaScript's `Intl.NumberFormat` as far as Foundation's `NumberFormatter` (ICU) gives it.
/// Units (`style: 'unit'`) are written with Foundation's measurement formatter's short symbols.
package struct NumberFormatting {
    package var locale: String?
    package var currency: String?
    package var unit: String?
    /// `min-fraction-digits` as the expression gave it (a count of digits; checked and floored when formatting).
    package var minimumFractionDigits: Double?
    /// `max-fraction-digits` as the expression gave it.
    package var maximumFractionDigits: Double?

    /// The most fraction digits `Intl.NumberFormat` accepts (ECMA-402 since 2023; 20 before).
    package static let fractionDigitLimit = 100

    package func format(_ value: Double) throws(EvaluationError) -> String {
        if currency != nil, unit != nil { throw EvaluationError("Cannot use both currency and unit in number-format.") }
        let minimumFractionDigits = try Self.digitCount(minimumFractionDigits, option: "minimumFractionDigits")
        let maximumFractionDigits = try Self.digitCount(maximumFractionDigits, option: "maximumFractionDigits")
        if let minimumFractionDigits, let maximumFractionDigits, minimumFractionDigits > maximumFractionDigits {
            throw EvaluationError("maximumFractionDigits value is out of range.")
        }
        guard value.isFinite else { return JavaScriptNumber.string(value) }
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale ?? "en-US")
        if let currency {
            formatter.numberStyle = .currency
            formatter.currencyCode = currency
            // ISO 4217 minor units (Foundation on Linux gives every currency two).
            let digits = Self.currencyDigits[currency.uppercased()] ?? 2
            formatter.minimumFractionDigits = digits
            formatter.maximumFractionDigits = digits
        } else {
            formatter.numberStyle = .decimal
            formatter.minimumFractionDigits = 0
            formatter.maximumFractionDigits = 3
        }
        // Intl's rule: the style's defaults, widened to fit what is given.
        let minimum = minimumFractionDigits ?? min(formatter.minimumFractionDigits, maximumFractionDigits ?? Int.max)
        let maximum = max(maximumFractionDigits ?? formatter.maximumFractionDigits, minimum)
        // Foundation's formatter keeps only about 12 significant digits of a double on Linux, so the digits are
        // rounded here (half away from zero, as Intl does) and the formatter writes the whole part alone.
        var decimal = Decimal(string: JavaScriptNumber.string(abs(value))) ?? Decimal(abs(value))
        var rounded = Decimal()
        NSDecimalRound(&rounded, &decimal, maximum, .plain)
        let digits = rounded.description
        let parts = digits.split(separator: ".", maxSplits: 1)
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        while fraction.count > minimum, fraction.hasSuffix("0") { fraction.removeLast() }
        while fraction.count < minimum { fraction += "0" }
        formatter.minimumFractionDigits = 0
        formatter.maximumFractionDigits = 0
        let whole = Decimal(string: String(parts[0])) ?? 0
        let signed = value < 0 && (whole != 0 || !fraction.allSatisfy { $0 == "0" }) ? -whole : whole
        // An explicit NSDecimalNumber, not `string(for:)`: that one casts its `Any` to NSNumber at run time, and
        // in a binary linked with the static Swift runtime Decimal's bridging conformance is not there to find,
        // so the cast failed and every number came out unformatted ("123457" for "¥123,457").
        var text = formatter.string(from: NSDecimalNumber(decimal: signed)) ?? String(parts[0])
        if !fraction.isEmpty, let lastDigit = text.lastIndex(where: { $0.isNumber }) {
            text.insert(contentsOf: formatter.decimalSeparator + fraction, at: text.index(after: lastDigit))
        }
        guard let unit else { return text }
        guard let symbol = Self.unitSymbols[unit] else { throw EvaluationError("Invalid unit argument: \(unit)") }
        return symbol.hasPrefix("°") || symbol == "%" ? text + symbol : text + " " + symbol
    }

    /// ECMA-402's GetNumberOption for a digit count: a number from 0 to `fractionDigitLimit`, floored; anything
    /// else (NaN included) is the RangeError `Intl.NumberFormat` throws, so the expression fails to evaluate.
    package static func digitCount(_ value: Double?, option: String) throws(EvaluationError) -> Int? {
        guard let value else { return nil }
        guard value >= 0, value <= Double(fractionDigitLimit) else {
            throw EvaluationError("\(option) value is out of range.")
        }
        return Int(value.rounded(.down))
    }

    /// Currencies whose minor unit is not two digits (ISO 4217).
    package static let currencyDigits: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0, "RWF": 0, "UGX": 0,
        "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    ]

    /// The short English symbols of the sanctioned units `Intl.NumberFormat` accepts most often in styles.
    package static let unitSymbols: [String: String] = [
        "meter": "m", "kilometer": "km", "centimeter": "cm", "millimeter": "mm", "mile": "mi", "foot": "ft",
        "inch": "in",
        "yard": "yd", "celsius": "°C", "fahrenheit": "°F", "degree": "deg", "kilobyte": "kB", "megabyte": "MB",
        "gigabyte": "GB",
        "byte": "byte", "second": "sec", "minute": "min", "hour": "hr", "day": "day", "percent": "%", "kilogram": "kg",
        "gram": "g", "pound": "lb", "liter": "L", "kilometer-per-hour": "km/h", "mile-per-hour": "mph",
        "meter-per-second": "m/s",
        "acre": "ac", "hectare": "ha",
    ]
}
