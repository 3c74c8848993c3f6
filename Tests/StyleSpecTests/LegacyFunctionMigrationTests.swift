import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleSpec

/// `migrate` keeps what legacy functions mean. Functions without a `default` are generated for every function
/// type (identity, categorical, interval, exponential; zoom, property, and zoom-and-property), and each is
/// evaluated two ways: by the legacy semantics, written out here on their own, and by evaluating the expression
/// migrate writes. Where a legacy function has no stop for the input (or the input has the wrong type), it falls
/// back to the property's default, as MapLibre's `convertFunction` does; the migrated style must validate.
@Suite struct LegacyFunctionMigrationTests {
    /// A small deterministic generator (SplitMix64), so that a failure can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    }

    /// A legacy function and how to evaluate it the legacy way.
    struct Case {
        let property: String
        let function: String
        let legacy: (_ zoom: Double, _ value: JSONValue?) -> Double
    }

    /// The properties tried: their name, layer type and default.
    static let properties: [(name: String, layer: String, defaultValue: Double)] = [
        ("line-width", "line", 1), ("line-offset", "line", 0), ("line-opacity", "line", 1),
        ("circle-radius", "circle", 5),
    ]

    /// Legacy interval: the output of the last stop whose input is at most `x` (the first stop's below all).
    static func interval(_ stops: [(Double, Double)], _ x: Double) -> Double {
        var output = stops[0].1
        for stop in stops where stop.0 <= x { output = stop.1 }
        return output
    }

    /// Legacy exponential with base 1: linear between the stops around `x`, clamped at the ends.
    static func linear(_ stops: [(Double, Double)], _ x: Double) -> Double {
        if x <= stops[0].0 { return stops[0].1 }
        guard let last = stops.last, x < last.0 else { return stops[stops.count - 1].1 }
        for (left, right) in zip(stops, stops.dropFirst()) where x >= left.0 && x < right.0 {
            return left.1 + (right.1 - left.1) * (x - left.0) / (right.0 - left.0)
        }
        return last.1
    }

