import Foundation
import Testing
import LocatedJSON
import Synchronization
import TestSupport
@testable import StyleCompiler

/// The base layers' own checks made while the base is parsed (`BaseLayerPrecheck`) change when validation's work
/// is done, never what it finds.
@Suite struct BaseLayerPrecheckTests {
    /// A loader that prechecks bases of every size (the small ones here too).
    static var loader: StyleLoader {
        var loader = StyleLoader()
        loader.precheckMinimumSize = 0
        return loader
    }

    /// Layers validation takes prechecked findings for: objects without `ref`.
    static func precheckableLayers(_ root: JSONNode) -> Int {
        (root["layers"]?.arrayValue ?? []).filter { $0.objectValue != nil && $0["ref"] == nil }.count
    }

    /// Validates `path` on its own, every layer by validation, then with every layer's prechecked findings.
    static func compare(_ path: String, target: Target) throws -> (expected: [String], found: [String], reused: Int, precheckable: Int) {
        let (loaded, _, precheck) = Self.loader.load(path: path, precheckingLayersFor: target)
        let document = try #require(loaded)
        let validator = StyleValidator(target: target)
        let expected = FindingsFixtures.rendered(validator.validate(document.root))
        let prechecked = try #require(precheck).findings(for: target, waitingForEveryLayer: true)
        let reuse = LayerFindingsReuse(composed: document.root, base: document, prechecked: prechecked)
        let found = FindingsFixtures.rendered(validator.validate(document.root, reusing: reuse))
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
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Padded past `StyleLoader.defaultPrecheckMinimumSize` with white space after the root, which moves no place.
        let base = FindingsFixtures.findingsBase.replacingOccurrences(of: "\"layers\": [", with: "\"layers\": [7, {\"id\": \"t\"},")
            + String(repeating: " ", count: StyleLoader.defaultPrecheckMinimumSize)
        try base.write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
        let declarations = try FindingsFixtures.declarations(in: folder, name: "d.yaml", base: "base.json", target: "maplibre",
                                                                 sources: [("b", "{ below: water }"), ("c", "top")])
        var job = CompileJob(declarationsPath: declarations)
        job.prechecksBaseLayers = false
        let expected = FindingsFixtures.rendered(job.check())
        #expect(expected.count >= 8 && expected.contains { $0.contains("path=layers[6].paint.line-width") }, "\(expected)")
        job.prechecksBaseLayers = true
        for _ in 0..<5 { #expect(FindingsFixtures.rendered(job.check()) == expected) }
        // The same for the style validated on its own.
        var validate = ValidateJob(target: .maplibre, environment: [:])
        validate.prechecksBaseLayers = false
        let alone = validate.run(path: folder.appendingPathComponent("base.json").path)
        validate.prechecksBaseLayers = true
        #expect(FindingsFixtures.rendered(validate.run(path: folder.appendingPathComponent("base.json").path)) == FindingsFixtures.rendered(alone))
    }

    /// What the prechecks found is kept per layer, by offset, with the type checked; nothing goes to validation
    /// for another target.
    @Test func prechecksAreForTheirTargetOnly() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("base.json").path
        try FindingsFixtures.findingsBase.write(toFile: path, atomically: true, encoding: .utf8)
        let (document, _, precheck) = Self.loader.load(path: path, precheckingLayersFor: .tomtom)
        let root = try #require(document?.root)
        let found = try #require(precheck).findings(for: .tomtom, waitingForEveryLayer: true)
        // Five layers, one of them a `ref` layer: four prechecked, each at its `{`.
        let offsets = (root["layers"]?.arrayValue ?? []).filter { $0["ref"] == nil }.compactMap { $0.location?.offset }
        #expect(found.keys.sorted() == offsets)
        #expect(found[offsets[0]]?.type == "fill" && found[offsets[0]]?.findings.count == 2)
        #expect(precheck?.findings(for: .maplibre).isEmpty == true)
    }

