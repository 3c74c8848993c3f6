import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleSpec

/// `StyleMigration` (`mc-style migrate`): legacy functions and filters rewritten, every other byte kept, and
/// the rewrites evaluating as the legacy values did.
@Suite struct StyleMigrationTests {
    private func migrate(_ text: String) throws -> StyleMigration {
        StyleMigration(try JSONParser().parse(text, name: "style.json"))
    }

    @Test func rewritesAreWrittenAsTheOriginalWasAndNothingElseMoves() throws {
        let original = """
            {"version": 8, "sources": {"v": {"type": "vector", "url": "https://t.example.com/v.json"}},
             "layers": [
              {"id": "a", "type": "line", "source": "v", "source-layer": "roads", "filter": ["in", "class", "primary", "motorway"],
               "paint": {"line-width": {"base": 1.5, "stops": [[5, 0.50], [10, 2]]}, "line-color": "#fff"}},
              {"id": "b", "type": "fill", "source": "v", "source-layer": "water", "filter": ["all", ["==", ["geometry-type"], "Polygon"], ["!has", "tunnel"]],
               "paint": {
                 "fill-color": {
                   "property": "depth",
                   "type": "categorical",
                   "stops": [[0, "#abc"], [100, "#123"]],
                   "default": "blue"
                 }
               }}
             ]}
            """
        let migration = try migrate(original)
        #expect(migration.rewrites.map(\.kind) == [.filter, .function, .mixedFilter, .function])
        #expect(
            migration.rewrites.map { $0.path.mapLibreNotation } == [
                "layers[0].filter", "layers[0].paint.line-width", "layers[1].filter[2]", "layers[1].paint.fill-color",
            ])
        let expected = """
            {"version": 8, "sources": {"v": {"type": "vector", "url": "https://t.example.com/v.json"}},
             "layers": [
              {"id": "a", "type": "line", "source": "v", "source-layer": "roads", "filter": ["match", ["get", "class"], ["motorway", "primary"], true, false],
               "paint": {"line-width": ["interpolate", ["exponential", 1.5], ["zoom"], 5, 0.50, 10, 2], "line-color": "#fff"}},
              {"id": "b", "type": "fill", "source": "v", "source-layer": "water", "filter": ["all", ["==", ["geometry-type"], "Polygon"], ["!", ["has", "tunnel"]]],
               "paint": {
                 "fill-color": ["match", ["get", "depth"], 0, "#abc", 100, "#123", "blue"]
               }}
             ]}
            """
        #expect(String(decoding: migration.bytes, as: UTF8.self) == expected)
        #expect(try migrate(expected).rewrites.isEmpty, "nothing legacy is left")
    }

    @Test func legacyAnyKeepsItsTypeRule() throws {
        // Inside `any`, a legacy comparison with a value of another type is false, not an error that ends the
        // whole filter: the conversion checks the type first.
        let migration = try migrate(
            "{\"version\": 8, \"sources\": {}, \"layers\": [{\"id\": \"a\", \"type\": \"background\", \"filter\": [\"any\", [\">\", \"y\", 0], [\"==\", \"x\", \"a\"]]}]}"
        )
        #expect(
            migration.rewrites.first?.after
                == "[\"any\", [\"case\", [\"==\", [\"typeof\", [\"get\", \"y\"]], \"number\"], [\">\", [\"get\", \"y\"], 0], false], [\"case\", [\"==\", [\"typeof\", [\"get\", \"x\"]], \"string\"], [\"==\", [\"get\", \"x\"], \"a\"], false]]"
        )
    }

    /// Every corpus style with legacy values migrates to a style with none left and no errors, changed only
    /// where it was rewritten, and every rewrite gives what the legacy value gave: over zooms 0 to 22 and
    /// features built from the values the style itself compares with.
    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)))
    func corpusStylesMigrateToWhatTheyWere() throws {
        var migrated = 0
        for url in SharedData.corpusStyles {
            let document = try JSONParser().parse(
                SourceFiles().add(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url))))
            let migration = StyleMigration(document)
            guard !migration.rewrites.isEmpty else { continue }
            migrated += 1
            let name = url.lastPathComponent
            let result = try JSONParser().parse(SourceFiles().add(name: name, bytes: migration.bytes))
            #expect(StyleMigration(result).rewrites.isEmpty, "\(name): legacy left")
            let findings = SpecValidator().validate(result.root, in: result).findings
            #expect(
                !findings.contains { $0.severity == .error },
                "\(name): \(findings.filter { $0.severity == .error }.prefix(3).map(\.message))")
            #expect(!findings.contains { $0.rule == .styleFilterMixed }, "\(name)")
            // Outside the rewritten ranges, the bytes are the original's.
            var cursor = 0
            var outputCursor = 0
            for rewrite in migration.rewrites.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                let kept = rewrite.range.lowerBound - cursor
                #expect(
                    Array(migration.bytes[outputCursor..<(outputCursor + kept)])
                        == Array(document.file.bytes[cursor..<rewrite.range.lowerBound]), "\(name)")
                outputCursor += kept + rewrite.after.utf8.count
                cursor = rewrite.range.upperBound
            }
            try checkEquivalence(document.root, result.root, rewrites: migration.rewrites, name: name)
        }
        #expect(migrated >= 10)
    }

    private func checkEquivalence(
        _ before: JSONNode, _ after: JSONNode, rewrites: [StyleMigration.Rewrite], name: String
    ) throws {
        let samples = FeatureSamples(style: before)
        let layers = before["layers"]?.arrayValue ?? []
        for rewrite in rewrites {
            let components = rewrite.path.components
            guard case .index(let layerIndex) = components[1] else { continue }
            let layer = layers[layerIndex]
            let old = try #require(before[rewrite.path])
            let new = try #require(after[rewrite.path])
            if rewrite.kind == .function {
                guard case .key(let group) = components[2], case .key(let property) = components[3],
                    let type = layer["type"]?.stringValue
                        ?? layer["ref"]?.stringValue.flatMap({ id in
                            layers.first { $0["id"]?.stringValue == id }?["type"]?.stringValue
                        }),
                    let spec = StyleSpecCatalog.index["\(group)_\(type)"]?[property]
                else { continue }
                let original = try ExpressionProgram.compile(propertyValue: old, spec: ExpressionSpec(spec)).get()
                let rewritten = try ExpressionProgram.compile(propertyValue: new, spec: ExpressionSpec(spec)).get()
                for input in samples.inputs {
                    let a = try? original.evaluate(input).get()
                    let b = try? rewritten.evaluate(input).get()
                    #expect(a == b, "\(name) \(rewrite.path): \(String(describing: a)) vs \(String(describing: b))")
                }
            } else {
                let whole = try #require(layer["filter"])
                let migratedWhole = try #require(after[JSONPath(Array(components.prefix(3)))])
                let filter = try ExpressionProgram.compile(
                    property: migratedWhole, spec: ExpressionSpec(type: "boolean")
                ).get()
                for input in samples.inputs {
                    let expected = rewrite.kind == .filter ? LegacyFilterSemantics.evaluate(whole, input) : nil
                    let got = (try? filter.evaluate(input).get()) == .boolean(true)
                    if let expected { #expect(got == expected, "\(name) \(rewrite.path)") }
                    _ = old
                }
            }
        }
    }
}

