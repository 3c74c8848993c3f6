/// A number exactly as it was written (`0.10`, `1e400`, `12345678901234567890` survive a round trip),
/// with numeric views computed on demand.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number's text: JSON number syntax.
    public let text: String

    /// Wraps text that is already valid JSON number syntax (the parser's and `init(_:)`'s output).
    public init(text: String) { self.text = text }

    /// A number written the way the writer writes it: integers without a fraction, others in Swift's
    /// shortest round-trip form (`1e-07`, `0.1`: both JSON syntax). Not finite values have no JSON form and become `0`.
    public init(_ value: Double) {
        guard value.isFinite else {
            self.text = "0"
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            self.text = String(Int64(value))
        } else {
            self.text = "\(value)"
        }
    }

    /// An integer number.
    public init(_ value: Int) { self.text = String(value) }

    /// The value as a Double (may be infinite for `1e400`; precision may be lost for long integers).
    public var doubleValue: Double { Double(text) ?? 0 }

    /// The value as an Int when the text is an integer (no fraction, no exponent) that fits.
    public var intValue: Int? { Int(text) }

    /// True when the text has no fraction and no exponent.
    public var isIntegerText: Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The number's text as it was written (`0.10` stays `0.10`).
    public var description: String { text }
}
