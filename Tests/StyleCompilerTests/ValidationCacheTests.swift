import Foundation
import Testing
import LocatedJSON
import TestSupport
@testable import StyleCompiler

/// The validation cache (`--cache-dir`) changes how long a rebuild takes, never what it finds.
@Suite struct ValidationCacheTests {
    /// Everything a finding says, placed by file, line and column: two runs read their files separately, so
    /// their findings are compared by what they print, path, related places and layer included.
    static func rendered(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { diagnostic in
            let related = diagnostic.related.map { "\($0.message)@\($0.location.position.line):\($0.location.position.column)" }
            return "\(diagnostic) path=\(diagnostic.path?.mapLibreNotation ?? "-") layer=\(diagnostic.layerID ?? "-") related=\(related)"
        }
    }

    /// A declarations file composing `sources` (id, placement in YAML) onto `base`.
    static func declarations(in folder: URL, name: String, base: String, target: String, sources: [(String, String)]) throws -> String {
        var text = "version: 1\ntarget: \(target)\nbase: \(base)\nsources:\n"
        for (id, placement) in sources {
            text += "  - id: \(id)\n    urlTemplate: https://tiles.example.com/\(id)/{z}/{x}/{y}.png\n    placement: \(placement)\n"
        }
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// What `validate` finds for a declarations file, with the cache (and the base layers' prechecks) or with
    /// neither: every layer checked by validation itself.
    static func findings(_ path: String, cache: ValidationCache?, apiKey: String? = nil) -> [String] {
        var job = CompileJob(declarationsPath: path, apiKey: apiKey)
        job.validationCache = cache
        job.prechecksBaseLayers = cache != nil
        return rendered(job.check())
    }

    /// `findingsBase` as `folder/base.json`, and declarations composing one source on top of it for maplibre:
    /// the declarations' path.
    static func findingsProject(in folder: URL) throws -> String {
        try findingsBase.write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
        return try declarations(in: folder, name: "d.yaml", base: "base.json", target: "maplibre", sources: [("a", "top")])
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mc-style-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func cacheFiles(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(ValidationCache.suffix) }.sorted()
    }

    /// Every corpus style, both targets: a cold cache, then other declarations that move every base layer's index
    /// (a layer below the first), then the same again with everything cached. Each gives what no cache gives.
    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)))
    func corpusFindingsAreTheSameWithTheCacheAsWithout() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var cachedStyles = 0
        for url in SharedData.corpusStyles {
            let firstLayer = (try? JSONParser().parse(SourceFile(name: "s", bytes: Array(try Data(contentsOf: url)))).root["layers"]?[0]?["id"]?.stringValue) ?? "x"
            let anchor = "{ below: \(JSONWriter(style: .compact).string(.string(firstLayer)).dropLast()) }"
            for target in ["tomtom", "maplibre"] {
                let cache = folder.appendingPathComponent("cache-\(url.lastPathComponent)-\(target)")
                let one = try Self.declarations(in: folder, name: "one.yaml", base: url.path, target: target, sources: [("a", "top")])
                let moved = try Self.declarations(in: folder, name: "moved.yaml", base: url.path, target: target,
                                                  sources: [("b", anchor), ("c", "top")])
                let expectedOne = Self.findings(one, cache: nil)
                let expectedMoved = Self.findings(moved, cache: nil)
                let store = ValidationCache(directory: cache.path)
                #expect(Self.findings(one, cache: store) == expectedOne, "\(url.lastPathComponent) \(target), cold")
                #expect(Self.findings(moved, cache: store) == expectedMoved, "\(url.lastPathComponent) \(target), indices moved")
                #expect(Self.findings(moved, cache: store) == expectedMoved, "\(url.lastPathComponent) \(target), warm")
                #expect(Self.findings(one, cache: store) == expectedOne, "\(url.lastPathComponent) \(target), back")
                if !Self.cacheFiles(cache).isEmpty { cachedStyles += 1 }
            }
        }
        // Styles whose composition fails are not validated, so not cached; most of the corpus composes.
        #expect(cachedStyles >= SharedData.corpusStyles.count)
    }

    /// A base whose layers have findings of every shape (a related place, a path into an array, a `ref` layer's
    /// type): carried over to layers that moved, each finding at its own line, under its new index.
    static let findingsBase = """
    {"version": 8, "sources": {"v": {"type": "vector", "url": "https://example.com/v.json"}},
     "layers": [
      {"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-colour": "red", "fill-opacity": 2}},
      {"id": "water", "type": "fill", "source": "v", "source-layer": "water",
       "paint": {"fill-color": ["interpolate", ["linear"], ["zoom"], 5, "nope", 10, "blue"]}},
      {"id": "road", "type": "line", "source": "v", "source-layer": "road", "filter": ["==", "class"], "layout": {"line-cap": "pointy"}},
      {"id": "road-copy", "ref": "road", "paint": {"line-width": -1}},
      {"id": "clean", "type": "line", "source": "v", "source-layer": "road", "paint": {"line-width": 2}}
     ]}
    """

    @Test func movedLayersKeepTheirFindingsUnderTheirNewIndex() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.findingsBase.write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
        let top = try Self.declarations(in: folder, name: "top.yaml", base: "base.json", target: "maplibre", sources: [("a", "top")])
        let below = try Self.declarations(in: folder, name: "below.yaml", base: "base.json", target: "maplibre",
                                          sources: [("b", "{ below: water }"), ("c", "{ below: road }")])
        let expected = Self.findings(below, cache: nil)
        #expect(expected.count >= 6)
        #expect(expected.contains { $0.contains("path=layers[5].paint.line-width") }, "the ref layer moved from 3 to 5: \(expected)")
        let store = ValidationCache(directory: folder.appendingPathComponent("cache").path)
        _ = Self.findings(top, cache: store)
        #expect(Self.findings(below, cache: store) == expected)
    }

    /// The reuse itself: which layers are copies, how many take findings over, and what is kept for next time.
    @Test func onlyUnchangedCopiesTakeFindingsOver() throws {
        let file = SourceFile(name: "base.json", bytes: Array(Self.findingsBase.utf8))
        let base = try JSONParser().parse(file)
        let validator = StyleValidator(target: .maplibre, maximumThreads: 1)
        let first = LayerFindingsReuse(composed: base.root, base: base, earlier: [:])
        let fresh = validator.validate(base.root, reusing: first)
        #expect(first.copiedLayerCount == 5 && first.reusedLayerCount == 0)
        let entries = try #require(first.entriesToKeep())
        #expect(entries.count == 5)
        // A layer the composer changed (here: its paint edited) is copied on write, so it is checked afresh.
        var root = try #require(base.root.objectValue)
        var layers = try #require(root["layers"]?.arrayValue)
        var layer = try #require(layers[4].objectValue)
        var paint = try #require(layer["paint"]?.objectValue)
        paint["line-width"] = JSONNode(.number(JSONNumber(-3.0)), location: paint["line-width"]?.location)
        layer["paint"] = JSONNode(.object(paint), location: layer["paint"]?.location)
        layers[4] = JSONNode(.object(layer), location: layers[4].location)
        root["layers"] = JSONNode(.array(layers), location: base.root["layers"]?.location)
        let edited = JSONNode(.object(root), location: base.root.location)
        let second = LayerFindingsReuse(composed: edited, base: base, earlier: entries)
        let again = validator.validate(edited, reusing: second)
        #expect(second.copiedLayerCount == 4 && second.reusedLayerCount == 4)
        #expect(Self.rendered(again) == Self.rendered(validator.validate(edited)))
        #expect(Self.rendered(again) != Self.rendered(fresh), "the edited layer's new finding is there")
        // Nothing new learnt about unchanged layers: nothing to write.
        let third = LayerFindingsReuse(composed: base.root, base: base, earlier: entries)
        #expect(Self.rendered(validator.validate(base.root, reusing: third)) == Self.rendered(fresh))
        #expect(third.reusedLayerCount == 5 && third.entriesToKeep() == nil)
    }

    /// With an API key filled at build time, the cache file never holds it (nor its first characters).
    @Test func theCacheNeverHoldsTheKey() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = """
        {"version": 8, "sources": {"v": {"type": "vector", "url": "https://api.tomtom.com/v.json?key={key}"}},
         "layers": [
          {"id": "a", "type": "fill", "source": "v", "source-layer": "w", "metadata": {"u": "https://api.tomtom.com/x?key={key}"}, "paint": {"fill-colour": 1}},
          {"id": "b", "type": "fill", "source": "v", "source-layer": "w", "paint": {"fill-colour": 2}}
         ]}
        """
        try base.write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
        let path = try Self.declarations(in: folder, name: "d.yaml", base: "base.json", target: "tomtom", sources: [("a", "top")])
        let key = "Sup3rSecretKeyValue42"
        let cache = folder.appendingPathComponent("cache")
        let store = ValidationCache(directory: cache.path)
        let expected = Self.findings(path, cache: nil, apiKey: key)
        #expect(Self.findings(path, cache: store, apiKey: key) == expected)
        #expect(Self.findings(path, cache: store, apiKey: key) == expected)
        let files = Self.cacheFiles(cache)
        #expect(files.count == 1)
        let text = try String(contentsOf: cache.appendingPathComponent(files[0]), encoding: .utf8)
        #expect(!text.contains(key) && !text.contains("Sup3"))
        #expect(text.contains("fill-colour"), "layer b's finding is kept")
        // The key goes into sources, sprite and glyphs only: composing leaves both base layers as they were, so
        // both are copies (a layer it edited would be copied on write: `onlyUnchangedCopiesTakeFindingsOver`).
        let document = try JSONParser().parse(SourceFile(name: "base.json", bytes: Array(base.utf8)))
        let composition = StyleComposer(target: .tomtom, apiKey: key).compose(base: document.root, declarations: Declarations())
        #expect(!composition.keyFilledPointers.isEmpty && composition.keyFilledPointers.allSatisfy { $0.hasPrefix("/sources/") })
        #expect(LayerFindingsReuse(composed: composition.style, base: document, earlier: [:]).copiedLayerCount == 2)
    }

    /// A cache file that is broken, or made for other bytes, is never believed, and is replaced.
    @Test func brokenOrForeignCacheFilesAreIgnoredAndReplaced() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseURL = folder.appendingPathComponent("base.json")
        let path = try Self.findingsProject(in: folder)
        let cache = folder.appendingPathComponent("cache")
        let store = ValidationCache(directory: cache.path)
        let expected = Self.findings(path, cache: nil)
        _ = Self.findings(path, cache: store)
        let name = try #require(Self.cacheFiles(cache).first)
        let file = cache.appendingPathComponent(name)
        let good = try Data(contentsOf: file)
        // A planted finding and no others: with the right key it would be believed, so the key is what guards.
        for broken in ["{", "[]", "{\"format\": 1, \"key\": \"other\", \"layers\": []}",
                       String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\"layers\":[", with: "\"layers\":[{\"at\":-1},")] {
            try Data(broken.utf8).write(to: file)
            #expect(Self.findings(path, cache: store) == expected, "\(broken.prefix(40))")
            #expect(try Data(contentsOf: file) == good, "rewritten")
        }
        // The base changed by one byte: its entries are another file's.
        try (Self.findingsBase + " ").write(to: baseURL, atomically: true, encoding: .utf8)
        #expect(Self.findings(path, cache: store) == Self.findings(path, cache: nil))
        #expect(Self.cacheFiles(cache).count == 2)
    }

    /// A cache folder that cannot be made (a file is in its place) is no error: everything is checked.
    @Test func aCacheFolderThatCannotBeMadeChangesNothing() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.findingsProject(in: folder)
        let blocker = folder.appendingPathComponent("cache")
        try Data("not a folder".utf8).write(to: blocker)
        let store = ValidationCache(directory: blocker.path)
        #expect(Self.findings(path, cache: store) == Self.findings(path, cache: nil))
        #expect(Self.findings(path, cache: store) == Self.findings(path, cache: nil))
        #expect(try Data(contentsOf: blocker) == Data("not a folder".utf8))
    }

    /// `writes: false` (compile --check) reads the cache and never writes it.
    @Test func aReadOnlyCacheWritesNothing() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.findingsProject(in: folder)
        let cache = folder.appendingPathComponent("cache")
        #expect(Self.findings(path, cache: ValidationCache(directory: cache.path, writes: false)) == Self.findings(path, cache: nil))
        #expect(!FileManager.default.fileExists(atPath: cache.path))
    }
}