    static func cases(seed: UInt64) -> [Case] {
        var random = Generator(state: seed)
        var cases: [Case] = []
        for property in properties {
            func stops(count: Int) -> [(Double, Double)] {
                var input = Double(random.int(0...3))
                return (0..<count).map { _ in
                    defer { input += Double(random.int(1...4)) }
                    return (input, Double(random.int(0...20)))
                }
            }
            func text(_ stops: [(Double, Double)]) -> String {
                stops.map { "[\(JSONNumber($0.0).text), \(JSONNumber($0.1).text)]" }.joined(separator: ", ")
            }
            let zoomStops = stops(count: random.int(1...4))
            cases.append(
                Case(property: property.name, function: #"{"type": "interval", "stops": [\#(text(zoomStops))]}"#) {
                    zoom, _ in interval(zoomStops, zoom)
                })
            cases.append(
                Case(property: property.name, function: #"{"type": "exponential", "stops": [\#(text(zoomStops))]}"#) {
                    zoom, _ in linear(zoomStops, zoom)
                })
            let valueStops = stops(count: random.int(1...4))
            let fallback = property.defaultValue
            func number(_ value: JSONValue?) -> Double? {
                if case .number(let n)? = value { return n.doubleValue } else { return nil }
            }
            cases.append(
                Case(
                    property: property.name,
                    function: #"{"type": "interval", "property": "p", "stops": [\#(text(valueStops))]}"#
                ) { _, value in
                    number(value).map { interval(valueStops, $0) } ?? fallback
                })
            cases.append(
                Case(
                    property: property.name,
                    function: #"{"type": "exponential", "property": "p", "stops": [\#(text(valueStops))]}"#
                ) { _, value in
                    // One stop is its output whatever the input, as MapLibre's `interpolate` with one stop gives it
                    // (what GL JS draws for such a legacy function today).
                    valueStops.count == 1 ? valueStops[0].1 : number(value).map { linear(valueStops, $0) } ?? fallback
                })
            cases.append(
                Case(property: property.name, function: #"{"type": "identity", "property": "p"}"#) { _, value in
                    number(value) ?? fallback
                })
            let categories = ["a", "b", "c"].prefix(random.int(1...3))
            let outputs = categories.map { _ in Double(random.int(0...20)) }
            let categorical = zip(categories, outputs).map { "[\"\($0.0)\", \(JSONNumber($0.1).text)]" }.joined(
                separator: ", ")
            cases.append(
                Case(
                    property: property.name,
                    function: #"{"type": "categorical", "property": "p", "stops": [\#(categorical)]}"#
                ) { _, value in
                    guard case .string(let text)? = value, let index = categories.firstIndex(of: text) else {
                        return fallback
                    }
                    return outputs[index - categories.startIndex]
                })
            // Zoom and property: categorical at each zoom, linear between the zooms (an interpolated property).
            let zooms = [Double(random.int(0...5)), Double(random.int(6...12))]
            let byZoom = zooms.map { _ in categories.map { _ in Double(random.int(0...20)) } }
            var zoomAndValue: [String] = []
            for (zoom, values) in zip(zooms, byZoom) {
                for (category, output) in zip(categories, values) {
                    zoomAndValue.append(
                        "[{\"zoom\": \(JSONNumber(zoom).text), \"value\": \"\(category)\"}, \(JSONNumber(output).text)]"
                    )
                }
            }
            cases.append(
                Case(
                    property: property.name,
                    function:
                        #"{"type": "categorical", "property": "p", "stops": [\#(zoomAndValue.joined(separator: ", "))]}"#
                ) { zoom, value in
                    let atZoom = byZoom.map { values -> Double in
                        guard case .string(let text)? = value, let index = categories.firstIndex(of: text) else {
                            return fallback
                        }
                        return values[index - categories.startIndex]
                    }
                    return linear(zip(zooms, atZoom).map { ($0, $1) }, zoom)
                })
        }
        return cases
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func migratedFunctionsMeanWhatTheLegacyOnesMeant(seed: UInt64) throws {
        let inputs: [JSONValue?] = [
            nil, .string("a"), .string("b"), .string("c"), .string("z"), .number(JSONNumber(0)),
            .number(JSONNumber(2.5)), .number(JSONNumber(7)), .number(JSONNumber(30)), .bool(true),
        ]
        for item in Self.cases(seed: seed) {
            let property = try #require(Self.properties.first { $0.name == item.property })
            let styleText =
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://example.com/v.json"}}, "layers": [{"id": "l", "type": "\#(property.layer)", "source": "v", "source-layer": "s", "paint": {"\#(item.property)": \#(item.function)}}]}"#
            let file = SourceFiles().add(name: "style.json", bytes: Array(styleText.utf8))
            let document = try JSONParser().parse(file)
            let migration = StyleMigration(document)
            #expect(migration.rewrites.count == 1, "\(item.function)")
            let migratedFile = SourceFiles().add(name: "migrated.json", bytes: migration.bytes)
            let migrated = try JSONParser().parse(migratedFile)
            let findings = SpecValidator().validate(migrated.root, in: migrated).findings
            #expect(
                !findings.contains { $0.severity == .error },
                "\(item.property) \(item.function) migrates to a style with errors: \(findings.map(\.message))")
            let expression = try #require(migrated.root["layers"]?[0]?["paint"]?[item.property])
            let spec = try #require(ExpressionSpec.property(named: item.property))
            let program = try ExpressionProgram.compile(property: expression, spec: spec).get()
            for zoom in [0.0, 3, 5.5, 9, 14, 24] {
                for value in inputs {
                    var input = EvaluationInput()
                    input.zoom = zoom
                    if let value { input.properties = ExpressionObject([("p", ExpressionValue(json: value))]) }
                    // An evaluation error falls back to the property's default at run time, as in MapLibre.
                    let got: Double
                    switch program.evaluate(input) {
                    case .success(.number(let number)): got = number
                    case .success(let other):
                        Issue.record("\(item.function) gave \(other)")
                        continue
                    case .failure: got = property.defaultValue
                    }
                    let expected = item.legacy(zoom, value)
                    #expect(
                        abs(got - expected) < 1e-9,
                        "\(item.property) \(item.function) at zoom \(zoom), p = \(String(describing: value)): migrated \(got), legacy \(expected)"
                    )
                }
            }
        }
    }
}