    /// A base under `StyleLoader.defaultPrecheckMinimumSize` gets no prechecks by default, one at the size does.
    @Test func smallBasesGetNoPrechecks() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = folder.appendingPathComponent("small.json").path, large = folder.appendingPathComponent("large.json").path
        try FindingsFixtures.findingsBase.write(toFile: small, atomically: true, encoding: .utf8)
        let padding = StyleLoader.defaultPrecheckMinimumSize - FindingsFixtures.findingsBase.utf8.count
        try (FindingsFixtures.findingsBase + String(repeating: " ", count: padding)).write(toFile: large, atomically: true, encoding: .utf8)
        let (smallDocument, _, smallPrecheck) = StyleLoader().load(path: small, precheckingLayersFor: .tomtom)
        #expect(smallDocument != nil && smallPrecheck == nil)
        let (largeDocument, _, largePrecheck) = StyleLoader().load(path: large, precheckingLayersFor: .tomtom)
        #expect(largeDocument != nil)
        #expect(try #require(largePrecheck).findings(for: .tomtom, waitingForEveryLayer: true).count == 4)
    }

    /// A base that does not parse gives its syntax error and no prechecks.
    @Test func aBrokenBaseHasNoPrechecks() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("broken.json").path
        try #"{"version": 8, "layers": [{"id": "a", "type": "background"}, {"id": "b",]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let (document, diagnostics, precheck) = Self.loader.load(path: path, precheckingLayersFor: .tomtom)
        #expect(document == nil && precheck == nil)
        #expect(diagnostics.map(\.rule) == ["json.syntax"])
    }
}

/// The checks' thread takes the work a compile hands it next (`stop(handingThreadTo:)`): once, on that thread, and
/// only while it runs.
@Suite struct BaseLayerPrecheckHandoverTests {
    /// A parsed base with its layers offered to a precheck whose thread stays `handoverWait` after the last one.
    static func precheck(handoverWait: UInt64, offering: Bool = true) throws -> (BaseLayerPrecheck, JSONDocument) {
        let file = SourceFile(name: "base.json", bytes: Array(FindingsFixtures.findingsBase.utf8))
        let document = try JSONParser().parse(file)
        let precheck = BaseLayerPrecheck(file: file, target: .tomtom, handoverWait: handoverWait)
        if offering { for layer in document.root["layers"]?.arrayValue ?? [] { precheck.offer(layer) } }
        precheck.parseEnded()
        return (precheck, document)
    }

    @Test func theChecksThreadRunsTheWorkOnceAfterItsChecks() throws {
        // A minute's wait: the thread is still there whenever the work comes.
        let (precheck, document) = try Self.precheck(handoverWait: 60_000_000_000)
        let checked = precheck.findings(for: .tomtom, waitingForEveryLayer: true)
        #expect(checked.count == 4)
        let ran = DispatchSemaphore(value: 0)
        let runs = Mutex<[Bool]>([])
        let caller = pthread_self()
        let taken = precheck.stop(handingThreadTo: {
            runs.withLock { $0.append(pthread_equal(pthread_self(), caller) != 0) }
            ran.signal()
        })
        #expect(taken)
        #expect(ran.wait(timeout: .now() + 30) == .success)
        #expect(runs.withLock { $0 } == [false], "run once, on the checks' thread")
        // The thread has ended: no more work is taken, and the findings stay.
        let takenAgain = precheck.stop(handingThreadTo: { Issue.record("work run after the thread ended") })
        #expect(!takenAgain)
        #expect(precheck.findings(for: .tomtom) == checked)
        withExtendedLifetime(document) {}
    }

    @Test func noThreadNoHandover() throws {
        // Nothing offered: no thread started, so nothing can take the work.
        let (precheck, _) = try Self.precheck(handoverWait: 60_000_000_000, offering: false)
        let taken = precheck.stop(handingThreadTo: { Issue.record("work run without a thread") })
        #expect(!taken)
        #expect(precheck.findings(for: .tomtom).isEmpty)
    }

    @Test func workRunsExactlyWhenTaken() throws {
        // No wait at all: each thread ends as soon as its checks are done, so a handover races with its end. Either
        // the thread takes the work and runs it, or it refuses and never runs it (the caller runs it elsewhere).
        for _ in 0..<40 {
            let (precheck, document) = try Self.precheck(handoverWait: 0)
            _ = precheck.findings(for: .tomtom, waitingForEveryLayer: true)
            let ran = DispatchSemaphore(value: 0)
            let taken = precheck.stop(handingThreadTo: { ran.signal() })
            #expect(ran.wait(timeout: .now() + (taken ? 30 : 0.05)) == (taken ? .success : .timedOut))
            withExtendedLifetime(document) {}
        }
    }
}
