import Foundation
import LocatedJSON
import StyleSpec
import TestSupport
import Testing

@testable import StyleCompiler

/// Rule families of `StyleValidator`, each at its exact line and column (marked `⟦` in the input).
@Suite struct StyleValidatorTests {
    /// The findings for a marked style, and the marked positions.
    private func findings(_ marked: String, target: Target = .maplibre) throws -> ([Diagnostic], [SourcePosition]) {
        let (text, marks) = markedPositions(marked)
        let document = try JSONParser().parse(text, name: "style.json")
        return (
            StyleValidator(target: target).validate(document.root, in: document),
            marks.map { SourcePosition(line: $0.line, column: $0.column) }
        )
    }

    private func expectOne(
        _ marked: String, rule: String, path: String, message: String, severity: Diagnostic.Severity = .error,
        target: Target = .maplibre, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let (diagnostics, marks) = try findings(marked, target: target)
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))", sourceLocation: sourceLocation)
        let diagnostic = try #require(diagnostics.first, sourceLocation: sourceLocation)
        #expect(diagnostic.rule == rule, sourceLocation: sourceLocation)
        #expect(diagnostic.severity == severity, sourceLocation: sourceLocation)
        #expect(diagnostic.path?.mapLibreNotation == path, sourceLocation: sourceLocation)
        #expect(diagnostic.message == message, sourceLocation: sourceLocation)
        #expect(diagnostic.position == marks.first, sourceLocation: sourceLocation)
    }

    /// GL JS fetches a relative sprite or glyphs URL from the page's folder, not the style's (issue 55).
    @Test func aRelativeSpriteOrGlyphsURLIsAWarningForMapLibre() throws {
        try expectOne(
            #"{"version": 8, "sprite": ⟦"sprites/basic", "sources": {}, "layers": []}"#, rule: "style.relative-url",
            path: "sprite",
            message:
                "the sprite URL 'sprites/basic' is relative: MapLibre GL JS resolves it against the page's address, not the style's; write it absolute (https://...)",
            severity: .warning)
        try expectOne(
            #"{"version": 8, "glyphs": ⟦"/fonts/{fontstack}/{range}.pbf", "sources": {}, "layers": []}"#,
            rule: "style.relative-url", path: "glyphs",
            message:
                "the glyphs URL '/fonts/{fontstack}/{range}.pbf' is relative: MapLibre GL JS resolves it against the page's address, not the style's; write it absolute (https://...)",
            severity: .warning)
        let absolute =
            #"{"version": 8, "sprite": [{"id": "a", "url": "https://s.example.com/a"}, {"id": "b", "url": "mapbox://sprites/b"}], "glyphs": "https://g.example.com/{fontstack}/{range}.pbf", "sources": {}, "layers": []}"#
        #expect(try findings(absolute).0.isEmpty)
        let relativeForTomTom = #"{"version": 8, "sprite": "sprites/basic", "sources": {}, "layers": []}"#
        #expect(try findings(relativeForTomTom, target: .tomtom).0.allSatisfy { $0.rule != "style.relative-url" })
    }

    static let layerSources =
        #""sources": {"v": {"type": "vector", "url": "https://t.example.com/v.json"}, "r": {"type": "raster", "tiles": ["https://t.example.com/{z}/{x}/{y}.png"], "tileSize": 256}}"#

    @Test func rootRules() throws {
        try expectOne(
            "{\"version\": ⟦7, \"sources\": {}, \"layers\": []}", rule: "style.enum", path: "version",
            message: "expected one of [8], 7 found")
        try expectOne(
            "⟦{\"version\": 8, \"layers\": []}", rule: "style.required", path: "",
            message: "missing required property \"sources\"")
        try expectOne(
            "{\"version\": 8, \"sources\": {}, \"layers\": [], \"constants\": ⟦{}}", rule: "style.deprecated",
            path: "constants",
            message: "constants have been deprecated as of v8")
        try expectOne(
            "{\"version\": 8, \"sources\": {}, \"layers\": [], \"centre\": ⟦[0, 0]}", rule: "style.unknown-key",
            path: "centre",
            message:
                "the style has a key 'centre' that the style specification does not define; renderers ignore it; did you mean 'center'?",
            severity: .note)
        try expectOne(
            "{\"version\": 8, \"sources\": {}, \"layers\": [], \"center\": ⟦[1, 2, 3]}", rule: "style.array-length",
            path: "center",
            message: "array length 2 expected, length 3 found")
        try expectOne(
            "{\"version\": 8, \"sources\": {}, \"layers\": [], \"glyphs\": ⟦\"https://g.example.com/{range}.pbf\"}",
            rule: "style.glyphs",
            path: "glyphs", message: "\"glyphs\" url must include a \"{fontstack}\" token")
    }

    @Test func tomTomPlaceholdersAreUnderstood() throws {
        let style =
            "{\"version\": 8, \"sources\": {}, \"layers\": [], \"glyphs\": ⟦\"{hosted_glyphs_url}\", \"sprite\": \"{hosted_sprite_url}\"}"
        #expect(try findings(style, target: .tomtom).0.isEmpty)
        let onMapLibre = try findings(style, target: .maplibre).0
        #expect(onMapLibre.map(\.rule) == ["tomtom.placeholder", "tomtom.placeholder"])
        #expect(onMapLibre.allSatisfy { $0.severity == .warning })
    }

    @Test func sourceRules() throws {
        try expectOne(
            "{\"version\": 8, \"sources\": {\"a\": ⟦{}}, \"layers\": []}", rule: "style.required", path: "sources.a",
            message: "\"type\" is required")
        try expectOne(
            "{\"version\": 8, \"sources\": {\"a\": {\"type\": ⟦\"tiles\"}}, \"layers\": []}", rule: "style.enum",
            path: "sources.a.type",
            message: "expected one of [vector, raster, raster-dem, geojson, video, image], \"tiles\" found")
        try expectOne(
            "{\"version\": 8, \"sources\": {\"a\": {\"type\": \"raster\", \"tiles\": [], \"tileSize\": ⟦300}}, \"layers\": []}",
            rule: "sources.tile-size", path: "sources.a.tileSize",
            message:
                "raster tileSize 300 is not a power of two: TomTom and MapLibre tile pyramids are 128, 256 and 512 pixels",
            severity: .warning, target: .tomtom)
        try expectOne(
            "{\"version\": 8, \"sources\": {\"a\": {\"type\": \"raster\", \"tiles\": [], \"tileSize\": ⟦0}}, \"layers\": []}",
            rule: "sources.tile-size", path: "sources.a.tileSize",
            message: "raster tileSize 0 is not a whole number of pixels from 1 to 65536", target: .tomtom)
    }

    @Test func layerRules() throws {
        try expectOne(
            "{\"version\": 8, \(Self.layerSources), \"layers\": [{\"id\": \"a\", \"type\": \"fill\", \"source\": ⟦\"nope\", \"source-layer\": \"x\"}]}",
            rule: "style.layer.unknown-source", path: "layers[0]", message: "source \"nope\" not found")
        try expectOne(
            "{\"version\": 8, \(Self.layerSources), \"layers\": [⟦{\"id\": \"a\", \"type\": \"fill\", \"source\": \"v\"}]}",
            rule: "style.layer.source-layer", path: "layers[0]", message: "layer \"a\" must specify a \"source-layer\"")
        try expectOne(
            "{\"version\": 8, \(Self.layerSources), \"layers\": [{\"id\": \"a\", \"type\": \"fill\", \"source\": ⟦\"r\"}]}",
            rule: "style.layer.source-type", path: "layers[0]", message: "layer \"a\" requires a vector source")
        let (duplicates, marks) = try findings(
            "{\"version\": 8, \"sources\": {}, \"layers\": [{\"id\": \"bg\", \"type\": \"background\"},\n{\"id\": ⟦\"bg\", \"type\": \"background\"}]}"
        )
        #expect(duplicates.map(\.message) == ["duplicate layer id \"bg\", previously used at line 1"])
        #expect(duplicates.first?.position == marks.first)
        #expect(duplicates.first?.related.first?.location.position == SourcePosition(line: 1, column: 49))
    }

    @Test func propertyRules() throws {
        let layer = { (paint: String) in
            "{\"version\": 8, \"sources\": {}, \"layers\": [{\"id\": \"bg\", \"type\": \"background\", \"paint\": {\(paint)}}]}"
        }
        try expectOne(
            layer("\"background-colour\": ⟦\"red\""), rule: "style.unknown-property",
            path: "layers[0].paint.background-colour",
            message: "unknown property \"background-colour\" (did you mean \"background-color\"?)")
        try expectOne(
            layer("\"background-color\": ⟦\"reddish\""), rule: "style.color", path: "layers[0].paint.background-color",
            message: "color expected, \"reddish\" found")
        try expectOne(
            layer("\"background-opacity\": ⟦1.5"), rule: "style.range", path: "layers[0].paint.background-opacity",
            message: "1.5 is greater than the maximum value 1")
        try expectOne(
            layer("\"background-opacity\": {\"stops\": [[5, 1], [⟦3, 0]]}"), rule: "style.function",
            path: "layers[0].paint.background-opacity.stops[1][0]",
            message: "stop domain values must appear in ascending order")
        try expectOne(
            layer("\"background-opacity\": ⟦[\"+\", 1, [\"interpolate\", [\"linear\"], [\"zoom\"], 0, 0, 1, 1]]"),
            rule: "style.expression",
            path: "layers[0].paint.background-opacity",
            message:
                "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression.")
        try expectOne(
            layer("\"background-color\": ⟦[\"get\", \"c\"]"), rule: "style.expression",
            path: "layers[0].paint.background-color",
            message: "data expressions not supported")
        #expect(
            try findings(
                layer(
                    "\"background-opacity\": [\"let\", \"a\", 1, [\"interpolate\", [\"linear\"], [\"zoom\"], 0, [\"var\", \"a\"], 5, 0]]"
                )
            ).0.isEmpty)
        #expect(
            try findings(layer("\"background-color\": \"hsla(120, 50%, 50%, 0.5)\", \"background-opacity\": 0.5")).0
                .isEmpty)
    }

    /// Expressions are type-checked; a finding sits at the offending sub-expression, on its own line.
    @Test func expressionTypeErrorsPointAtTheSubExpression() throws {
        let lines = { (body: String) in
            "{\"version\": 8, \"sources\": {\"v\": {\"type\": \"vector\", \"url\": \"https://t.example.com/v.json\"}},\n\"layers\": [{\"id\": \"l\", \"type\": \"line\", \"source\": \"v\", \"source-layer\": \"s\",\n\(body)}]}"
        }
        try expectOne(
            lines(
                "\"paint\": {\"line-color\": ⟦[\"match\", [\"get\", \"k\"],\n  \"a\", \"red\",\n  \"b\", ⟦\"reddish\",\n  \"blue\"]}"
            ),
            rule: "style.expression", path: "layers[0].paint.line-color[4]",
            message: "Could not parse color from value 'reddish'")
        // MapLibre keys a match output by its label's index: the path names the match, a related place the value.
        let (matchFindings, matchMarks) = try findings(
            lines("\"paint\": {\"line-color\": [\"match\", [\"get\", \"k\"],\n  \"b\", ⟦\"reddish\",\n  \"blue\"]}"))
        #expect(
            matchFindings.first?.related.first?.location.position
                == SourcePosition(line: matchMarks[0].line, column: matchMarks[0].column))
        try expectOne(
            lines(
                "\"paint\": {\"line-width\": [\"interpolate\", [\"linear\"], [\"zoom\"], 5, 1,\n  10, [\"*\", 2, [\"get\", \"w\", ⟦\"x\"]]]}"
            ),
            rule: "style.expression", path: "layers[0].paint.line-width[6][2][2]",
            message: "Expected object but found string instead.")
        // In a filter MapLibre reports at the filter itself; the sub-expression is the related place.
        let filter = lines(
            "\"filter\": ⟦[\"all\", [\"==\", [\"get\", \"a\"], 1],\n  [\">\", ⟦[\"boolean\", [\"get\", \"b\"]], 2]]")
        try expectOne(
            filter, rule: "style.expression", path: "layers[0].filter[2][1]",
            message: "\">\" comparisons are not supported for type 'boolean'.")
        let (filterFindings, filterMarks) = try findings(filter)
        #expect(
            filterFindings.first?.related.first?.location.position
                == SourcePosition(line: filterMarks[1].line, column: filterMarks[1].column))
        try expectOne(
            lines("\"filter\": ⟦[\"==\", [\"feature-state\", \"hover\"], true]"),
            rule: "style.expression", path: "layers[0].filter",
            message: "\"feature-state\" data expressions are not supported with filters.")
        try expectOne(
            lines("\"layout\": {\"line-sort-key\": ⟦[\"number\", [\"feature-state\", \"rank\"]]}"),
            rule: "style.expression",
            path: "layers[0].layout.line-sort-key",
            message: "\"feature-state\" data expressions are not supported with layout properties.")
        #expect(
            try findings(
                lines(
                    "\"filter\": [\"all\", [\"==\", [\"geometry-type\"], \"LineString\"], [\"has\", \"name\"]],\n\"paint\": {\"line-color\": [\"to-color\", [\"get\", \"c\"], \"red\"]}"
                )
            ).0.isEmpty)
    }

    @Test func inputsOnlyWherePropertiesListThem() throws {
        let layer = { (type: String, body: String) in
            "{\"version\": 8, \"sources\": {\"g\": {\"type\": \"geojson\", \"data\": {\"type\": \"FeatureCollection\", \"features\": []}}}, \"layers\": [{\"id\": \"l\", \"type\": \"\(type)\", \"source\": \"g\", \(body)}]}"
        }
        try expectOne(
            layer(
                "line",
                "\"paint\": {\"line-opacity\": ⟦[\"interpolate\", [\"linear\"], [\"heatmap-density\"], 0, 0, 1, 1]}"),
            rule: "style.expression", path: "layers[0].paint.line-opacity",
            message: "\"heatmap-density\" may only be used in \"heatmap-color\", not in \"line-opacity\".")
        try expectOne(
            layer("symbol", "\"layout\": {\"text-field\": \"x\", \"text-font\": ⟦[\"get\", \"font\"]}"),
            rule: "style.expression", path: "layers[0].layout.text-font",
            message:
                "Invalid data expression for \"text-font\". Output values must be contained as literals within the expression."
        )
        #expect(
            try findings(
                layer(
                    "heatmap",
                    "\"paint\": {\"heatmap-color\": [\"interpolate\", [\"linear\"], [\"heatmap-density\"], 0, \"blue\", 1, \"red\"]}"
                )
            ).0.isEmpty)
        #expect(
            try findings(
                layer(
                    "symbol",
                    "\"layout\": {\"text-field\": \"x\", \"text-font\": [\"step\", [\"zoom\"], [\"literal\", [\"A\"]], 8, [\"literal\", [\"B\"]]]}"
                )
            ).0.isEmpty)
    }

    /// The findings on one thread, in order.
    private func sequentialFindings(_ document: JSONDocument, target: Target) -> [Diagnostic] {
        StyleValidator(target: target, maximumThreads: 1).validate(document.root, in: document)
    }

    /// Large styles are checked on several threads; the findings and their order are those of one thread, in
    /// document order (root members before `layers`, the layers, root members after, then TomTom's rules).
    @Test func layersCheckedOnTwoThreadsGiveTheSameFindingsInTheSameOrder() throws {
        var layers: [String] = []
        for index in 0..<100 {
            let opacity = index % 9 == 0 ? "7" : "0.5"
            let id = index == 80 ? "l3" : "l\(index)"
            layers.append(
                "{\"id\": \"\(id)\", \"type\": \"background\", \"paint\": {\"background-opacity\": \(opacity), \"background-color\": [\"get\", \"c\"]}}"
            )
        }
        let text =
            "{\"version\": 8, \"sources\": {}, \"layers\": [\(layers.joined(separator: ",\n"))], \"glyphs\": \"https://g.example.com/{range}.pbf\", \"zoom\": \"far\"}"
        let style = try JSONParser().parse(text, name: "style.json")
        for target in [Target.maplibre, .tomtom] {
            let split = StyleValidator(target: target).validate(style.root, in: style)
            #expect(split.count > 30)
            #expect(split.allSatisfy { $0.location != nil }, "every finding is placed")
            #expect(split == sequentialFindings(style, target: target))
            #expect(
                StyleValidator(target: target, maximumThreads: 7).validate(style.root, in: style) == split,
                "more threads than cores")
            let layerFindings = split.indices.filter { split[$0].path?.mapLibreNotation.hasPrefix("layers[") == true }
            let zoom = try #require(split.firstIndex { $0.path?.mapLibreNotation == "zoom" })
            let glyphs = try #require(split.firstIndex { $0.path?.mapLibreNotation == "glyphs" })
            #expect(
                layerFindings.count > 20 && layerFindings.allSatisfy { $0 < glyphs && $0 < zoom },
                "root members after 'layers' come after the layers")
            let firstLayer = try #require(layerFindings.first)
            let lastLayer = try #require(layerFindings.last)
            #expect(layerFindings == Array(firstLayer...lastLayer), "the layers' findings stand together")
            let layerIndices = layerFindings.compactMap { position -> Int? in
                if case .index(let index)? = split[position].path?.components.dropFirst().first {
                    return index
                } else {
                    return nil
                }
            }
            #expect(
                layerIndices.count == layerFindings.count && layerIndices == layerIndices.sorted(),
                "layer by layer, in order")
        }
    }

    @Test(
        .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)),
        arguments: SharedData.corpusStyles)
    func corpusFindingsDoNotDependOnTheSplit(style url: URL) throws {
        let style = try JSONParser().parse(SourceFiles().add(name: url.path, bytes: Array(try Data(contentsOf: url))))
        #expect(
            StyleValidator(target: .tomtom).validate(style.root, in: style)
                == sequentialFindings(style, target: .tomtom))
    }

    @Test func mixedFilterSyntaxIsWarnedAboutWithItsReplacement() throws {
        // Current MapLibre reads a filter with any expression in it as an expression: the legacy part gets a
        // warning with the expression to write instead, and is type-checked as the expression it then is.
        let style =
            "{\"version\": 8, \"sources\": {\"v\": {\"type\": \"vector\", \"url\": \"https://t.example.com/v.json\"}}, \"layers\": [{\"id\": \"l\", \"type\": \"line\", \"source\": \"v\", \"source-layer\": \"s\", \"filter\": [\"all\", ⟦[\"==\", \"class\", \"park\"], [\"==\", [\"get\", \"x\"], 1]]}]}"
        let (diagnostics, marks) = try findings(style)
        #expect(diagnostics.map(\.rule) == ["style.filter-mixed"], "\(diagnostics.map(\.message))")
        let warning = try #require(diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.position == marks.first)
        #expect(warning.path?.mapLibreNotation == "layers[0].filter[1]")
        #expect(
            warning.message
                == "Mixing deprecated filter syntax with expression syntax is not supported. Replace [\"==\",\"class\",\"park\"] with [\"==\",[\"get\",\"class\"],\"park\"]."
        )
        // A legacy part that is no valid expression is both: the warning and the type error.
        let numeric = style.replacingOccurrences(of: "[\"==\", \"class\", \"park\"]", with: "[\">=\", \"year\", 1930]")
        #expect(
            try findings(numeric).0.map(\.message) == [
                "Mixing deprecated filter syntax with expression syntax is not supported. Replace [\">=\",\"year\",1930] with [\">=\",[\"get\",\"year\"],1930].",
                "Cannot compare types 'string' and 'number'.",
            ])
        // Wholly legacy, or neutral (has with one key), is not mixed.
        #expect(
            try findings(style.replacingOccurrences(of: "[\"==\", [\"get\", \"x\"], 1]", with: "[\"has\", \"x\"]")).0
                .isEmpty)
        #expect(
            try findings(style.replacingOccurrences(of: "[\"==\", [\"get\", \"x\"], 1]", with: "[\"!has\", \"x\"]")).0
                .isEmpty)
    }

    @Test func textFontTakesNoIdentityFunction() throws {
        try expectOne(
            "{\"version\": 8, \"glyphs\": \"https://g.example.com/{fontstack}/{range}.pbf\", \"sources\": {\"v\": {\"type\": \"vector\", \"url\": \"https://t.example.com/v.json\"}}, \"layers\": [{\"id\": \"l\", \"type\": \"symbol\", \"source\": \"v\", \"source-layer\": \"s\", \"layout\": {\"text-field\": \"x\", \"text-font\": ⟦{\"type\": \"identity\", \"property\": \"f\"}}}]}",
            rule: "style.function", path: "layers[0].layout.text-font",
            message: "\"text-font\" does not support identity functions")
    }

    @Test func sdkOverlayNamesAreReservedOnTomTom() throws {
        try expectOne(
            "{\"version\": 8, \"sources\": {}, \"layers\": [{\"id\": ⟦\"marker\", \"type\": \"background\"}]}",
            rule: "tomtom.sdk-layer-name",
            path: "layers[0].id",
            message:
                "layer id \"marker\" is the name of a TomTom SDK overlay layer; the SDK inserts its own layer with that name",
            target: .tomtom)
    }

    @Test func literalCredentialsShowFourCharacters() throws {
        let key = "Zq9x1234567890abcdef"
        try expectOne(
            "{\"version\": 8, \"sources\": {\"v\": {\"type\": \"vector\", \"tiles\": [⟦\"https://api.tomtom.com/t/{z}/{x}/{y}.pbf?key=\(key)\"]}}, \"layers\": []}",
            rule: "secret.literal-key", path: "sources.v.tiles[0]",
            message:
                "literal credential 'Zq9x…' in a committed file: use TomTom's {key} placeholder (mc-style redact does it)"
        )
        let token = "pk.eyJ1IjoiYSJ9.abcdefghijklmnopqrstuvwxyz0123"
        try expectOne(
            "{\"version\": 8, \"sources\": {\"v\": {\"type\": \"vector\", \"url\": ⟦\"https://api.mapbox.com/v4/x.json?access_token=\(token)\"}}, \"layers\": []}",
            rule: "secret.literal-key", path: "sources.v.url",
            message:
                "literal credential 'pk.e…' in a committed file: move it to an environment variable and write ${NAME} here (mc-style redact replaces TomTom keys only)"
        )
        #expect(
            CredentialScan.credentials(in: "https://x.example.com/?access_token=pk.eyJ1IjoiYSJ9.abcdefghijklmnopqrstuv")
                == ["pk.eyJ1IjoiYSJ9.abcdefghijklmnopqrstuv"])
        #expect(
            CredentialScan.credentials(in: "token pk.eyJ1IjoiYWJjZGVmZ2hpams.abcdefghijklmnopqrstuvwx end") == [
                "pk.eyJ1IjoiYWJjZGVmZ2hpams.abcdefghijklmnopqrstuvwx"
            ])
        #expect(CredentialScan.credentials(in: "https://api.tomtom.com/?key={key}&x=${KEY}").isEmpty)
    }

    @Test func redactionKeepsTheFileAndReplacesOnlyTomTomKeys() throws {
        let text =
            "{\"a\": \"https://api.tomtom.com/x?key=SECRET1&v=2\", \"b\": \"https://other.example.com/?key=KEEP\"}"
        let document = try JSONParser().parse(text)
        let keys = KeyRedaction.literalKeys(in: document.root)
        #expect(keys == ["SECRET1"])
        let redacted = KeyRedaction.redact(document.root, bytes: Array(text.utf8), keys: keys)
        #expect(
            String(decoding: redacted.bytes, as: UTF8.self)
                == "{\"a\": \"https://api.tomtom.com/x?key={key}&v=2\", \"b\": \"https://other.example.com/?key=KEEP\"}"
        )
        #expect(redacted.replaced == 1)
    }

    /// A key echoed with JSON escapes (`\u0075...`) is the same key once decoded: found, and replaced.
    @Test func redactionComparesDecodedStrings() throws {
        let text = #"{"a": "https://api.tomtom.com/x?key=\u0075\u0038Zk91pQ&v=2", "b": 1}"#
        let document = try JSONParser().parse(text)
        let keys = KeyRedaction.literalKeys(in: document.root)
        #expect(keys == ["u8Zk91pQ"])
        let redacted = KeyRedaction.redact(document.root, bytes: Array(text.utf8), keys: keys)
        #expect(
            String(decoding: redacted.bytes, as: UTF8.self)
                == #"{"a": "https://api.tomtom.com/x?key={key}&v=2", "b": 1}"#)
        #expect(redacted.replaced == 1)
    }

    @Test func specKeyOrderFollowsTheSpecification() throws {
        let document = try JSONParser().parse(
            "{\"layers\": [{\"paint\": {}, \"zz\": 1, \"id\": \"a\", \"type\": \"background\"}], \"custom\": 1, \"version\": 8}"
        )
        let sorted = SpecKeyOrder.sorted(document.root)
        #expect(sorted.objectValue?.keys == ["version", "layers", "custom"])
        #expect(sorted["layers"]?[0]?.objectValue?.keys == ["id", "type", "paint", "zz"])
    }

    @Test func everyReportedRuleIsInTheCatalog() throws {
        let ids = Set(RuleCatalog.all.map(\.id))
        #expect(ids.count == RuleCatalog.all.count, "rule ids are unique")
        for fixture in Fixtures.files(in: "declarations/invalid") {
            let (_, diagnostics) = CompilationInputs.load(declarationsPath: fixture.path, environment: [:])
            for diagnostic in diagnostics {
                #expect(ids.contains(diagnostic.rule), "\(diagnostic.rule) from \(fixture.lastPathComponent)")
            }
        }
    }

    @Test(
        .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)),
        arguments: SharedData.corpusStyles)
    func corpusStylesHaveNoErrors(style: URL) throws {
        let document = try JSONParser().parse(
            SourceFiles().add(name: style.lastPathComponent, bytes: Array(try Data(contentsOf: style))))
        let maplibre = StyleValidator(target: .maplibre).validate(document.root, in: document)
        #expect(!maplibre.containsErrors, "\(maplibre.filter { $0.severity == .error }.prefix(3).map(\.message))")
        if style.lastPathComponent.hasPrefix("tomtom-") {
            let tomtom = StyleValidator(target: .tomtom).validate(document.root, in: document).filter {
                $0.severity != .note
            }
            #expect(tomtom.isEmpty, "\(tomtom.prefix(3).map(\.message))")
        }
    }
}