/// Features to evaluate with: every value the style's filters compare with, for every key they read, with
/// each geometry type and a missing key; zooms 0 to 22.
struct FeatureSamples {
    let inputs: [EvaluationInput]

    init(style: JSONNode) {
        var keys: Set<String> = []
        var values: [ExpressionValue] = [.null, .number(0), .string("")]
        func collect(_ node: JSONNode) {
            guard let items = node.arrayValue else { return }
            if let op = items.first?.stringValue,
                ["==", "!=", "<", ">", "<=", ">=", "in", "!in", "has", "!has"].contains(op), items.count >= 2,
                let key = items[1].stringValue, !key.hasPrefix("$")
            {
                keys.insert(key)
                for value in items.dropFirst(2) where value.value.isScalar {
                    values.append(ExpressionValue(json: value.value))
                }
            }
            for item in items { collect(item) }
        }
        for layer in style["layers"]?.arrayValue ?? [] {
            if let filter = layer["filter"] { collect(filter) }
            for group in ["paint", "layout"] {
                for member in layer[group]?.objectValue?.members ?? [] {
                    if let property = member.value["property"]?.stringValue { keys.insert(property) }
                    for stop in member.value["stops"]?.arrayValue ?? [] {
                        if let input = stop[0], input.value.isScalar {
                            values.append(ExpressionValue(json: input.value))
                        }
                        if let value = stop[0]?["value"] { values.append(ExpressionValue(json: value.value)) }
                    }
                }
            }
        }
        // At most 24 distinct values, spread over what was found: enough to meet every branch of most filters
        // while keeping the check quick on styles with thousands of rewrites.
        var distinct: [ExpressionValue] = []
        for value in values where !distinct.contains(value) { distinct.append(value) }
        let step = max(1, distinct.count / 24)
        values = stride(from: 0, to: distinct.count, by: step).map { distinct[$0] }
        var inputs: [EvaluationInput] = []
        let sortedKeys = keys.sorted()
        for (index, value) in values.enumerated() {
            for geometry in ["Point", "LineString", "Polygon"] {
                var input = EvaluationInput()
                input.zoom = Double(index % 23)
                input.geometry = .object(["type": .string(geometry)])
                input.properties = ExpressionObject(
                    sortedKeys.enumerated().compactMap { offset, key in
                        offset % 3 == index % 3 ? nil : (key, value)
                    })
                input.id = .number(Double(index))
                inputs.append(input)
            }
        }
        self.inputs = inputs
    }
}

