/// A renderer's version: dotted whole numbers (`5.3.0`), compared part by part (a missing part is 0). The
/// compiler dates what a style uses with it; `CompiledStyle.resolve` compares the app's renderer against the
/// manifest's minimum with it.
public struct RendererVersion: Sendable, Comparable, Hashable, CustomStringConvertible {
    /// The parts, most significant first.
    public let parts: [Int]

    /// The version `text` names (`5.3.0`, `11.8`), or nil when it is not one to four dotted whole numbers.
    /// One pass over the bytes: the support table names some two thousand versions and issue URLs, all read
    /// when a run names a renderer (benchmarks/README.md, "A vector style on the TomTom map").
    public init?(_ text: String) {
        var numbers: [Int] = []
        var (current, digits) = (0, 0)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 9 else { return nil }
                (current, digits) = (current * 10 + Int(byte - UInt8(ascii: "0")), digits + 1)
            case UInt8(ascii: "."):
                guard digits > 0, numbers.count < 3 else { return nil }
                numbers.append(current)
                (current, digits) = (0, 0)
            default:
                return nil
            }
        }
        guard digits > 0 else { return nil }
        numbers.append(current)
        parts = numbers
    }

    /// `5.3.0`.
    public var description: String { parts.map(String.init).joined(separator: ".") }

    /// Part by part, a missing part counting as 0 (`5.3` equals `5.3.0`).
    public static func < (lhs: RendererVersion, rhs: RendererVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    /// Equal part by part, a missing part counting as 0.
    public static func == (lhs: RendererVersion, rhs: RendererVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    /// Hashes the parts without trailing zeros, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        var significant = parts
        while significant.last == 0 { significant.removeLast() }
        hasher.combine(significant)
    }
}
