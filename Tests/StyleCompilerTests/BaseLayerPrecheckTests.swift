import Foundation
import Testing
import LocatedJSON
import TestSupport
@testable import StyleCompiler

/// The base layers' own checks made while the base is parsed (`BaseLayerPrecheck`) change when validation's work
/// is done, never what it finds.
@Suite struct BaseLayerPrecheckTests {
    /// Layers validation takes prechecked findings for: objects without `ref`.
    static func precheckableLayers(_ root: JSONNode) -> Int {
        (root["layers"]?.arrayValue ?? []).filter { $0.objectValue != nil && $0["ref"] == nil }.count
    }

    /// Validates `path` on its own, every layer by validation, then with every layer's prechecked findings.
    static func compare(_ path: String, target: Target) throws -> (expected: [String], found: [String], reused: Int, precheckable: Int) {
        let (loaded, _, precheck) = StyleLoader().load(path: path, precheckingLayersFor: target)
        let document = try #require(loaded)
        let validator = StyleValidator(target: target)
        let expected = ValidationCacheTests.rendered(validator.validate(document.root))
        let prechecked = try #require(precheck).findings(for: target, waitingForEveryLayer: true)
        let reuse = LayerFindingsReuse(composed: document.root, base: document, earlier: [:], prechecked: prechecked, recording: false)
        let found = ValidationCacheTests.rendered(validator.validate(document.root, reusing: reuse))
        return (expected, found, reuse.reusedLayerCount, precheckableLayers(document.root))
    }

    /// Every corpus style, both targets: every layer's findings taken from the prechecks are what validation finds.
    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)))
    func corpusFindingsAreTheSameWithPrechecks() throws {
        var layers = 0
        for url in SharedData.corpusStyles {
            for target in [Target.tomtom, .maplibre] {
                let result = try Self.compare(url.path, target: target)
                #expect(result.found == result.expected, "\(url.lastPathComponent) \(target)")
                #expect(result.reused == result.precheckable, "\(url.lastPathComponent) \(target): every layer prechecked")
                layers += result.reused
            }
        }
        #expect(layers > 5_000)
    }

    /// Findings of every shape (a related place, a path into an array, a `ref` layer, an invalid layer, a duplicate
    /// id), in a compile whose declared layers move the base layers: the same with prechecks as without.
    @Test func composedFindingsAreTheSameWithPrechecks() throws {
        let folder = try ValidationCacheTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = ValidationCacheTests.findingsBase.replacingOccurrences(of: "\"layers\": [", with: "\"layers\": [7, {\"id\": \"t\"},")
        try base.write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
        let declarations = try ValidationCacheTests.declarations(in: folder, name: "d.yaml", base: "base.json", target: "maplibre",
                                                                 sources: [("b", "{ below: water }"), ("c", "top")])
        var job = CompileJob(declarationsPath: declarations)
        job.prechecksBaseLayers = false
        let expected = ValidationCacheTests.rendered(job.check())
        #expect(expected.count >= 8 && expected.contains { $0.contains("path=layers[6].paint.line-width") }, "\(expected)")
        job.prechecksBaseLayers = true
        for _ in 0..<5 { #expect(ValidationCacheTests.rendered(job.check()) == expected) }
        // The same for the style validated on its own.
        var validate = ValidateJob(target: .maplibre, environment: [:])
        validate.prechecksBaseLayers = false
        let alone = validate.run(path: folder.appendingPathComponent("base.json").path)
        validate.prechecksBaseLayers = true
        #expect(ValidationCacheTests.rendered(validate.run(path: folder.appendingPathComponent("base.json").path)) == ValidationCacheTests.rendered(alone))
    }

    /// What the prechecks found is kept per layer, by offset, with the type checked; nothing goes to validation
    /// for another target.
    @Test func prechecksAreForTheirTargetOnly() throws {
        let folder = try ValidationCacheTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("base.json").path
        try ValidationCacheTests.findingsBase.write(toFile: path, atomically: true, encoding: .utf8)
        let (document, _, precheck) = StyleLoader().load(path: path, precheckingLayersFor: .tomtom)
        let root = try #require(document?.root)
        let found = try #require(precheck).findings(for: .tomtom, waitingForEveryLayer: true)
        // Five layers, one of them a `ref` layer: four prechecked, each at its `{`.
        let offsets = (root["layers"]?.arrayValue ?? []).filter { $0["ref"] == nil }.compactMap { $0.location?.offset }
        #expect(found.keys.sorted() == offsets)
        #expect(found[offsets[0]]?.type == "fill" && found[offsets[0]]?.findings.count == 2)
        #expect(precheck?.findings(for: .maplibre).isEmpty == true)
    }

    /// A base that does not parse gives its syntax error and no prechecks.
    @Test func aBrokenBaseHasNoPrechecks() throws {
        let folder = try ValidationCacheTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("broken.json").path
        try #"{"version": 8, "layers": [{"id": "a", "type": "background"}, {"id": "b",]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let (document, diagnostics, precheck) = StyleLoader().load(path: path, precheckingLayersFor: .tomtom)
        #expect(document == nil && precheck == nil)
        #expect(diagnostics.map(\.rule) == ["json.syntax"])
    }
}