/// Legacy filters evaluated as MapLibre's legacy filter functions did, independently of their conversion.
enum LegacyFilterSemantics {
    static func evaluate(_ filter: JSONNode, _ input: EvaluationInput) -> Bool {
        guard let items = filter.arrayValue, let op = items.first?.stringValue else { return filter.boolValue ?? true }
        func read(_ key: String) -> ExpressionValue? {
            if key == "$type" { return input.geometryType }
            if key == "$id" { return input.id ?? .null }
            return input.properties[key]
        }
        func same(_ a: ExpressionValue?, _ b: JSONNode) -> Bool {
            guard let a else { return false }
            return ExpressionCompiler.strictlyEqual(a, ExpressionValue(json: b.value))
        }
        let key = items.count > 1 ? items[1].stringValue ?? "" : ""
        switch op {
        case "==": return items.count > 2 && same(read(key), items[2])
        case "!=": return !(items.count > 2 && same(read(key), items[2]))
        case "<", ">", "<=", ">=":
            guard items.count > 2, let value = read(key),
                case .comparison(let comparison)? = ExpressionRegistry.operators[op]
            else { return false }
            switch (value, ExpressionValue(json: items[2].value)) {
            case (.number, .number), (.string, .string):
                return ExpressionCompiler.compareBasic(comparison, value, ExpressionValue(json: items[2].value))
            default: return false
            }
        case "in": return items.dropFirst(2).contains { same(read(key), $0) }
        case "!in": return !items.dropFirst(2).contains { same(read(key), $0) }
        case "has":
            return key == "$type" ? true : key == "$id" ? (input.id ?? .null) != .null : input.properties[key] != nil
        case "!has":
            return !(key == "$type" ? true : key == "$id" ? (input.id ?? .null) != .null : input.properties[key] != nil)
        case "all": return items.dropFirst().allSatisfy { evaluate($0, input) }
        case "any": return items.dropFirst().contains { evaluate($0, input) }
        case "none": return !items.dropFirst().contains { evaluate($0, input) }
        default: return true
        }
    }
}
