import LocatedJSON
import Synchronization

/// A value an expression evaluates to, as MapLibre's evaluator holds it: JSON values, and the types only
/// expressions make (colours, formatted text, images, collators).
public indirect enum ExpressionValue: Sendable, Equatable {
    /// `null`.
    case null
    /// A boolean.
    case boolean(Bool)
    /// A number (JavaScript's double).
    case number(Double)
    /// A string.
    case string(String)
    /// A colour.
    case color(ExpressionColor)
    /// An array of values.
    case array([ExpressionValue])
    /// An object, its members in order.
    case object(ExpressionObject)
    /// Formatted text, as `["format"]` makes it.
    case formatted([FormattedSection])
    /// An image name and whether the map has it (`availableImages`).
    case image(name: String, available: Bool)
    /// A collator, as `["collator"]` makes it.
    case collator(ExpressionCollator)
    /// A padding, number array, colour array or variable anchor offset collection: MapLibre's classes that
    /// hold their items as `values`.
    case wrapped(ExpressionType, [ExpressionValue])
    /// A projection between two others (what `interpolate` makes of two projection names).
    case projection(from: String, to: String, transition: Double)

    /// The value of a JSON value.
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .boolean(flag)
        case .number(let number): self = .number(number.doubleValue)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map { ExpressionValue(json: $0.value) })
        case .object(let object):
            self = .object(ExpressionObject(object.members.map { ($0.key, ExpressionValue(json: $0.value.value)) }))
        }
    }

    /// MapLibre's `typeOf`: arrays carry their common item type (nested arrays never share one).
    package var type: ExpressionType {
        switch self {
        case .null: return .null
        case .boolean: return .boolean
        case .number: return .number
        case .string: return .string
        case .color: return .color
        case .object: return .object
        case .formatted: return .formatted
        case .image: return .resolvedImage
        case .collator: return .collator
        case .wrapped(let type, _): return type
        case .projection: return .projectionDefinition
        case .array(let items):
            return .array(of: items.map(\.type))
        }
    }

    /// MapLibre's `valueToString` (what `to-string` and `concat` make of a value).
    package var text: String {
        switch self {
        case .null: return ""
        case .boolean(let flag): return flag ? "true" : "false"
        case .number(let number): return JavaScriptNumber.string(number)
        case .string(let text): return text
        case .color(let color): return color.cssText
        case .formatted(let sections): return sections.map(\.text).joined()
        case .image(let name, _): return name
        case .collator, .array, .object, .wrapped, .projection: return jsonText
        }
    }

    /// `JSON.stringify` of the value.
    package var jsonText: String {
        String(decoding: JSONWriter(style: .compact).bytes(json(colorsAsArrays: false)), as: UTF8.self).trimmingNewline
    }

    /// The value as MapLibre's test harness writes it: colours as `[r, g, b, a]` (premultiplied) when
    /// `colorsAsArrays`, else as the object JavaScript would serialise.
    public func json(colorsAsArrays: Bool = true) -> JSONNode {
        switch self {
        case .null: return .null
        case .boolean(let flag): return .bool(flag)
        case .number(let number): return number.isFinite ? .number(number) : .null
        case .string(let text): return .string(text)
        case .color(let color):
            let channels = [color.red, color.green, color.blue, color.alpha]
            return colorsAsArrays
                ? .array(channels.map { .number($0) })
                : .object([
                    "r": .number(color.red), "g": .number(color.green), "b": .number(color.blue),
                    "a": .number(color.alpha),
                ])
        case .array(let items): return .array(items.map { $0.json(colorsAsArrays: colorsAsArrays) })
        case .object(let object):
            return JSONNode(
                .object(
                    JSONObject(
                        object.members.map {
                            JSONMember(key: $0.key, value: $0.value.json(colorsAsArrays: colorsAsArrays))
                        })))
        case .formatted(let sections):
            return .object([
                "sections": .array(
                    sections.map { section in
                        .object([
                            "text": .string(section.text),
                            "image": section.image.map {
                                .object(["name": .string($0.name), "available": .bool($0.available)])
                            } ?? .null,
                            "scale": section.scale.map { .number($0) } ?? .null,
                            "fontStack": section.fontStack.map { .string($0) } ?? .null,
                            "textColor": section.textColor.map { ExpressionValue.color($0).json(colorsAsArrays: false) }
                                ?? .null,
                            "verticalAlign": section.verticalAlign.map { .string($0) } ?? .null,
                        ])
                    })
            ])
        case .image(let name, let available): return .object(["name": .string(name), "available": .bool(available)])
        case .wrapped(_, let values): return .object(["values": .array(values.map { $0.json(colorsAsArrays: false) })])
        case .projection(let from, let to, let transition):
            return .object(["from": .string(from), "to": .string(to), "transition": .number(transition)])
        case .collator(let collator):
            return .object([
                "caseSensitive": .bool(collator.caseSensitive),
                "diacriticSensitive": .bool(collator.diacriticSensitive),
                "locale": collator.locale.map { .string($0) } ?? .null,
            ])
        }
    }

    /// JavaScript's truthiness (`Boolean(value)`).
    package var isTruthy: Bool {
        switch self {
        case .null: return false
        case .boolean(let flag): return flag
        case .number(let number): return number != 0 && !number.isNaN
        case .string(let text): return !text.isEmpty
        default: return true
        }
    }
}