/// MapLibre's last disagreements with `validate --target maplibre` (issue 55, part C), each as GL JS 5.3.0 and the
/// style-spec's validators report it.
@Suite struct MapLibreDisagreementTests {
    private func messages(_ style: String) throws -> [(path: String, message: String)] {
        let document = try JSONParser().parse(style, name: "style.json")
        return StyleValidator(target: .maplibre).validate(document.root, in: document).map {
            ($0.path?.mapLibreNotation ?? "", $0.message)
        }
    }

    private static func style(_ root: String = "", promoteId: String = "\"id\"", iconImage: String = "\"a\"") -> String
    {
        #"{"version": 8, \#(root) "sources": {"v": {"type": "vector", "tiles": ["https://t.example.com/{z}/{x}/{y}.pbf"], "promoteId": \#(promoteId)}}, "layers": [{"id": "s", "type": "symbol", "source": "v", "source-layer": "l", "layout": {"icon-image": \#(iconImage)}}]}"#
    }

    @Test func aProjectionDefinitionMustBeANameATransitionOrAnExpression() throws {
        #expect(
            try messages(Self.style(#""projection": {"type": 5},"#)).map(\.message)
                == [#"projection expected, invalid type "number" found"#])
        #expect(
            try messages(Self.style(#""projection": {"type": ["a", 1]},"#)).map(\.message)
                == [#"projection expected, invalid array ["a",1] found"#])
        for valid in [#""mercator""#, #"["mercator", "globe", 0.5]"#, #"["step", ["zoom"], "globe", 6, "mercator"]"#] {
            #expect(try messages(Self.style(#""projection": {"type": \#(valid)},"#)).isEmpty, "\(valid)")
        }
    }

    @Test func promoteIdIsANameOrNamesPerSourceLayer() throws {
        let found = try messages(Self.style(promoteId: #"{"v": 5, "w": "id"}"#))
        #expect(
            found.map(\.path) == ["sources.v.promoteId.v"] && found.map(\.message) == ["string expected, number found"])
        #expect(try messages(Self.style(promoteId: #"{"v": "id"}"#)).isEmpty)
    }

    @Test func stateIsAnObject() throws {
        #expect(try messages(Self.style(#""state": 5,"#)).map(\.message) == ["object expected, number found"])
        #expect(try messages(Self.style(#""state": {"flag": {"default": true}},"#)).isEmpty)
    }

    @Test func imageTakesExactlyOneArgument() throws {
        #expect(
            try messages(Self.style(iconImage: #"["image", "a", "b"]"#)).map(\.message) == ["Expected two arguments."])
        #expect(try messages(Self.style(iconImage: #"["image"]"#)).map(\.message) == ["Expected two arguments."])
        #expect(try messages(Self.style(iconImage: #"["image", "a"]"#)).isEmpty)
        #expect(
            try messages(Self.style(iconImage: #"["coalesce"]"#)).map(\.message) == ["Expected at least one argument."])
    }
}

/// The disagreements of GL JS 5.3.0's held-out block of 2026-12-07 (issue 69, part C), each as the style-spec's
/// validators (validate_sprite, validate_raster_dem_source, validate_source) or GL JS's loading report it.
@Suite struct HeldOutDisagreementTests {
    private func findings(_ style: String) throws -> [(rule: String, path: String, message: String)] {
        let document = try JSONParser().parse(style, name: "style.json")
        return StyleValidator(target: .maplibre).validate(document.root, in: document)
            .filter { $0.severity == .error }
            .map { ($0.rule, $0.path?.mapLibreNotation ?? "", $0.message) }
    }

    @Test func aSpriteArrayMustNotRepeatAURL() throws {
        let found = try findings(
            #"{"version": 8, "sprite": [{"id": "a", "url": "https://s.example.com/x"}, {"id": "b", "url": "https://s.example.com/x"}], "sources": {}, "layers": []}"#
        )
        #expect(found.map(\.rule) == ["style.sprite"])
        #expect(
            found.first?.message == "all the sprites' URLs must be unique, but https://s.example.com/x is duplicated")
    }

    @Test func customEncodingFactorsNeedCustomEncodingAndUnknownKeysAreErrors() throws {
        let dem = #""type": "raster-dem", "tiles": ["https://d.example.com/{z}/{x}/{y}.png""#
        let found = try findings(
            #"{"version": 8, "sources": {"dem": {\#(dem)], "encoding": "terrarium", "redFactor": 1, "baseShift": 2, "colour": 3}}, "layers": []}"#
        )
        #expect(
            found.map(\.message) == [
                #"In "dem": "redFactor" is only valid when "encoding" is set to "custom". "terrarium" encoding found"#,
                #"In "dem": "baseShift" is only valid when "encoding" is set to "custom". "terrarium" encoding found"#,
                #"unknown property "colour""#,
            ])
        #expect(found.map(\.path) == ["sources.dem.redFactor", "sources.dem.baseShift", "sources.dem.colour"])
        let defaulted = try findings(
            #"{"version": 8, "sources": {"dem": {\#(dem)], "greenFactor": 1}}, "layers": []}"#)
        #expect(defaulted.first?.message.hasSuffix("Default encoding found") == true)
        #expect(
            try findings(
                #"{"version": 8, "sources": {"dem": {\#(dem)], "encoding": "custom", "redFactor": 1}}, "layers": []}"#
            ).isEmpty)
    }

    @Test func theTerrainNeedsARasterDEMSourceOfTheStyle() throws {
        let sources =
            #""sources": {"dem": {"type": "raster-dem", "tiles": ["https://d.example.com/{z}/{x}/{y}.png"]}, "r": {"type": "raster", "tiles": ["https://r.example.com/{z}/{x}/{y}.png"]}}"#
        #expect(
            try findings(#"{"version": 8, "terrain": {"exaggeration": 2}, \#(sources), "layers": []}"#).map(\.message)
                == [#"terrain is missing required property "source""#])
        #expect(
            try findings(#"{"version": 8, "terrain": {"source": "dme"}, \#(sources), "layers": []}"#).map(\.message)
                == [#"source "dme" not found"#])
        #expect(
            try findings(#"{"version": 8, "terrain": {"source": "r"}, \#(sources), "layers": []}"#).map(\.message)
                == [
                    #"terrain cannot be used with a source of type raster, it only be used with a "raster-dem" source type"#
                ])
        #expect(try findings(#"{"version": 8, "terrain": {"source": "dem"}, \#(sources), "layers": []}"#).isEmpty)
    }

    @Test func clusterPropertiesAreCheckedOnlyWhenClustering() throws {
        let properties = #""clusterProperties": {"z": ["+", ["zoom"]]}"#
        let geojson = #""type": "geojson", "data": {"type": "FeatureCollection", "features": []}"#
        #expect(
            try findings(
                #"{"version": 8, "sources": {"g": {\#(geojson), "cluster": false, \#(properties)}}, "layers": []}"#
            )
            .isEmpty)
        #expect(
            try findings(#"{"version": 8, "sources": {"g": {\#(geojson), \#(properties)}}, "layers": []}"#).isEmpty)
        #expect(
            try findings(
                #"{"version": 8, "sources": {"g": {\#(geojson), "cluster": true, \#(properties)}}, "layers": []}"#
            )
            .map(\.path) == ["sources.g.z.map"])
    }
}
