import Foundation
import LocatedJSON
import StyleRuntime
import TestSupport
import Testing

/// Loading and resolving the shipped demo's compiled output (`fixtures/demo/expected/tomtom`, which the CLI
/// tests keep fresh), checked against a reference that edits the parsed tree and writes it again.
@Suite struct CompiledStyleTests {
    static let folder = Fixtures.folder("demo/expected/tomtom").path

    static func files() throws -> (style: [UInt8], mapping: [UInt8], manifest: [UInt8]) {
        func read(_ name: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        }
        return (try read("style.json"), try read("layer-mapping.json"), try read("manifest.json"))
    }

    static let full = RuntimeSettings(
        platform: .android, apiKey: "k/ey+1 ü", localTileServer: "http://127.0.0.1:49152/",
        routeIDs: ["heatmap": "3F2504E0-4F89-11D3-9A0C-0305E82C3301"], cacheKeys: ["heatmap": "v17"],
        opacity: ["esri-imagery": 0.25, "gsi-hillshade": 1], visible: ["contours": true, "weather-radar": false])

    /// What resolving must give, made the slow way: parse, replace in the tree, write pretty (as compile does).
    static func reference(
        _ style: [UInt8], _ manifest: RuntimeManifest, _ settings: RuntimeSettings, key: String,
        variant: String? = nil
    ) throws -> [UInt8] {
        let chosen = try manifest.variant(named: variant)
        var root = try JSONParser().parse(SourceFiles().add(name: "style.json", bytes: style)).root
        func edit(_ pointer: String, _ change: (inout JSONNode) -> Void) {
            guard let path = JSONPath(jsonPointer: pointer) else {
                Issue.record("bad pointer \(pointer)")
                return
            }
            func go(_ node: inout JSONNode, _ rest: ArraySlice<JSONPath.Component>) {
                guard let first = rest.first else { return change(&node) }
                switch (first, node.value) {
                case (.key(let k), .object(var object)):
                    _ = object.modifyValue(forKey: k) { go(&$0, rest.dropFirst()) }
                    node.value = .object(object)
                case (.index(let i), .array(var items)):
                    go(&items[i], rest.dropFirst())
                    node.value = .array(items)
                default: Issue.record("bad pointer \(pointer)")
                }
            }
            go(&root, path.components[...])
        }
        for record in chosen.placeholders {
            let value: String
            switch record.placeholder {
            case .apiKey: value = key
            case .localTileServer: value = String((settings.localTileServer ?? "").trimmingSuffix("/"))
            case .route(let name): value = settings.routeIDs[name] ?? name
            case .cacheKey(let name): value = settings.cacheKeys[name] ?? record.defaultValue ?? ""
            case .environment(let name): value = settings.environment[name] ?? ""
            }
            for pointer in record.pointers {
                edit(pointer) {
                    $0.value = .string($0.stringValue?.replacing(record.placeholder.token, with: value) ?? "")
                }
            }
        }
        for (source, layer) in zip(manifest.sources, chosen.layers) {
            if let opacity = settings.opacity[source.id] {
                edit(layer.opacityPointer) { $0.value = .number(JSONNumber(opacity)) }
            }
            if let shown = settings.visible[source.id] {
                edit(layer.visibilityPointer) { $0.value = .string(shown ? "visible" : "none") }
            }
        }
        return JSONWriter(style: .pretty).bytes(root)
    }