/// An object's members in their order (JavaScript keeps insertion order for string keys).
public struct ExpressionObject: Sendable, Equatable {
    /// The members, in insertion order.
    public private(set) var members: [(key: String, value: ExpressionValue)]

    /// An object of these members; a later one of the same key replaces the earlier, as in JavaScript.
    public init(_ members: [(String, ExpressionValue)]) {
        var seen: [String: Int] = [:]
        var kept: [(key: String, value: ExpressionValue)] = []
        for (key, value) in members {
            if let index = seen[key] {
                kept[index].value = value
            } else {
                seen[key] = kept.count
                kept.append((key, value))
            }
        }
        self.members = kept
    }

    /// The value of `key`, if the object has it.
    public subscript(key: String) -> ExpressionValue? { members.first { $0.key == key }?.value }

    /// Objects are equal when they have equal members in the same order.
    public static func == (lhs: ExpressionObject, rhs: ExpressionObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// A colour as MapLibre's `Color` holds it: channels 0...1, red, green and blue premultiplied by alpha.
public struct ExpressionColor: Sendable, Equatable {
    /// Red, 0 to 1, premultiplied by alpha.
    public var red: Double
    /// Green, 0 to 1, premultiplied by alpha.
    public var green: Double
    /// Blue, 0 to 1, premultiplied by alpha.
    public var blue: Double
    /// Alpha, 0 to 1.
    public var alpha: Double
    /// The channels before premultiplication, kept where alpha is 0 (which would erase them).
    package var straight: [Double]?

    /// From premultiplied channels.
    package init(premultiplied red: Double, _ green: Double, _ blue: Double, _ alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From channels not yet multiplied by alpha (MapLibre's `new Color(r, g, b, a, false)`).
    package init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red * alpha
        self.green = green * alpha
        self.blue = blue * alpha
        self.alpha = alpha
        if alpha == 0 { straight = [red, green, blue, alpha] }
    }

    /// A CSS colour string, or nil when it is not one. Styles repeat a few hundred colours thousands of times,
    /// so parsed strings are remembered (up to `ColorCache.capacity` of them).
    package init?(css text: String) {
        if let cached = ColorCache.shared.withLock({ $0[text] }) {
            guard let cached else { return nil }
            self = cached
            return
        }
        let parsed = CSSColor.parse(text).map {
            ExpressionColor(red: $0.red / 255, green: $0.green / 255, blue: $0.blue / 255, alpha: $0.alpha)
        }
        ColorCache.shared.withLock { cache in
            if cache.count >= ColorCache.capacity { cache.removeAll(keepingCapacity: true) }
            cache[text] = .some(parsed)
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// The channels before premultiplication (MapLibre's `rgb`).
    package var rgb: [Double] {
        if let straight { return straight }
        let factor = alpha == 0 ? Double.infinity : alpha
        return [red / factor, green / factor, blue / factor, alpha]
    }

    /// `rgba(r,g,b,a)` as MapLibre writes a colour as text.
    package var cssText: String {
        let channels = rgb
        let bytes = channels.prefix(3).map { JavaScriptNumber.string(($0 * 255).rounded(.toNearestOrAwayFromZero)) }
        return "rgba(\(bytes.joined(separator: ",")),\(JavaScriptNumber.string(channels[3])))"
    }

    /// Colours are equal when their channels are.
    public static func == (lhs: ExpressionColor, rhs: ExpressionColor) -> Bool {
        lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }
}

/// One run of formatted text.
public struct FormattedSection: Sendable, Equatable {
    /// The run's text.
    public var text: String
    /// The image shown in place of text, and whether the sprite has it.
    public var image: (name: String, available: Bool)?
    /// The font scale, when the run sets one.
    public var scale: Double?
    /// The font stack, comma-separated, when the run sets one.
    public var fontStack: String?
    /// The text colour, when the run sets one.
    public var textColor: ExpressionColor?
    /// The vertical alignment (`bottom`, `center`, `top`), when the run sets one.
    public var verticalAlign: String?

    /// Sections are equal when every setting is.
    public static func == (lhs: FormattedSection, rhs: FormattedSection) -> Bool {
        lhs.text == rhs.text && lhs.image?.name == rhs.image?.name && lhs.image?.available == rhs.image?.available
            && lhs.scale == rhs.scale
            && lhs.fontStack == rhs.fontStack && lhs.textColor == rhs.textColor
            && lhs.verticalAlign == rhs.verticalAlign
    }
}

/// A collator's settings (comparison itself is `ExpressionCollator.compare`).
public struct ExpressionCollator: Sendable, Equatable {
    /// Whether upper and lower case compare different.
    public var caseSensitive: Bool
    /// Whether letters with and without diacritics compare different.
    public var diacriticSensitive: Bool
    /// The requested locale (a BCP 47 tag); nil for the default.
    public var locale: String?
}

/// JavaScript's `Number.prototype.toString()` for doubles.
package enum JavaScriptNumber {
    package static func string(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        // Swift's description has the shortest digits that round-trip, as JavaScript's has; only the layout
        // differs (JavaScript writes exponents only below 1e-6 and from 1e21).
        let sign = value < 0 ? "-" : ""
        let description = "\(abs(value))"
        let parts = description.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pieces = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(pieces[0])
        let fraction = pieces.count > 1 ? String(pieces[1]) : ""
        var digits = whole + (fraction == "0" ? "" : fraction)
        // value = 0.digits × 10^point
        var point = whole.count + exponent
        while digits.hasPrefix("0"), digits.count > 1 {
            digits.removeFirst()
            point -= 1
        }
        while digits.hasSuffix("0"), digits.count > 1 { digits.removeLast() }
        let count = digits.count
        if count <= point, point <= 21 { return sign + digits + String(repeating: "0", count: point - count) }
        if 0 < point, point <= 21 { return sign + digits.prefix(point) + "." + digits.dropFirst(point) }
        if -6 < point, point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
        let power = point - 1
        let head = digits.prefix(1) + (count > 1 ? "." + digits.dropFirst() : "")
        return sign + head + "e" + (power < 0 ? "-" : "+") + String(abs(power))
    }
}

extension String {
    /// The text without one final newline, as a single-line value is shown.
    public var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}

/// Colour strings already parsed, shared by every evaluation (guarded: programs run on any thread).
package enum ColorCache {
    package static let capacity = 4096
    package static let shared = Mutex<[String: ExpressionColor?]>([:])
}
