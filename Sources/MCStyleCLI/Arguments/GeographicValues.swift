import LocatedJSON
import StyleCompiler
import StyleMath
import StyleSpec

/// `WEST,SOUTH,EAST,NORTH` in degrees (`tiles --bounds`): four finite numbers that make a valid box; west > east
/// crosses the antimeridian.
extension GeoBounds: ArgumentValue {
    init?(argument: String) {
        guard case .success(let bounds) = Self.parse(argument) else { return nil }
        self = bounds
    }
    static var choices: [String] { [] }
    static var noun: String { "west,south,east,north (four numbers)" }
    static func rejection(of text: String) -> String? {
        guard case .failure(let reason) = parse(text) else { return nil }
        return reason.text
    }

    /// The box `text` names, or why it names none.
    private static func parse(_ text: String) -> Result<GeoBounds, ArgumentRejection> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double(argument: String($0.trimmingSpaces()))
        }
        let values = parts.compactMap { $0 }
        guard parts.count == 4, values.count == 4 else {
            return .failure(ArgumentRejection("'\(text)' is not west,south,east,north (four numbers)"))
        }
        do {
            return .success(try GeoBounds(west: values[0], south: values[1], east: values[2], north: values[3]))
        } catch {
            return .failure(ArgumentRejection("bounds \(text): \(error)"))
        }
    }
}

/// `MIN-MAX` or `LEVEL` (`tiles --zoom`): whole tile levels within 0..22, the lower first.
struct TileLevels: ArgumentValue, Equatable {
    /// The levels, both ends included.
    let range: ClosedRange<Int>

    init?(argument: String) {
        guard case .success(let range) = Self.parse(argument) else { return nil }
        self.range = range
    }
    static var choices: [String] { [] }
    static var noun: String { "a zoom range such as 10-12" }
    static func rejection(of text: String) -> String? {
        guard case .failure(let reason) = parse(text) else { return nil }
        return reason.text
    }

    private static func parse(_ text: String) -> Result<ClosedRange<Int>, ArgumentRejection> {
        let numbers = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingSpaces()) }
        guard (1...2).contains(numbers.count), let low = numbers.first ?? nil, let high = numbers.last ?? nil else {
            return .failure(ArgumentRejection("'\(text)' is not a zoom range such as 10-12"))
        }
        let limit = Int(MapConstants.maximumZoom)
        guard (0...limit).contains(low), (0...limit).contains(high) else {
            return .failure(ArgumentRejection("zoom range \(text) is outside 0..\(limit)"))
        }
        guard low <= high else { return .failure(ArgumentRejection("zoom range \(text) is inverted")) }
        return .success(low...high)
    }
}

/// `SOURCE=OPACITY` (`resolve --opacity`): a declared source's layer opacity, a number from 0 to 1.
struct SourceOpacity: ArgumentValue, Equatable {
    /// The declared source id.
    let source: String
    /// The opacity, 0 (transparent) to 1 (opaque).
    let opacity: Double

    init?(argument: String) {
        guard let pair = NamedValue(argument: argument), let value = Double(argument: pair.value),
            (0...1).contains(value)
        else { return nil }
        source = pair.name
        opacity = value
    }
    static var choices: [String] { [] }
    static var noun: String { "SOURCE=OPACITY, an opacity from 0 to 1" }
    static func rejection(of text: String) -> String? {
        guard let pair = NamedValue(argument: text) else { return nil }
        guard let value = Double(argument: pair.value) else { return "'\(text)': the value is not a number" }
        return "'\(text)': the opacity \(JSONNumber(value).description) is outside 0 to 1"
    }
}

/// A JSON text given as an option's value (`expression --spec`, `--inputs`, `--global-state`), parsed once.
struct JSONArgument: ArgumentValue {
    /// The value's root.
    let root: JSONNode

    init?(argument: String) {
        guard let root = try? JSONParser().parse(argument, name: "argument").root else { return nil }
        self.root = root
    }
    static var choices: [String] { [] }
    static var noun: String { "JSON" }
    static func rejection(of text: String) -> String? {
        do {
            _ = try JSONParser().parse(text, name: "argument")
            return nil
        } catch {
            return "not valid JSON: \(error.message)"
        }
    }
}

/// Why an option's text names no value, in words.
struct ArgumentRejection: Error {
    let text: String
    init(_ text: String) { self.text = text }
}

/// `--property NAME`: a paint or layout property of the style specification, whose specification an expression
/// is checked against.
struct StyleProperty: ArgumentValue {
    /// The property's specification.
    let spec: ExpressionSpec

    init?(argument: String) {
        guard let spec = ExpressionSpec.property(named: argument) else { return nil }
        self.spec = spec
    }
    static var choices: [String] { [] }
    static var noun: String { "a paint or layout property of the style specification" }
    static func rejection(of text: String) -> String? {
        "'\(text)' is not a paint or layout property of the style specification"
            + Suggestion.didYouMean(text, among: ExpressionSpec.propertyNames)
    }
}

/// `--spec JSON`: a property specification written out (type, property-type, expression), a JSON object.
struct PropertySpecification: ArgumentValue {
    /// The specification.
    let spec: ExpressionSpec

    init?(argument: String) {
        guard let node = JSONArgument(argument: argument)?.root, node.objectValue != nil else { return nil }
        spec = ExpressionSpec(json: node)
    }
    static var choices: [String] { [] }
    static var noun: String { "a JSON object such as {\"type\": \"color\"}" }
    static func rejection(of text: String) -> String? {
        JSONArgument.rejection(of: text) ?? "must be a JSON object such as {\"type\": \"color\"}"
    }
}

/// `LONGITUDE,LATITUDE` in degrees (`fetch-base --sample-at`): a place inside Web Mercator's latitudes.
struct GeoPlace: ArgumentValue, Equatable {
    /// Degrees east, -180...180.
    let longitude: Double
    /// Degrees north, within Web Mercator's ±85.0511.
    let latitude: Double

    init?(argument: String) {
        guard case .success(let place) = Self.parse(argument) else { return nil }
        self = place
    }
    private init(longitude: Double, latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }
    static var choices: [String] { [] }
    static var noun: String { "longitude,latitude (two numbers)" }
    static func rejection(of text: String) -> String? {
        guard case .failure(let reason) = parse(text) else { return nil }
        return reason.text
    }

    private static func parse(_ text: String) -> Result<GeoPlace, ArgumentRejection> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double(argument: String($0.trimmingSpaces()))
        }
        guard parts.count == 2, let longitude = parts[0], let latitude = parts[1] else {
            return .failure(ArgumentRejection("'\(text)' is not longitude,latitude (two numbers)"))
        }
        guard (-180...180).contains(longitude), abs(latitude) <= MapConstants.mercatorLatitudeLimit else {
            return .failure(
                ArgumentRejection(
                    "place \(text) is outside longitudes -180..180 or Web Mercator's latitudes ±\(MapConstants.mercatorLatitudeLimit)"
                ))
        }
        return .success(GeoPlace(longitude: longitude, latitude: latitude))
    }
}