    @Test func resolvingSplicesExactlyWhatATreeEditWouldWrite() throws {
        let (style, mapping, manifest) = try Self.files()
        let compiled = try CompiledStyle(style: style, layerMapping: mapping, manifest: manifest)
        let resolved = try compiled.resolve(Self.full)
        let expected = try Self.reference(style, compiled.manifest, Self.full, key: "k%2Fey%2B1%20%C3%BC")
        #expect(resolved.style == expected)
        #expect(resolved.layerMapping == mapping)
        let text = String(decoding: resolved.style, as: UTF8.self)
        #expect(
            !text.contains("{key}") && !text.contains("{localTileServer}") && !text.contains("{route:")
                && !text.contains("{cacheKey:"))
        #expect(
            text.contains(
                "\"http://127.0.0.1:49152/tiles/3F2504E0-4F89-11D3-9A0C-0305E82C3301/512/v17/{z}/{x}/{y}.png\""))
        #expect(text.contains("?key=k%2Fey%2B1%20%C3%BC\""), "the key is percent-encoded")
        #expect(!text.contains("k/ey+1"))
    }

    @Test func nothingChangesWithoutSettingsButThePlaceholders() throws {
        let (style, mapping, manifest) = try Self.files()
        let compiled = try CompiledStyle(style: style, layerMapping: mapping, manifest: manifest)
        let settings = RuntimeSettings(
            platform: .ios, apiKey: "K", localTileServer: "http://localhost:8080", cacheKeys: ["heatmap": "a"])
        let resolved = try compiled.resolve(settings)
        #expect(resolved.style == (try Self.reference(style, compiled.manifest, settings, key: "K")))
        #expect(
            String(decoding: resolved.style, as: UTF8.self).contains("http://localhost:8080/tiles/heatmap/512/a/{z}"),
            "the declared route name by default")
    }

    @Test func folderLoadingMatchesByteLoading() throws {
        let fromFolder = try CompiledStyle(folder: Self.folder)
        let (style, mapping, manifest) = try Self.files()
        let fromBytes = try CompiledStyle(style: style, layerMapping: mapping, manifest: manifest)
        #expect(try fromFolder.resolve(Self.full) == fromBytes.resolve(Self.full))
        #expect(fromFolder.manifest.platforms == [.ios, .android])
        #expect(
            fromFolder.manifest.sources.map(\.id) == [
                "gsi-hillshade", "weather-radar", "esri-imagery", "population-heatmap", "contours",
                "company-map-ground", "company-map-labels",
            ])
    }

    @Test func aChangedFileIsAnErrorNamingIt() throws {
        let (style, mapping, manifest) = try Self.files()
        var changed = style
        changed[changed.count - 2] = UInt8(ascii: " ")
        #expect(
            throws: RuntimeError(
                .digestMismatch,
                "style.json does not match the manifest's SHA-256: it changed after compiling (compile again, and ship the files together)"
            )
        ) {
            try CompiledStyle(style: changed, layerMapping: mapping, manifest: manifest)
        }
        #expect(
            throws: RuntimeError(
                .digestMismatch,
                "layer-mapping.json does not match the manifest's SHA-256: it changed after compiling (compile again, and ship the files together)"
            )
        ) {
            try CompiledStyle(style: style, layerMapping: Array("[]".utf8), manifest: manifest)
        }
        #expect(throws: RuntimeError(.unreadable, "layer-mapping.json is missing: the manifest lists it")) {
            try CompiledStyle(style: style, layerMapping: nil, manifest: manifest)
        }
    }

    @Test func manifestFormatAndVersionAreChecked() throws {
        let (style, mapping, manifest) = try Self.files()
        let text = String(decoding: manifest, as: UTF8.self)
        let old = Array(text.replacing("\"formatVersion\": 4", with: "\"formatVersion\": 2").utf8)
        #expect(
            throws: RuntimeError(
                .manifest,
                "manifest.json has formatVersion '2'; this module reads version 4: compile again with this mc-style")
        ) {
            try CompiledStyle(style: style, layerMapping: mapping, manifest: old)
        }
        let other = Array(text.replacing("mc-style-manifest", with: "something-else").utf8)
        #expect(throws: RuntimeError.self) { try CompiledStyle(style: style, layerMapping: mapping, manifest: other) }
        #expect(throws: RuntimeError.self) {
            try CompiledStyle(style: style, layerMapping: mapping, manifest: Array("{".utf8))
        }
        let escaping = Array(text.replacing("\"path\": \"style.json\"", with: "\"path\": \"../style.json\"").utf8)
        #expect(
            throws: RuntimeError(
                .manifest, "manifest.json: \"variants[0].style.path\" is not a relative path inside the compiled folder"
            )
        ) {
            try CompiledStyle(style: style, layerMapping: mapping, manifest: escaping)
        }
    }

    @Test func theKeyNeverGoesToAnotherHostEvenWhenTheManifestSaysSo() throws {
        let (style, mapping, manifest) = try Self.files()
        // A tampered manifest lists the heatmap's loopback URL for the key; the style itself is unchanged.
        let text = String(decoding: manifest, as: UTF8.self)
            .replacing(
                "\"/sources/vectorTiles/tiles/0\",", with: "\"/sources/mc-raster-src-population-heatmap/tiles/0\",")
        #expect(
            throws: RuntimeError(
                .styleMismatch,
                "style.json: the manifest's pointer '/sources/mc-raster-src-population-heatmap/tiles/0' is listed for the TomTom API key, but its URL's host is not TomTom's: the key is never filled there"
            )
        ) {
            try CompiledStyle(style: style, layerMapping: mapping, manifest: Array(text.utf8))
        }
    }

    /// A style whose TomTom-looking URL has a backslash before `@api.tomtom.com` (WHATWG reads the host as
    /// evil.example.com), listed for the key by its manifest: refused, never filled.
    @Test func theKeyIsNeverFilledBehindABackslash() throws {
        let (style, mapping, manifest) = try Self.files()
        let original = "https://a.api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.pbf?key={key}"
        let tricked = #"https://evil.example.com\\@a.api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.pbf?key={key}"#
        let styleText = String(decoding: style, as: UTF8.self)
        #expect(styleText.contains(original))
        let changed = Array(styleText.replacing(original, with: tricked).utf8)
        let text = String(decoding: manifest, as: UTF8.self).replacing(SHA256.hex(style), with: SHA256.hex(changed))
        #expect(
            throws: RuntimeError(
                .styleMismatch,
                "style.json: the manifest's pointer '/sources/vectorTiles/tiles/0' is listed for the TomTom API key, but its URL's host is not TomTom's: the key is never filled there"
            )
        ) {
            try CompiledStyle(style: changed, layerMapping: mapping, manifest: Array(text.utf8))
        }
    }

    @Test func everyUnfilledPlaceholderIsNamed() throws {
        let compiled = try CompiledStyle(folder: Self.folder)
        let cases: [(RuntimeSettings, String)] = [
            (
                RuntimeSettings(platform: .ios, localTileServer: "http://127.0.0.1:1", cacheKeys: ["heatmap": "a"]),
                "{key} (the TomTom API key) is not filled: give the API key"
            ),
            (
                RuntimeSettings(platform: .ios, apiKey: "K", cacheKeys: ["heatmap": "a"]),
                "{localTileServer} (the LocalTileServer base URL) is not filled: give http://127.0.0.1:<port>"
            ),
            (
                RuntimeSettings(platform: .ios, apiKey: "K", localTileServer: "http://127.0.0.1:1"),
                "{cacheKey:heatmap} (the cache key of LocalTileServer route 'heatmap') is not filled: give the current cache key"
            ),
        ]
        for (settings, message) in cases {
            #expect(throws: RuntimeError(.unfilled, message)) { try compiled.resolve(settings) }
        }
    }

    @Test func unknownNamesAndBadValuesAreErrors() throws {
        let compiled = try CompiledStyle(folder: Self.folder)
        var settings = Self.full
        settings.opacity["nope"] = 0.5
        #expect(
            throws: RuntimeError(
                .unknownSource,
                "the build declares no source 'nope' (it declares 'company-map-ground', 'company-map-labels', 'contours', 'esri-imagery', 'gsi-hillshade', 'population-heatmap', 'weather-radar')"
            )
        ) {
            try compiled.resolve(settings)
        }
        settings = Self.full
        settings.routeIDs["heat"] = "x"
        #expect(
            throws: RuntimeError(
                .unknownRoute,
                "the build declares no LocalTileServer route 'heat' (it declares 'company-map-ground', 'company-map-labels', 'heatmap')"
            )
        ) { try compiled.resolve(settings) }
        let bad: [(WritableKeyPath<RuntimeSettings, String?>, String)] = [
            (\.localTileServer, "http://10.0.0.2:8080"), (\.localTileServer, "https://127.0.0.1:1"),
            (\.localTileServer, "http://127.0.0.1:1/tiles"),
            (\.localTileServer, "http://127.0.0.1:99999"), (\.localTileServer, "http://127.0.0.1.evil.example"),
            (\.apiKey, ""),
        ]
        for (field, value) in bad {
            var changed = Self.full
            changed[keyPath: field] = value
            #expect(throws: RuntimeError.self, "\(value)") { try compiled.resolve(changed) }
        }
        for segment in ["a/b", "..", "a b", ""] {
            var changed = Self.full
            changed.cacheKeys["heatmap"] = segment
            #expect(throws: RuntimeError.self, "\(segment)") { try compiled.resolve(changed) }
            changed = Self.full
            changed.routeIDs["heatmap"] = segment
            #expect(throws: RuntimeError.self, "\(segment)") { try compiled.resolve(changed) }
        }
        for opacity in [-0.1, 1.5, Double.nan, .infinity] {
            var changed = Self.full
            changed.opacity["contours"] = opacity
            #expect(throws: RuntimeError.self, "\(opacity)") { try compiled.resolve(changed) }
        }
    }

    @Test func theKeyIsInNoError() throws {
        let compiled = try CompiledStyle(folder: Self.folder)
        let key = "SECRET-KEY-71c0"
        let attempts = [
            RuntimeSettings(platform: .ios, apiKey: key),
            RuntimeSettings(platform: .ios, apiKey: key, localTileServer: "http://8.8.8.8"),
            RuntimeSettings(
                platform: .ios, apiKey: key, localTileServer: "http://127.0.0.1:1", cacheKeys: ["heatmap": "a/b"]),
            RuntimeSettings(platform: .ios, apiKey: key, localTileServer: "http://127.0.0.1:1", opacity: ["x": 1]),
        ]
        for settings in attempts {
            do {
                _ = try compiled.resolve(settings)
                Issue.record("expected an error")
            } catch {
                #expect(!error.message.contains(key), "\(error.message)")
            }
        }
    }

    @Test func messagesQuoteBoundedValues() throws {
        let compiled = try CompiledStyle(folder: Self.folder)
        var settings = Self.full
        settings.opacity[String(repeating: "x", count: 100_000)] = 1
        do {
            _ = try compiled.resolve(settings)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unknownSource)
            #expect(error.message.count < 400)
        }
    }

    @Test func aPlatformTheBuildDoesNotServeIsAnError() throws {
        let (style, mapping, manifest) = try Self.files()
        let iosOnly = String(decoding: manifest, as: UTF8.self).replacing(
            "\"platforms\": [\"ios\", \"android\"]", with: "\"platforms\": [\"ios\"]")
        let compiled = try CompiledStyle(style: style, layerMapping: mapping, manifest: Array(iosOnly.utf8))
        #expect(
            throws: RuntimeError(
                .platform, "this build serves ios, not android: add it to the declarations' platforms and compile again"
            )
        ) {
            try compiled.resolve(Self.full)
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self[...]
    }
}
